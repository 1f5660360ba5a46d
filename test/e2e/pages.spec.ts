// The Worker renders every page through React Router (docs/decisions/0015-pages-by-the-framework.md):
// the screen shows before any script has run, the browser takes it over without re-rendering it,
// and an unknown address answers 404 with "Page not found".
import type { Page } from "@playwright/test";
import { test as base, expect } from "./fixtures";

/** `frame`: a page of a browser context with scripts off, which sees the HTML's first frame alone. */
const test = base.extend<{ frame: Page }>({
  frame: async ({ browser }, use) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await use(await noScript.newPage());
  },
});

/** What React reports in the console when the app's first render is not the page's HTML. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  return problems;
}

/** On the page's next loads, remembers the element `selector` finds as soon as the HTML is parsed. */
const rememberFromHtml = (page: Page, selector: string) =>
  page.addInitScript((sel) => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { fromHtml: Element | null }).fromHtml = document.querySelector(sel);
    });
  }, selector);

/** Whether `selector` still finds the very element the HTML brought (nothing painted afresh). */
const stillFromHtml = (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      (window as unknown as { fromHtml: Element | null }).fromHtml === document.querySelector(sel),
    selector,
  );

test("landing pages paint before any script runs; unknown addresses answer 404", async ({
  frame,
  page,
}) => {
  const headings: [string, RegExp][] = [
    ["/", /Take home luck, prosperity, and health/],
    ["/collection", /The Collection/],
    ["/cart", /Cart/],
  ];
  for (const [path, heading] of headings) {
    const res = await frame.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(frame.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(frame.getByRole("link", { name: "Collection" }).first()).toBeVisible();
  }
  const missing = await frame.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(frame.getByRole("heading", { name: "Page not found" })).toBeVisible();

  // With scripts the browser takes the page over: its links navigate inside the app.
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole("link", { name: "Return home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: /Take home luck/ })).toBeVisible();
});

test("a product page is readable without scripts, previews as a raster card, and the app takes it over as it is", async ({
  frame,
  page,
  request,
}) => {
  const name = "Hammered Copper Water Bottle 950 ml";
  const found = await request.get(`/api/product/search?q=${encodeURIComponent(name)}`);
  const [product] = (await found.json()).products as { _id: string; finalPrice: number }[];
  expect(product, "the seed's bottle").toBeDefined();
  const path = `/product/${product?._id}`;
  const price = `$${product?.finalPrice.toFixed(2)}`;

  // What a link-preview crawler or a search engine reads: no script runs.
  const res = await frame.goto(path);
  expect(res?.status()).toBe(200);
  await expect(frame).toHaveTitle(`${name} — Tamra & Tara`);
  await expect(frame.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(frame.locator(".product-price-final")).toHaveText(price);
  const photo = frame.locator(".gallery-main img");
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const ogImage = await frame.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toMatch(/^http:\/\/localhost:\d+\/images\/.+\.preview\.jpg$/);
  const card = await request.get(ogImage ?? "");
  expect(card.status()).toBe(200);
  expect(card.headers()["content-type"]).toBe("image/jpeg");
  const bytes = await card.body();
  expect(bytes.length).toBeLessThan(300_000);
  const { default: sharp } = await import("sharp");
  expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  const structured = JSON.parse(
    (await frame.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(structured.offers).toMatchObject({ priceCurrency: "AUD", price: price.slice(1) });

  const missing = await frame.goto("/product/0123456789abcdef01234567");
  expect(missing?.status()).toBe(404);
  await expect(frame.getByRole("heading", { name: "Product not found" })).toBeVisible();

  // With scripts, the app hydrates the frame: the photo the HTML brought is the one on screen once
  // the app has started (nothing was painted afresh), and React reported no mismatch.
  const problems = hydrationProblems(page);
  await rememberFromHtml(page, ".gallery-main img");
  await page.goto(path);
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
  expect(await stillFromHtml(page, ".gallery-main img")).toBe(true);
  await expect(page.getByRole("heading", { name: "Related products" })).toBeVisible();
  expect(problems).toEqual([]);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart!")).toBeVisible();
});

test("the collection's first page is in its HTML, and the app takes it over as it is", async ({
  frame,
  page,
}) => {
  expect((await frame.goto("/collection"))?.status()).toBe(200);
  await expect(frame.getByText(/Showing 1–12 of \d+ products/)).toBeVisible();
  await expect(frame.locator(".product-grid .product-card")).toHaveCount(12);

  const problems = hydrationProblems(page);
  await rememberFromHtml(page, ".product-grid img");
  await page.goto("/collection");
  // The categories' checkboxes come from the app's own request once it runs (the frame shows them
  // loading): with them on screen, the app has taken the page over, and the card the HTML brought
  // is still the one shown.
  await expect(page.getByRole("checkbox", { name: /Wind Chimes/ }).first()).toBeAttached();
  expect(await stillFromHtml(page, ".product-grid img")).toBe(true);
  await page.getByRole("checkbox", { name: /On Sale/ }).click();
  await expect(page).toHaveURL(/sale=true/);
  await page.goBack();
  await expect(page.getByText(/Showing 1–12 of \d+ products/)).toBeVisible();
  expect(problems).toEqual([]);
});
