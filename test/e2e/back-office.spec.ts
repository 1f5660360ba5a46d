// The owner's back-office, end to end: the admin signs in at /admin, creates a product on sale with
// two photos chosen before its first save and one unit, the storefront shows it, a shopper buys
// that unit through the Stripe sandbox, the storefront then shows it sold out, the back-office's
// stock says so, and the product's history shows each of the owner's steps.
// The journey ends by archiving the product, which takes it off the storefront again.
import { readFileSync } from "node:fs";
import {
  addProduct,
  archiveProduct,
  expect,
  expectToast,
  fillAddress,
  openBackOffice,
  payInSandbox,
  test,
} from "./fixtures";

const photo = (path: string, mimeType: string) => ({
  name: path.split("/").at(-1) ?? "photo",
  mimeType,
  buffer: readFileSync(new URL(`../../${path}`, import.meta.url)),
});

test("the owner lists a one-off piece with two photos, a shopper buys it, and it shows sold out", async ({
  page,
  browser,
  people,
}) => {
  const name = `Journey Brass Bell ${Date.now().toString(36)}`;

  // The owner signs in to the back-office (locally the demo admin needs no second factor).
  await openBackOffice(page);

  // A new product on sale, one unit on hand.
  await page
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Products" })
    .click();
  await page.getByRole("link", { name: "New product" }).first().click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Description").fill("A hand-cast brass bell, the only one of its kind.");
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Price", { exact: true }).fill("89.00");
  await page.getByLabel("On sale").check();
  await page.getByLabel("Sale price").fill("74.50");
  await page.getByLabel("Opening stock").fill("1");
  await page.getByLabel("Status").selectOption("active");

  // Two photos, chosen before the product exists: once it is created they go up, through the
  // Worker into R2.
  await page
    .locator('input[type="file"]')
    .setInputFiles([
      photo("public/apple-touch-icon.png", "image/png"),
      photo("public/media/hero-image-1.webp", "image/webp"),
    ]);
  await expect(page.getByText("Uploads once the product is created")).toHaveCount(2);
  await page.getByRole("button", { name: "Create product" }).click();
  await expectToast(page, "Product created");
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f]{24}$/);
  const productId = page.url().split("/").at(-1) ?? "";
  await expectToast(page, "2 photos added");
  await expect(page.getByRole("button", { name: /^Move photo 2 left$/ })).toBeVisible();

  // The storefront has it, with its one unit.
  const shopper = await browser.newPage();
  await addProduct(shopper, name);
  await expect(shopper.getByText("Only 1 left")).toBeVisible();
  const gallery = shopper.locator(`img[src^="/images/products/${productId}/"]`);
  await expect(gallery.first()).toBeVisible();

  // A shopper buys it.
  await shopper.goto("/place-order");
  await fillAddress(shopper, { email: people.email("bell-buyer") });
  await shopper.getByRole("button", { name: "Place Order" }).click();
  await payInSandbox(shopper);
  await expect(shopper.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();

  // Sold: a visitor now finds it out of stock (the buyer's own browser may reuse its copy of the
  // catalogue for a minute; the checkout would refuse the unit anyway). The Worker notices the
  // catalogue changed within seconds, so the visitor looks until it shows.
  const visitor = await browser.newPage();
  await expect(async () => {
    await visitor.goto(`/product/${productId}`);
    await expect(visitor.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(visitor.getByText("Out of stock")).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(visitor.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  await visitor.close();
  await shopper.close();

  // The back-office shows the unit sold, and each of the owner's steps in the product's history.
  await page.reload();
  const figure = (label: string) =>
    page
      .locator("dt", { hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd[1]");
  await expect(figure("On hand")).toHaveText("0");
  await expect(figure("In checkouts")).toHaveText("0");
  await expect(figure("Available")).toHaveText("0");
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("Product created")).toBeVisible();
  await expect(history.getByText("Photo added")).toHaveCount(2);

  // Archived: off the storefront again, and the history says so.
  await archiveProduct(page);
  await expect(history.getByText("Product archived")).toBeVisible();
  const gone = await page.request.get(`/api/product/${productId}`);
  expect(gone.status()).toBe(404);
});
