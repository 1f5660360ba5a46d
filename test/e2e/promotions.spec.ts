// The owner runs a discount code (README, "Promotions"): made in the back-office, applied at
// checkout as its own summary line, paid through the Stripe sandbox, refused once its one use is
// gone, and counted on the promotion's page.
import {
  addProduct,
  expect,
  fillAddress,
  openBackOffice,
  payInSandbox,
  summaryValue,
  test,
} from "./fixtures";

test("the owner makes a one-use code; a shopper pays with it, the next is told it is used up", async ({
  page,
  browser,
  people,
}) => {
  const code = `MUM-${Date.now().toString(36).toUpperCase()}`;
  // The owner signs in from a network of their own: the journeys before this one have used up
  // the admin's sign-ins allowed from the runner's address in ten minutes.
  const ownerContext = await browser.newContext({
    extraHTTPHeaders: { "cf-connecting-ip": "198.51.100.31" },
  });
  const owner = await ownerContext.newPage();
  await openBackOffice(owner);
  await owner
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Promotions" })
    .click();
  await owner.getByRole("link", { name: "New promotion" }).click();
  const form = owner.getByRole("form", { name: "Promotion details" });
  await form.getByLabel("Name").fill("Mother's Day");
  await form.getByLabel("Code", { exact: true }).fill(code);
  await form.getByLabel("Kind").selectOption("percent");
  await form.getByLabel("Per cent off").fill("15");
  await form.getByLabel("Usage limit").fill("1");
  await owner.getByRole("button", { name: "Create promotion" }).click();
  await expect(owner.getByRole("heading", { name: "Mother's Day" })).toBeVisible();

  // The shopper types it in lower case: 15% of one $44.95 chime is $6.74, on its own line.
  await addProduct(page, "Lotus Copper Wind Chime");
  await page.goto("/place-order");
  const box = page.getByLabel("Discount code");
  await box.fill(code.toLowerCase());
  await page
    .locator("form", { has: box })
    .getByRole("button", { name: "Apply", exact: true })
    .click();
  await expect(
    page.locator("form", { has: box }).getByRole("button", { name: "Applied" }),
  ).toBeVisible();
  expect(await summaryValue(page, "Shop discount")).toBe(6.74);
  const total = await summaryValue(page, "Total");
  expect(total).toBeCloseTo(
    (await summaryValue(page, "Subtotal")) +
      (await summaryValue(page, "Tax")) +
      (await summaryValue(page, "Shipping")) -
      6.74,
    2,
  );
  await fillAddress(page, { email: people.email("promo-buyer") });
  await page.getByRole("button", { name: "Place Order" }).click();
  await payInSandbox(page);
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();

  // Its one use is gone: the next shopper is told so and pays full price.
  const next = await (await browser.newContext()).newPage();
  await addProduct(next, "Lotus Copper Wind Chime");
  await next.goto("/place-order");
  const nextBox = next.getByLabel("Discount code");
  await nextBox.fill(code);
  await next
    .locator("form", { has: nextBox })
    .getByRole("button", { name: "Apply", exact: true })
    .click();
  await expect(
    next.getByRole("status").filter({ hasText: "This discount code has been used up." }),
  ).toBeVisible();

  // The owner's page counts the paid order and what it gave away.
  await expect(async () => {
    await owner.reload();
    await expect(owner.getByText("$6.74").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(owner.getByRole("link", { name: /Order/ }).first()).toBeVisible();
  await ownerContext.close();
});
