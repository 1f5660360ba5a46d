// The payments module owns what Stripe told the shop: stripe_events (webhook event ids already
// applied, the key that makes each effect happen once) and stripe_reversals (refunds and disputes
// made in Stripe, one row per charge or dispute). It offers the Stripe client, the event's
// idempotency statement for fulfilment's batch, and reversals.
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cents, createdAt, inList, nonNegative, updatedAt } from "../../db/columns";

/** Stripe event ids already applied: the unique key that makes webhook effects happen once. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});

export const REVERSAL_KINDS = ["refund", "dispute"] as const;

/**
 * Money Stripe takes back from a payment, one row per source: a charge's refunds (the cumulative
 * amount Stripe reports) or a dispute (its amount and latest status). Kept by payment intent
 * whether or not the order's payment is recorded yet, so a reversal that overtakes the payment is
 * applied at fulfilment; never pruned with the event ids.
 */
export const stripeReversals = sqliteTable(
  "stripe_reversals",
  {
    /** Stripe's id of the source: the charge (`ch_...`) or the dispute (`dp_...`). */
    id: text("id").primaryKey(),
    kind: text("kind", { enum: REVERSAL_KINDS }).notNull(),
    paymentIntentId: text("payment_intent_id").notNull(),
    amountCents: cents("amount_cents"),
    /** The dispute's status as last reported; null for refunds. */
    status: text("status"),
    /** `created` (seconds) of the event that last wrote the row: older news never overwrites it. */
    eventCreated: integer("event_created").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("stripe_reversals_payment_intent_idx").on(t.paymentIntentId),
    nonNegative("stripe_reversals", "amount_cents"),
    check("stripe_reversals_kind_valid", inList("kind", REVERSAL_KINDS)),
  ],
);
