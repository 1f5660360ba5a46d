// The payouts module owns where creators are paid (creator_payout_details) and payout batches
// (payouts, payout_lines, payout_items). It offers payout details (sealed and masked), batches,
// their files and statements; each payout method (bank, PayPal) is one object in methods/.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { PAYOUT_METHODS } from "../../contracts/payouts";
import {
  belongsTo,
  cents,
  createdAt,
  inList,
  nonNegative,
  pointsTo,
  timestamps,
  updatedAt,
} from "../../db/columns";
import { commissions } from "../creators/schema";
import { users } from "../identity/schema";

/**
 * Where a creator is paid: the method and its fields (the bank account's number sealed, and masked
 * beside it), an ABN (11 digits, or null) and GST registration. A creator's details have them, and
 * so does each payout line, as they were when the batch was made.
 */
const payoutDetailsColumns = () => ({
  method: text("method", { enum: PAYOUT_METHODS }).notNull(),
  bsb: text("bsb"),
  accountNumberSealed: text("account_number_sealed"),
  accountNumberMasked: text("account_number_masked"),
  accountName: text("account_name"),
  paypalEmail: text("paypal_email"),
  abn: text("abn"),
  gstRegistered: integer("gst_registered", { mode: "boolean" }).notNull().default(false),
});

/**
 * Where a creator is paid (contracts/payouts.ts): one row per creator. The account number is
 * sealed (AES-GCM, modules/payouts/details.ts) and kept masked beside it for every answer.
 */
export const creatorPayoutDetails = sqliteTable(
  "creator_payout_details",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    ...payoutDetailsColumns(),
    /**
     * When these details may first be paid: a save sets it a cooling-off period ahead
     * (PAYOUT_DETAILS_COOLING_OFF_HOURS), so a stolen session cannot redirect the next batch; a
     * batch made earlier leaves the creator out and says why (modules/payouts/payouts.ts).
     */
    usableFrom: integer("usable_from", { mode: "timestamp_ms" }).notNull().default(sql`0`),
    ...timestamps(),
  },
  () => [
    check("creator_payout_details_method_valid", inList("method", PAYOUT_METHODS)),
    check(
      "creator_payout_details_complete",
      sql`("method" = 'bank' AND "bsb" IS NOT NULL AND "account_number_sealed" IS NOT NULL AND "account_number_masked" IS NOT NULL AND "account_name" IS NOT NULL) OR ("method" = 'paypal' AND "paypal_email" IS NOT NULL)`,
    ),
    check("creator_payout_details_gst_needs_abn", sql`"gst_registered" = 0 OR "abn" IS NOT NULL`),
  ],
);

/** A payout batch is open (its files may be exported) until the owner marks it paid or cancels it. */
export const PAYOUT_STATUSES = ["open", "paid", "cancelled"] as const;

export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A payout batch: one line per creator whose payable balance reached the minimum. */
export const payouts = sqliteTable(
  "payouts",
  {
    id: text("id").primaryKey(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("open"),
    minimumCents: cents("minimum_cents"),
    totalCents: cents("total_cents").default(0),
    lineCount: integer("line_count").notNull().default(0),
    createdBy: pointsTo("created_by", () => users.id),
    createdAt: createdAt(),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payouts_status_valid", inList("status", PAYOUT_STATUSES)),
    nonNegative("payouts", "minimum_cents"),
    nonNegative("payouts", "total_cents"),
    index("payouts_created_idx").on(t.createdAt),
  ],
);

/**
 * One creator's payment in a batch, with the payout details and name as they were when the batch
 * was made: the bank file, the PayPal file and the statement all read these, so a change of
 * details afterwards cannot redirect money already batched.
 */
export const payoutLines = sqliteTable(
  "payout_lines",
  {
    id: text("id").primaryKey(),
    payoutId: belongsTo("payout_id", () => payouts.id),
    creatorId: belongsTo("creator_id", () => users.id),
    amountCents: cents("amount_cents"),
    creatorName: text("creator_name").notNull(),
    creatorEmail: text("creator_email").notNull(),
    ...payoutDetailsColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payout_lines_creator_unique").on(t.payoutId, t.creatorId),
    index("payout_lines_creator_idx").on(t.creatorId, t.createdAt),
    check("payout_lines_amount_positive", sql`"amount_cents" > 0`),
  ],
);

/**
 * What a line takes of each commission: amount - reversed - settled when the batch was made, so
 * negative for a refund that came after an earlier payout. A commission is in a batch once.
 */
export const payoutItems = sqliteTable(
  "payout_items",
  {
    lineId: belongsTo("line_id", () => payoutLines.id),
    commissionId: belongsTo("commission_id", () => commissions.id),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.commissionId] }),
    index("payout_items_commission_idx").on(t.commissionId),
  ],
);
