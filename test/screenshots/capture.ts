// `npm run screenshots`: every storefront screen at phone (375 px) and desktop (1280 px) width,
// written to docs/screenshots/ so a reviewer can see the shop without running it.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { launchShop, ROOT } from "../../worker/scripts/local";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";

const OUT = join(ROOT, "docs", "screenshots");
const WIDTHS = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } };

const shop = await launchShop(8797, ".screenshots/state");
try {
  const { products } = (await (await fetch(`${shop.origin}/api/product/list`)).json()) as {
    products: { _id: string; originalPrice: number; finalPrice: number }[];
  };
  const { blogs } = (await (await fetch(`${shop.origin}/api/blogs`)).json()) as {
    blogs: { _id: string }[];
  };
  const onSale = products.find((p) => p.originalPrice > p.finalPrice) ?? products[0];
  const pages: [string, string][] = [
    ["home", "/"],
    ["collection", "/collection"],
    ["collection-filtered", "/collection?category=Wind%20Chimes&sale=true"],
    ["product", `/product/${onSale?._id}`],
    ["blog", "/blog"],
    ["blog-post", `/blog?post=${blogs[0]?._id}`],
    ["contact", "/contact"],
    ["cart-empty", "/cart"],
    ["login", "/login"],
    ["signup", "/signup"],
    ["forgot-password", "/forgot-password"],
    ["creator-signup", "/creator-signup"],
    ["not-found", "/no-such-page"],
  ];
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  for (const [device, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const [name, path] of pages) {
      await page.goto(`${shop.origin}${path}`, { waitUntil: "networkidle" });
      // Walk down the page so lazy images and carousels load, as they would for a reader.
      const height = Number(await page.evaluate("document.documentElement.scrollHeight"));
      for (let y = 0; y < height; y += viewport.height / 2) {
        await page.evaluate(`window.scrollTo(0, ${y})`);
        await page.waitForTimeout(120);
      }
      await page.evaluate("window.scrollTo(0, 0)");
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(400);
      const file = join(OUT, `${name}-${device}.jpg`);
      // A full-page capture shows every section at once, while the browser renders the sections
      // marked content-visibility: auto only near the viewport: render them all for the capture.
      // (Through the CSSOM: the CSP refuses a <style> tag.)
      await page.evaluate(`for (const element of document.querySelectorAll("*")) {
        if (getComputedStyle(element).contentVisibility === "auto") {
          element.style.contentVisibility = "visible";
        }
      }`);
      await page.screenshot({ path: file, fullPage: true, type: "jpeg", quality: 72 });
      console.log(`  ${file.slice(ROOT.length + 1)}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  shop.stop();
}
process.exit(0);
