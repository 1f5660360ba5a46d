// Stripe events that take money back (refunds and disputes): kept when they arrive before the
// payment is recorded, added up per charge, applied once however often they are delivered, and
// undone when the shop wins a dispute. The sandbox cannot open disputes, so those are posted as
// signed events, as Stripe would deliver them.
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { commissions, emailOutbox, orders, stripeEvents } from "../../worker/db/schema";
import { creatorSession, creatorStats } from "./helpers/accounts";
import { deliver, eventFor, openSession, pay, refundEvents, stripe } from "./helpers/checkout";
import { createCategory, createProduct, db } from "./helpers/factories";

/** Two $39.95 items with the creator's $10 code: 8789 charged, a 699 commission. */
const CHARGED = 8789;
const COMMISSION = 699;
/** The commission's share of `reversed` cents, rounded half up (as the Worker computes it). */
const share = (reversed: number) => Math.floor((COMMISSION * reversed + CHARGED / 2) / CHARGED);

/** An attributed checkout, paid on the sandbox, whose completed event is not delivered yet. */
async function paidCheckout() {
  const creator = await creatorSession();
  const category = await createCategory();
  const product = await createProduct(category.id, { finalPriceCents: 3995 });
  const { url, session } = await openSession({
    items: [{ _id: product.id, quantity: 2 }],
    affiliateCode: creator.code,
  });
  const paid = await pay(url);
  if (paid.status !== 303) throw new Error(`payment failed: ${paid.status}`);
  const completed = await eventFor(session.id, "checkout.session.completed");
  const paymentIntent = (await stripe().checkout.sessions.retrieve(session.id))
    .payment_intent as string;
  return { creator, completed, paymentIntent };
}

async function paidOrder() {
  const checkout = await paidCheckout();
  expect((await deliver(checkout.completed)).status).toBe(200);
  return checkout;
}

/** Refunds `amount` (or the rest) on the sandbox; returns its charge.refunded event. */
async function refund(paymentIntent: string, amount?: number): Promise<Stripe.Event> {
  await stripe().refunds.create({ payment_intent: paymentIntent, ...(amount ? { amount } : {}) });
  const [latest] = await refundEvents(paymentIntent);
  if (!latest) throw new Error("no charge.refunded event");
  return latest;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A charge.dispute.* event as Stripe sends it. */
function disputeEvent(
  type: "charge.dispute.created" | "charge.dispute.closed",
  dispute: { id: string; paymentIntent: string; amount: number; status: string; at?: number },
): Stripe.Event {
  const created = dispute.at ?? nowSeconds();
  return {
    id: `evt_${type.replaceAll(".", "_")}_${dispute.id}_${dispute.status}`,
    object: "event",
    api_version: "2026-09-30.endive",
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: dispute.id,
        object: "dispute",
        amount: dispute.amount,
        currency: "aud",
        charge: "ch_disputed",
        payment_intent: dispute.paymentIntent,
        reason: "fraudulent",
        status: dispute.status,
        created,
        livemode: false,
        metadata: {},
      },
    },
  } as unknown as Stripe.Event;
}

/** A dispute of `amount` cents just opened against the payment, awaiting the shop's response. */
const disputeOpened = (id: string, paymentIntent: string, amount: number) =>
  disputeEvent("charge.dispute.created", { id, paymentIntent, amount, status: "needs_response" });

/** The one order and its commission, in the figures these tests compare. */
async function money() {
  const [order] = await db().select().from(orders);
  const [commission] = await db().select().from(commissions);
  return {
    refunded: order?.refundedCents,
    disputed: order?.disputedCents,
    reversed: commission?.reversedCents,
    status: commission?.status,
  };
}

/** Delivers each event `times` times, all at once: every delivery must be answered 200. */
async function deliverAtOnce(events: Parameters<typeof deliver>[0][], times: number) {
  const answers = await Promise.all(
    events.flatMap((event) => Array.from({ length: times }, () => deliver(event))),
  );
  expect(answers.map((r) => r.status)).toEqual(Array(events.length * times).fill(200));
}

/** The order's refunded and disputed cents, and its commission's reversed cents and status. */
async function expectMoney(refunded: number, disputed: number, reversed: number, status: string) {
  expect(await money()).toEqual({ refunded, disputed, reversed, status });
}

const outcomeOf = async (res: Response) => (await res.json<{ outcome: string }>()).outcome;

