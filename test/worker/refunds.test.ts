// Refunds and cancellation through Stripe (modules/orders/refunds.ts): real paid orders, the sandbox's
// refunds API and its charge.refunded events. Money never goes out twice: concurrent, repeated and
// resumed requests make one Stripe refund; the later webhook changes nothing more; stock, the
// creator's commission and the customer's mail follow the refund.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type AdminOrderDto,
  ORDER_ADMIN_MESSAGES,
  orderNumber,
  type RefundResponse,
} from "../../worker/contracts/admin-orders";
import { formatCents } from "../../worker/contracts/money";
import {
  auditLog,
  commissions,
  orderItems,
  orderRefunds,
  orders,
  products,
  stockMovements,
  stripeReversals,
} from "../../worker/db/schema";
import { newId } from "../../worker/lib/ids";
import { adminSession, asUser, creatorSession, register } from "./helpers/accounts";
import { deliver, openSession, paidOrder, refundEvents, stripe } from "./helpers/checkout";
import { callWorker, createCategory, createProduct, db, outbox } from "./helpers/factories";

const M = ORDER_ADMIN_MESSAGES;
const BUYER = "meera@example.com";

/** Two $39.95 items with a creator's $10 code: 8789 charged, a 699 commission. */
const CHARGED = 8789;
const COMMISSION = 699;
/** The commission's share of `refunded` cents, rounded half up as the Worker computes it. */
const share = (refunded: number) =>
  Math.floor((COMMISSION * refunded + Math.floor(CHARGED / 2)) / CHARGED);

interface Line {
  stock?: number | null;
  quantity: number;
}

/**
 * A paid order of one product per line (tracked with `stock` units before the sale unless null),
 * attributed to a new creator when `creator` is set.
 */
async function placeOrder({
  lines = [{ stock: 10, quantity: 2 }] as Line[],
  creator = false,
} = {}) {
  const category = await createCategory();
  const made = await Promise.all(
    lines.map((l) =>
      createProduct(category.id, { finalPriceCents: 3995, stockOnHand: l.stock ?? null }),
    ),
  );
  const code = creator ? (await creatorSession()).code : "";
  const { session } = await paidOrder({
    items: made.map((p, i) => ({ _id: p.id, quantity: lines[i]?.quantity })),
    affiliateCode: code,
  });
  const [order] = await db().select().from(orders).where(eq(orders.stripeSessionId, session.id));
  if (!order?.stripePaymentIntentId) throw new Error("the order was not paid");
  return { order, products: made, paymentIntent: order.stripePaymentIntentId };
}

