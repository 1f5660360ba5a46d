// Paying a creator, end to end: a creator applies and the owner approves them; they give their bank
// account and ABN (shown back masked, never whole); a visitor buys through their link; the
// commission sits in the 30-day hold until the development hook runs the hourly cron's approval as
// if 31 days had passed; the owner makes a payout after confirming the total the Worker previews,
// downloads its bank (ABA) file and marks it paid; the creator is mailed a remittance, sees the
// payout and opens its statement, a recipient created tax invoice.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { SHOP_TIME_ZONE } from "../../worker/contracts/shop-time";
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
  test,
} from "./fixtures";

const DAY_MS = 86_400_000;
const HOLD_DAYS = 30;
const ABN = "51 824 753 556";

/** "3 Apr 2026": the shop's (Brisbane) calendar day of `ms`, as the page's own Intl writes it. */
const shopDay = (page: Page, ms: number) =>
  page.evaluate(
    ({ t, timeZone }) =>
      new Intl.DateTimeFormat("en-AU", {
        timeZone,
        day: "numeric",
        month: "short",
        year: "numeric",
      }).format(new Date(t)),
    { t: ms, timeZone: SHOP_TIME_ZONE },
  );

/** The mails the development outbox holds for `to`. */
async function mailsTo(page: Page, to: string) {
  const outbox = await (await page.request.get("/api/dev/outbox")).json();
  return (outbox.emails as { to: string; subject: string; text: string }[]).filter(
    (m) => m.to === to,
  );
}

