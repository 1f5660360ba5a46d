// Paying creators: payout details sealed and only ever shown masked;
// batches of everyone owed the minimum, each commission in one batch however batches race; the
// ABA and PayPal files read back against the batch; marking paid once, with one remittance each;
// a refund after a payout carried into the next one; and statements, tax invoices when the
// creator is registered for GST, for their creator and admins only.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { CreatorDto } from "../../worker/contracts/account";
import type {
  AdminPayoutDto,
  AdminPayoutListResponse,
  AdminPayoutPreviewResponse,
  PayoutStatementDto,
} from "../../worker/contracts/payouts";
import {
  auditLog,
  commissions,
  creatorPayoutDetails,
  payoutItems,
  payoutLines,
  payouts,
} from "../../worker/db/schema";
import worker from "../../worker/index";
import { newId } from "../../worker/lib/ids";
import { MAX_REFERENCE_LENGTH, parseAba } from "../../worker/modules/payouts/methods/aba";
import { lodgementReference, openAccountNumber } from "../../worker/modules/payouts/methods/bank";
import { statementNumber } from "../../worker/modules/payouts/statement-number";
import {
  adminSession,
  asUser,
  creatorSession,
  creatorSessions,
  register,
  setCreatorStatus,
} from "./helpers/accounts";
import { deliver, refundEvents, stripe } from "./helpers/checkout";
import { callWorker, db, expectError, mailsTo } from "./helpers/factories";
import {
  BANK_DETAILS,
  createdPayout,
  createPayout,
  creatorWithSale,
  givePayoutDetails,
  payableSale,
} from "./helpers/payouts";

const ABN = "51 824 753 556";

const get = (token: string, path: string) => asUser(token, path, undefined, "GET");

async function creatorMe(token: string): Promise<CreatorDto> {
  const res = await get(token, "/api/user/creator/me");
  expect(res.status).toBe(200);
  return (await res.json<{ creator: CreatorDto }>()).creator;
}

async function markPaid(adminToken: string, id: string) {
  return asUser(adminToken, `/api/admin/payouts/${id}/paid`, {});
}

async function refund(session: Stripe.Checkout.Session, amount?: number) {
  const paymentIntent = (await stripe().checkout.sessions.retrieve(session.id))
    .payment_intent as string;
  await stripe().refunds.create({ payment_intent: paymentIntent, amount });
  for (const event of await refundEvents(paymentIntent)) {
    expect((await deliver(event)).status).toBe(200);
  }
}