/** An admin's POST; `vars` override the Worker's variables (Stripe's address). */
const post = (token: string, path: string, body?: unknown, vars?: Record<string, string>) =>
  callWorker(
    path,
    {
      method: "POST",
      headers: {
        token,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    vars,
  );
const refund = (
  token: string,
  orderId: string,
  body: Record<string, unknown> = {},
  vars?: Record<string, string>,
) => post(token, `/api/admin/orders/${orderId}/refund`, body, vars);
/** No body at all is a cancellation with the defaults. */
const cancel = (token: string, orderId: string, body?: Record<string, unknown>) =>
  post(token, `/api/admin/orders/${orderId}/cancel`, body);

async function refunded(res: Response) {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<RefundResponse>();
}
const message = async (res: Response) => (await res.json<{ message: string }>()).message;

async function orderRow(orderId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  return row;
}
async function commission(orderId: string) {
  const [row] = await db().select().from(commissions).where(eq(commissions.orderId, orderId));
  return row;
}
const onHand = async (productId: string) =>
  (await db().select().from(products).where(eq(products.id, productId)))[0]?.stockOnHand;
const refundRows = (orderId: string) =>
  db()
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(orderRefunds.createdAt, orderRefunds.id);
/**
 * Writes a pending refund row of `orderId` by `admin` straight into D1, as a request that has not
 * settled leaves it; returns its id.
 */
async function pendingRefundRow(
  orderId: string,
  admin: { id: string; email: string },
  row: Pick<typeof orderRefunds.$inferInsert, "requestKey" | "amountCents"> &
    Partial<typeof orderRefunds.$inferInsert>,
) {
  const id = newId();
  await db()
    .insert(orderRefunds)
    .values({ id, orderId, restockLines: [], actorId: admin.id, actorEmail: admin.email, ...row });
  return id;
}

const refundMails = async () =>
  (await outbox()).filter((m) => m.to === BUYER && m.subject.startsWith("Refund of"));
const cancelMails = async () =>
  (await outbox()).filter((m) => m.to === BUYER && m.subject.endsWith("has been cancelled"));

/** What a refund changes, to compare before and after webhooks and retries. */
async function moneyOf(orderId: string) {
  const order = await orderRow(orderId);
  const c = await commission(orderId);
  return {
    refunded: order?.refundedCents,
    reversed: c?.reversedCents,
    commissionStatus: c?.status,
    rows: (await refundRows(orderId)).map((r) => [r.amountCents, r.status]),
    sources: (await db().select().from(stripeReversals)).map((s) => s.amountCents),
    ledger: (await db().select().from(stockMovements)).length,
  };
}

/** Stripe made one refund of the payment, D1 holds it as succeeded, and the order says `cents`. */
async function expectOneRefund(paymentIntent: string, orderId: string, cents: number) {
  expect(await refundEvents(paymentIntent)).toHaveLength(1);
  expect((await refundRows(orderId)).map((r) => r.status)).toEqual(["succeeded"]);
  expect((await orderRow(orderId))?.refundedCents).toBe(cents);
}

describe("who may refund and cancel", () => {
  it("answers 401 without a token, 403 to shoppers and creators, 404 and 409 for orders it cannot refund", async () => {
    const { order } = await placeOrder();
    const shopper = await register();
    const creator = await creatorSession();
    for (const path of ["refund", "cancel"]) {
      const url = `/api/admin/orders/${order.id}/${path}`;
      expect((await post("", url, {})).status).toBe(401);
      expect((await asUser(shopper.accessToken, url, {})).status).toBe(403);
      expect((await asUser(creator.accessToken, url, {})).status).toBe(403);
    }
    const admin = await adminSession();
    const unknown = await refund(admin.accessToken, newId(), { amount: 5 });
    expect(unknown.status).toBe(404);
    expect(await message(unknown)).toBe(M.notFound);
    expect((await cancel(admin.accessToken, newId())).status).toBe(404);

    // An order whose checkout was opened and never paid.
    const category = await createCategory();
    const product = await createProduct(category.id);
    const { session } = await openSession({ items: [{ _id: product.id, quantity: 1 }] });
    const [unpaid] = await db().select().from(orders).where(eq(orders.stripeSessionId, session.id));
    const notPaid = await refund(admin.accessToken, unpaid?.id ?? "", { amount: 5 });
    expect(notPaid.status).toBe(409);
    expect(await message(notPaid)).toBe(M.notPaid);
    const notCancellable = await cancel(admin.accessToken, unpaid?.id ?? "");
    expect(notCancellable.status).toBe(409);
    expect(await message(notCancellable)).toBe(M.notCancellable);

    // Bodies are checked at the edge.
    for (const body of [{ amount: 0 }, { amount: -1 }, { amount: 1.001 }, { surprise: 1 }]) {
      expect((await refund(admin.accessToken, order.id, body)).status).toBe(400);
    }
    expect(await refundRows(order.id)).toHaveLength(0);
    expect(await refundRows(unpaid?.id ?? "")).toHaveLength(0);
  });
});

describe("refunds", () => {
  it("refunds part, then the rest, reversing the creator's commission by the share; webhooks change nothing more", async () => {
    const { order, paymentIntent } = await placeOrder({ creator: true });
    expect(order.totalCents).toBe(CHARGED);
    const admin = await adminSession();

    const partial = await refunded(
      await refund(admin.accessToken, order.id, { amount: 20, reason: "Dented lid" }),
    );
    expect(partial.refund).toMatchObject({
      amount: 20,
      reason: "Dented lid",
      status: "succeeded",
      cancel: false,
      actorEmail: admin.email,
      error: null,
    });
    expect(partial.refund.stripeRefundId).toMatch(/^re_/);
    expect(partial.order).toMatchObject({
      status: "Order Placed",
      refunded: 20,
      refundable: 67.89,
    });
    expect((await orderRow(order.id))?.refundedCents).toBe(2000);
    expect(await commission(order.id)).toMatchObject({
      reversedCents: share(2000),
      status: "pending",
    });
    const first = await refundEvents(paymentIntent);
    expect(first).toHaveLength(1);
    expect(first[0]?.data.object).toMatchObject({ amount_refunded: 2000 });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "refund")));
    expect(audit).toMatchObject({ actorId: admin.id, entity: "order" });
    expect(audit?.after).toMatchObject({ amount: 20, reason: "Dented lid" });

    // The partial refund's webhook, delivered twice, changes nothing.
    const afterPartial = await moneyOf(order.id);
    const [partialEvent] = first;
    if (!partialEvent) throw new Error("no charge.refunded event");
    for (let i = 0; i < 2; i++) expect((await deliver(partialEvent)).status).toBe(200);
    expect(await moneyOf(order.id)).toEqual(afterPartial);

    // The rest, stated.
    const rest = await refunded(await refund(admin.accessToken, order.id, { amount: 67.89 }));
    expect(rest.refund.amount).toBe(67.89);
    expect(rest.order).toMatchObject({ refunded: CHARGED / 100, refundable: 0 });
    expect(rest.order.refunds).toHaveLength(2);
    expect(rest.order.attribution?.commission).toMatchObject({
      amount: COMMISSION / 100,
      reversed: COMMISSION / 100,
      status: "reversed",
    });
    expect((await orderRow(order.id))?.refundedCents).toBe(CHARGED);
    expect(await commission(order.id)).toMatchObject({
      reversedCents: COMMISSION,
      status: "reversed",
    });
    const events = await refundEvents(paymentIntent);
    expect(
      events.map((e) => (e.data.object as { amount_refunded: number }).amount_refunded),
    ).toEqual([CHARGED, 2000]);

    // Every webhook, in either order and twice, changes nothing more.
    const settled = await moneyOf(order.id);
    expect(settled.sources).toEqual([CHARGED]);
    for (const event of [...events, ...[...events].reverse()]) {
      expect((await deliver(event)).status).toBe(200);
    }
    expect(await moneyOf(order.id)).toEqual(settled);

    const more = await refund(admin.accessToken, order.id, { amount: 1 });
    expect(more.status).toBe(409);
    expect(await message(more)).toBe(M.nothingToRefund);
    expect(await refundEvents(paymentIntent)).toHaveLength(2);
  });

  it("refuses a refund that names neither an amount nor lines: 400, nothing refunded", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    for (const body of [
      undefined,
      {},
      { lines: [] },
      { lines: [], restock: true, reason: "All" },
    ]) {
      const res = await post(admin.accessToken, `/api/admin/orders/${order.id}/refund`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        message: M.nothingChosen,
        code: "invalid_input",
        issues: [{ path: "amount", message: M.nothingChosen }],
      });
    }
    expect(await refundRows(order.id)).toHaveLength(0);
    expect(await refundEvents(paymentIntent)).toHaveLength(0);
    expect((await orderRow(order.id))?.refundedCents).toBe(0);
    expect(await refundMails()).toHaveLength(0);
  });

  it("lines without an amount refund what they are worth; every unit of every line is all that is left", async () => {
    const { order, paymentIntent, products: made } = await placeOrder();
    const product = made[0];
    if (!product) throw new Error("a product");
    // Two $39.95 units with GST and $10 delivery: 97.89. One unit is worth 39.95 with its GST.
    expect(order.totalCents).toBe(9789);
    const admin = await adminSession();
    const overSold = await refund(admin.accessToken, order.id, {
      lines: [{ productId: product.id, quantity: 3 }],
    });
    expect(overSold.status).toBe(400);
    expect(await overSold.json()).toMatchObject({
      message: M.lineOverSold(product.name, 2),
      code: "line_over_sold",
    });

    const one = await refunded(
      await refund(admin.accessToken, order.id, {
        lines: [{ productId: product.id, quantity: 1 }],
        restock: true,
      }),
    );
    expect(one.refund).toMatchObject({ amount: 43.95, status: "succeeded" });
    expect(await onHand(product.id)).toBe(9);

    // Both units named: the rest of the order, delivery included.
    const all = await refunded(
      await refund(admin.accessToken, order.id, {
        lines: [{ productId: product.id, quantity: 2 }],
        reason: "Never arrived",
      }),
    );
    expect(all.refund.amount).toBe(53.94);
    expect(all.order).toMatchObject({ refunded: 97.89, refundable: 0 });
    expect((await orderRow(order.id))?.refundedCents).toBe(9789);
    expect(await refundEvents(paymentIntent)).toHaveLength(2);
  });

  it("refuses more than is left, with what is left", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    const tooMuch = await refund(admin.accessToken, order.id, {
      amount: order.totalCents / 100 + 0.01,
    });
    expect(tooMuch.status).toBe(409);
    expect(await message(tooMuch)).toBe(M.refundTooLarge(formatCents(order.totalCents)));
    await refunded(await refund(admin.accessToken, order.id, { amount: 50 }));
    const over = await refund(admin.accessToken, order.id, {
      amount: (order.totalCents - 5000 + 1) / 100,
    });
    expect(over.status).toBe(409);
    expect(await message(over)).toBe(M.refundTooLarge(formatCents(order.totalCents - 5000)));
    expect(await refundEvents(paymentIntent)).toHaveLength(1);
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(["succeeded"]);
  });

  it("puts chosen lines back in stock, never more than sold, and only when asked", async () => {
    const { order, products: made } = await placeOrder({
      lines: [
        { stock: 10, quantity: 3 },
        { stock: 5, quantity: 2 },
        { stock: null, quantity: 1 },
      ],
    });
    const [a, b, untracked] = made;
    if (!a || !b || !untracked) throw new Error("three products");
    expect([await onHand(a.id), await onHand(b.id)]).toEqual([7, 3]);
    const admin = await adminSession();

    const first = await refunded(
      await refund(admin.accessToken, order.id, {
        amount: 10,
        lines: [
          { productId: a.id, quantity: 2 },
          { productId: untracked.id, quantity: 1 },
        ],
        restock: true,
        reason: "Returned",
      }),
    );
    expect(first.refund.restockLines).toEqual([
      { productId: a.id, quantity: 2 },
      { productId: untracked.id, quantity: 1 },
    ]);
    expect([await onHand(a.id), await onHand(b.id), await onHand(untracked.id)]).toEqual([
      9,
      3,
      null,
    ]);
    const restocks = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.kind, "restock"));
    expect(restocks).toEqual([
      expect.objectContaining({
        productId: a.id,
        onHandDelta: 2,
        reservedDelta: 0,
        reason: "refund",
        orderId: order.id,
        actorId: admin.id,
      }),
    ]);
    const restocked = (dto: AdminOrderDto) =>
      Object.fromEntries(dto.items.map((i) => [i.productId, i.restocked]));
    expect(restocked(first.order)).toEqual({ [a.id]: 2, [b.id]: 0, [untracked.id]: 1 });

    // Only 1 of the 3 is left to go back; a product not in the order is refused.
    const tooMany = await refund(admin.accessToken, order.id, {
      amount: 5,
      lines: [{ productId: a.id, quantity: 2 }],
      restock: true,
    });
    expect(tooMany.status).toBe(409);
    expect(await message(tooMany)).toBe(M.lineTooMany(a.name, 1));
    const stranger = await refund(admin.accessToken, order.id, {
      amount: 5,
      lines: [{ productId: newId(), quantity: 1 }],
      restock: true,
    });
    expect(stranger.status).toBe(400);
    expect(await message(stranger)).toBe(M.unknownLine);

    // Lines without restock name what the refund is for; nothing goes back.
    const named = await refunded(
      await refund(admin.accessToken, order.id, {
        amount: 5,
        lines: [{ productId: b.id, quantity: 2 }],
      }),
    );
    expect(named.refund.restockLines).toEqual([]);
    expect(await onHand(b.id)).toBe(3);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(Object.fromEntries(items.map((i) => [i.productId, i.restockedQuantity]))).toEqual({
      [a.id]: 2,
      [b.id]: 0,
      [untracked.id]: 1,
    });
  });

  it("mails the customer the amount, the reason and when to expect it; notify false mails nothing", async () => {
    const { order } = await placeOrder();
    const admin = await adminSession();
    await refunded(
      await refund(admin.accessToken, order.id, { amount: 12.5, reason: "Scratched base" }),
    );
    const [mail] = await refundMails();
    const number = orderNumber(order.id);
    expect(mail).toMatchObject({
      to: BUYER,
      subject: `Refund of $12.50 for your order #${number}`,
      orderId: order.id,
      status: "sent",
    });
    expect(mail?.text).toContain("Reason: Scratched base");
    expect(mail?.text).toContain("5–10 business days");
    expect(mail?.html).toContain("$12.50");

    await refunded(await refund(admin.accessToken, order.id, { amount: 3, notify: false }));
    expect(await refundMails()).toHaveLength(1);
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
  });
});

