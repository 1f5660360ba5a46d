// Shoppers: a guest buys, a new customer's guest cart follows them into their account, and a
// cancelled payment comes back to checkout.
import {
  addProduct,
  dollars,
  expect,
  expectToast,
  fillAddress,
  payInSandbox,
  summaryValue,
  test,
  XSS,
} from "./fixtures";

test("a guest browses, filters, searches, buys two products and ends with an empty cart", async ({
  page,
  people,
}) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { name: /Take home luck, prosperity, and health/ }),
  ).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Collection" }).click();

  // Filter by a category, sort by price, and check the order holds.
  // The filters live in the URL, so the box reflects the state once the page has followed it.
  const windChimes = page.getByRole("checkbox", { name: "Wind Chimes" });
  await windChimes.click();
  await expect(windChimes).toBeChecked();
  await expect(page.getByText("Showing 6 products")).toBeVisible();
  await page
    .getByRole("combobox", { name: "Sort by" })
    .selectOption({ label: "Price, low to high" });
  // The grid re-renders once the sort reaches the URL: read it until it is in order.
  const prices = async () =>
    (
      await page
        .getByRole("main")
        .getByRole("region", { name: "Products" })
        .getByRole("link")
        .allTextContents()
    ).map((t) => dollars(/\$[\d,.]+/.exec(t)?.[0] ?? ""));
  await expect(page).toHaveURL(/sort=/);
  await expect
    .poll(async () => {
      const shown = await prices();
      return shown.length > 1 && shown.every((p, i) => i === 0 || (shown[i - 1] ?? 0) <= p);
    })
    .toBe(true);
  await page.getByRole("button", { name: "Reset Filters" }).click();

  // Search applies on Enter only, case-insensitively.
  const search = page.getByRole("searchbox", { name: "Search products" });
  await search.fill("COPPER BOTTLE");
  await search.press("Enter");
  // Until the search has reached the URL and the grid, the previous results are still shown.
  await expect(page).toHaveURL(/[?&]q=/i);
  await expect
    .poll(async () => {
      const names = await page
        .getByRole("region", { name: "Products" })
        .getByRole("heading", { level: 3 })
        .allTextContents();
      return names.length > 0 && names.every((n) => n.toLowerCase().includes("copper bottle"));
    })
    .toBe(true);

  await addProduct(page, "Lotus Copper Wind Chime");
  await addProduct(page, "Copper Kalash Lota for Puja", 2);
  await page.getByRole("link", { name: "Cart, 3 items" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole("combobox", { name: /Quantity of Copper Kalash Lota/ }).selectOption("3");
  await expect(page.getByRole("link", { name: "Cart, 4 items" })).toBeVisible();

  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page).toHaveURL(/\/place-order$/);
  await fillAddress(page, { email: people.email("guest"), street: `12 Boundary Street ${XSS}` });
  // 44.95 + 3 x 24.95 = 119.80; GST 11.98; delivery 10.00
  await expect.poll(() => summaryValue(page, "Subtotal")).toBe(119.8);
  await expect.poll(() => summaryValue(page, "Total")).toBe(141.78);
  const total = 141.78;
  await page.getByRole("button", { name: "Place Order" }).click();
  await payInSandbox(page);

  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  await expect(page.getByText(/#[0-9a-f]{8}/)).toBeVisible();
  await expect(page.getByText(`$${total.toFixed(2)}`).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
});

test("a shopper's guest cart merges on sign-up; they pay, track the order and open its invoice", async ({
  page,
  people,
}) => {
  await addProduct(page, "Lotus Copper Wind Chime");
  await page.goto("/signup");
  const email = people.email("shopper");
  await page.getByLabel("Full name").fill(`Asha ${XSS}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expectToast(page, "Signup successful!");
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/cart");
  await expect(page.getByRole("link", { name: "Lotus Copper Wind Chime" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await fillAddress(page, { email });
  await page.getByRole("button", { name: "Place Order" }).click();
  await payInSandbox(page);
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();

  await page.getByRole("link", { name: "View All Orders" }).click();
  await expect(page.getByRole("heading", { name: "Your Orders" })).toBeVisible();
  await expect(page.getByText("Most Recent Order")).toBeVisible();
  await expect(page.getByText("Lotus Copper Wind Chime", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Delivery progress" }).first()).toBeVisible();
  const invoicePromise = page.context().waitForEvent("page");
  await page
    .getByRole("link", { name: /Download Invoice/ })
    .first()
    .click();
  const invoice = await invoicePromise;
  await expect(invoice.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  await expect(invoice.getByText(/ABN \d{2} \d{3} \d{3} \d{3}/)).toBeVisible();
  expect(await invoice.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});

test("a cancelled payment returns to checkout with a notice", async ({ page, people }) => {
  await addProduct(page, "Copper Kalash Lota for Puja");
  await page.goto("/place-order");
  await fillAddress(page, { email: people.email("cancel") });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/c\/pay\//);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/place-order\?cancel=true$/);
  await expect(page.getByText("Payment was cancelled. You can try again.").first()).toBeVisible();
  // What was typed before Place Order is still there.
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(people.email("cancel"));
  await expect(page.getByLabel("First name")).toHaveValue("Meera");
  await expect(page.getByLabel("Zipcode")).toHaveValue("4000");
});
