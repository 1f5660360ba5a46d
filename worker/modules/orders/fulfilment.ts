// Fulfilment: the one place an order becomes paid, called by the Stripe webhook and by the success
// page's confirmation alike. D1 has no interactive transactions, so each effect is one atomic batch
// of conditional statements: any number of concurrent or repeated calls make one paid order and
// one confirmation mail, and a failed batch changes nothing, so Stripe's retry can succeed.

import { and, eq, exists, inArray, isNotNull } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { stableId } from "../../lib/ids";
import { commissionStatement, holdSameCardCommissions } from "../creators/commissions";
import { deliverQueuedEmail, queueMailIf } from "../mail/outbox";
import { newOrderAlertEmail, orderConfirmationEmail } from "../mail/templates";
import { type EventRef, recordEventStatement } from "../payments/events";
import {
  applyReversalsStatements,
  type ReversalEvent,
  reversalSource,
  sourceStatement,
} from "../payments/reversals";
import { cardFingerprintOf, type Stripe } from "../payments/stripe";
import { markUsedStatement } from "../promotions/redemptions";
import { invoiceUrl } from "./invoice";
import { findOrder } from "./orders";
import { type OrderStatus, orders } from "./schema";
import { releaseHoldStatements, sellHoldStatements } from "./stock-holds";

export type FulfilmentOutcome =
  | "fulfilled"
  | "already_fulfilled"
  | "not_paid"
  | "unknown_order"
  | "amount_mismatch"
  | "status_updated"
  | "refund_recorded"
  | "reversal_kept"
  | "ignored";

/** States a payment may lift an order out of; anything further along stays where it is. */
const UNPAID: OrderStatus[] = ["pending", "payment_failed", "expired"];

const orderIdOf = (session: Stripe.Checkout.Session) =>
  session.metadata?.order_id ?? session.client_reference_id ?? null;

/**
 * Marks the session's order paid when Stripe says it is and the amounts agree. `event` is the
 * webhook event that reported it (recorded in the same batch), absent for a confirmation.
 */
export async function fulfilSession(
  { env, db, ctx }: Pick<Deps, "env" | "db" | "ctx">,
  session: Stripe.Checkout.Session,
  event?: EventRef,
): Promise<FulfilmentOutcome> {
  const orderId = orderIdOf(session);
  const found = orderId ? await findOrder({ db }, orderId) : null;
  if (!found) {
    if (event) await recordEventStatement(db, event);
    return "unknown_order";
  }
  const { order } = found;
  const paid =
    session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const sameSession = order.stripeSessionId === null || order.stripeSessionId === session.id;
  if (
    !sameSession ||
    session.amount_total !== order.totalCents ||
    session.currency !== order.currency
  ) {
    console.error(
      `fulfilment: session ${session.id} (${session.amount_total} ${session.currency}) does not match order ${order.id} (${order.totalCents} ${order.currency})`,
    );
    if (event) await recordEventStatement(db, event);
    return "amount_mismatch";
  }
  if (!paid) {
    if (event) await recordEventStatement(db, event);
    return "not_paid";
  }

  const mail = orderConfirmationEmail(found, await invoiceUrl({ env }, order.id));
  const mailId = await stableId("order-confirmation", order.id);
  const paymentIntent =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : session.payment_intent?.id;
  // The card's fingerprint, for the self-referral rule (modules/creators/commissions.ts); asked only while
  // the order is still unpaid, so a replayed event costs no call.
  const cardFingerprint =
    paymentIntent && UNPAID.includes(order.status)
      ? await cardFingerprintOf({ env }, paymentIntent)
      : null;
  const now = Date.now();
  const update = db
    .update(orders)
    .set({
      status: "Order Placed",
      paidAt: new Date(now),
      updatedAt: new Date(now),
      stripeSessionId: session.id,
      stripePaymentIntentId: paymentIntent ?? null,
      cardFingerprint,
    })
    .where(and(eq(orders.id, order.id), inArray(orders.status, UNPAID)));
  // The mails are written with the transition, each under a key of its own, so there is exactly
  // one of each: one row when the order is paid, none otherwise.
  const isPaidNow = and(eq(orders.id, order.id), isNotNull(orders.paidAt));
  const queueMail = queueMailIf(db, mailId, { ...mail, orderId: order.id }, isPaidNow);
  const alert = newOrderAlertEmail(
    env.SHOP_INBOX_EMAIL,
    found,
    `${env.APP_ORIGIN}/admin/orders/${order.id}`,
  );
  const alertId = await stableId("owner-order-alert", order.id);
  const queueAlert = queueMailIf(db, alertId, alert, isPaidNow);
  // One commission per order (unique order_id), written only once the order is paid; then any
  // refund or dispute that arrived before the payment was recorded is applied to both. An order
  // of a creator's own holds that creator's commissions paid with the same card (commissions.ts).
  const commission = commissionStatement(db, order.id, now);
  const sameCard = holdSameCardCommissions(db, order.id, now);
  const reversals = applyReversalsStatements(db, eq(orders.id, order.id), now);
  // The order's stock hold becomes a sale, once: conditional on the hold, which it moves to `sold`.
  const sale = sellHoldStatements(db, order.id);
  // The shop discount's use is used, once the order is paid (modules/promotions/redemptions.ts).
  const used = markUsedStatement(
    db,
    order.id,
    exists(db.select({ id: orders.id }).from(orders).where(isPaidNow)),
  );
  const effects = [
    update,
    queueMail,
    queueAlert,
    commission,
    sameCard,
    ...reversals,
    ...sale,
    used,
  ] as const;
  const [transition] = event
    ? (await db.batch([recordEventStatement(db, event), ...effects])).slice(1)
    : await db.batch(effects);
  if (transition?.meta.changes !== 1) return "already_fulfilled";

  // Only the call that made the transition does the rest.
  ctx.waitUntil(deliverQueuedEmail({ env, db }, mailId, mail));
  ctx.waitUntil(deliverQueuedEmail({ env, db }, alertId, alert));
  if (order.userId) ctx.waitUntil(env.CARTS.getByName(order.userId).remove());
  return "fulfilled";
}

