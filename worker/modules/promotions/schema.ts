// The promotions module owns promotions (the owner's discount codes and automatic offers),
// promotion_codes (a promotion's one-off code and its batches of single-use codes) and
// promotion_redemptions (each order's use of one, held while its checkout is open, then used or
// released). It offers the pricing of a promotion against a cart, the choice between a shop
// discount and a creator's code (README, "Promotions"), the storefront's running offers, the
// back-office's promotions, stats and code exports, and statements the orders module composes
// into its batches: a checkout's hold of a use with its guards, a payment's use, a release.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PROMOTION_KINDS, PROMOTION_SCOPES, PROMOTION_STATUSES } from "../../contracts/promotions";
import {
  belongsTo,
  cents,
  inList,
  nonNegative,
  normalisedEmail,
  pointsTo,
  timestamps,
} from "../../db/columns";
import { users } from "../identity/schema";
import { orders } from "../orders/schema";

/**
 * What the owner runs. The window is UTC milliseconds, converted from the Brisbane wall-clock the
 * owner types; the targets are ids of categories or products, as chosen (a deleted one matches
 * nothing).
 */
export const promotions = sqliteTable(
  "promotions",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** No code: checkout applies it by itself where it applies. */
    automatic: integer("automatic", { mode: "boolean" }).notNull().default(false),
    kind: text("kind", { enum: PROMOTION_KINDS }).notNull(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    scope: text("scope", { enum: PROMOTION_SCOPES }).notNull(),
    categoryIds: text("category_ids", { mode: "json" }).$type<string[]>().notNull(),
    productIds: text("product_ids", { mode: "json" }).$type<string[]>().notNull(),
    /** On the goods subtotal (before tax, delivery and any discount). */
    minSpendCents: integer("min_spend_cents"),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    /** Uses across everyone (held by open checkouts and paid), or null for no limit. */
    usageLimit: integer("usage_limit"),
    /** Uses per account, and per email for guests, or null for no limit. */
    perCustomerLimit: integer("per_customer_limit"),
    /** Applies on top of a creator's code rather than instead of it. */
    stacksWithCreator: integer("stacks_with_creator", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: PROMOTION_STATUSES }).notNull().default("active"),
    ...timestamps(),
  },
  (t) => [
    index("promotions_automatic_idx").on(t.automatic, t.status),
    index("promotions_created_idx").on(t.createdAt),
    check("promotions_kind_valid", inList("kind", PROMOTION_KINDS)),
    check("promotions_scope_valid", inList("scope", PROMOTION_SCOPES)),
    check("promotions_status_valid", inList("status", PROMOTION_STATUSES)),
    check(
      "promotions_percent_range",
      sql`"percent_off" IS NULL OR "percent_off" BETWEEN 1 AND 100`,
    ),
    check("promotions_amount_positive", sql`"amount_off_cents" IS NULL OR "amount_off_cents" > 0`),
    check(
      "promotions_window_ordered",
      sql`"ends_at" IS NULL OR "starts_at" IS NULL OR "ends_at" > "starts_at"`,
    ),
    check(
      "promotions_limits_positive",
      sql`coalesce("usage_limit", 1) > 0 AND coalesce("per_customer_limit", 1) > 0`,
    ),
  ],
);

/**
 * The codes a shopper types: stored upper-case (codes are compared without regard to case), each
 * unique across all promotions. A promotion's one-off code may be used many times; each code of a
 * batch once.
 */
export const promotionCodes = sqliteTable(
  "promotion_codes",
  {
    id: text("id").primaryKey(),
    promotionId: belongsTo("promotion_id", () => promotions.id),
    code: text("code").notNull(),
    singleUse: integer("single_use", { mode: "boolean" }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("promotion_codes_code_unique").on(t.code),
    index("promotion_codes_promotion_idx").on(t.promotionId, t.singleUse),
    check("promotion_codes_upper_case", sql`"code" = upper(trim("code"))`),
  ],
);

export const REDEMPTION_STATES = ["held", "used", "released"] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];

/**
 * One order's use of a promotion (at most one per order): `held` from checkout, then `used` once
 * paid or `released` once its checkout expires, fails or is cancelled. Held and used rows are what
 * the usage, per-customer and single-use limits count, inside the checkout's own batch.
 */
export const promotionRedemptions = sqliteTable(
  "promotion_redemptions",
  {
    id: text("id").primaryKey(),
    promotionId: belongsTo("promotion_id", () => promotions.id),
    /** The code typed, or null for an automatic offer. */
    codeId: pointsTo("code_id", () => promotionCodes.id),
    orderId: belongsTo("order_id", () => orders.id),
    userId: pointsTo("user_id", () => users.id),
    email: text("email").notNull(),
    state: text("state", { enum: REDEMPTION_STATES }).notNull().default("held"),
    /** What it took off the order. */
    amountCents: cents("amount_cents"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("promotion_redemptions_order_unique").on(t.orderId),
    index("promotion_redemptions_promotion_idx").on(t.promotionId, t.state),
    index("promotion_redemptions_code_idx").on(t.codeId, t.state),
    index("promotion_redemptions_user_idx").on(t.userId),
    index("promotion_redemptions_email_idx").on(t.email),
    normalisedEmail("promotion_redemptions", "email"),
    nonNegative("promotion_redemptions", "amount_cents"),
    check("promotion_redemptions_state_valid", inList("state", REDEMPTION_STATES)),
  ],
);
