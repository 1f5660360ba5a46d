// Money Stripe takes back from a payment (refunds and disputes). Each event writes its source's
// latest state into stripe_reversals (one row per charge or dispute, kept even before the order's
// payment is recorded); the paid order and its commission are then recomputed from every source of
// the payment. Recomputing instead of adding makes replays, races and out-of-order deliveries
// harmless, lets a refund and a dispute add up, and lets a won dispute give back what it held.
import { and, eq, isNotNull, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { excluded } from "../../db/sql";
import { reverseCommissionsStatement } from "../creators/commissions";
import { setReversedFiguresStatement } from "../orders/orders";
import { orders } from "../orders/schema";
import { stripeReversals } from "./schema";
import type { Stripe } from "./stripe";

/** Dispute outcomes in which the shop keeps the money (Stripe's Dispute.Status). */
const SHOP_KEEPS = ["won", "warning_closed", "prevented"];
/** Statuses that close a dispute: within one second, they are newer than an open status. */
const CLOSED = [...SHOP_KEEPS, "lost"];

/** The events that take money back from a payment. */
export type ReversalEvent =
  | Stripe.ChargeRefundedEvent
  | Stripe.ChargeDisputeCreatedEvent
  | Stripe.ChargeDisputeClosedEvent;

export interface ReversalSource {
  kind: "refund" | "dispute";
  /** The charge (refunds, whose amount is Stripe's cumulative amount refunded) or the dispute. */
  id: string;
  paymentIntent: string;
  amountCents: number;
  status: string | null;
  /** The event's `created`, in seconds. */
  eventCreated: number;
}

const idOf = (ref: unknown): string | null => {
  const id = typeof ref === "object" && ref !== null ? (ref as { id?: unknown }).id : ref;
  return typeof id === "string" && id !== "" ? id : null;
};
const centsOf = (value: unknown): number | null =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : null;

/**
 * What a verified charge.refunded or charge.dispute.* event says was taken back, or null when it
 * names no charge, dispute or payment, or no sensible amount (nothing to record then).
 */
export function reversalSource(event: ReversalEvent): ReversalSource | null {
  const refund = event.type === "charge.refunded";
  // Signed by Stripe, but read defensively: a missing id or a strange amount records nothing.
  const { amount, status } =
    event.type === "charge.refunded"
      ? { amount: event.data.object.amount_refunded, status: null }
      : { amount: event.data.object.amount, status: event.data.object.status as unknown };
  const id = idOf(event.data.object.id);
  const paymentIntent = idOf(event.data.object.payment_intent);
  const amountCents = centsOf(amount);
  if (!id || !paymentIntent || amountCents === null) return null;
  return {
    kind: refund ? "refund" : "dispute",
    id,
    paymentIntent,
    amountCents,
    status: typeof status === "string" ? status : null,
    eventCreated: Number.isSafeInteger(event.created) ? event.created : 0,
  };
}

/**
 * A refund's row only grows: Stripe reports a charge's refunds cumulatively, and the back-office's
 * own record of one may land before or after the webhook's.
 */
const keepLargerRefund = (now: number) => ({
  amountCents: sql`max(${stripeReversals.amountCents}, ${excluded(stripeReversals.amountCents)})`,
  eventCreated: sql`max(${stripeReversals.eventCreated}, ${excluded(stripeReversals.eventCreated)})`,
  updatedAt: new Date(now),
});

/**
 * Records the source's latest state. A refund keeps the largest cumulative amount seen; a dispute
 * takes the amount and status of the newest event (by Stripe's `created`; a closing status wins a
 * tie), so a late or replayed event never reopens a closed dispute.
 */
export function sourceStatement(db: Db, source: ReversalSource, now = Date.now()) {
  const row = {
    id: source.id,
    kind: source.kind,
    paymentIntentId: source.paymentIntent,
    amountCents: source.amountCents,
    status: source.status,
    eventCreated: source.eventCreated,
    updatedAt: new Date(now),
  };
  const sameKind = eq(stripeReversals.kind, source.kind);
  if (source.kind === "refund") {
    return db
      .insert(stripeReversals)
      .values(row)
      .onConflictDoUpdate({
        target: stripeReversals.id,
        set: keepLargerRefund(now),
        setWhere: sameKind,
      });
  }
  const closed = (status: SQL) => sql`CASE WHEN ${status} IN ${CLOSED} THEN 1 ELSE 0 END`;
  return db
    .insert(stripeReversals)
    .values(row)
    .onConflictDoUpdate({
      target: stripeReversals.id,
      set: {
        amountCents: excluded(stripeReversals.amountCents),
        status: excluded(stripeReversals.status),
        eventCreated: excluded(stripeReversals.eventCreated),
        updatedAt: new Date(now),
      },
      setWhere: and(
        sameKind,
        or(
          sql`${excluded(stripeReversals.eventCreated)} > ${stripeReversals.eventCreated}`,
          and(
            sql`${excluded(stripeReversals.eventCreated)} = ${stripeReversals.eventCreated}`,
            sql`${closed(excluded(stripeReversals.status))} >= ${closed(sql`${stripeReversals.status}`)}`,
          ),
        ),
      ),
    });
}

/**
 * Statements that recompute the reversal of the paid orders matching `which` and of their
 * commissions. Refunds only grow (max with what is recorded); disputes that still hold money count
 * on top, up to what is left of the total. The commission is reversed by the same share of the
 * total, rounded half up; reversed in full it is "reversed", and given back (a won dispute) it
 * returns to "approved" or "pending".
 */
export function applyReversalsStatements(db: Db, which: SQL, now = Date.now()) {
  const sumOf = (kind: "refund" | "dispute") =>
    db
      .select({
        cents: sql`coalesce(sum(min(${stripeReversals.amountCents}, ${orders.totalCents})), 0)`,
      })
      .from(stripeReversals)
      .where(
        and(
          eq(stripeReversals.paymentIntentId, orders.stripePaymentIntentId),
          eq(stripeReversals.kind, kind),
          kind === "dispute"
            ? or(isNull(stripeReversals.status), notInArray(stripeReversals.status, SHOP_KEEPS))
            : undefined,
        ),
      );
  const refunded = sql`max(${orders.refundedCents}, min(${orders.totalCents}, ${sumOf("refund")}))`;
  const disputed = sql`max(0, min(${orders.totalCents} - ${refunded}, ${sumOf("dispute")}))`;

  return [
    setReversedFiguresStatement(
      db,
      and(which, isNotNull(orders.paidAt), isNotNull(orders.stripePaymentIntentId)) as SQL,
      { refunded, disputed },
      now,
    ),
    reverseCommissionsStatement(
      db,
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(which, isNotNull(orders.paidAt))),
      now,
    ),
  ] as const;
}