/** Moves a still-unpaid order to a failed or expired state; later states are never undone. */
async function markUnpaid(
  { db }: Pick<Deps, "db">,
  session: Stripe.Checkout.Session,
  status: "payment_failed" | "expired",
  event: EventRef,
): Promise<FulfilmentOutcome> {
  const orderId = orderIdOf(session) ?? "";
  // What the order held goes back in the same batch, once (the cron's sweep may race it).
  const [, update] = await db.batch([
    recordEventStatement(db, event),
    db
      .update(orders)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending"))),
    ...releaseHoldStatements(
      db,
      orderId,
      status === "expired" ? "checkout expired" : "payment failed",
    ),
  ]);
  return update?.meta.changes === 1 ? "status_updated" : "ignored";
}

/**
 * Money that went back from the order's payment (a refund or a dispute): its source is kept, and
 * the paid order and its commission are recomputed in the same batch. Before the payment is
 * recorded nothing matches; fulfilment then applies what was kept.
 */
async function recordReversal(
  { db }: Pick<Deps, "db">,
  event: ReversalEvent,
): Promise<FulfilmentOutcome> {
  const ref = { id: event.id, type: event.type };
  const source = reversalSource(event);
  if (!source) {
    await recordEventStatement(db, ref);
    return "ignored";
  }
  const [, , order] = await db.batch([
    recordEventStatement(db, ref),
    sourceStatement(db, source),
    ...applyReversalsStatements(db, eq(orders.stripePaymentIntentId, source.paymentIntent)),
  ]);
  return order?.meta.changes ? "refund_recorded" : "reversal_kept";
}

/** Applies one verified webhook event. */
export async function applyStripeEvent(
  { env, db, ctx }: Pick<Deps, "env" | "db" | "ctx">,
  event: Stripe.Event,
): Promise<FulfilmentOutcome> {
  const ref = { id: event.id, type: event.type };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return fulfilSession({ env, db, ctx }, event.data.object, ref);
    case "checkout.session.async_payment_failed":
      return markUnpaid({ db }, event.data.object, "payment_failed", ref);
    case "checkout.session.expired":
      return markUnpaid({ db }, event.data.object, "expired", ref);
    case "charge.refunded":
    case "charge.dispute.created":
    case "charge.dispute.closed":
      return recordReversal({ db }, event);
    default:
      return "ignored";
  }
}
