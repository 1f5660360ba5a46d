// Each page's HTML carries its first frame (docs/decisions/0006-first-paint.md): the screen shows
// before any script has run, and an unknown address answers 404 with "Page not found".
import { expect, test } from "./fixtures";

test("landing pages paint before any script runs; unknown addresses answer 404", async ({
  browser,
  page,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const frame = await noScript.newPage();
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
  await noScript.close();

  // With scripts the app takes the frame over: its links navigate inside the app.
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole("link", { name: "Return home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: /Take home luck/ })).toBeVisible();
});