describe("payout details", () => {
  it("seals the account number, bound to the creator, and answers it masked everywhere", async () => {
    const creator = await creatorSession();
    const res = await givePayoutDetails(creator.accessToken, {
      ...BANK_DETAILS,
      accountNumber: "98 765 4321",
      abn: ABN,
      gstRegistered: true,
    });
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      success: true,
      payoutDetails: {
        method: "bank",
        bsb: "062-000",
        accountNumberMasked: "••••••321",
        accountName: "Priya Sharma",
        abn: "51824753556",
        gstRegistered: true,
        usableFrom: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(body).not.toContain("987654321");

    const [row] = await db()
      .select()
      .from(creatorPayoutDetails)
      .where(eq(creatorPayoutDetails.userId, creator.userId));
    expect(JSON.stringify(row)).not.toContain("987654321");
    expect(row?.accountNumberSealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(await openAccountNumber({ env }, creator.userId, row?.accountNumberSealed ?? "")).toBe(
      "987654321",
    );
    // Copied to another creator's row, it does not open: the creator's id is bound in.
    const other = await creatorSession();
    await expect(
      openAccountNumber({ env }, other.userId, row?.accountNumberSealed ?? ""),
    ).rejects.toThrow();

    const me = await creatorMe(creator.accessToken);
    expect(me.payoutDetails).toMatchObject({ accountNumberMasked: "••••••321" });
    expect(JSON.stringify(me)).not.toContain("987654321");

    // The account's own address hears of it.
    await expect
      .poll(async () => (await mailsTo(creator.email)).map((m) => m.subject))
      .toContain("Your Tamra & Tara payout details changed");
    const [notice] = await mailsTo(creator.email);
    expect(notice?.text).toContain("BSB 062-000, account ••••••321");
    expect(notice?.text).not.toContain("987654321");
  });

  it("switches to PayPal, clearing the bank account", async () => {
    const creator = await creatorSession();
    await givePayoutDetails(creator.accessToken);
    const res = await givePayoutDetails(creator.accessToken, {
      method: "paypal",
      email: " Priya@Example.COM ",
    });
    expect((await res.json<{ payoutDetails: unknown }>()).payoutDetails).toEqual({
      method: "paypal",
      email: "priya@example.com",
      abn: null,
      gstRegistered: false,
      usableFrom: expect.any(String),
    });
    const [row] = await db()
      .select()
      .from(creatorPayoutDetails)
      .where(eq(creatorPayoutDetails.userId, creator.userId));
    expect(row).toMatchObject({ bsb: null, accountNumberSealed: null, accountNumberMasked: null });
  });

  it("answers bad details with a 400 on the field, and other accounts with a 403", async () => {
    const creator = await creatorSession();
    const bad = await asUser(creator.accessToken, "/api/user/creator/payout-details", {
      ...BANK_DETAILS,
      bsb: "62-000",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false });
    expect(await db().select().from(creatorPayoutDetails)).toHaveLength(0);

    const shopper = await register();
    const res = await asUser(shopper.accessToken, "/api/user/creator/payout-details", BANK_DETAILS);
    expect(res.status).toBe(403);
    const anonymous = await callWorker("/api/user/creator/payout-details", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(BANK_DETAILS),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("a payout batch", () => {
  it("pays every creator owed the minimum who has payout details, one line each", async () => {
    const admin = await adminSession();
    const [bank, paypal, below, noDetails] = await creatorSessions(4);
    await givePayoutDetails(bank.accessToken);
    await givePayoutDetails(paypal.accessToken, { method: "paypal", email: "pay@example.com" });
    await givePayoutDetails(below.accessToken);
    const first = await payableSale(bank.code); // $59.00
    const second = await payableSale(bank.code, 20_000); // $19.00
    await payableSale(paypal.code); // $59.00
    await payableSale(below.code, 30_000); // $29.00: under $50
    await payableSale(noDetails.code); // owed, but nowhere to pay it

    const list = await get(admin.accessToken, "/api/admin/payouts");
    expect((await list.json<AdminPayoutListResponse>()).due).toEqual({
      minimum: 50,
      creators: 2,
      amount: 137,
      withoutDetails: 1,
      waiting: [],
    });

    const payout = await createdPayout(admin.accessToken);
    expect(payout).toMatchObject({
      status: "open",
      minimum: 50,
      total: 137,
      bankTotal: 78,
      paypalTotal: 59,
      lineCount: 2,
      createdBy: admin.email,
      paidAt: null,
    });
    const byCreator = new Map(payout.lines.map((l) => [l.creatorId, l]));
    expect(byCreator.get(bank.userId)).toMatchObject({
      amount: 78,
      commissions: 78,
      carried: 0,
      orders: 2,
      payoutDetails: { method: "bank", bsb: "062-000", accountNumberMasked: "••••••678" },
    });
    expect(byCreator.get(paypal.userId)).toMatchObject({
      amount: 59,
      payoutDetails: { method: "paypal", email: "pay@example.com" },
    });
    expect(JSON.stringify(payout)).not.toContain("12345678");

    // The batch owns those commissions now: they owe nothing more, and a second batch is empty.
    const [c1] = await db()
      .select()
      .from(commissions)
      .where(eq(commissions.id, first.commission.id));
    expect(c1).toMatchObject({ settledCents: 5900, status: "approved" });
    expect(second.commission.amountCents).toBe(1900);
    const again = await createPayout(admin.accessToken);
    await expectError(again, 409, {
      code: "nothing_to_pay",
      message:
        "No creator with payout details has a payable balance of $50.00 or more, so there is nothing to pay.",
    });
    expect(await db().select().from(payouts)).toHaveLength(1);

    // A lower minimum for this batch takes the creator owed $29.
    const small = await createdPayout(admin.accessToken, { minimum: 20 });
    expect(small.lines.map((l) => [l.creatorId, l.amount])).toEqual([[below.userId, 29]]);

    const audit = await db().select().from(auditLog).where(eq(auditLog.entity, "payout"));
    expect(audit.map((a) => [a.entityId, a.action])).toEqual(
      expect.arrayContaining([
        [payout._id, "create"],
        [small._id, "create"],
      ]),
    );
    expect(audit).toHaveLength(2);
  });

  it("previews what a batch at any minimum would pay, and is made only as the owner confirmed it", async () => {
    const admin = await adminSession();
    const [a, b, noDetails] = await creatorSessions(3);
    await givePayoutDetails(a.accessToken);
    await givePayoutDetails(b.accessToken, { method: "paypal", email: "b@example.com" });
    await payableSale(a.code); // $59.00
    await payableSale(b.code, 30_000); // $29.00
    await payableSale(noDetails.code); // $59.00, nowhere to pay it
    const preview = async (query = "") => {
      const res = await get(admin.accessToken, `/api/admin/payouts/preview${query}`);
      expect(res.status, query).toBe(200);
      return (await res.json<AdminPayoutPreviewResponse>()).due;
    };
    expect(await preview("?minimum=20")).toEqual({
      minimum: 20,
      creators: 2,
      amount: 88,
      withoutDetails: 1,
      waiting: [],
    });
    expect(await preview()).toEqual({
      minimum: 50,
      creators: 1,
      amount: 59,
      withoutDetails: 1,
      waiting: [],
    });
    expect(await preview("?minimum=100000")).toEqual({
      minimum: 100_000,
      creators: 0,
      amount: 0,
      withoutDetails: 0,
      waiting: [],
    });
    for (const minimum of ["0", "-5", "1.001", "abc", "1e3", "", "100000.01", "50&minimum=2"]) {
      const res = await get(admin.accessToken, `/api/admin/payouts/preview?minimum=${minimum}`);
      expect(res.status, minimum).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_input" });
    }
    expect((await get(a.accessToken, "/api/admin/payouts/preview")).status).toBe(403);

    // Figures other than the batch's now: nothing is made, and the answer says what it would pay.
    const wrong = await createPayout(admin.accessToken, {
      minimum: 20,
      expected: { total: 88, creators: 1 },
    });
    await expectError(wrong, 409, {
      code: "payout_changed",
      message:
        "What the creators are owed has changed since you looked: a payout now would pay $88.00 to 2 creators. Check the figures and confirm again.",
    });
    // Another sale passes its hold between the preview and the confirmation.
    await payableSale(a.code, 20_000); // $19.00
    const stale = await createPayout(admin.accessToken, {
      minimum: 20,
      expected: { total: 88, creators: 2 },
    });
    expect(stale.status).toBe(409);
    const staleBody = await stale.json<{ code: string; message: string }>();
    expect(staleBody.code).toBe("payout_changed");
    expect(staleBody.message).toContain("$107.00 to 2 creators");
    expect(await db().select().from(payouts)).toHaveLength(0);
    expect(await db().select().from(payoutItems)).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, "payout"))).toHaveLength(0);
    const settled = await db().select({ cents: commissions.settledCents }).from(commissions);
    expect(settled.map((c) => c.cents)).toEqual([0, 0, 0, 0]);

    // As the preview says now: made, paying exactly that.
    expect(await preview("?minimum=20")).toMatchObject({ creators: 2, amount: 107 });
    const made = await createdPayout(admin.accessToken, {
      minimum: 20,
      expected: { total: 107, creators: 2 },
    });
    expect(made).toMatchObject({ total: 107, lineCount: 2, minimum: 20, status: "open" });
    // Confirmed again, nobody is owed any more: the usual 409.
    const again = await createPayout(admin.accessToken, {
      minimum: 20,
      expected: { total: 107, creators: 2 },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "nothing_to_pay" });

    for (const expected of [
      { total: 0, creators: 1 },
      { total: 1, creators: 0 },
      { total: 1, creators: 1.5 },
      { total: 1.001, creators: 1 },
      { total: "107", creators: 2 },
      { total: 107 },
      { total: 107, creators: 2, extra: 1 },
      [107, 2],
      null,
    ]) {
      const res = await createPayout(admin.accessToken, { minimum: 20, expected });
      expect(res.status, JSON.stringify(expected)).toBe(400);
    }
  });

  it("never takes a commission still inside its hold", async () => {
    const {
      admin,
      sale: { commission },
    } = await creatorWithSale();
    // A second sale whose hold has not passed (the cron has not approved it).
    await db()
      .update(commissions)
      .set({ status: "pending" })
      .where(eq(commissions.id, commission.id));
    expect((await createPayout(admin.accessToken, { minimum: 1 })).status).toBe(409);
  });

  it("made five times at once, takes each commission once", async () => {
    const admin = await adminSession();
    for (let i = 0; i < 3; i++) {
      const creator = await creatorSession();
      await givePayoutDetails(creator.accessToken);
      await payableSale(creator.code);
      await payableSale(creator.code, 70_000);
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createPayout(admin.accessToken)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const items = await db().select().from(payoutItems);
    expect(items).toHaveLength(6);
    expect(new Set(items.map((i) => i.commissionId)).size).toBe(6);
    const [sum] = await db()
      .select({ cents: sql<number>`sum(${payoutLines.amountCents})` })
      .from(payoutLines);
    expect(sum?.cents).toBe(3 * (5900 + 6900));
  });

  it("validates the minimum", async () => {
    const admin = await adminSession();
    for (const minimum of [0, -5, 0.001, "50", 1e9, null]) {
      const res = await createPayout(admin.accessToken, { minimum });
      expect(res.status, String(minimum)).toBe(400);
    }
    const creator = await creatorSession();
    expect((await createPayout(creator.accessToken)).status).toBe(403);
  });
});

describe("the bank and PayPal files", () => {
  it("writes an ABA file a bank imports, balanced against the batch", async () => {
    const admin = await adminSession();
    const [a, b, p] = await creatorSessions(3);
    await givePayoutDetails(a.accessToken, { ...BANK_DETAILS, accountName: "Zoë O’Brien" });
    await givePayoutDetails(b.accessToken, {
      ...BANK_DETAILS,
      bsb: "484 799",
      accountNumber: "004567891",
    });
    await givePayoutDetails(p.accessToken, { method: "paypal", email: "p@example.com" });
    await payableSale(a.code);
    await payableSale(b.code, 123_456);
    await payableSale(p.code);
    const payout = await createdPayout(admin.accessToken);

    const res = await get(
      admin.accessToken,
      `/api/admin/payouts/${payout._id}/aba?date=2026-12-01`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=us-ascii");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="payout-${payout._id.slice(-8).toUpperCase()}-2026-12-01.aba"`,
    );
    const text = await res.text();
    for (const record of text.split("\r\n").slice(0, -1)) expect(record).toHaveLength(120);
    const aba = parseAba(text);
    expect(aba.descriptive).toMatchObject({
      bank: "CBA",
      userId: "301500",
      processingDate: "2026-12-01",
    });
    expect(aba.details).toHaveLength(2);
    const bankLines = payout.lines.filter((l) => l.payoutDetails.method === "bank");
    expect(aba.details.map((d) => d.amountCents).sort()).toEqual(
      bankLines.map((l) => Math.round(l.amount * 100)).sort(),
    );
    expect(aba.details.map((d) => [d.bsb, d.accountNumber, d.accountName]).sort()).toEqual([
      ["062-000", "12345678", "ZOE O'BRIEN"],
      ["484-799", "004567891", "PRIYA SHARMA"],
    ]);
    for (const d of aba.details) expect(d.bsb).toMatch(/^\d{3}-\d{3}$/);
    expect(aba.total).toEqual({
      netCents: Math.round(payout.bankTotal * 100),
      creditCents: Math.round(payout.bankTotal * 100),
      debitCents: 0,
      count: 2,
    });

    const csv = await get(admin.accessToken, `/api/admin/payouts/${payout._id}/paypal.csv`);
    expect(csv.status).toBe(200);
    const line = payout.lines.find((l) => l.creatorId === p.userId);
    const statementNo = line?._id.slice(-8).toUpperCase();
    expect(await csv.text()).toBe(
      `p@example.com,59.00,AUD,${line?._id},"Tamra & Tara Pty Ltd creator commission, statement ${statementNo}",PAYPAL\r\n`,
    );
  });

  it("gives each credit a lodgement reference with the whole statement number its creator's statement shows", async () => {
    const admin = await adminSession();
    const [a, b] = await creatorSessions(2);
    await givePayoutDetails(a.accessToken, { ...BANK_DETAILS, accountName: "Asha Rao" });
    await givePayoutDetails(b.accessToken, { ...BANK_DETAILS, accountName: "Bela Nair" });
    await payableSale(a.code);
    await payableSale(b.code, 70_000);
    const payout = await createdPayout(admin.accessToken);
    expect((await markPaid(admin.accessToken, payout._id)).status).toBe(200);
    const res = await get(admin.accessToken, `/api/admin/payouts/${payout._id}/aba`);
    expect(res.status).toBe(200);
    const references = new Map(
      parseAba(await res.text()).details.map((d) => [d.accountName, d.reference]),
    );

    // What each creator reads on their bank statement, against the statement they open.
    for (const [creator, name] of [
      [a, "ASHA RAO"],
      [b, "BELA NAIR"],
    ] as const) {
      const line = payout.lines.find((l) => l.creatorId === creator.userId);
      const opened = await get(creator.accessToken, `/api/payouts/${line?._id}/statement`);
      expect(opened.status).toBe(200);
      const { statement } = await opened.json<{ statement: PayoutStatementDto }>();
      const reference = references.get(name) ?? "";
      expect(reference).toHaveLength(MAX_REFERENCE_LENGTH);
      const [, found] = /^STATEMENT ([0-9A-F]{8})$/.exec(reference) ?? [];
      expect(found, reference).toBe(statement.number);
    }
    expect(new Set(references.values()).size).toBe(2);

    // Any line id makes a reference that fits the field and holds the number whole.
    for (let i = 0; i < 50; i++) {
      const id = newId();
      expect(lodgementReference(id).length).toBeLessThanOrEqual(MAX_REFERENCE_LENGTH);
      expect(lodgementReference(id).endsWith(` ${statementNumber(id)}`)).toBe(true);
    }
  });

  it("records who downloaded which file in the audit log, never an account or address", async () => {
    const admin = await adminSession();
    const [bank, paypal] = await creatorSessions(2);
    await givePayoutDetails(bank.accessToken, { ...BANK_DETAILS, accountNumber: "004567891" });
    await givePayoutDetails(paypal.accessToken, { method: "paypal", email: "p@example.com" });
    await payableSale(bank.code);
    await payableSale(paypal.code);
    const payout = await createdPayout(admin.accessToken);
    const exports = () =>
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, payout._id))
        .then((entries) => entries.filter((e) => e.action.startsWith("export.")));
    const batch = payout._id.slice(-8).toUpperCase();
    const cents = (method: string) =>
      Math.round((payout.lines.find((l) => l.payoutDetails.method === method)?.amount ?? 0) * 100);

    const aba = await get(
      admin.accessToken,
      `/api/admin/payouts/${payout._id}/aba?date=2026-12-01`,
    );
    expect(aba.status).toBe(200);
    expect(await exports()).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: admin.email,
        entity: "payout",
        action: "export.aba",
        before: null,
        after: {
          file: `payout-${batch}-2026-12-01.aba`,
          lines: 1,
          totalCents: cents("bank"),
          processingDate: "2026-12-01",
        },
      }),
    ]);
    const csv = await get(admin.accessToken, `/api/admin/payouts/${payout._id}/paypal.csv`);
    expect(csv.status).toBe(200);
    const entries = await exports();
    expect(entries.map((e) => [e.action, e.after])).toContainEqual([
      "export.paypal",
      { file: `payout-${batch}-paypal.csv`, lines: 1, totalCents: cents("paypal") },
    ]);
    const written = JSON.stringify(entries);
    for (const secret of ["004567891", "4567891", "p@example.com", BANK_DETAILS.bsb]) {
      expect(written).not.toContain(secret);
    }

    // A file refused (the shop's bank settings missing) was not downloaded: no entry.
    const refused = await callWorker(
      `/api/admin/payouts/${payout._id}/aba`,
      { headers: { token: admin.accessToken } },
      { SHOP_BANK_BSB: "" },
    );
    expect(refused.status).toBe(409);
    expect(await exports()).toHaveLength(2);
  });

  it("says what is missing instead of writing a file no bank would take", async () => {
    const admin = await adminSession();
    const p = await creatorSession();
    await givePayoutDetails(p.accessToken, { method: "paypal", email: "p@example.com" });
    await payableSale(p.code);
    const payout = await createdPayout(admin.accessToken);
    const noBank = await get(admin.accessToken, `/api/admin/payouts/${payout._id}/aba`);
    expect(noBank.status).toBe(409);
    expect(await noBank.json()).toMatchObject({ code: "no_bank_lines" });
    const badDate = await get(
      admin.accessToken,
      `/api/admin/payouts/${payout._id}/aba?date=2026-02-30`,
    );
    expect(badDate.status).toBe(400);
    const missing = await callWorker(
      `/api/admin/payouts/${payout._id}/aba`,
      { headers: { token: admin.accessToken } },
      { SHOP_BANK_USER_ID: "", SHOP_BANK_BSB: "" },
    );
    expect(missing.status).toBe(409);
    expect((await missing.json<{ message: string }>()).message).toContain(
      "SHOP_BANK_USER_ID, SHOP_BANK_BSB",
    );
    const unknown = await get(admin.accessToken, `/api/admin/payouts/${"0".repeat(24)}/paypal.csv`);
    expect(unknown.status).toBe(404);
  });
});

