// Creator commissions: written with the order's fulfilment (one per order, unique), approved when
// the 7-day return window has passed, and reversed in proportion to refunds and disputes, also
// after approval. Every statement is conditional, so replays and races change nothing twice.
import type { Bindings } from "../env";
import { newId } from "../lib/ids";

/** The return window (SPEC.md: return and exchange within 7 days). */
export const RETURN_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The commission of a just-paid, attributed order, for the fulfilment batch: the creator's rate
 * on the merchandise subtotal after the discount (no tax, no delivery), rounded half up.
 */
export const commissionStatement = (env: Bindings, orderId: string, now = Date.now()) =>
  env.DB.prepare(
    `INSERT OR IGNORE INTO commissions
       (id, order_id, creator_id, rate_bps, base_cents, amount_cents, created_at, updated_at)
     SELECT ?1, o.id, o.creator_id, p.commission_rate_bps,
            max(0, o.subtotal_cents - o.discount_cents),
            (max(0, o.subtotal_cents - o.discount_cents) * p.commission_rate_bps + 5000) / 10000,
            ?3, ?3
     FROM orders o JOIN creator_profiles p ON p.user_id = o.creator_id
     WHERE o.id = ?2 AND o.paid_at IS NOT NULL`,
  ).bind(newId(now), orderId, now);

/** The commission's share of ?1 refunded of ?2 charged, in whole cents, rounded half up. */
const SHARE =
  "(amount_cents * CAST(?1 AS INTEGER) + CAST(?2 AS INTEGER) / 2) / CAST(?2 AS INTEGER)";

/**
 * Statements recording that `refundedCents` of `totalCents` charged through `paymentIntent` went
 * back: the order's refunded total and its commission's reversal. Stripe reports cumulative
 * amounts, so max() makes replays and out-of-order events harmless. A full reversal ends the
 * commission ("reversed").
 */
export function reversalStatements(
  env: Bindings,
  paymentIntent: string,
  refundedCents: number,
  totalCents: number,
  now = Date.now(),
) {
  return [
    env.DB.prepare(
      `UPDATE orders SET refunded_cents = max(refunded_cents, min(total_cents, CAST(?1 AS INTEGER))),
         updated_at = ?2
       WHERE stripe_payment_intent_id = ?3`,
    ).bind(refundedCents, now, paymentIntent),
    env.DB.prepare(
      `UPDATE commissions
       SET reversed_cents = max(reversed_cents, min(amount_cents, ${SHARE})),
           status = CASE WHEN max(reversed_cents, min(amount_cents, ${SHARE})) >= amount_cents
             THEN 'reversed' ELSE status END,
           updated_at = ?3
       WHERE order_id = (SELECT id FROM orders WHERE stripe_payment_intent_id = ?4)`,
    ).bind(refundedCents, Math.max(1, totalCents), now, paymentIntent),
  ];
}

/** Approves pending commissions whose return window has passed; returns how many. */
export async function approveDueCommissions(env: Bindings, now = Date.now()): Promise<number> {
  const result = await env.DB.prepare(
    `UPDATE commissions SET status = 'approved', approved_at = ?1, updated_at = ?1
     WHERE status = 'pending' AND created_at <= ?2 AND reversed_cents < amount_cents`,
  )
    .bind(now, now - RETURN_WINDOW_MS)
    .run();
  return result.meta.changes;
}
