// Fulfilment: the one place an order becomes paid, called by the Stripe webhook and by the success
// page's confirmation alike. D1 has no interactive transactions, so each effect is one atomic batch
// of conditional statements: any number of concurrent or repeated calls make one paid order and
// one confirmation mail, and a failed batch changes nothing, so Stripe's retry can succeed.
import { centsToDollars, formatDollars } from "../contracts/money";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { stableId } from "../lib/ids";
import { commissionStatement, reversalStatements } from "./commissions";
import { deliverQueuedEmail, type EmailMessage, emailLayout, escapeHtml } from "./email";
import { invoiceUrl } from "./invoice";
import { findOrder, type OrderWithItems } from "./orders";
import type { Stripe } from "./stripe";

export type FulfilmentOutcome =
  | "fulfilled"
  | "already_fulfilled"
  | "not_paid"
  | "unknown_order"
  | "amount_mismatch"
  | "status_updated"
  | "refund_recorded"
  | "ignored";

interface EventRef {
  id: string;
  type: string;
}

/** States a payment may lift an order out of; anything further along stays where it is. */
const UNPAID = "('pending', 'payment_failed', 'expired')";

const orderIdOf = (session: Stripe.Checkout.Session) =>
  session.metadata?.order_id ?? session.client_reference_id ?? null;

// Raw D1 statements: these batches mix conditional SQL that drizzle's batch cannot bind.
const recordEvent = (d1: D1Database, event: EventRef) =>
  d1
    .prepare("INSERT OR IGNORE INTO stripe_events (id, type) VALUES (?, ?)")
    .bind(event.id, event.type);

function confirmationEmail(found: OrderWithItems, invoice: string): EmailMessage {
  const { order, items } = found;
  const money = (cents: number) => formatDollars(centsToDollars(cents));
  const number = `#${order.id.slice(-8)}`;
  const a = order.address;
  const addressLines = [
    `${a.firstName} ${a.lastName}`,
    a.street,
    a.street2,
    `${a.city} ${a.state} ${a.zipcode}`,
    a.country,
    `Phone ${a.phone}`,
  ].filter(Boolean) as string[];
  const totals: [string, number][] = [
    ["Subtotal", order.subtotalCents],
    ["GST (10%)", order.taxCents],
    ["Delivery", order.deliveryFeeCents],
    ...(order.discountCents > 0
      ? ([["Discount", -order.discountCents]] as [string, number][])
      : []),
    ["Total", order.totalCents],
  ];
  const text = [
    `Thank you for your order ${number}. We're preparing it now; Australian delivery takes 3-7 business days.`,
    "",
    ...items.map((i) => `${i.quantity} x ${i.name} — ${money(i.unitPriceCents * i.quantity)}`),
    "",
    ...totals.map(([label, cents]) => `${label}: ${money(cents)}`),
    "",
    "Shipping to:",
    ...addressLines,
    "",
    `Tax invoice: ${invoice}`,
  ].join("\n");
  const html = emailLayout(
    `Order ${number} confirmed`,
    `<p>Thank you for your order. We're preparing it now; Australian delivery takes 3-7 business days.</p>
<table role="presentation" width="100%" cellpadding="6" style="border-collapse:collapse">
${items
  .map(
    (i) =>
      `<tr><td>${i.quantity} × ${escapeHtml(i.name)}</td><td align="right">${escapeHtml(money(i.unitPriceCents * i.quantity))}</td></tr>`,
  )
  .join("")}
${totals
  .map(
    ([label, cents]) =>
      `<tr><td align="right">${escapeHtml(label)}</td><td align="right">${escapeHtml(money(cents))}</td></tr>`,
  )
  .join("")}
</table>
<p><strong>Shipping to</strong><br>${addressLines.map(escapeHtml).join("<br>")}</p>
<p><a href="${escapeHtml(invoice)}">Download your tax invoice</a></p>`,
  );
  return { to: order.email, subject: `Your Tamra & Tara order ${number}`, text, html };
}

/**
 * Marks the session's order paid when Stripe says it is and the amounts agree. `event` is the
 * webhook event that reported it (recorded in the same batch), absent for a confirmation.
 */
