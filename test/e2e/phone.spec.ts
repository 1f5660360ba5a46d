// Phone width (375 px): the mobile menu, the account menu as a modal, and carousels showing one
// slide at a time (two on tablets, four on desktops).
import { expect, openAccountMenu, signUp, test } from "./fixtures";

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

/** How many slides of the first carousel are fully inside its viewport. */
const visibleSlides = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const carousel = document.querySelector(".swiper");
    if (!carousel) return -1;
    const box = carousel.getBoundingClientRect();
    return [...carousel.querySelectorAll(".swiper-slide")].filter((slide) => {
      const r = slide.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  });

async function scrollToCarousel(page: import("@playwright/test").Page) {
  const latest = page.getByRole("heading", { name: /Latest/i }).first();
  await latest.scrollIntoViewIfNeeded();
  await expect(page.locator(".swiper-slide").first()).toBeVisible();
}

test("phone: mobile menu, account modal and one slide per view", async ({ page, people }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Main" });
  await menu.getByRole("link", { name: "Collection" }).click();
  await expect(page).toHaveURL(/\/collection$/);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  // Every sort option fits its selector (the longest was cut short here).
  const cut = await page.locator("#collection-sort").evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return ["no canvas"];
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      select.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    return [...select.options]
      .filter((o) => context.measureText(o.text).width > room)
      .map((o) => o.text);
  });
  expect(cut).toEqual([]);

  await signUp(page, people.email("phone"), "Kabir Rao");
  const dialog = await openAccountMenu(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Welcome back, Kabir Rao!")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "My Profile" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Orders" })).toBeVisible();
  await page.getByRole("button", { name: "Close account menu" }).click();
  await expect(dialog).toBeHidden();

  await page.goto("/");
  await scrollToCarousel(page);
  await expect.poll(() => visibleSlides(page)).toBe(1);
});

test("carousels show two slides on a tablet and four on a desktop", async ({ browser }) => {
  for (const [width, slides] of [
    [800, 2],
    [1280, 4],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await page.goto("/");
    await scrollToCarousel(page);
    await expect.poll(() => visibleSlides(page), { message: `${width} px` }).toBe(slides);
    await context.close();
  }
});
