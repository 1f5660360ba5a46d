// Creator commissions: written with the order's fulfilment (one per order, unique), approved when
// the 7-day return window has passed, and reversed in proportion to refunds and disputes, also
// after approval (services/reversals.ts). Every statement is conditional, so replays and races
// change nothing twice.
import { and, eq, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { commissions, creatorProfiles, orders } from "../db/schema";
import { newId } from "../lib/ids";

/** The return window (SPEC.md: return and exchange within 7 days). */
export const RETURN_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The commission of a just-paid, attributed order, for the fulfilment batch: the creator's rate
 * on the merchandise subtotal after the discount (no tax, no delivery), rounded half up. The row
 * keeps the rate it was computed at, so a later change of terms leaves it as it is. Only a creator
 * still approved when the payment lands earns: a suspension stops commissions at once. It must
 * run in the batch that marks the order paid at `now` (services/fulfilment.ts).
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
        .where(
          and(
            eq(orders.id, orderId),
            // Paid in this very batch: a later delivery of the same payment, after the creator
            // is approved again, must not earn what a suspended creator's order did not.
            eq(orders.paidAt, new Date(now)),
            eq(creatorProfiles.status, "approved"),
          ),
        ),
    )
    .onConflictDoNothing();
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