describe("marking a batch paid", () => {
  it("pays once: commissions paid, one remittance per creator, the profile shows it", async () => {
    const { admin, creator, sale } = await creatorWithSale();
    const { order } = sale;
    const payout = await createdPayout(admin.accessToken);

    const answers = await Promise.all([1, 2, 3].map(() => markPaid(admin.accessToken, payout._id)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const paid = (await answers[0]?.json<{ payout: AdminPayoutDto }>())?.payout;
    expect(paid).toMatchObject({ status: "paid" });
    expect(paid?.paidAt).not.toBeNull();

    const [c] = await db().select().from(commissions).where(eq(commissions.orderId, order.id));
    expect(c?.status).toBe("paid");
    await expect
      .poll(async () =>
        (await mailsTo(creator.email)).filter((m) => m.subject.includes("has paid you")),
      )
      .toHaveLength(1);
    const [remittance] = (await mailsTo(creator.email)).filter((m) =>
      m.subject.includes("has paid you"),
    );
    expect(remittance?.subject).toBe("Tamra & Tara has paid you $59.00");
    expect(remittance?.text).toContain("BSB 062-000, account ••••••678");
    expect(remittance?.text).toContain(
      `http://localhost:8787/creator-profile/payouts/${payout.lines[0]?._id}`,
    );
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.entity, "payout"))).filter(
        (a) => a.action === "paid",
      ),
    ).toHaveLength(1);

    const me = await creatorMe(creator.accessToken);
    expect(me.balance).toEqual({ pending: 0, payable: 0, processing: 0, paid: 59 });
    expect(me.payouts).toEqual([
      {
        _id: payout.lines[0]?._id,
        paidAt: paid?.paidAt,
        amount: 59,
        method: "bank",
        paidTo: "BSB 062-000, account ••••••678",
        orders: 1,
      },
    ]);
    // A paid batch cannot be cancelled.
    const cancel = await asUser(admin.accessToken, `/api/admin/payouts/${payout._id}/cancel`, {});
    expect(cancel.status).toBe(409);
  });

  it("shows a batch not yet paid as processing, and a cancelled one gives its commissions back", async () => {
    const { admin, creator } = await creatorWithSale();
    const payout = await createdPayout(admin.accessToken);
    expect((await creatorMe(creator.accessToken)).balance).toEqual({
      pending: 0,
      payable: 0,
      processing: 59,
      paid: 0,
    });
    expect((await creatorMe(creator.accessToken)).payouts).toEqual([]);

    const res = await asUser(admin.accessToken, `/api/admin/payouts/${payout._id}/cancel`, {});
    expect(res.status).toBe(200);
    expect((await res.json<{ payout: AdminPayoutDto }>()).payout.status).toBe("cancelled");
    expect((await creatorMe(creator.accessToken)).balance.payable).toBe(59);
    expect((await markPaid(admin.accessToken, payout._id)).status).toBe(409);

    const next = await createdPayout(admin.accessToken);
    expect(next.total).toBe(59);
  });
});

