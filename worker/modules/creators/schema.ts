// The creators module owns creator_profiles, link clicks (affiliate_clicks and their daily
// roll-up affiliate_click_days) and commissions. It offers affiliate codes, attribution, click
// recording, commissions (written with fulfilment, approved after the hold, reversed with refunds
// and disputes), the owner's review and creators list, a creator's stats, and statements other
// batches compose: a commission's reversal, a payout's settlement of commissions.
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
import { CREATOR_STATUSES } from "../../contracts/admin-creators";
import { belongsTo, cents, createdAt, inList, nonNegative, timestamps } from "../../db/columns";
import { users } from "../identity/schema";
import { orders } from "../orders/schema";

export const COMMISSION_STATUSES = ["pending", "approved", "paid", "reversed"] as const;

/**
 * The owner's review of a commission that looks like self-referral (modules/creators/commissions.ts):
 * `held` until the owner decides; `released` then earns as any other, `rejected` never does.
 */
export const COMMISSION_REVIEWS = ["held", "released", "rejected"] as const;

export type CommissionReview = (typeof COMMISSION_REVIEWS)[number];

export const creatorProfiles = sqliteTable(
  "creator_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    affiliateCode: text("affiliate_code").notNull(),
    bio: text("bio").notNull().default(""),
    /** One comma-separated text, as SPEC.md section 3 has it. */
    socials: text("socials").notNull().default(""),
    payoutEmail: text("payout_email").notNull().default(""),
    /** Commission in basis points of the discounted merchandise subtotal (1000 = 10%). */
    commissionRateBps: integer("commission_rate_bps").notNull().default(1000),
    /** Fixed discount the code gives a shopper, in cents (default $10). */
    discountCents: cents("discount_cents").default(1000),
    /**
     * The application (contracts/admin-creators.ts): only `approved` creators' codes and links
     * work. Sign-up writes `pending`; rows from before applications were reviewed are approved.
     */
    status: text("status", { enum: CREATOR_STATUSES }).notNull().default("approved"),
    /** The owner's note with the last decision, mailed to the creator. */
    statusNote: text("status_note").notNull().default(""),
    statusChangedAt: integer("status_changed_at", { mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("creator_profiles_code_unique").on(t.affiliateCode),
    check(
      "creator_profiles_code_format",
      sql`"affiliate_code" GLOB '[A-Z0-9]*' AND length("affiliate_code") BETWEEN 6 AND 12`,
    ),
    check("creator_profiles_rate_range", sql`"commission_rate_bps" BETWEEN 0 AND 10000`),
    check("creator_profiles_status_valid", inList("status", CREATOR_STATUSES)),
    index("creator_profiles_status_idx").on(t.status, t.createdAt),
    nonNegative("creator_profiles", "discount_cents"),
  ],
);

export const affiliateClicks = sqliteTable(
  "affiliate_clicks",
  {
    id: text("id").primaryKey(),
    creatorId: belongsTo("creator_id", () => users.id),
    /** HMAC of the client's network (IPv4 address or IPv6 /64); raw addresses are never stored. */
    visitorHash: text("visitor_hash").notNull(),
    /** Whole hours since the epoch: one click per visitor, code and hour. */
    hourBucket: integer("hour_bucket").notNull(),
    landingPath: text("landing_path").notNull().default("/"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("affiliate_clicks_dedupe_unique").on(t.creatorId, t.visitorHash, t.hourBucket),
    /** One network's clicks in an hour: the per-network ceiling counts them (modules/creators/clicks.ts). */
    index("affiliate_clicks_network_hour_idx").on(t.visitorHash, t.hourBucket),
    index("affiliate_clicks_creator_created_idx").on(t.creatorId, t.createdAt),
  ],
);

/**
 * Clicks older than the stats' reporting window, rolled up by the daily cron into one count per
 * creator and Brisbane day (modules/retention/retention.ts); the raw rows are deleted in the same batch.
 */
export const affiliateClickDays = sqliteTable(
  "affiliate_click_days",
  {
    creatorId: belongsTo("creator_id", () => users.id),
    /** The Brisbane calendar day, YYYY-MM-DD. */
    day: text("day").notNull(),
    clicks: integer("clicks").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.day] }),
    nonNegative("affiliate_click_days", "clicks"),
  ],
);

export const commissions = sqliteTable(
  "commissions",
  {
    id: text("id").primaryKey(),
    orderId: belongsTo("order_id", () => orders.id),
    creatorId: belongsTo("creator_id", () => users.id),
    rateBps: integer("rate_bps").notNull(),
    baseCents: cents("base_cents"),
    amountCents: cents("amount_cents"),
    reversedCents: cents("reversed_cents").default(0),
    /**
     * What payout batches have taken of this commission so far (modules/payouts/payouts.ts): the batch
     * that takes it sets this to amount - reversed, so what is still owed is always
     * amount - reversed - settled, negative after a refund that came once it was paid out.
     */
    settledCents: cents("settled_cents").default(0),
    status: text("status", { enum: COMMISSION_STATUSES }).notNull().default("pending"),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    /** Null for most; see COMMISSION_REVIEWS. Only a commission not held or rejected is payable. */
    review: text("review", { enum: COMMISSION_REVIEWS }),
    /** Why it was held, in the owner's words ("the card paid for the creator's own orders"). */
    reviewReason: text("review_reason"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("commissions_order_unique").on(t.orderId),
    index("commissions_creator_status_idx").on(t.creatorId, t.status),
    nonNegative("commissions", "base_cents"),
    nonNegative("commissions", "amount_cents"),
    nonNegative("commissions", "reversed_cents"),
    check("commissions_reversal_bounded", sql`"reversed_cents" <= "amount_cents"`),
    check("commissions_settled_bounded", sql`"settled_cents" BETWEEN 0 AND "amount_cents"`),
    check("commissions_status_valid", inList("status", COMMISSION_STATUSES)),
    check(
      "commissions_review_valid",
      sql`"review" IS NULL OR ${inList("review", COMMISSION_REVIEWS)}`,
    ),
    index("commissions_review_idx").on(t.review),
  ],
);