describe("refunds and disputes before the payment is recorded", () => {
  it("a refund that overtakes checkout.session.completed is kept and applied when the order is paid", async () => {
    const { completed, paymentIntent } = await paidCheckout();
    const early = await refund(paymentIntent, 2197);
    const res = await deliver(early);
    expect(res.status).toBe(200);
    expect(await outcomeOf(res)).toBe("reversal_kept");
    expect((await db().select().from(orders))[0]).toMatchObject({
      status: "pending",
      refundedCents: 0,
    });

    expect(await outcomeOf(await deliver(completed))).toBe("fulfilled");
    const applied = {
      refunded: 2197,
      disputed: 0,
      reversed: share(2197),
      status: "pending",
    };
    expect(await money()).toEqual(applied);
    // Replays of either event change nothing.
    await deliver(early);
    await deliver(completed);
    expect(await money()).toEqual(applied);
  });

  it("a dispute that overtakes the payment is kept too, and a full refund ends the commission", async () => {
    const { completed, paymentIntent } = await paidCheckout();
    const dispute = disputeOpened("dp_early", paymentIntent, 3000);
    expect(await outcomeOf(await deliver(dispute))).toBe("reversal_kept");
    const full = await refund(paymentIntent);
    expect(await outcomeOf(await deliver(full))).toBe("reversal_kept");
    await deliver(completed);
    // Refunded in full; the dispute cannot take more than was paid.
    await expectMoney(CHARGED, 0, COMMISSION, "reversed");
  });

  it("10 concurrent deliveries each of a refund, a dispute and the payment make one effect", async () => {
    const { completed, paymentIntent } = await paidCheckout();
    const refunded = await refund(paymentIntent, 2197);
    const disputed = disputeOpened("dp_race", paymentIntent, 3000);
    await deliverAtOnce([refunded, disputed, completed], 10);
    await expectMoney(2197, 3000, share(5197), "pending");
    expect(await db().select().from(stripeEvents)).toHaveLength(3);
    expect(await db().select().from(commissions)).toHaveLength(1);
    // One confirmation and one owner alert.
    expect(await db().select().from(emailOutbox)).toHaveLength(2);
  });
});

describe("a refund and a dispute on the same charge", () => {
  it("add up, capped at the amount paid, and the commission is reversed by the share", async () => {
    const { paymentIntent } = await paidOrder();
    expect(await outcomeOf(await deliver(await refund(paymentIntent, 2197)))).toBe(
      "refund_recorded",
    );
    const opened = disputeOpened("dp_sum", paymentIntent, 2000);
    expect(await outcomeOf(await deliver(opened))).toBe("refund_recorded");
    await expectMoney(2197, 2000, share(4197), "pending");

    // A second refund: Stripe reports the cumulative amount, the dispute still counts.
    await deliver(await refund(paymentIntent, 1000));
    expect(await money()).toMatchObject({
      refunded: 3197,
      disputed: 2000,
      reversed: share(5197),
    });

    // A dispute said to be larger than what is left of the charge takes no more than was paid.
    const larger = disputeEvent("charge.dispute.created", {
      id: "dp_sum",
      paymentIntent,
      amount: CHARGED,
      status: "under_review",
      at: nowSeconds() + 60,
    });
    expect((await deliver(larger)).status).toBe(200);
    await expectMoney(3197, CHARGED - 3197, COMMISSION, "reversed");
  });

  it("replayed and concurrent deliveries of each event count once", async () => {
    const { paymentIntent } = await paidOrder();
    const first = await refund(paymentIntent, 1000);
    const second = await refund(paymentIntent, 1500);
    const opened = disputeOpened("dp_dupes", paymentIntent, 2500);
    await deliverAtOnce([second, first, opened], 8);
    await deliver(first);
    await deliver(opened);
    await expectMoney(2500, 2500, share(5000), "pending");
  });
});

