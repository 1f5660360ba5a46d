// Sessions: an expired access token is renewed behind the scenes; logout ends the session; a
// forgotten password is reset through the emailed link.
import { expect, expectToast, openAccountMenu, PASSWORD, signIn, signUp, test } from "./fixtures";

test("a session survives an access-token expiry, and logout ends it", async ({ page, people }) => {
  const email = people.email("session");
  await signUp(page, email, "Meera Iyer");
  await page.goto("/profile");
  await expect(page.getByText(email)).toBeVisible();

  // The access token goes stale (as after 15 minutes); the refresh cookie renews it and the
  // request is retried, so the shopper notices nothing.
  await page.evaluate(() => localStorage.setItem("token", "expired.access.token"));
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  const renewed = await page.evaluate(() => localStorage.getItem("token"));
  expect(renewed).not.toBe("expired.access.token");
  expect(renewed?.split(".")).toHaveLength(3);

  await (await openAccountMenu(page)).getByRole("button", { name: "Logout" }).click();
  await expectToast(page, "Logged out successfully");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
  // The refresh cookie no longer works either.
  const refreshed = await page.evaluate(
    async () => (await fetch("/api/refresh", { method: "POST" })).status,
  );
  expect(refreshed).toBe(401);
});

test("forgot password: the reset link from the mailbox sets a new password", async ({
  page,
  people,
  request,
}) => {
  const email = people.email("forgot");
  await signUp(page, email);
  await (await openAccountMenu(page)).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

  await page.goto("/login");
  await page.getByRole("link", { name: /Forgot/ }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expectToast(page, "Password reset link sent to your email!");

  // The mail is written after the answer has gone: read the outbox until it is there.
  const resetLink = async () => {
    const outbox = await (await request.get("/api/dev/outbox")).json();
    const mail = (outbox.emails as { to: string; text: string }[]).find(
      (m) => m.to === email && /reset-password/.test(m.text),
    );
    return /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail?.text ?? "")?.[0];
  };
  await expect.poll(resetLink, { message: "reset link in the development mailbox" }).toBeTruthy();
  await page.goto((await resetLink()) ?? "");
  await page
    .getByRole("textbox", { name: "New password", exact: true })
    .fill("a brand new password");
  await page.getByRole("textbox", { name: "Confirm new password" }).fill("a brand new password");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: /incorrect|invalid|wrong/i })
      .first(),
  ).toBeAttached();
  await signIn(page, email, "a brand new password");
});
