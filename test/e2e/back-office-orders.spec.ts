// The owner's orders and inbox, end to end against the running shop and its Stripe sandbox:
// shipping an order with a tracking number after the confirmation, then correcting the number (the
// shopper's /orders and their mails say so), refunding part of a creator's sale from a dialog that
// opens with nothing chosen (the creator's earnings drop by the refunded share), and answering a
// contact message from the back-office (the sender gets the reply).
import type { Page } from "@playwright/test";
import {
  addProduct,
  approveCreator,
  expect,
  expectToast,
  fillAddress,
  openBackOffice,
  PASSWORD,
  payInSandbox,
  signIn,
  signUp,
  test,
} from "./fixtures";

/** Buys one unit of `product` in `page` (already at the checkout's browser), paying in the sandbox. */
async function buy(page: Page, product: string, email: string, quantity = 1) {
  await addProduct(page, product, quantity);
  await page.goto("/place-order");
  await fillAddress(page, { email });
  await page.getByRole("button", { name: "Place Order" }).click();
  await payInSandbox(page);
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
}

/** The mails the development outbox holds for `to`. */
async function mailsTo(page: Page, to: string) {
  const outbox = await (await page.request.get("/api/dev/outbox")).json();
  return (outbox.emails as { to: string; subject: string; text: string }[]).filter(
    (m) => m.to === to,
  );
}

