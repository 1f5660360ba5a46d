// The creator hold: a commission is payable only once CREATOR_HOLD_DAYS (default 30, the
// satisfaction guarantee) have passed since its order was paid; creator/me shows when, and the
// balance split by state, net of reversals.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { CreatorBalance, CreatorCommissionDto } from "../../worker/contracts/account";
import { commissions, orders } from "../../worker/db/schema";
import { parseEnv } from "../../worker/env";
import worker from "../../worker/index";
import {
  approveDueCommissions,
  creatorHoldMs,
  DEFAULT_CREATOR_HOLD_DAYS,
} from "../../worker/modules/creators/commissions";
import { adminSession, asUser, creatorSession } from "./helpers/accounts";
import { deliver, paidOrder, refundEvents, stripe } from "./helpers/checkout";
import { callWorker, createCategory, createProduct, db } from "./helpers/factories";
import { givePayoutDetails } from "./helpers/payouts";

const DAY_MS = 86_400_000;

async function sale(code: string, quantity: number) {
  const cat = await createCategory();
  const p = await createProduct(cat.id, { finalPriceCents: 3995 });
  const { session } = await paidOrder({ items: [{ _id: p.id, quantity }], affiliateCode: code });
  const [order] = await db().select().from(orders).where(eq(orders.stripeSessionId, session.id));
  if (!order?.paidAt) throw new Error("order not paid");
  return { session, orderId: order.id, paidAt: order.paidAt.getTime() };
}

const statusOf = async (orderId: string) =>
  (await db().select().from(commissions).where(eq(commissions.orderId, orderId)))[0]?.status;

const setPaidAt = (orderId: string, at: number) =>
  db()
    .update(orders)
    .set({ paidAt: new Date(at) })
    .where(eq(orders.id, orderId));

