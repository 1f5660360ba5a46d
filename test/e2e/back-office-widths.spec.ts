// The back-office at a phone's width (375 px) and a laptop's (1280 px): the sign-in offers the
// shop's password reset; a product is listed with two photos chosen before its first save; its
// photo cards fit their columns and the page does not scroll sideways; a toast lies over no
// button, link or field; every pill on screen reads at 4.5:1 or more. Each product is archived
// again at the end.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { ADMIN, archiveProduct, expect, expectToast, test } from "./fixtures";

const photo = (path: string, mimeType: string) => ({
  name: path.split("/").at(-1) ?? "photo",
  mimeType,
  buffer: readFileSync(new URL(`../../${path}`, import.meta.url)),
});

/** What overflows: photo cards wider than their column, and the page wider than the screen. */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const grid = document.querySelector(".photo-grid")?.getBoundingClientRect();
    document.querySelectorAll<HTMLElement>(".photo-card").forEach((card, index) => {
      const box = card.getBoundingClientRect();
      if (card.scrollWidth > card.clientWidth + 1) found.push(`photo ${index + 1} scrolls`);
      if (grid && box.right > grid.right + 1) {
        found.push(`photo ${index + 1} is ${Math.round(box.right - grid.right)} px past its grid`);
      }
    });
    const page = document.documentElement;
    if (page.scrollWidth > window.innerWidth + 1) {
      found.push(`the page is ${page.scrollWidth - window.innerWidth} px wider than the screen`);
    }
    return found;
  });

/**
 * The controls of the screen that a toast lies over (none is the point): a control is covered when
 * what the browser finds at its centre is a toast. The header's own controls stand above its toasts.
 */
const coveredByToasts = (page: Page) =>
  page.evaluate(() => {
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      "main button, main a[href], main input, main select, main textarea",
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (box.width === 0 || y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) {
        continue;
      }
      if (document.elementFromPoint(x, y)?.closest(".Toastify__toast")) {
        covered.push(control.textContent?.trim() || control.getAttribute("aria-label") || "?");
      }
    }
    return { toasts: document.querySelectorAll(".Toastify__toast").length, covered };
  });

/** Each pill's contrast, its text over its ground over the first opaque ground behind it. */
const pillContrasts = (page: Page) =>
  page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, css.startsWith("rgba") ? a : 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => [
      top[0] * top[3] + under[0] * (1 - top[3]),
      top[1] * top[3] + under[1] * (1 - top[3]),
      top[2] * top[3] + under[2] * (1 - top[3]),
      1,
    ];
    const ground = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let at = element; at; at = at.parentElement) {
        const layer = parse(getComputedStyle(at).backgroundColor);
        layers.push(layer);
        if (layer[3] === 1) break;
      }
      return layers.reduceRight((under, top) => over(top, under), [255, 255, 255, 1] as Rgba);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const c = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
    };
    return [...document.querySelectorAll<HTMLElement>(".admin-pill")].map((pill) => {
      const back = ground(pill);
      const text = over(parse(getComputedStyle(pill).color), back);
      const [hi, lo] = [luminance(text), luminance(back)].sort((x, y) => y - x) as [number, number];
      return { pill: pill.textContent ?? "", ratio: (hi + 0.05) / (lo + 0.05) };
    });
  });

async function atWidth(browser: Browser, width: number, name: string) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 812 : 900 },
    isMobile: width < 600,
    hasTouch: width < 600,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = said;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll(".Toastify__toast")) {
        if (!said.includes(toast.textContent ?? "")) said.push(toast.textContent ?? "");
      }
    }).observe(document, { childList: true, subtree: true });
  });

  // Signing in: a forgotten password is reset on the shop.
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Back-office" })).toBeVisible();

  // A product with two photos chosen before it exists, priced once.
  await page.goto("/admin/products/new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Description").fill("A bell cast for the back-office's width check.");
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Price", { exact: true }).fill("19.95");
  await page
    .locator('input[type="file"]')
    .setInputFiles([
      photo("public/apple-touch-icon.png", "image/png"),
      photo("public/media/hero-image-1.webp", "image/webp"),
    ]);
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f]{24}$/);
  await expectToast(page, "2 photos added");
  await expect(page.locator(".photo-card")).toHaveCount(2);

  expect(await overflows(page), `${width} px`).toEqual([]);

  // A toast, shown while the photos' buttons and the save bar are all on screen.
  await page.getByLabel("Alt text of photo 1").fill("A brass bell, front");
  await page.getByRole("button", { name: "Save alt text of photo 1" }).click();
  await expect(page.locator(".Toastify__toast").first()).toBeVisible();
  const toasts = await coveredByToasts(page);
  expect(toasts.toasts, `${width} px`).toBeGreaterThan(0);
  expect(toasts.covered, `${width} px`).toEqual([]);

  for (const { pill, ratio } of await pillContrasts(page)) {
    expect(ratio, `${pill} at ${width} px`).toBeGreaterThanOrEqual(4.5);
  }

  // Archived again: the product leaves the storefront it never reached.
  await archiveProduct(page);
  await context.close();
}

test("the back-office fits 375 px and 1280 px: photos, toasts and pills", async ({ browser }) => {
  const tag = Date.now().toString(36);
  await atWidth(browser, 375, `Width Bell 375 ${tag}`);
  await atWidth(browser, 1280, `Width Bell 1280 ${tag}`);
});
