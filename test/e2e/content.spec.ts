// Stored text shown back to people never runs as script: a contact message in the shop's mailbox,
// and a blog post's HTML on the blog.
import { expect, expectToast, test, XSS } from "./fixtures";

const PROBES = [
  XSS,
  `<script>window.__xss=1</script>`,
  `<svg onload="window.__xss=1"></svg>`,
  `<a href="javascript:window.__xss=1">a link</a>`,
  `<iframe src="javascript:window.__xss=1"></iframe>`,
].join(" ");

test("a contact message full of markup is stored, mailed and shown as text", async ({
  page,
  people,
}) => {
  const email = people.email("contact");
  await page.goto("/contact");
  await page.getByLabel("First name").fill(`Meera ${XSS}`);
  await page.getByLabel("Last name").fill("Iyer");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Message" }).fill(`Is the lota food-safe? ${PROBES}`);
  await page.getByRole("button", { name: /Send/ }).click();
  await expectToast(page, "Message sent successfully! We'll get back to you soon.");

  // The mail is written after the answer has gone: open the mailbox until it shows it.
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(page.getByText(/Is the lota food-safe\?/).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText("<script>window.__xss=1</script>").first()).toBeVisible();
  // The page fixture then checks that nothing ran.
});

test("a blog post's HTML is sanitised before it is shown", async ({ page }) => {
  await page.route("**/api/blogs", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { blogs: { content: string; title: string }[] };
    const [first] = body.blogs;
    if (first) {
      first.title = "Caring for copper";
      first.content = `<p>Clean with lemon and salt.</p>${PROBES}<p>Dry it well.</p>`;
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto("/blog");
  await page.getByRole("link", { name: "Caring for copper" }).click();
  await expect(page.getByText("Clean with lemon and salt.")).toBeVisible();
  await expect(page.getByText("Dry it well.")).toBeVisible();
  const unsafe = "script, iframe, [onload], [onerror], a[href^='javascript:']";
  expect(await page.getByRole("main").locator(unsafe).count()).toBe(0);
});