describe("money never goes out twice", () => {
  it("10 concurrent identical requests with one key make one Stripe refund and one row", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    const body = { amount: 25, requestKey: "dialog-0001-abcdef", reason: "Double click" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(admin.accessToken, order.id, body)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = await Promise.all(
      answers.map(async (r) => (await r.json<RefundResponse>()).refund),
    );
    expect(new Set(ids.map((r) => r._id)).size).toBe(1);
    expect(new Set(ids.map((r) => r.stripeRefundId)).size).toBe(1);
    await expectOneRefund(paymentIntent, order.id, 2500);
    expect(await refundMails()).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "refund"))).toHaveLength(1);
  });

  it("10 concurrent identical requests without a key are one request too", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(admin.accessToken, order.id, { amount: 25 })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Once more a moment later (a retry after a lost answer): still the same refund.
    const late = await refunded(await refund(admin.accessToken, order.id, { amount: 25 }));
    const [row] = await refundRows(order.id);
    expect(late.refund._id).toBe(row?.id);
    await expectOneRefund(paymentIntent, order.id, 2500);
  });

  it("concurrent requests with different keys: one refunds, the others are refused", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        refund(admin.accessToken, order.id, { amount: 60, requestKey: `admin-key-${i}-xyz` }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const refusals = await Promise.all(
      answers.filter((r) => r.status === 409).map((r) => message(r)),
    );
    const left = M.refundTooLarge(formatCents(order.totalCents - 6000));
    for (const m of refusals) expect([M.refundInProgress, left]).toContain(m);
    await expectOneRefund(paymentIntent, order.id, 6000);
  });

  it("a retry with the same key after success returns the same refund and refunds nothing", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    const body = { amount: 10, requestKey: "retry-key-12345678" };
    const first = await refunded(await refund(admin.accessToken, order.id, body));
    const before = await moneyOf(order.id);
    const again = await refunded(await refund(admin.accessToken, order.id, body));
    expect(again.refund).toEqual(first.refund);
    // Even once the rest is refunded, the key still names its refund.
    await refunded(
      await refund(admin.accessToken, order.id, { amount: (order.totalCents - 1000) / 100 }),
    );
    const late = await refunded(await refund(admin.accessToken, order.id, body));
    expect(late.refund._id).toBe(first.refund._id);
    expect(await refundEvents(paymentIntent)).toHaveLength(2);
    expect(before.rows).toHaveLength(1);
    expect(await refundRows(order.id)).toHaveLength(2);
  });

  it("a key used again for a different refund or a cancellation is refused, and nothing more goes out", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    const requestKey = "reused-key-12345678";
    await refunded(await refund(admin.accessToken, order.id, { amount: 2, requestKey }));
    const other = await refund(admin.accessToken, order.id, { amount: 3, requestKey });
    expect(other.status).toBe(409);
    expect(await message(other)).toBe(M.requestKeyReused);
    const asCancel = await cancel(admin.accessToken, order.id, { requestKey });
    expect(asCancel.status).toBe(409);
    expect((await orderRow(order.id))?.status).toBe("Order Placed");
    expect(await refundEvents(paymentIntent)).toHaveLength(1);
  });

  it("refuses an amount that rounds to no cents, in the error shape", async () => {
    const { order } = await placeOrder();
    const admin = await adminSession();
    for (const amount of [5e-324, 0.001, 0.004]) {
      const res = await refund(admin.accessToken, order.id, { amount });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_input" });
    }
    expect(await refundRows(order.id)).toHaveLength(0);
  });

  it("Stripe unreachable: 502, the row stays pending and blocks others, and a retry with its key completes it", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    const body = { amount: 15, requestKey: "flaky-network-0001" };
    const down = await refund(admin.accessToken, order.id, body, {
      STRIPE_API_BASE: "http://127.0.0.1:9",
    });
    expect(down.status).toBe(502);
    expect(await message(down)).toBe(M.paymentProvider);
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(["pending"]);

    const other = await refund(admin.accessToken, order.id, {
      amount: 5,
      requestKey: "other-key-0001",
    });
    expect(other.status).toBe(409);
    expect(await message(other)).toBe(M.refundInProgress);

    const retried = await refunded(await refund(admin.accessToken, order.id, body));
    expect(retried.refund).toMatchObject({ amount: 15, status: "succeeded" });
    expect(await refundEvents(paymentIntent)).toHaveLength(1);
    expect((await orderRow(order.id))?.refundedCents).toBe(1500);
  });

  it("Stripe's refusal marks the refund failed, answers 409 and changes nothing else", async () => {
    const { order, paymentIntent, products: made } = await placeOrder();
    const admin = await adminSession();
    // Refunded in full in Stripe's dashboard; its webhook has not arrived yet.
    await stripe().refunds.create({ payment_intent: paymentIntent });
    const stockBefore = await onHand(made[0]?.id ?? "");
    const body = {
      amount: 10,
      requestKey: "refused-key-0001",
      lines: [{ productId: made[0]?.id, quantity: 1 }],
      restock: true,
    };
    const res = await refund(admin.accessToken, order.id, body);
    expect(res.status).toBe(409);
    const why = await message(res);
    expect(why).toMatch(/^Stripe refused the refund: .*already been refunded/);
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ status: "failed", stripeRefundId: null });
    expect(await onHand(made[0]?.id ?? "")).toBe(stockBefore);
    expect((await orderRow(order.id))?.refundedCents).toBe(0);
    // The same key answers the same refusal; nothing is sent to Stripe again.
    const again = await refund(admin.accessToken, order.id, body);
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(why);
    expect(await refundEvents(paymentIntent)).toHaveLength(1);
    expect(await refundMails()).toHaveLength(0);
  });

  it("a refund whose request died is carried out by the next request, which is told to review the order", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    const stale = await pendingRefundRow(order.id, admin, {
      requestKey: "died-mid-request-01",
      amountCents: 700,
      createdAt: new Date(Date.now() - 3 * 60 * 1000),
    });
    const res = await refund(admin.accessToken, order.id, { amount: 5 });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe(M.refundInProgress);
    expect((await refundRows(order.id)).map((r) => [r.id, r.status])).toEqual([
      [stale, "succeeded"],
    ]);
    expect(await refundEvents(paymentIntent)).toHaveLength(1);
    expect((await orderRow(order.id))?.refundedCents).toBe(700);
  });

  it("a pending refund older than Stripe remembers its key is marked failed, never sent again", async () => {
    const { order, paymentIntent } = await placeOrder();
    const admin = await adminSession();
    await pendingRefundRow(order.id, admin, {
      requestKey: "ancient-request-01",
      amountCents: 700,
      createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
    });
    const res = await refund(admin.accessToken, order.id, {
      amount: 7,
      requestKey: "ancient-request-01",
    });
    expect(res.status).toBe(409);
    expect(await message(res)).toMatch(/dashboard/);
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(["failed"]);
    expect(await refundEvents(paymentIntent)).toHaveLength(0);
  });
});