async function runHourlyCron(scheduledTime: number, vars: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  await worker.scheduled(
    { cron: "17 * * * *", scheduledTime, noRetry: () => {} } as ScheduledController,
    { ...env, ...vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

async function creatorMe(token: string, vars: Record<string, string> = {}) {
  const res = await callWorker(
    "/api/user/creator/me",
    { headers: { "content-type": "application/json", token } },
    vars,
  );
  expect(res.status).toBe(200);
  return (
    await res.json<{
      creator: { balance: CreatorBalance; commissions: CreatorCommissionDto[] };
    }>()
  ).creator;
}

describe("the commission hold", () => {
  it("is 30 days after payment by default: not payable at 29 days, payable at 30", async () => {
    expect(DEFAULT_CREATOR_HOLD_DAYS).toBe(30);
    expect(creatorHoldMs({})).toBe(30 * DAY_MS);
    expect(creatorHoldMs(env)).toBe(30 * DAY_MS);
    const creator = await creatorSession();
    const { orderId, paidAt } = await sale(creator.code, 2);
    const holdMs = creatorHoldMs(env);

    expect(await approveDueCommissions({ db: db() }, { holdMs, now: paidAt + 29 * DAY_MS })).toBe(
      0,
    );
    expect(
      await approveDueCommissions({ db: db() }, { holdMs, now: paidAt + 30 * DAY_MS - 1 }),
    ).toBe(0);
    expect(await statusOf(orderId)).toBe("pending");
    const at = paidAt + 30 * DAY_MS;
    expect(await approveDueCommissions({ db: db() }, { holdMs, now: at })).toBe(1);
    const [row] = await db().select().from(commissions);
    expect(row).toMatchObject({ status: "approved", approvedAt: new Date(at) });
    // Once approved it stays so: a later run changes nothing.
    expect(await approveDueCommissions({ db: db() }, { holdMs, now: at + DAY_MS })).toBe(0);
  });

  it("counts from the order's payment, not from when the commission row was written", async () => {
    const creator = await creatorSession();
    const { orderId } = await sale(creator.code, 1);
    const now = Date.now();
    await setPaidAt(orderId, now - 31 * DAY_MS);
    await runHourlyCron(now);
    expect(await statusOf(orderId)).toBe("approved");
  });

  it("never approves a commission reversed in full", async () => {
    const creator = await creatorSession();
    const { orderId, paidAt } = await sale(creator.code, 1);
    await db()
      .update(commissions)
      .set({ reversedCents: sql`${commissions.amountCents}`, status: "reversed" });
    const holdMs = creatorHoldMs(env);
    expect(await approveDueCommissions({ db: db() }, { holdMs, now: paidAt + 60 * DAY_MS })).toBe(
      0,
    );
    expect(await statusOf(orderId)).toBe("reversed");
  });

  it("follows CREATOR_HOLD_DAYS: 0 approves at the next cron, 14 after two weeks", async () => {
    const creator = await creatorSession();
    const first = await sale(creator.code, 1);
    await runHourlyCron(first.paidAt, { CREATOR_HOLD_DAYS: "0" });
    expect(await statusOf(first.orderId)).toBe("approved");

    const second = await sale(creator.code, 2);
    const now = Date.now();
    await setPaidAt(second.orderId, now - 13 * DAY_MS);
    await runHourlyCron(now, { CREATOR_HOLD_DAYS: "14" });
    expect(await statusOf(second.orderId)).toBe("pending");
    await setPaidAt(second.orderId, now - 14 * DAY_MS);
    await runHourlyCron(now, { CREATOR_HOLD_DAYS: "14" });
    expect(await statusOf(second.orderId)).toBe("approved");
  });

  it("is checked at start-up: whole days from 0 to 365", () => {
    const base = { ...env };
    for (const days of ["0", "7", "14", "30", "365"]) {
      expect(parseEnv({ ...base, CREATOR_HOLD_DAYS: days }).CREATOR_HOLD_DAYS, days).toBe(days);
      expect(creatorHoldMs({ CREATOR_HOLD_DAYS: days })).toBe(Number(days) * DAY_MS);
    }
    expect(parseEnv({ ...base, CREATOR_HOLD_DAYS: undefined }).CREATOR_HOLD_DAYS).toBeUndefined();
    for (const days of ["366", "1000", "-1", "1.5", "030", " 30", "30 ", "", "thirty", "1e2"]) {
      expect(() => parseEnv({ ...base, CREATOR_HOLD_DAYS: days }), days).toThrow(
        "CREATOR_HOLD_DAYS must be a whole number of days, 0 to 365",
      );
    }
    expect(() => parseEnv({ ...base, CREATOR_HOLD_DAYS: 30 })).toThrow("CREATOR_HOLD_DAYS");
  });
});

describe("creator/me", () => {
  it("shows each commission's payable date and the balance by state, net of reversals", async () => {
    const creator = await creatorSession();
    const now = Date.now();
    // Four sales, paid 50, 40, 20 and 5 days ago; the first already paid out.
    const approved = await sale(creator.code, 1); // 300 cents
    const pending = await sale(creator.code, 2); // 699, a quarter refunded below
    const paidOut = await sale(creator.code, 3); // 1099
    const refunded = await sale(creator.code, 4); // 1498, refunded in full
    await setPaidAt(paidOut.orderId, now - 50 * DAY_MS);
    await setPaidAt(approved.orderId, now - 40 * DAY_MS);
    await setPaidAt(pending.orderId, now - 20 * DAY_MS);
    await setPaidAt(refunded.orderId, now - 5 * DAY_MS);
    // Fifteen days ago only the first was past its hold, and a payout took it.
    await runHourlyCron(now - 15 * DAY_MS);
    await givePayoutDetails(creator.accessToken);
    const admin = await adminSession();
    const made = await asUser(admin.accessToken, "/api/admin/payouts", { minimum: 1 });
    expect(made.status).toBe(200);
    const { payout } = await made.json<{ payout: { _id: string; total: number } }>();
    expect(payout.total).toBe(10.99);
    expect(
      (await asUser(admin.accessToken, `/api/admin/payouts/${payout._id}/paid`, {})).status,
    ).toBe(200);
    await runHourlyCron(now);
    expect(await statusOf(approved.orderId)).toBe("approved");
    expect(await statusOf(pending.orderId)).toBe("pending");
    expect(await statusOf(paidOut.orderId)).toBe("paid");

    let me = await creatorMe(creator.accessToken);
    expect(me.balance).toEqual({ pending: 21.97, payable: 3, processing: 0, paid: 10.99 });
    expect(me.commissions.map((c) => c.orderNumber)).toEqual(
      [refunded, pending, approved, paidOut].map((s) => s.orderId.slice(-8)),
    );
    const holdMs = 30 * DAY_MS;
    expect(me.commissions[2]).toEqual({
      orderNumber: approved.orderId.slice(-8),
      paidAt: new Date(now - 40 * DAY_MS).toISOString(),
      amount: 3,
      reversed: 0,
      status: "approved",
      review: null,
      payableAt: new Date(now - 40 * DAY_MS + holdMs).toISOString(),
    });
    expect(me.commissions[1]).toMatchObject({
      amount: 6.99,
      status: "pending",
      payableAt: new Date(now - 20 * DAY_MS + holdMs).toISOString(),
    });

    // A quarter of one order refunded (8789 charged, 2197 back: 175 of 699), the other in full.
    const refund = async (session: Stripe.Checkout.Session, amount?: number) => {
      const paymentIntent = (await stripe().checkout.sessions.retrieve(session.id))
        .payment_intent as string;
      await stripe().refunds.create({ payment_intent: paymentIntent, amount });
      const [event] = await refundEvents(paymentIntent);
      expect((await deliver(event as Stripe.Event)).status).toBe(200);
    };
    await refund(pending.session, 2197);
    await refund(refunded.session);
    me = await creatorMe(creator.accessToken);
    expect(me.balance).toEqual({ pending: 5.24, payable: 3, processing: 0, paid: 10.99 });
    expect(me.commissions[0]).toMatchObject({ amount: 14.98, reversed: 14.98, status: "reversed" });
    expect(me.commissions[1]).toMatchObject({ amount: 6.99, reversed: 1.75, status: "pending" });
  });

  it("dates the payable day by the configured hold", async () => {
    const creator = await creatorSession();
    const { paidAt } = await sale(creator.code, 1);
    const me = await creatorMe(creator.accessToken, { CREATOR_HOLD_DAYS: "14" });
    expect(me.commissions).toHaveLength(1);
    expect(me.commissions[0]?.payableAt).toBe(new Date(paidAt + 14 * DAY_MS).toISOString());
    expect(me.balance).toEqual({ pending: 3, payable: 0, processing: 0, paid: 0 });
  });

  it("lists the latest 50 commissions and keeps the stats as they were", async () => {
    const creator = await creatorSession();
    const { orderId } = await sale(creator.code, 1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const [commission] = await db().select().from(commissions);
    if (!order || !commission) throw new Error("no sale");
    // 54 more paid orders, one a day before the first, written as the fulfilment batch would.
    const base = order.paidAt?.getTime() ?? 0;
    for (let i = 1; i <= 54; i++) {
      const id = `${orderId.slice(0, -8)}${String(i).padStart(8, "0")}`;
      await db()
        .insert(orders)
        .values({
          ...order,
          id,
          stripeSessionId: `${order.stripeSessionId}_${i}`,
          paidAt: new Date(base - i * DAY_MS),
        });
      await db()
        .insert(commissions)
        .values({
          ...commission,
          id: `${commission.id}_${i}`,
          orderId: id,
          createdAt: new Date(base - i * DAY_MS),
        });
    }
    const res = await callWorker("/api/user/creator/me", {
      headers: { "content-type": "application/json", token: creator.accessToken },
    });
    const { creator: me } = await res.json<{
      creator: {
        balance: CreatorBalance;
        commissions: CreatorCommissionDto[];
        stats: Record<string, unknown>;
      };
    }>();
    expect(me.commissions).toHaveLength(50);
    expect(me.commissions[0]?.orderNumber).toBe(orderId.slice(-8));
    expect(me.commissions[49]?.orderNumber).toBe("00000049");
    // The balance counts every commission, not only those listed.
    expect(me.balance.pending).toBe(55 * 3);
    expect(Object.keys(me.stats).sort()).toEqual(
      ["clicks", "conversionRate", "daily", "earnings", "earningsByStatus", "sales"].sort(),
    );
  });
});
