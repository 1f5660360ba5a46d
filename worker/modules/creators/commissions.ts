// Creator commissions: written with the order's fulfilment (one per order, unique), approved
// (payable) once the hold after the order's payment has passed, and reversed in proportion to
// refunds and disputes, also after approval (modules/payments/reversals.ts). Every statement is
// conditional, so replays and races change nothing twice.

import {
  and,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { users } from "../identity/schema";
import { orders } from "../orders/schema";
import { commissions, creatorProfiles } from "./schema";

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
 * The self-referral card rule. A creator's own card is any card (Stripe's fingerprint) that paid
 * an order of the creator's own: placed signed in to their account, or as a guest with their
 * sign-in or payout email as contact (the checkout's rule, modules/creators/attribution.ts). An attributed
 * order paid with such a card earns nothing unless the owner releases it: its commission is held
 * for review (modules/creators/review.ts). Whichever is paid first, the two meet:
 * - the attributed order paid after the creator's own: its commission is written held (SAME_CARD);
 * - the creator's own order paid after attributed ones: the batch that marks it paid holds their
 *   commissions paid with the same card (holdSameCardCommissions).
 * Each is a condition inside its payment's D1 batch, and D1 runs batches one at a time, so of two
 * payments landing together the second sees the first whatever the order.
 */
const own = alias(orders, "own");

/** The order `order` is the creator's (`creatorId`) own: their account, or their email as contact. */
const placedBy = (
  order: typeof own,
  creatorId: SQL | SQLiteColumn,
) => sql`(${order.userId} = ${creatorId}
  OR ${order.email} IN (SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${creatorId})
  OR ${order.email} IN (SELECT lower(trim(${creatorProfiles.payoutEmail})) FROM ${creatorProfiles}
    WHERE ${creatorProfiles.userId} = ${creatorId}))`;

/** The order (the outer query's) was paid with a card that also paid an order of the creator's own. */
const SAME_CARD = sql`${orders.cardFingerprint} IS NOT NULL AND EXISTS (
  SELECT 1 FROM ${orders} AS ${own}
  WHERE ${own.cardFingerprint} = ${orders.cardFingerprint} AND ${own.id} <> ${orders.id}
    AND ${own.paidAt} IS NOT NULL AND ${placedBy(own, orders.creatorId)})`;

/**
 * The other half of the card rule, for the batch that marks `orderId` paid at `now` (it runs after
 * that batch's update, and does nothing unless the order was paid then): when the order is a
 * creator's own, that creator's commissions on earlier orders paid with the same card are held
 * for review too. A held commission is pending (the hold's approval waits for the owner's release,
 * modules/creators/review.ts), so an approved one goes back to pending. Only commission no
 * payout has taken yet (settled_cents 0) and that the owner has not decided on is held: money
 * already paid out stays a matter for the owner.
 */
export function holdSameCardCommissions(db: Db, orderId: string, now: number) {
  const attributed = alias(orders, "attributed");
  const paidWithOwnCard = db
    .select({ id: attributed.id })
    .from(own)
    .innerJoin(attributed, eq(attributed.cardFingerprint, own.cardFingerprint))
    .where(
      and(
        eq(own.id, orderId),
        eq(own.paidAt, new Date(now)),
        ne(attributed.id, own.id),
        isNotNull(attributed.creatorId),
        placedBy(own, attributed.creatorId),
      ),
    );
  return db
    .update(commissions)
    .set({
      review: "held",
      reviewReason: SAME_CARD_REASON,
      status: "pending",
      approvedAt: null,
      updatedAt: new Date(now),
    })
    .where(
      and(
        inArray(commissions.orderId, paidWithOwnCard),
        isNull(commissions.review),
        eq(commissions.settledCents, 0),
        inArray(commissions.status, ["pending", "approved"]),
      ),
    );
}

/** A commission that may earn: never held for review, or released by the owner. */
export const NOT_HELD = sql`(${commissions.review} IS NULL OR ${commissions.review} = 'released')`;

/**
 * The commission of a just-paid, attributed order, for the fulfilment batch: the creator's rate
 * on the merchandise subtotal after the discounts, the creator code's and the shop's (no tax, no
 * delivery), rounded half up, at the
 * rate the order was placed under (orders.commission_rate_bps). The row keeps that rate, so a
 * later change of terms leaves it as it is. Only a creator
 * still approved when the payment lands earns: a suspension stops commissions at once. One paid
 * with a card of the creator's own (SAME_CARD) is held for the owner's review. It must run in the
 * batch that marks the order paid at `now` (modules/orders/fulfilment.ts).
 */
export function commissionStatement(db: Db, orderId: string, now = Date.now()) {
  // What was paid for the goods: the subtotal less every discount on them. A free-delivery shop
  // discount comes off the delivery, not the goods (README, "Promotions").
  const deliveryDiscount = sql`CASE WHEN ${orders.promotionKind} = 'free_delivery' THEN ${orders.shopDiscountCents} ELSE 0 END`;
  const base = sql<number>`max(0, ${orders.subtotalCents} - ${orders.discountCents} + ${deliveryDiscount})`;
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
  { db }: Pick<Deps, "db">,
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

/**
 * Reverses the commissions of the orders `ofOrders` selects by the share of each order's total
 * taken back (its refunded and disputed figures, which the same batch recomputed just before),
 * rounded half up; reversed in full it is "reversed", and given back (a won dispute) it returns to
 * "approved" or "pending".
 */
export function reverseCommissionsStatement(db: Db, ofOrders: SQLWrapper, now: number) {
  const ofOrder = <T>(value: SQL) =>
    sql<T>`${db
      .select({ value: sql`${value}` })
      .from(orders)
      .where(eq(orders.id, commissions.orderId))}`;
  const taken = ofOrder(
    sql`min(${orders.totalCents}, ${orders.refundedCents} + ${orders.disputedCents})`,
  );
  const charged = ofOrder(sql`max(1, ${orders.totalCents})`);
  const reversed = sql`min(${commissions.amountCents}, (${commissions.amountCents} * ${taken} + ${charged} / 2) / ${charged})`;
  return db
    .update(commissions)
    .set({
      reversedCents: reversed,
      status: sql`CASE
          WHEN ${taken} > 0 AND ${reversed} >= ${commissions.amountCents} THEN 'reversed'
          WHEN ${commissions.status} = 'reversed'
            THEN CASE WHEN ${commissions.approvedAt} IS NULL THEN 'pending' ELSE 'approved' END
          ELSE ${commissions.status} END`,
      updatedAt: new Date(now),
    })
    .where(inArray(commissions.orderId, ofOrders));
}

/** A payout batch takes what the commissions `which` selects still owe: they owe nothing more. */
export const settleCommissionsStatement = (db: Db, which: SQL, now: number) =>
  db
    .update(commissions)
    .set({
      settledCents: sql`${commissions.amountCents} - ${commissions.reversedCents}`,
      updatedAt: new Date(now),
    })
    .where(which);

/** A payout batch marked paid: its approved commissions (`which`) are paid. */
export const markCommissionsPaidStatement = (db: Db, which: SQL, now: number) =>
  db
    .update(commissions)
    .set({ status: "paid", updatedAt: new Date(now) })
    .where(sql`${commissions.status} = 'approved' AND ${which}`);

/**
 * A payout batch cancelled: each commission `which` selects owes again what the batch had taken of
 * it (`taken`, an expression over the commission's row).
 */
export const unsettleCommissionsStatement = (
  db: Db,
  batch: { taken: SQL; which: SQL },
  now: number,
) =>
  db
    .update(commissions)
    .set({
      settledCents: sql`${commissions.settledCents} - ${batch.taken}`,
      updatedAt: new Date(now),
    })
    .where(batch.which);