export async function fulfilSession(
  env: Bindings,
  db: Db,
  ctx: ExecutionContext,
  session: Stripe.Checkout.Session,
  event?: EventRef,
): Promise<FulfilmentOutcome> {
  const orderId = orderIdOf(session);
  const found = orderId ? await findOrder(db, orderId) : null;
  if (!found) {
    if (event) await recordEvent(env.DB, event).run();
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
    if (event) await recordEvent(env.DB, event).run();
    return "amount_mismatch";
  }
  if (!paid) {
    if (event) await recordEvent(env.DB, event).run();
    return "not_paid";
  }

  const mail = confirmationEmail(found, await invoiceUrl(env, order.id));
  const mailId = await stableId("order-confirmation", order.id);
  const paymentIntent =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : session.payment_intent?.id;
  const now = Date.now();
  const update = env.DB.prepare(
    `UPDATE orders SET status = 'Order Placed', paid_at = ?1, updated_at = ?1,
       stripe_session_id = ?2, stripe_payment_intent_id = ?3
     WHERE id = ?4 AND status IN ${UNPAID}`,
  ).bind(now, session.id, paymentIntent ?? null, order.id);
  // The mail is written with the transition and under a key of its own, so there is exactly one.
  const queueMail = env.DB.prepare(
    `INSERT OR IGNORE INTO email_outbox (id, to_address, subject, text_body, html_body)
     SELECT ?1, ?2, ?3, ?4, ?5
     WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?6 AND paid_at IS NOT NULL)`,
  ).bind(mailId, mail.to, mail.subject, mail.text, mail.html, order.id);
  // One commission per order (unique order_id), written only once the order is paid.
  const commission = commissionStatement(env, order.id, now);
  const results = await env.DB.batch(
    event
      ? [recordEvent(env.DB, event), update, queueMail, commission]
      : [update, queueMail, commission],
  );
  const transition = results[event ? 1 : 0];
  if (transition?.meta.changes !== 1) return "already_fulfilled";

  // Only the call that made the transition does the rest.
  ctx.waitUntil(deliverQueuedEmail(env, db, mailId, mail));
  if (order.userId) ctx.waitUntil(env.CARTS.getByName(order.userId).remove());
  return "fulfilled";
}

/** Moves a still-unpaid order to a failed or expired state; later states are never undone. */
async function markUnpaid(
  env: Bindings,
  session: Stripe.Checkout.Session,
  status: "payment_failed" | "expired",
  event: EventRef,
): Promise<FulfilmentOutcome> {
  const [, update] = await env.DB.batch([
    recordEvent(env.DB, event),
    env.DB.prepare(
      "UPDATE orders SET status = ?1, updated_at = ?2 WHERE id = ?3 AND status = 'pending'",
    ).bind(status, Date.now(), orderIdOf(session) ?? ""),
  ]);
  return update?.meta.changes === 1 ? "status_updated" : "ignored";
}

/**
 * Money that went back to the buyer through the order's payment: a refund (Stripe reports the
 * cumulative amount) or a dispute (the disputed amount). The commission shrinks in proportion.
 */
async function recordReversal(
  env: Bindings,
  paymentIntent: string | null,
  reversedCents: number,
  totalCents: number,
  event: EventRef,
): Promise<FulfilmentOutcome> {
  if (!paymentIntent) {
    await recordEvent(env.DB, event).run();
    return "ignored";
  }
  const [, order] = await env.DB.batch([
    recordEvent(env.DB, event),
    ...reversalStatements(env, paymentIntent, reversedCents, totalCents),
  ]);
  return order?.meta.changes ? "refund_recorded" : "unknown_order";
}

const idOf = (ref: string | { id: string } | null) =>
  typeof ref === "string" ? ref : (ref?.id ?? null);

/** Applies one verified webhook event. */
export async function applyStripeEvent(
  env: Bindings,
  db: Db,
  ctx: ExecutionContext,
  event: Stripe.Event,
): Promise<FulfilmentOutcome> {
  const ref = { id: event.id, type: event.type };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return fulfilSession(env, db, ctx, event.data.object, ref);
    case "checkout.session.async_payment_failed":
      return markUnpaid(env, event.data.object, "payment_failed", ref);
    case "checkout.session.expired":
      return markUnpaid(env, event.data.object, "expired", ref);
    case "charge.refunded": {
      const charge = event.data.object;
      return recordReversal(
        env,
        idOf(charge.payment_intent),
        charge.amount_refunded,
        charge.amount,
        ref,
      );
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      const paymentIntent = idOf(dispute.payment_intent);
      const total = await env.DB.prepare(
        "SELECT total_cents FROM orders WHERE stripe_payment_intent_id = ?",
      )
        .bind(paymentIntent ?? "")
        .first<number>("total_cents");
      return recordReversal(env, paymentIntent, dispute.amount, total ?? dispute.amount, ref);
    }
    default:
      return "ignored";
  }
}
