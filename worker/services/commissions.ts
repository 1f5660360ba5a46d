// Creator commissions: written with the order's fulfilment (one per order, unique), approved
// (payable) once the hold after the order's payment has passed, and reversed in proportion to
// refunds and disputes, also after approval (services/reversals.ts). Every statement is
// conditional, so replays and races change nothing twice.
import { and, eq, exists, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { commissions, creatorProfiles, orders } from "../db/schema";
import { newId } from "../lib/ids";

/** The shop's 30-day satisfaction guarantee: no commission is payable before it has passed. */
export const DEFAULT_CREATOR_HOLD_DAYS = 30;
const DAY_MS = 86_400_000;

/** The hold in milliseconds: CREATOR_HOLD_DAYS (whole days 0..365, checked by env.ts) or 30 days. */
export function creatorHoldMs(env: { CREATOR_HOLD_DAYS?: string | undefined }): number {
  return Number(env.CREATOR_HOLD_DAYS ?? DEFAULT_CREATOR_HOLD_DAYS) * DAY_MS;
}

export const SAME_CARD_REASON =
  "Paid with the same card as one of the creator's own orders (possible self-referral).";

/**
 * The order (the outer query's) was paid with a card that also paid an order of the creator's own:
 * placed from their account, or with their sign-in or payout email.
 */
const SAME_CARD = sql`"orders"."card_fingerprint" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "orders" AS own
  WHERE own."card_fingerprint" = "orders"."card_fingerprint" AND own."id" <> "orders"."id"
    AND own."paid_at" IS NOT NULL
    AND (own."user_id" = "orders"."creator_id"
      OR own."email" IN (SELECT u."email" FROM "users" AS u WHERE u."id" = "orders"."creator_id")
      OR own."email" = lower(trim("creator_profiles"."payout_email"))))`;

/** A commission that may earn: never held for review, or released by the owner. */
export const NOT_HELD = sql`("review" IS NULL OR "review" = 'released')`;

/**
 * The commission of a just-paid, attributed order, for the fulfilment batch: the creator's rate
 * on the merchandise subtotal after the discount (no tax, no delivery), rounded half up, at the
 * rate the order was placed under (orders.commission_rate_bps). The row keeps that rate, so a
 * later change of terms leaves it as it is. Only a creator
 * still approved when the payment lands earns: a suspension stops commissions at once. One paid
 * with a card that paid the creator's own orders is held for the owner's review (issue 18, item
 * 6). It must run in the batch that marks the order paid at `now` (services/fulfilment.ts).
 */
export function commissionStatement(db: Db, orderId: string, now = Date.now()) {
  const base = sql<number>`max(0, ${orders.subtotalCents} - ${orders.discountCents})`;
  const rate = sql<number>`coalesce(${orders.commissionRateBps}, ${creatorProfiles.commissionRateBps})`;
  return db
    .insert(commissions)
    .select(
      db
        .select({
          id: sql`${newId(now)}`.as("id"),
          orderId: orders.id,
          creatorId: orders.creatorId,
          rateBps: rate.as("rate_bps"),
          baseCents: base.as("base_cents"),
          amountCents: sql`(${base} * ${rate} + 5000) / 10000`.as("amount_cents"),
          reversedCents: sql`0`.as("reversed_cents"),
          settledCents: sql`0`.as("settled_cents"),
          status: sql`'pending'`.as("status"),
          approvedAt: sql`NULL`.as("approved_at"),
          review: sql`CASE WHEN ${SAME_CARD} THEN 'held' END`.as("review"),
          reviewReason: sql`CASE WHEN ${SAME_CARD} THEN ${SAME_CARD_REASON} END`.as(
            "review_reason",
          ),
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

/**
 * Approves the pending commissions (of one creator, if given) whose order was paid at least
 * `holdMs` before `now`; returns how many. The hold counts from the order's payment, the moment the guarantee starts and the date
 * the creator is shown, not from the commission row, which only happens to be written then.
 */
export async function approveDueCommissions(
  db: Db,
  { holdMs, now = Date.now(), creatorId }: { holdMs: number; now?: number; creatorId?: string },
): Promise<number> {
  const paidBeforeHold = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, commissions.orderId), lte(orders.paidAt, new Date(now - holdMs))));
  const result = await db
    .update(commissions)
    .set({ status: "approved", approvedAt: new Date(now), updatedAt: new Date(now) })
    .where(
      and(
        eq(commissions.status, "pending"),
        NOT_HELD,
        creatorId === undefined ? undefined : eq(commissions.creatorId, creatorId),
        lt(commissions.reversedCents, commissions.amountCents),
        exists(paidBeforeHold),
      ),
    );
  return result.meta.changes;
}
