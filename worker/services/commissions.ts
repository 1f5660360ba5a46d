// Creator commissions: written with the order's fulfilment (one per order, unique), approved when
// the 7-day return window has passed, and reversed in proportion to refunds and disputes, also
// after approval. Every statement is conditional, so replays and races change nothing twice.
import { and, eq, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { commissions, creatorProfiles, orders } from "../db/schema";
import { newId } from "../lib/ids";

/** The return window (SPEC.md: return and exchange within 7 days). */
export const RETURN_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The commission of a just-paid, attributed order, for the fulfilment batch: the creator's rate
 * on the merchandise subtotal after the discount (no tax, no delivery), rounded half up.
 */
export function commissionStatement(db: Db, orderId: string, now = Date.now()) {
  const base = sql<number>`max(0, ${orders.subtotalCents} - ${orders.discountCents})`;
  return db
    .insert(commissions)
    .select(
      db
        .select({
          id: sql`${newId(now)}`.as("id"),
          orderId: orders.id,
          creatorId: orders.creatorId,
          rateBps: creatorProfiles.commissionRateBps,
          baseCents: base.as("base_cents"),
          amountCents: sql`(${base} * ${creatorProfiles.commissionRateBps} + 5000) / 10000`.as(
            "amount_cents",
          ),
          reversedCents: sql`0`.as("reversed_cents"),
          status: sql`'pending'`.as("status"),
          approvedAt: sql`NULL`.as("approved_at"),
          createdAt: sql`${now}`.as("created_at"),
          updatedAt: sql`${now}`.as("updated_at"),
        })
        .from(orders)
        .innerJoin(creatorProfiles, eq(creatorProfiles.userId, orders.creatorId))
        .where(and(eq(orders.id, orderId), isNotNull(orders.paidAt))),
    )
    .onConflictDoNothing();
}

/**
 * Statements recording that `refundedCents` of `totalCents` charged through `paymentIntent` went
 * back: the order's refunded total and its commission's reversal. Stripe reports cumulative
 * amounts, so max() makes replays and out-of-order events harmless. A full reversal ends the
 * commission ("reversed").
 */
export function reversalStatements(
  db: Db,
  paymentIntent: string,
  refundedCents: number,
  totalCents: number,
  now = Date.now(),
) {
  const charged = Math.max(1, totalCents);
  /** The commission's share of what was refunded, in whole cents, rounded half up. */
  const share = sql`(${commissions.amountCents} * CAST(${refundedCents} AS INTEGER) + CAST(${charged} AS INTEGER) / 2) / CAST(${charged} AS INTEGER)`;
  const reversed = sql`max(${commissions.reversedCents}, min(${commissions.amountCents}, ${share}))`;
  return [
    db
      .update(orders)
      .set({
        refundedCents: sql`max(${orders.refundedCents}, min(${orders.totalCents}, CAST(${refundedCents} AS INTEGER)))`,
        updatedAt: new Date(now),
      })
      .where(eq(orders.stripePaymentIntentId, paymentIntent)),
    db
      .update(commissions)
      .set({
        reversedCents: reversed,
        status: sql`CASE WHEN ${reversed} >= ${commissions.amountCents} THEN 'reversed' ELSE ${commissions.status} END`,
        updatedAt: new Date(now),
      })
      .where(
        sql`${commissions.orderId} = ${db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.stripePaymentIntentId, paymentIntent))}`,
      ),
  ] as const;
}

/** Approves pending commissions whose return window has passed; returns how many. */
export async function approveDueCommissions(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .update(commissions)
    .set({ status: "approved", approvedAt: new Date(now), updatedAt: new Date(now) })
    .where(
      and(
        eq(commissions.status, "pending"),
        lte(commissions.createdAt, new Date(now - RETURN_WINDOW_MS)),
        lt(commissions.reversedCents, commissions.amountCents),
      ),
    );
  return result.meta.changes;
}