/**
 * A refund the back-office made, recorded against its charge as charge.refunded will report it:
 * `amountCents` (the order's refunds with this one) kept as the larger of it and what was
 * recorded, so the webhook's cumulative amount converges with it (sourceStatement). Written from
 * the row `source` selects, so only while the caller's condition holds.
 */
export function refundReversalStatement(
  db: Db,
  refund: { charge: string; paymentIntentId: string; amountCents: SQL; created: number },
  source: { table: SQLiteTable; where: SQL | undefined },
  now: number,
) {
  return db
    .insert(stripeReversals)
    .select(
      db
        .select({
          id: sql`${refund.charge}`.as("id"),
          kind: sql`'refund'`.as("kind"),
          paymentIntentId: sql`${refund.paymentIntentId}`.as("payment_intent_id"),
          amountCents: sql`${refund.amountCents}`.as("amount_cents"),
          status: sql`NULL`.as("status"),
          eventCreated: sql`${refund.created}`.as("event_created"),
          updatedAt: sql`${now}`.as("updated_at"),
        })
        .from(source.table)
        .where(source.where),
    )
    .onConflictDoUpdate({
      target: stripeReversals.id,
      set: keepLargerRefund(now),
      setWhere: eq(stripeReversals.kind, "refund"),
    });
}
