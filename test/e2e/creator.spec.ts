// A creator joins, shares their link, and a visitor's purchase through it shows on their profile.
import {
  addProduct,
  approveCreator,
  expect,
  expectToast,
  fillAddress,
  openAccountMenu,
  PASSWORD,
  payInSandbox,
  signIn,
  summaryValue,
  test,
  XSS,
} from "./fixtures";

test("a creator signs up and shares their link; a visitor buys with the code applied; the profile shows it", async ({
  page,
  browser,
  people,
}) => {
  const email = people.email("creator");
  await page.goto("/signup");
  await page.getByRole("link", { name: "Become a content creator" }).click();
  await expect(page.getByRole("heading", { name: "Become a Content Creator" })).toBeVisible();
  await page.getByLabel("Name").fill("Priya Sharma");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Payout email").fill(email);
  await page.getByLabel("Social links (optional)").fill("https://instagram.com/priya");
  await page.getByLabel("Bio (optional)").fill(`Copper care and slow rituals ${XSS}`);
  await page.getByRole("button", { name: "Apply as a creator" }).click();
  await expectToast(page, "Creator account created! Please log in.");
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email);
  await (await openAccountMenu(page)).getByRole("link", { name: "My Profile" }).click();
  await expect(page).toHaveURL(/\/creator-profile$/);
  await expect(page.getByText(/Copper care and slow rituals/)).toBeVisible();

  // An application: the code works only once the owner approves it in the back-office.
  await expect(page.getByText(/Your application is being reviewed/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy share link" })).toHaveCount(0);
  const owner = await browser.newPage();
  await approveCreator(owner, email);
  await owner.close();
  await page.reload();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy share link" }).click();
  await expectToast(page, "Share link copied!");
  const shareUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(shareUrl).toMatch(/^http:\/\/localhost:\d+\/r\/[A-Z0-9]{6,12}$/);

  // A visitor, in a browser of their own, follows the link and buys.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(shareUrl);
  await expect(visitor).toHaveURL(/localhost:\d+\/$/);
  await addProduct(visitor, "Lotus Copper Wind Chime", 2);
  await visitor.goto("/place-order");
  await expect(visitor.getByRole("button", { name: "Applied" })).toBeVisible();
  await expect(visitor.getByLabel(/Affiliate code/)).toHaveValue(shareUrl.split("/r/")[1] ?? "");
  await expect.poll(() => summaryValue(visitor, "Discount")).toBe(10);
  await fillAddress(visitor, { email: people.email("visitor"), firstName: `Ravi ${XSS}` });
  // 2 x 44.95 = 89.90; GST 8.99; delivery 10.00; discount 10.00
  await expect.poll(() => summaryValue(visitor, "Total")).toBe(98.89);
  await visitor.getByRole("button", { name: "Place Order" }).click();
  await payInSandbox(visitor);
  await expect(visitor.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  await expect(visitor.getByText("$98.89").first()).toBeVisible();
  await visitorContext.close();

  // (89.90 - 10.00) x 10% = 7.99. The click is recorded after the redirect has answered, so the
  // profile is read again until it shows it.
  const tile = (label: string) =>
    page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
  await expect(async () => {
    await page.reload();
    await expect(tile("Clicks")).toHaveText("1", { timeout: 2_000 });
    await expect(tile("Sales")).toHaveText("1", { timeout: 2_000 });
    await expect(tile("Earnings")).toHaveText("$7.99", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});