describe("closing a dispute", () => {
  it("won by the shop: the disputed amount and the commission come back, also after approval", async () => {
    const { creator, paymentIntent } = await paidOrder();
    await db().update(commissions).set({ status: "approved", approvedAt: new Date() });
    await deliver(await refund(paymentIntent, 2197));
    const at = nowSeconds();
    const dispute = { id: "dp_won", paymentIntent, amount: CHARGED - 2197 };
    const opened = disputeEvent("charge.dispute.created", {
      ...dispute,
      status: "needs_response",
      at,
    });
    await deliver(opened);
    await expectMoney(2197, CHARGED - 2197, COMMISSION, "reversed");
    expect(await creatorStats(creator.accessToken)).toMatchObject({ sales: 0, earnings: 0 });

    const won = disputeEvent("charge.dispute.closed", { ...dispute, status: "won", at: at + 60 });
    await Promise.all(Array.from({ length: 5 }, () => deliver(won)));
    const restored = {
      refunded: 2197,
      disputed: 0,
      reversed: share(2197),
      status: "approved",
    };
    expect(await money()).toEqual(restored);
    expect(await creatorStats(creator.accessToken)).toMatchObject({
      sales: 1,
      earnings: (COMMISSION - share(2197)) / 100,
    });
    // A late replay of the opening event does not reopen the dispute.
    await deliver(opened);
    await deliver(won);
    expect(await money()).toEqual(restored);
  });

  it("won: an opening event delivered after the closing one reverses nothing", async () => {
    const { paymentIntent } = await paidOrder();
    const at = nowSeconds();
    const dispute = { id: "dp_won_first", paymentIntent, amount: CHARGED };
    const opened = disputeEvent("charge.dispute.created", {
      ...dispute,
      status: "needs_response",
      at,
    });
    const won = disputeEvent("charge.dispute.closed", { ...dispute, status: "won", at: at + 60 });
    await deliver(won);
    await Promise.all([deliver(opened), deliver(opened), deliver(won)]);
    await expectMoney(0, 0, 0, "pending");
  });

  it("lost: the commission stays reversed, whatever order the events arrive in", async () => {
    const { creator, paymentIntent } = await paidOrder();
    const at = nowSeconds();
    const dispute = { id: "dp_lost", paymentIntent, amount: CHARGED };
    const opened = disputeEvent("charge.dispute.created", {
      ...dispute,
      status: "needs_response",
      at,
    });
    const lost = disputeEvent("charge.dispute.closed", { ...dispute, status: "lost", at: at + 60 });
    const reversed = { refunded: 0, disputed: CHARGED, reversed: COMMISSION, status: "reversed" };
    // The closing event first (the opening one is delayed).
    expect(await outcomeOf(await deliver(lost))).toBe("refund_recorded");
    expect(await money()).toEqual(reversed);
    await Promise.all([deliver(opened), deliver(lost), deliver(opened)]);
    expect(await money()).toEqual(reversed);
    expect(await creatorStats(creator.accessToken)).toMatchObject({ sales: 0, earnings: 0 });
  });

  it("lost after a partial refund: both stay counted", async () => {
    const { paymentIntent } = await paidOrder();
    await deliver(await refund(paymentIntent, 1000));
    const at = nowSeconds();
    const dispute = { id: "dp_lost_partial", paymentIntent, amount: 3000 };
    await deliver(
      disputeEvent("charge.dispute.created", { ...dispute, status: "needs_response", at }),
    );
    await deliver(
      disputeEvent("charge.dispute.closed", { ...dispute, status: "lost", at: at + 60 }),
    );
    await expectMoney(1000, 3000, share(4000), "pending");
  });
});

describe("signed events with hostile values", () => {
  it("answer 2xx and keep every figure within what was paid", async () => {
    const { paymentIntent } = await paidOrder();
    const dispute = (id: string, amount: unknown, status: unknown, at = nowSeconds()) =>
      ({
        ...disputeEvent("charge.dispute.created", { id, paymentIntent, amount: 0, status: "" }),
        id: `evt_hostile_${id}_${String(amount)}_${String(status)}`,
        created: at,
        data: { object: { id, object: "dispute", amount, payment_intent: paymentIntent, status } },
      }) as unknown as Stripe.Event;
    const refunded = (id: string, amountRefunded: unknown) =>
      ({
        id: `evt_hostile_refund_${id}_${String(amountRefunded)}`,
        object: "event",
        created: nowSeconds(),
        type: "charge.refunded",
        data: {
          object: {
            id,
            object: "charge",
            amount: CHARGED,
            amount_refunded: amountRefunded,
            payment_intent: paymentIntent,
          },
        },
      }) as unknown as Stripe.Event;
    const events = [
      dispute("dp_negative", -5, "needs_response"),
      dispute("dp_unsafe", 2 ** 60, "needs_response"),
      dispute("dp_text", "8789", "needs_response"),
      dispute("", 100, "needs_response"),
      dispute("dp_odd_status", 1234, "<script>"),
      dispute("dp_huge", Number.MAX_SAFE_INTEGER, "lost"),
      dispute("dp_future", 10, "needs_response", Number.MAX_SAFE_INTEGER),
      refunded("ch_negative", -1),
      refunded("ch_huge", Number.MAX_SAFE_INTEGER),
      refunded("dp_huge", 1), // a refund under a dispute's id changes neither
    ];
    for (const event of events) {
      const res = await deliver(event);
      expect(res.status, event.id).toBe(200);
    }
    const after = await money();
    expect(after).toEqual({
      refunded: CHARGED,
      disputed: 0,
      reversed: COMMISSION,
      status: "reversed",
    });
  });
});