describe("cancelling", () => {
  it("cancels an unshipped order: refunded in full, restocked, commission reversed, the customer told", async () => {
    const { order, paymentIntent, products: made } = await placeOrder({ creator: true });
    const product = made[0];
    if (!product) throw new Error("a product");
    expect(await onHand(product.id)).toBe(8);
    const admin = await adminSession();
    const res = await cancel(admin.accessToken, order.id, { reason: "Customer asked" });
    expect(res.status, await res.clone().text()).toBe(200);
    const { order: dto } = await res.json<{ order: AdminOrderDto }>();
    expect(dto).toMatchObject({
      status: "cancelled",
      refunded: CHARGED / 100,
      refundable: 0,
      canCancel: false,
    });
    expect(dto.refunds).toEqual([
      expect.objectContaining({ cancel: true, status: "succeeded", amount: CHARGED / 100 }),
    ]);
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      refundedCents: CHARGED,
    });
    expect(await onHand(product.id)).toBe(10);
    const restocks = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.kind, "restock"));
    expect(restocks).toEqual([
      expect.objectContaining({ productId: product.id, onHandDelta: 2, reason: "cancelled" }),
    ]);
    expect(await commission(order.id)).toMatchObject({
      reversedCents: COMMISSION,
      status: "reversed",
    });
    expect(await refundEvents(paymentIntent)).toHaveLength(1);
    const [mail] = await cancelMails();
    expect(mail).toMatchObject({
      to: BUYER,
      subject: `Your Tamra & Tara order #${orderNumber(order.id)} has been cancelled`,
    });
    expect(mail?.text).toContain(`refunded ${formatCents(CHARGED)}`);
    expect(mail?.text).toContain("Reason: Customer asked");

    // Cancelled once: again is refused, and nothing moves.
    const before = await moneyOf(order.id);
    const again = await cancel(admin.accessToken, order.id);
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(M.notCancellable);
    for (const event of await refundEvents(paymentIntent)) {
      expect((await deliver(event)).status).toBe(200);
    }
    expect(await moneyOf(order.id)).toEqual(before);
  });

  it("cancelling after a partial refund refunds the rest and restocks what is left", async () => {
    const {
      order,
      paymentIntent,
      products: made,
    } = await placeOrder({
      lines: [{ stock: 10, quantity: 3 }],
    });
    const product = made[0];
    if (!product) throw new Error("a product");
    const admin = await adminSession();
    await refunded(
      await refund(admin.accessToken, order.id, {
        amount: 20,
        lines: [{ productId: product.id, quantity: 1 }],
        restock: true,
      }),
    );
    expect(await onHand(product.id)).toBe(8);
    const res = await cancel(admin.accessToken, order.id, { notify: false });
    expect(res.status).toBe(200);
    expect(await onHand(product.id)).toBe(10);
    expect((await refundRows(order.id)).map((r) => [r.amountCents, r.cancel])).toEqual([
      [2000, false],
      [order.totalCents - 2000, true],
    ]);
    expect((await orderRow(order.id))?.status).toBe("cancelled");
    expect(await refundEvents(paymentIntent)).toHaveLength(2);
    expect(await cancelMails()).toHaveLength(0);
  });

  it("an order already refunded in full is cancelled and restocked without Stripe", async () => {
    const { order, paymentIntent, products: made } = await placeOrder();
    const admin = await adminSession();
    await refunded(await refund(admin.accessToken, order.id, { amount: order.totalCents / 100 }));
    const res = await cancel(admin.accessToken, order.id);
    expect(res.status).toBe(200);
    expect((await orderRow(order.id))?.status).toBe("cancelled");
    expect(await onHand(made[0]?.id ?? "")).toBe(10);
    expect(await refundEvents(paymentIntent)).toHaveLength(1);
    expect(await refundRows(order.id)).toHaveLength(1);
    const [mail] = await cancelMails();
    expect(mail?.text).not.toContain("business days");
  });

  it("refuses a shipped order, and refunds and restocks nothing", async () => {
    const { order, paymentIntent, products: made } = await placeOrder();
    const admin = await adminSession();
    for (const status of ["Shipped", "Out for Delivery", "Delivered"] as const) {
      await db().update(orders).set({ status }).where(eq(orders.id, order.id));
      const res = await cancel(admin.accessToken, order.id);
      expect(res.status).toBe(409);
      expect(await message(res)).toBe(M.shippedCannotCancel);
    }
    expect(await refundRows(order.id)).toHaveLength(0);
    expect(await refundEvents(paymentIntent)).toHaveLength(0);
    expect(await onHand(made[0]?.id ?? "")).toBe(8);
    // A shipped order can still be refunded.
    await refunded(await refund(admin.accessToken, order.id, { amount: 5 }));
  });

  it("an order that ships while it is being cancelled is refunded, but keeps its status and stock", async () => {
    const { order, paymentIntent, products: made } = await placeOrder();
    const admin = await adminSession();
    // The cancellation's row was written, then the owner shipped the order before it settled.
    await pendingRefundRow(order.id, admin, {
      requestKey: "cancel-then-shipped",
      amountCents: order.totalCents,
      restockLines: [{ productId: made[0]?.id ?? "", quantity: 2 }],
      cancel: true,
    });
    await db().update(orders).set({ status: "Shipped" }).where(eq(orders.id, order.id));
    const res = await cancel(admin.accessToken, order.id, { requestKey: "cancel-then-shipped" });
    expect(res.status).toBe(200);
    const { order: dto } = await res.json<{ order: AdminOrderDto }>();
    expect(dto).toMatchObject({ status: "Shipped", refunded: order.totalCents / 100 });
    expect(await onHand(made[0]?.id ?? "")).toBe(8);
    expect(await refundEvents(paymentIntent)).toHaveLength(1);
    const actions = await db().select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(actions.map((a) => a.action)).toEqual(["refund"]);
    expect(await cancelMails()).toHaveLength(0);
    expect((await refundMails())[0]?.subject).toBe(
      `Refund of ${formatCents(order.totalCents)} for your order #${orderNumber(order.id)}`,
    );
  });

  it("10 concurrent cancellations cancel once", async () => {
    const { order, paymentIntent, products: made } = await placeOrder();
    const admin = await adminSession();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        cancel(admin.accessToken, order.id, { requestKey: "cancel-dialog-0001" }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await refundEvents(paymentIntent)).toHaveLength(1);
    expect(await onHand(made[0]?.id ?? "")).toBe(10);
    expect(await cancelMails()).toHaveLength(1);
  });
});