describe("a refund after a payout", () => {
  it("is carried as a negative balance into the next payout, never lost", async () => {
    const { admin, creator, sale: first } = await creatorWithSale(); // $59.00
    const p1 = await createdPayout(admin.accessToken);
    await markPaid(admin.accessToken, p1._id);

    // The whole first order is refunded after its commission was paid out.
    await refund(first.session);
    let me = await creatorMe(creator.accessToken);
    expect(me.balance).toEqual({ pending: 0, payable: -59, processing: 0, paid: 59 });
    // Owed nothing, the creator is in no batch, and the debt stays.
    expect((await createPayout(admin.accessToken, { minimum: 0.01 })).status).toBe(409);

    await payableSale(creator.code, 70_000); // $69.00
    await payableSale(creator.code, 60_000); // $59.00
    me = await creatorMe(creator.accessToken);
    expect(me.balance.payable).toBe(69);
    const p2 = await createdPayout(admin.accessToken);
    expect(p2.lines).toHaveLength(1);
    expect(p2.lines[0]).toMatchObject({ amount: 69, commissions: 128, carried: -59, orders: 3 });
    await markPaid(admin.accessToken, p2._id);
    me = await creatorMe(creator.accessToken);
    expect(me.balance).toEqual({ pending: 0, payable: 0, processing: 0, paid: 128 });

    // The statement shows the refunded order taken back.
    const statement = await statementOf(creator.accessToken, p2.lines[0]?._id ?? "");
    const takenBack = statement.lines.find((l) => l.orderNumber === first.order.id.slice(-8));
    expect(takenBack).toMatchObject({ commission: 59, earlierPaid: 59, reversed: 59, amount: -59 });
    expect(statement.total).toBe(69);
    expect(statement.lines.reduce((s, l) => s + l.amount * 100, 0)).toBe(6900);
  });

  it("keeps a suspended creator's earned commission payable", async () => {
    const { admin, creator } = await creatorWithSale();
    await setCreatorStatus(creator.userId, "suspended");
    const payout = await createdPayout(admin.accessToken);
    expect(payout.lines.map((l) => l.creatorId)).toEqual([creator.userId]);
  });
});