test("a creator is paid: details saved masked, the hold passes, the owner pays the batch, the creator opens the statement", async ({
  page,
  browser,
  people,
}) => {
  const email = people.email("payee");
  const tag = (email.split("@")[0] ?? "").split("-")[1] ?? "";
  const accountName = `Meera Iyer ${tag.toUpperCase()}`;

  // 1. A creator applies, signs in, and the owner approves them.
  await page.goto("/creator-signup");
  await expect(page.getByRole("heading", { name: "Become a Content Creator" })).toBeVisible();
  // Not creator.spec's name: codes come from names, and a code freed by one journey and taken by
  // the next within the hour shares the Worker's memory of recent clicks (modules/creators/clicks.ts).
  await page.getByLabel("Name").fill("Meera Iyer");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Payout email").fill(email);
  await page.getByRole("button", { name: "Apply as a creator" }).click();
  await expectToast(page, "Creator account created! Please log in.");
  await signIn(page, email);
  await page.goto("/creator-profile");
  await expect(page.getByText(/Your application is being reviewed/)).toBeVisible();
  const approver = await browser.newPage();
  await approveCreator(approver, email);
  await approver.close();

  // 2. Their bank account and ABN, registered for GST: shown back with the number masked.
  await page.reload();
  const details = page.getByRole("region", { name: "Payout details", exact: true });
  await expect(details.getByText("Add your payout details so we can pay you.")).toBeVisible();
  await details.getByRole("button", { name: "Add payout details" }).click();
  await expect(details.getByRole("radio", { name: "Australian bank account" })).toBeChecked();
  await details.getByLabel("BSB").fill("062-000");
  await details.getByLabel("Account number").fill("12345678");
  await details.getByLabel("Account name").fill(accountName);
  await details.getByLabel("ABN").fill(ABN);
  await details.getByLabel("Registered for GST").check();
  await details.getByRole("textbox", { name: "Current password" }).fill(PASSWORD);
  await details.getByRole("button", { name: "Save payout details" }).click();
  await expectToast(page, "Payout details saved");
  // New details wait before a payout may use them, and the profile says until when.
  await expect(details.getByRole("note")).toContainText("For your safety, new payout details");
  await expect(details.getByRole("button", { name: "Change payout details" })).toBeVisible();
  await expect(details.getByText("••••••678", { exact: true })).toBeVisible();
  await expect(details.getByText("062-000", { exact: true })).toBeVisible();
  await expect(details.getByText(ABN, { exact: true })).toBeVisible();
  await expect(details.getByText("Registered for GST", { exact: true })).toBeVisible();
  expect(await page.locator("body").innerText()).not.toContain("12345678");
  expect(await page.content()).not.toContain("12345678");
  // Read again from the Worker, still masked.
  await page.reload();
  await expect(details.getByText("••••••678", { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain("12345678");

  // 3. A visitor, in a browser of their own, follows the share link and buys two chimes:
  // (2 x 44.95 - 10.00) x 10% = 7.99 commission.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy share link" }).click();
  await expectToast(page, "Share link copied!");
  const shareUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(shareUrl).toMatch(/\/r\/[A-Z0-9]{6,12}$/);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(shareUrl);
  await addProduct(visitor, "Lotus Copper Wind Chime", 2);
  await visitor.goto("/place-order");
  await expect(visitor.getByRole("button", { name: "Applied" })).toBeVisible();
  await fillAddress(visitor, { email: people.email("payer") });
  const boughtFrom = Date.now();
  await visitor.getByRole("button", { name: "Place Order" }).click();
  await payInSandbox(visitor);
  await expect(visitor.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  await visitorContext.close();

  // 4. The commission is in the hold, payable 30 days after the payment.
  const earnings = page.getByRole("region", { name: "Earnings", exact: true });
  const balance = (label: string) =>
    earnings
      .locator("dt", { hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd[1]");
  await expect(async () => {
    await page.reload();
    await expect(balance("In hold")).toHaveText("$7.99", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const boughtBy = Date.now();
  await expect(balance("Payable")).toHaveText("$0.00");
  const row = earnings.getByRole("row").filter({ hasText: "$7.99" });
  await expect(row.getByText("In hold", { exact: true })).toBeVisible();
  const payableFrom = await row.getByText(/^Payable from /).textContent();
  // The payment landed between these two instants: its day 30 days on is one of theirs.
  const holdEnds = new Set([
    `Payable from ${await shopDay(page, boughtFrom + HOLD_DAYS * DAY_MS)}`,
    `Payable from ${await shopDay(page, boughtBy + HOLD_DAYS * DAY_MS)}`,
  ]);
  expect([...holdEnds]).toContain(payableFrom);
  const orderNumber = ((await row.getByRole("rowheader").textContent()) ?? "").trim();
  expect(orderNumber).toMatch(/^#\w+$/);

  // 5. Time passes the hold: the cron's approval, as it would run 31 days from now.
  const hold = await page.request.post("/api/dev/commission-hold", { data: { email, days: 31 } });
  expect(hold.ok()).toBe(true);
  expect(await hold.json()).toEqual({ success: true, approved: 1 });
  await page.reload();
  await expect(balance("Payable")).toHaveText("$7.99");
  await expect(balance("In hold")).toHaveText("$0.00");
  await expect(row.getByText("Payable", { exact: true })).toBeVisible();

  // 6. The details' waiting period ends, as it would three days on; the owner makes a payout at a
  // $1 minimum (the default $50 is more than $7.99).
  const cleared = await page.request.post("/api/dev/payout-details-cleared", { data: { email } });
  expect(cleared.ok()).toBe(true);
  const owner = await browser.newPage();
  await openBackOffice(owner);
  await owner
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Payouts" })
    .click();
  await expect(owner.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  const make = owner.getByRole("form", { name: "Make a payout" });
  await make.getByLabel("Pay everyone owed at least").fill("1");
  await make.getByRole("button", { name: "Make payout" }).click();
  // The Worker's preview, confirmed before the batch is made (earlier journeys' creators may be
  // owed too, so the figures are read, not known).
  const confirmBatch = owner.getByRole("dialog", { name: "Create this payout?" });
  await expect(confirmBatch.getByText(/owed at least \$1\.$/)).toBeVisible();
  await confirmBatch
    .getByRole("button", { name: /^Create batch of \$[\d,]+\.\d{2} for [\d,]+ creators?$/ })
    .click();
  await expect(owner).toHaveURL(/\/admin\/payouts\/[^/?]+$/);
  await expect(owner.getByRole("heading", { level: 1, name: /^Payout of / })).toBeVisible();
  // Earlier journeys' creators may be in the batch too: only this creator's line is checked.
  const line = owner.getByRole("row").filter({ hasText: email });
  await expect(line).toHaveCount(1);
  await expect(line.getByText("••••••678", { exact: true })).toBeVisible();
  await expect(line.getByText(accountName)).toBeVisible();
  await expect(line.getByRole("cell", { name: "$7.99" }).last()).toBeVisible();
  expect(await owner.content()).not.toContain("12345678");

  // The bank file: 120-character records ending CR LF, this creator's credit of 799 cents.
  const bankFile = owner.getByRole("form", { name: "Bank file" });
  const downloading = owner.waitForEvent("download");
  await bankFile.getByRole("button", { name: "Download bank file (ABA)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.aba$/);
  const aba = await readFile(await download.path(), "latin1");
  expect(aba.endsWith("\r\n")).toBe(true);
  const records = aba.slice(0, -2).split("\r\n");
  for (const record of records) expect(record).toHaveLength(120);
  expect(records[0]?.startsWith("0")).toBe(true);
  expect(records.at(-1)?.startsWith("7")).toBe(true);
  const credit = records.filter(
    (r) => r.startsWith("1") && r.toUpperCase().includes(accountName.toUpperCase()),
  );
  expect(credit).toHaveLength(1);
  expect(credit[0]).toContain("062-000");
  expect(credit[0]).toContain("0000000799");

  // Mark as paid, after the question.
  await owner.getByRole("button", { name: "Mark as paid" }).click();
  const confirm = owner.getByRole("dialog", { name: "Mark this payout as paid?" });
  await confirm.getByRole("button", { name: "Mark as paid" }).click();
  await expect(confirm).toBeHidden();
  await expect(owner.locator(".admin-page-meta").getByText("Paid", { exact: true })).toBeVisible();
  await expect(owner.getByRole("button", { name: "Mark as paid" })).toHaveCount(0);
  await expect(owner.getByRole("button", { name: "Cancel payout" })).toHaveCount(0);
  await owner.close();

  // 7. The creator's remittance.
  await expect
    .poll(async () => (await mailsTo(page, email)).map((m) => m.subject))
    .toContain("Tamra & Tara has paid you $7.99");

  // 8. The profile shows it paid, and the payout's statement is a recipient created tax invoice.
  await page.reload();
  await expect(balance("Paid")).toHaveText("$7.99");
  await expect(balance("Payable")).toHaveText("$0.00");
  await expect(balance("Processing")).toHaveText("$0.00");
  const payouts = page.getByRole("region", { name: "Payouts", exact: true });
  const statementLink = payouts.getByRole("link", { name: /View statement for this payout/ });
  await expect(statementLink).toHaveCount(1);
  await expect(statementLink).toContainText("$7.99");
  await expect(statementLink).toContainText("1 order");
  await statementLink.click();
  await expect(page).toHaveURL(/\/creator-profile\/payouts\/[^/]+$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Recipient created tax invoice" }),
  ).toBeVisible();
  const supplier = page.getByRole("region", { name: "Supplier (creator)" });
  await expect(supplier.getByText(`ABN ${ABN}`, { exact: true })).toBeVisible();
  await expect(supplier.getByText("Registered for GST", { exact: true })).toBeVisible();
  const issuer = page.getByRole("region", { name: "Issued by (recipient)" });
  await expect(issuer.getByText(/^ABN \d{2} \d{3} \d{3} \d{3}$/)).toBeVisible();
  await expect(issuer.getByText(`ABN ${ABN}`, { exact: true })).toHaveCount(0);
  const lines = page.getByRole("table", { name: "Commission by order" });
  await expect(lines.getByRole("rowheader")).toHaveText([orderNumber]);
  const total = page
    .locator("dt", { hasText: "Total paid (GST inclusive)" })
    .locator("xpath=following-sibling::dd[1]");
  await expect(total).toHaveText("$7.99");
  await expect(page.getByText("GST included: $0.73", { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain("12345678");
});