/** The owner opens the order `email` placed, from the queue's search. */
async function openOrderOf(page: Page, email: string, status = "all") {
  await page.goto(`/admin/orders?status=${status}&q=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: /^Order #[0-9a-f]{8}$/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f]{24}$/);
}

test("the owner ships an order with a tracking number, then corrects it; the shopper sees Shipped, its Track Order link and the mails", async ({
  page,
  browser,
  people,
}) => {
  const email = people.email("shipped");
  const shopper = page;
  await signUp(shopper, email);
  await buy(shopper, "Lotus Copper Wind Chime", email);

  const owner = await browser.newPage();
  await openBackOffice(owner);
  // The queue to ship lists the new order; its page ships it.
  await openOrderOf(owner, email, "unshipped");
  const advance = owner.getByRole("form", { name: "Advance status" });
  await advance.getByLabel("Move to").selectOption("Shipped");
  await expect(advance.getByLabel("Carrier")).toHaveValue("auspost");
  await advance.getByLabel("Tracking number", { exact: true }).fill("33AB12345678");
  const trackingUrl = "https://auspost.com.au/mypost/track/details/33AB12345678";
  await expect(advance.getByRole("link", { name: trackingUrl })).toBeVisible();
  await advance.getByRole("button", { name: "Mark Shipped" }).click();
  // Shipping asks first, repeating the carrier, the number and the mail.
  const confirmShip = owner.getByRole("dialog", { name: /^Mark order #[0-9a-f]{8} Shipped\?$/ });
  await expect(confirmShip.getByText("Australia Post", { exact: true })).toBeVisible();
  await expect(confirmShip.getByText("33AB12345678", { exact: true })).toBeVisible();
  await expect(
    confirmShip.getByText(
      `The customer is emailed at ${email} that the order has shipped, with the tracking link.`,
    ),
  ).toBeVisible();
  await confirmShip.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(confirmShip).toBeHidden();
  await expect(owner.getByText("Marked Shipped").first()).toBeVisible();

  // The shopper's orders page shows the step and the carrier's tracking page.
  await shopper.goto("/orders");
  await expect(shopper.getByText("Shipped").first()).toBeVisible();
  const track = shopper.getByRole("link", { name: /Track Order/ });
  await expect(track).toHaveAttribute("href", trackingUrl);
  await expect(track).toHaveAttribute("target", "_blank");

  // The mail is written with the move and sent after the answer: read the outbox until it is there.
  await expect
    .poll(async () => (await mailsTo(page, email)).find((m) => /has shipped/.test(m.subject))?.text)
    .toContain(trackingUrl);

  // A digit was mistyped: the owner corrects the number; the shopper's link and a mail follow.
  await owner.getByRole("button", { name: "Correct tracking" }).click();
  const correct = owner.getByRole("dialog", { name: /^Correct the tracking of order #/ });
  await expect(correct.getByLabel("Tracking number", { exact: true })).toHaveValue("33AB12345678");
  await correct.getByLabel("Tracking number", { exact: true }).fill("33AB12345679");
  await correct.getByRole("button", { name: "Save tracking" }).click();
  await expect(correct).toBeHidden();
  // The order's timeline says so (the owner's page records no toasts: it is not the fixture's).
  await expect(owner.getByText(/Tracking corrected/).first()).toBeVisible();
  await owner.close();
  const correctedUrl = "https://auspost.com.au/mypost/track/details/33AB12345679";
  await shopper.reload();
  await expect(shopper.getByRole("link", { name: /Track Order/ })).toHaveAttribute(
    "href",
    correctedUrl,
  );
  await expect
    .poll(
      async () =>
        (await mailsTo(page, email)).find((m) => /^New tracking number/.test(m.subject))?.text,
    )
    .toContain(correctedUrl);
});

test("the owner refunds part of a creator's sale; the creator's earnings drop by the refunded share", async ({
  page,
  browser,
  people,
}) => {
  // A creator, approved by the owner, and their code.
  const creatorEmail = people.email("refund-creator");
  const signup = await page.request.post("/api/user/creator-register", {
    data: { name: "Kavya Rao", email: creatorEmail, password: PASSWORD, payoutEmail: creatorEmail },
  });
  expect(signup.ok()).toBe(true);
  const approver = await browser.newPage();
  await approveCreator(approver, creatorEmail);
  await approver.close();
  const login = await page.request.post("/api/user/login", {
    data: { email: creatorEmail, password: PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const me = await page.request.get("/api/user/creator/me", { headers: { token: accessToken } });
  const { creator: profile } = (await me.json()) as { creator: { affiliateCode: string } };
  const code = profile.affiliateCode;
  const creator = page;
  await signIn(creator, creatorEmail);
  await creator.goto("/creator-profile");

  // A visitor buys two chimes with the code: 2 x 44.95 = 89.90, GST 8.99, delivery 10, less 10:
  // 98.89 charged, and the creator earns 10% of 79.90: 7.99.
  const buyerEmail = people.email("refund-buyer");
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await addProduct(visitor, "Lotus Copper Wind Chime", 2);
  await visitor.goto("/place-order");
  const codeBox = visitor.getByLabel(/Affiliate code/);
  await codeBox.fill(code);
  // The discount code box beside it has its own Apply.
  await visitor
    .locator("form", { has: codeBox })
    .getByRole("button", { name: "Apply", exact: true })
    .click();
  await expect(visitor.getByRole("button", { name: "Applied" })).toBeVisible();
  await fillAddress(visitor, { email: buyerEmail });
  await visitor.getByRole("button", { name: "Place Order" }).click();
  await payInSandbox(visitor);
  await expect(visitor.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  await visitorContext.close();

  const earnings = creator
    .locator("dt", { hasText: "Earnings" })
    .locator("xpath=following-sibling::dd[1]");
  await expect(async () => {
    await creator.reload();
    await expect(earnings).toHaveText("$7.99", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // The owner refunds one chime and puts it back in stock: its price with GST less its share of the
  // discount, 44.95 x (89.90 + 8.99 - 10.00) / 89.90 = 44.45 (delivery is not refunded).
  const owner = await browser.newPage();
  await openBackOffice(owner);
  await openOrderOf(owner, buyerEmail);
  await owner.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = owner.getByRole("dialog", { name: /Refund order/ });
  // It opens with nothing chosen: no units, no amount, and nothing to send yet.
  await expect(dialog.getByLabel("Lotus Copper Wind Chime")).toHaveValue("0");
  await expect(dialog.getByLabel("Amount to refund")).toHaveValue("");
  await expect(dialog.getByRole("button", { name: "Refund", exact: true })).toBeDisabled();
  await dialog.getByLabel("Lotus Copper Wind Chime").selectOption("1");
  await dialog.getByLabel("Put back in stock").check();
  await expect(dialog.getByLabel("Amount to refund")).toHaveValue("44.45");
  await dialog.getByLabel("Reason").fill("One chime arrived bent");
  await dialog.getByRole("button", { name: "Refund $44.45" }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText("Refunded $44.45").first()).toBeVisible();
  await owner.close();

  // The commission is reversed by the refunded share: 7.99 x 44.45 / 98.89 = 3.59, so 4.40 is left.
  await expect(async () => {
    await creator.reload();
    await expect(earnings).toHaveText("$4.40", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

test("the owner replies to a contact message from the inbox; the sender gets the reply", async ({
  page,
  people,
}) => {
  const email = people.email("inbox");
  const question = `Does the copper bottle come with a cleaning guide? ${Date.now().toString(36)}`;
  await page.goto("/contact");
  await page.getByLabel("First name").fill("Anjali");
  await page.getByLabel("Last name").fill("Menon");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Message" }).fill(question);
  await page.getByRole("button", { name: /Send/ }).click();
  await expectToast(page, "Message sent successfully! We'll get back to you soon.");

  await openBackOffice(page);
  await page
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Inbox" })
    .click();
  await page
    .getByRole("link", { name: /Anjali Menon/ })
    .first()
    .click();
  await expect(page.getByRole("article").getByText(question)).toBeVisible();
  await page
    .getByRole("textbox", { name: "Reply" })
    .fill("Namaste Anjali, yes: every bottle ships with a printed care card.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expectToast(page, "Reply sent");
  await expect(page.getByText("every bottle ships with a printed care card").first()).toBeVisible();

  await expect
    .poll(async () => (await mailsTo(page, email)).map((m) => m.text).join("\n"))
    .toContain("every bottle ships with a printed care card");
});