/** The statement of a payout line as the holder of `token` opens it. */
async function statementOf(token: string, lineId: string) {
  const res = await get(token, `/api/payouts/${lineId}/statement`);
  expect(res.status).toBe(200);
  return (await res.json<{ statement: PayoutStatementDto }>()).statement;
}

describe("statements", () => {
  async function paidLine(details: Record<string, unknown>) {
    const admin = await adminSession();
    const creator = await creatorSession();
    await givePayoutDetails(creator.accessToken, details);
    const { order } = await payableSale(creator.code);
    const payout = await createdPayout(admin.accessToken);
    const lineId = payout.lines[0]?._id ?? "";
    return { admin, creator, order, payout, lineId };
  }

  it("are for their creator once paid, and for admins; 404 for anyone else", async () => {
    const { admin, creator, payout, lineId } = await paidLine(BANK_DETAILS);
    const path = `/api/payouts/${lineId}/statement`;
    expect((await get(creator.accessToken, path)).status).toBe(404);
    expect((await get(admin.accessToken, path)).status).toBe(200);
    await markPaid(admin.accessToken, payout._id);
    expect((await get(creator.accessToken, path)).status).toBe(200);
    const stranger = await creatorSession();
    const other = await get(stranger.accessToken, path);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ success: false, message: "Statement not found" });
    expect(
      (await get(stranger.accessToken, `/api/payouts/${"a".repeat(24)}/statement`)).status,
    ).toBe(404);
    expect((await callWorker(path)).status).toBe(401);
    expect((await get(creator.accessToken, "/api/payouts/not-an-id/statement")).status).toBe(400);
  });

  it("is a plain statement without an ABN or GST registration", async () => {
    const { admin, creator, order, payout, lineId } = await paidLine({ ...BANK_DETAILS, abn: ABN });
    await markPaid(admin.accessToken, payout._id);
    const statement = await statementOf(creator.accessToken, lineId);
    expect(statement).toMatchObject({
      title: "Commission statement",
      isTaxInvoice: false,
      gst: null,
      agreement: null,
      creator: { abn: "51 824 753 556", gstRegistered: false },
      total: 59,
      totalCommission: 59,
      totalReversed: 0,
      paidTo: "BSB 062-000, account ••••••678",
    });
    expect(statement.lines).toEqual([
      {
        orderNumber: order.id.slice(-8),
        paidAt: order.paidAt?.toISOString(),
        commission: 59,
        reversed: 0,
        earlierPaid: 0,
        amount: 59,
      },
    ]);
  });

  it("is a recipient created tax invoice for a creator registered for GST", async () => {
    const { admin, creator, payout, lineId } = await paidLine({
      method: "paypal",
      email: "gst@example.com",
      abn: ABN,
      gstRegistered: true,
    });
    await markPaid(admin.accessToken, payout._id);
    const statement = await statementOf(creator.accessToken, lineId);
    expect(statement).toMatchObject({
      title: "Recipient created tax invoice",
      isTaxInvoice: true,
      shop: { name: "Tamra & Tara Pty Ltd", abn: "12 345 678 012" },
      creator: { name: creator.name, abn: "51 824 753 556", gstRegistered: true },
      total: 59,
      gst: 5.36,
      paidTo: "PayPal gst@example.com",
    });
    expect(statement.issuedAt).not.toBeNull();
    expect(statement.agreement).toContain("recipient created tax invoice");
    expect(statement.number).toBe(lineId.slice(-8).toUpperCase());
  });
});

describe("the development clock for the hold (/api/dev/commission-hold)", () => {
  const devCall = async (body: unknown) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request("http://localhost:8787/api/dev/commission-hold", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { ...env, ENVIRONMENT: "development" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  };

  it("approves one creator's commissions as the cron would that many days on", async () => {
    const [creator, other] = await creatorSessions(2);
    const { commission } = await payableSale(creator.code);
    const { commission: others } = await payableSale(other.code);
    await db()
      .update(commissions)
      .set({ status: "pending", approvedAt: null })
      .where(inArray(commissions.id, [commission.id, others.id]));
    const early = await devCall({ email: creator.email, days: 29 });
    expect(await early.json()).toEqual({ success: true, approved: 0 });
    const due = await devCall({ email: creator.email, days: 31 });
    expect(await due.json()).toEqual({ success: true, approved: 1 });
    const rows = await db().select().from(commissions);
    expect(rows.find((r) => r.id === commission.id)?.status).toBe("approved");
    expect(rows.find((r) => r.id === others.id)?.status).toBe("pending");
    expect((await devCall({ email: "nobody@example.com", days: 31 })).status).toBe(404);
    expect((await devCall({ email: creator.email, days: -1 })).status).toBe(400);
  });
});
