// The whole data model of SPEC.md section 3. Money is integer cents (CHECK >= 0), emails are stored
// trimmed and lower-cased (CHECK) under unique indexes, ids are 24-hex text (see worker/lib/ids.ts).
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
import { AUDIT_ENTITIES } from "../contracts/admin";
import { PRODUCT_STATUSES } from "../contracts/admin-catalogue";
import { CREATOR_STATUSES } from "../contracts/admin-creators";
import { MESSAGE_STATUSES } from "../contracts/admin-inbox";
import { CARRIER_IDS, REFUND_STATUSES } from "../contracts/admin-orders";
import { PAYOUT_METHODS } from "../contracts/payouts";

/** The database's clock in milliseconds: the default of every timestamp column below. */
export const dbNowMs = sql`(unixepoch('subsec') * 1000)`;

const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(dbNowMs);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(dbNowMs)
    .$onUpdate(() => new Date());

/** Money columns: whole cents, never negative. */
const cents = (name: string) => integer(name).notNull();
const nonNegative = (table: string, column: string) =>
  check(`${table}_${column}_non_negative`, sql.raw(`"${column}" >= 0`));
const normalisedEmail = (table: string, column: string) =>
  check(`${table}_${column}_normalised`, sql.raw(`"${column}" = lower(trim("${column}"))`));

export const USER_ROLES = ["user", "creator", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Order states move forward only; the five shipping steps are what the order tracker shows. */
export const ORDER_STATUSES = [
  "pending",
  "Order Placed",
  "Packing",
  "Shipped",
  "Out for Delivery",
  "Delivered",
  "payment_failed",
  "expired",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STOCK_HOLDS = ["held", "released", "sold"] as const;
export type StockHold = (typeof STOCK_HOLDS)[number];

export const STOCK_MOVEMENT_KINDS = [
  "reserve",
  "release",
  "sale",
  "restock",
  "correction",
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const COMMISSION_STATUSES = ["pending", "approved", "paid", "reversed"] as const;
/**
 * The owner's review of a commission that looks like self-referral (modules/creators/commissions.ts):
 * `held` until the owner decides; `released` then earns as any other, `rejected` never does.
 */
export const COMMISSION_REVIEWS = ["held", "released", "rejected"] as const;
export type CommissionReview = (typeof COMMISSION_REVIEWS)[number];

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(", ")})`);

export const categories = sqliteTable(
  "categories",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** R2 key of the tile picture. */
    imageKey: text("image_key").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("categories_name_unique").on(t.name),
    /** Names are unique regardless of case: "Wind Chimes" and "wind chimes" would be one tile. */
    uniqueIndex("categories_name_lower_unique").on(sql`lower(${t.name})`),
    index("categories_sort_idx").on(t.sortOrder),
  ],
);

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** JSON array of R2 keys, first is the cover. */
    imageKeys: text("image_keys", { mode: "json" }).$type<string[]>().notNull(),
    /**
     * Alt text by R2 key, for the keys in `image_keys` that have one. Kept on the row that holds the
     * order, so an image change is one conditional UPDATE (routes/admin-images.ts).
     */
    imageAlts: text("image_alts", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    originalPriceCents: cents("original_price_cents"),
    finalPriceCents: cents("final_price_cents"),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    bestseller: integer("bestseller", { mode: "boolean" }).notNull().default(false),
    isNew: integer("is_new", { mode: "boolean" }).notNull().default(false),
    premium: integer("premium", { mode: "boolean" }).notNull().default(false),
    variant: text("variant"),
    /** Only `active` products are on the storefront; archived ones stay for old orders. */
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("active"),
    /**
     * Units the shop holds, sold or not yet; null means stock is not tracked (always available).
     * What a shopper can buy is on hand minus reserved (modules/catalogue/stock.ts).
     */
    stockOnHand: integer("stock_on_hand"),
    /** Units held by checkouts not yet paid: taken at checkout, released on expiry, sold on payment. */
    stockReserved: integer("stock_reserved").notNull().default(0),
    /** At or under this many available units the product is on the owner's low-stock list. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    /** When the product was listed; "newest first" sorts by it. */
    listedAt: integer("listed_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_slug_unique").on(t.slug),
    index("products_category_idx").on(t.categoryId),
    index("products_listed_idx").on(t.listedAt),
    index("products_bestseller_idx").on(t.bestseller, t.listedAt),
    index("products_final_price_idx").on(t.finalPriceCents),
    nonNegative("products", "original_price_cents"),
    nonNegative("products", "final_price_cents"),
    check("products_final_not_above_original", sql`"final_price_cents" <= "original_price_cents"`),
    check("products_status_valid", inList("status", PRODUCT_STATUSES)),
    check("products_stock_on_hand_non_negative", sql`"stock_on_hand" >= 0`),
    nonNegative("products", "stock_reserved"),
    nonNegative("products", "low_stock_threshold"),
    check(
      "products_stock_reserved_within_on_hand",
      sql`"stock_on_hand" IS NULL OR "stock_reserved" <= "stock_on_hand"`,
    ),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>": parameters travel with the hash. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    /**
     * The admin's TOTP secret (RFC 6238), sealed with AES-GCM under a key derived from JWT_SECRET
     * (modules/identity/second-factor.ts); null until enrolment starts.
     */
    totpSecret: text("totp_secret"),
    /** When the admin confirmed enrolment with a first code; null while pending or never. */
    totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
    /** The 30-second step of the last code accepted: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    normalisedEmail("users", "email"),
    check("users_role_valid", inList("role", USER_ROLES)),
  ],
);

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

export interface OrderAddress {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  street2?: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
}

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** Null for guest checkout; the contact email identifies the buyer then. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    address: text("address", { mode: "json" }).$type<OrderAddress>().notNull(),
    subtotalCents: cents("subtotal_cents"),
    taxCents: cents("tax_cents"),
    deliveryFeeCents: cents("delivery_fee_cents"),
    discountCents: cents("discount_cents"),
    totalCents: cents("total_cents"),
    /** What Stripe has refunded of the total so far (cumulative, from charge.refunded). */
    refundedCents: cents("refunded_cents").default(0),
    /**
     * What open or lost disputes hold of the rest (from charge.dispute.*, back to 0 when the shop
     * wins): refunded + disputed never exceeds the total (modules/payments/reversals.ts).
     */
    disputedCents: cents("disputed_cents").default(0),
    currency: text("currency").notNull().default("aud"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    stripeSessionId: text("stripe_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /**
     * Stripe's fingerprint of the card that paid (the same for every payment with one card number),
     * when Stripe gives one: the self-referral rule compares it with the creator's own orders.
     */
    cardFingerprint: text("card_fingerprint"),
    /**
     * SHA-256 of the token in the cookie of the guest browser that started the checkout, the only
     * one answered with the order (middleware/order-access-cookie.ts); null for a signed-in buyer.
     */
    accessTokenHash: text("access_token_hash"),
    /**
     * A keyed hash of the network the checkout came from (modules/orders/stock-holds.ts), so what one
     * network holds unpaid is bounded; never the address itself. Null for orders older than it.
     */
    clientNetworkHash: text("client_network_hash"),
    affiliateCode: text("affiliate_code"),
    /** Why the order is attributed to the code: typed at checkout, or a creator link clicked. */
    attribution: text("attribution", { enum: ["typed", "link"] }),
    creatorId: text("creator_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The creator's commission rate when the order was placed (basis points), so a change of terms
     * applies to orders from then on (modules/creators/commissions.ts); null for unattributed orders and
     * those placed before it was kept, which earn at the creator's rate when paid.
     */
    commissionRateBps: integer("commission_rate_bps"),
    trackingUrl: text("tracking_url"),
    /** Who carries the parcel (contracts/admin-orders.ts CARRIERS), set when the owner ships it. */
    carrier: text("carrier", { enum: CARRIER_IDS }),
    trackingNumber: text("tracking_number"),
    shippedAt: integer("shipped_at", { mode: "timestamp_ms" }),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    /**
     * What the order does to stock (modules/catalogue/stock.ts): `held` from checkout, then `released` once
     * (expired, failed or cancelled) or `sold` once (paid); null for orders older than stock.
     */
    stockHold: text("stock_hold", { enum: STOCK_HOLDS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_stripe_session_unique").on(t.stripeSessionId),
    index("orders_card_fingerprint_idx").on(t.cardFingerprint),
    index("orders_client_network_idx").on(t.clientNetworkHash, t.stockHold),
    index("orders_stock_hold_idx").on(t.stockHold, t.status),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status),
    index("orders_creator_idx").on(t.creatorId),
    /** The back-office's queue and the figures read paid orders by when they were paid. */
    index("orders_paid_idx").on(t.paidAt),
    normalisedEmail("orders", "email"),
    check("orders_status_valid", inList("status", ORDER_STATUSES)),
    nonNegative("orders", "subtotal_cents"),
    nonNegative("orders", "tax_cents"),
    nonNegative("orders", "delivery_fee_cents"),
    nonNegative("orders", "discount_cents"),
    nonNegative("orders", "total_cents"),
    check(
      "orders_total_consistent",
      sql`"total_cents" = max(0, "subtotal_cents" + "tax_cents" + "delivery_fee_cents" - "discount_cents")`,
    ),
  ],
);

export const orderItems = sqliteTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    name: text("name").notNull(),
    imageKey: text("image_key").notNull(),
    /** The price at purchase, not today's price. */
    unitPriceCents: cents("unit_price_cents"),
    quantity: integer("quantity").notNull(),
    /** Units of this line put back in stock by refunds and cancellation: never more than sold. */
    restockedQuantity: integer("restocked_quantity").notNull().default(0),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    nonNegative("order_items", "unit_price_cents"),
    check("order_items_quantity_range", sql`"quantity" BETWEEN 1 AND 10`),
    check("order_items_restocked_range", sql`"restocked_quantity" BETWEEN 0 AND "quantity"`),
  ],
);

/** A line of a refund or cancellation that goes back in stock. */
export interface RestockLine {
  productId: string;
  quantity: number;
}

/**
 * Refunds the back-office makes through Stripe (modules/orders/refunds.ts). A row is written `pending`
 * before Stripe is called and settled after: the partial unique index allows one pending refund per
 * order, and the request key makes a retried request find its own row, so a double click, a retry
 * or two admins at once make one refund. Stripe's idempotency key is the row's id.
 */
export const orderRefunds = sqliteTable(
  "order_refunds",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The client's key for this request (one per refund dialog), or one derived from it. */
    requestKey: text("request_key").notNull(),
    amountCents: cents("amount_cents"),
    reason: text("reason").notNull().default(""),
    /** What goes back in stock when the refund succeeds. */
    restockLines: text("restock_lines", { mode: "json" }).$type<RestockLine[]>().notNull(),
    /** Mail the customer when it succeeds. */
    notify: integer("notify", { mode: "boolean" }).notNull().default(true),
    /** A cancellation: the order becomes `cancelled` with this refund. */
    cancel: integer("cancel", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    stripeRefundId: text("stripe_refund_id"),
    /** Why Stripe refused it, for a failed refund. */
    error: text("error"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("order_refunds_request_unique").on(t.orderId, t.requestKey),
    uniqueIndex("order_refunds_one_pending").on(t.orderId).where(sql`"status" = 'pending'`),
    index("order_refunds_created_idx").on(t.createdAt),
    check("order_refunds_amount_positive", sql`"amount_cents" > 0`),
    check("order_refunds_status_valid", inList("status", REFUND_STATUSES)),
  ],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    coverKey: text("cover_key").notNull(),
    shortDescription: text("short_description").notNull(),
    /** Article HTML; sanitised again before it reaches a page. */
    content: text("content").notNull(),
    publishDate: text("publish_date").notNull(),
    estimatedTimeToRead: integer("estimated_time_to_read").notNull(),
    keywords: text("keywords").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_unique").on(t.slug),
    index("blog_posts_publish_idx").on(t.publishDate),
  ],
);

export const faqEntries = sqliteTable(
  "faq_entries",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("faq_entries_sort_idx").on(t.sortOrder)],
);

export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** SHA-256 of the token in the unsubscribe link. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    /** Double opt-in: a subscriber is a row confirmed and not unsubscribed; null until confirmed. */
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    /** SHA-256 of the token in the latest confirmation link (kept after use: a second click is told). */
    confirmTokenHash: text("confirm_token_hash"),
    /** When the latest confirmation mail was sent: at most one a day, its link valid for a week. */
    confirmSentAt: integer("confirm_sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(t.email),
    uniqueIndex("newsletter_subscribers_token_unique").on(t.unsubscribeTokenHash),
    uniqueIndex("newsletter_subscribers_confirm_token_unique").on(t.confirmTokenHash),
    normalisedEmail("newsletter_subscribers", "email"),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    /** The inbox's state: new until the owner replies or closes it. */
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("new"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_status_idx").on(t.status, t.createdAt),
    normalisedEmail("contact_messages", "email"),
    check("contact_messages_status_valid", inList("status", MESSAGE_STATUSES)),
  ],
);

/** The owner's replies to a contact message, each mailed to its sender. Never updated. */
export const contactReplies = sqliteTable(
  "contact_replies",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);

/** Transactional mail (orders, resets, confirmations) is retried before marketing mail. */
export const EMAIL_KINDS = ["transactional", "marketing"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * Every mail the shop sends, whatever the transport: the development mailbox reads it. "queued" is
 * pending: sent at once, then retried by the cron with backoff (modules/mail/outbox.ts). In production
 * the bodies are removed once a mail is sent or given up (`redacted_at`).
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    replyTo: text("reply_to"),
    /** Extra mail headers as JSON (a marketing mail's List-Unsubscribe), removed with the body. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull().default("transactional"),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    /** Sending attempts so far; each claim counts one. */
    attempts: integer("attempts").notNull().default(0),
    /** The last attempt's error. */
    error: text("error"),
    /**
     * When a queued mail may next be tried; 0 is at once. A claim pushes it forward, so no other
     * run takes the mail meanwhile. (SQLite cannot add a column whose default is the clock.)
     */
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull().default(sql`0`),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    redactedAt: integer("redacted_at", { mode: "timestamp_ms" }),
    /** The order a mail is about, for the order's timeline in the back-office. */
    orderId: text("order_id"),
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt),
    index("email_outbox_order_idx").on(t.orderId),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

export const affiliateClicks = sqliteTable(
  "affiliate_clicks",
  {
    id: text("id").primaryKey(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
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
    payoutId: text("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    lineId: text("line_id")
      .notNull()
      .references(() => payoutLines.id, { onDelete: "cascade" }),
    commissionId: text("commission_id")
      .notNull()
      .references(() => commissions.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.commissionId] }),
    index("payout_items_commission_idx").on(t.commissionId),
  ],
);

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

/**
 * Small key/value facts about the data, bumped by triggers (the custom migrations 0001 and 0026):
 * `catalogue_version` whenever what the storefront shows of products, categories, blog posts or FAQ
 * entries changes, and `stock_version` whenever a product's stock counts change. The catalogue
 * caches rebuild content on the first and re-read only stock figures on the second.
 */
export const appMeta = sqliteTable("app_meta", {
  key: text("key").primaryKey(),
  value: integer("value").notNull(),
});

/**
 * Never holds a row. A statement that inserts into it fails the CHECK named for the rule its
 * condition found broken, and so rolls back the db.batch it is part of: a limit that counts rows
 * the same batch writes (modules/orders/stock-holds.ts), decided by D1's single writer, never by a read
 * made before the batch.
 */
export const BATCH_GUARDS = ["network_checkouts", "network_units"] as const;
export type BatchGuard = (typeof BATCH_GUARDS)[number];
export const batchGuards = sqliteTable(
  "batch_guards",
  { guard: text("guard", { enum: BATCH_GUARDS }).primaryKey() },
  () => BATCH_GUARDS.map((g) => check(`batch_guard_${g}`, sql.raw(`"guard" <> '${g}'`))),
);

/**
 * Fixed-window request counters for rate limits, one row per (limit, subject). D1's single writer
 * makes the increment exact, under `wrangler dev` as in production.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

export const SESSION_END_REASONS = ["logout", "reuse", "password_reset"] as const;

/**
 * One sign-in on one device and its rotating refresh token (modules/identity/sessions.ts). Rotation, logout,
 * reuse detection and password resets are each one conditional statement on this row, so D1's
 * single writer decides every race: once ended, a family stays ended.
 */
export const sessionFamilies = sqliteTable(
  "session_families",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the one refresh token of this family that may still be used. */
    currentHash: text("current_hash").notNull(),
    /** The sign-in: the family's absolute lifetime counts from here, however often it rotates. */
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** When the current token was issued: a token left unused too long has expired. */
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    revokeReason: text("revoke_reason", { enum: SESSION_END_REASONS }),
    /** When this sign-in passed the admin's second factor (middleware/admin.ts); null if it has not. */
    secondFactorAt: integer("second_factor_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("session_families_current_unique").on(t.currentHash),
    index("session_families_user_idx").on(t.userId),
    check("session_families_revoke_reason_valid", inList("revoke_reason", SESSION_END_REASONS)),
    check(
      "session_families_revoked_with_reason",
      sql`("revoked_at" IS NULL) = ("revoke_reason" IS NULL)`,
    ),
  ],
);

/** Every refresh token ever issued, by hash: an old one presented again names its family. */
export const sessionTokens = sqliteTable(
  "session_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: text("family_id")
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_tokens_family_idx").on(t.familyId)],
);

/** Outstanding password reset links, by the SHA-256 of their token; using one ends them all. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

export const EMAIL_CHANGE_KINDS = ["login", "payout"] as const;
export type EmailChangeKind = (typeof EMAIL_CHANGE_KINDS)[number];

/**
 * Email changes waiting for the link mailed to the new address (modules/identity/email-changes.ts): at most
 * one per account and kind (the sign-in email, or a creator's payout email), a newer request
 * replacing the older; confirming applies and deletes the row in one batch, so a link works once.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    /** SHA-256 of the token in the confirmation link. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: EMAIL_CHANGE_KINDS }).notNull(),
    newEmail: text("new_email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_changes_user_kind_unique").on(t.userId, t.kind),
    normalisedEmail("email_changes", "new_email"),
    check("email_changes_kind_valid", inList("kind", EMAIL_CHANGE_KINDS)),
  ],
);

/** Every back-office write: who, when, what, and the values before and after. Never updated. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    /** The admin; kept as an email too, so the entry still says who after the account is gone. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    entity: text("entity", { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text("entity_id").notNull(),
    /** What was done, e.g. "create", "update", "archive", "upload", "reorder", "adjust". */
    action: text("action").notNull(),
    before: text("before", { mode: "json" }).$type<Record<string, unknown> | null>(),
    after: text("after", { mode: "json" }).$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt),
    index("audit_log_created_idx").on(t.createdAt),
    check("audit_log_entity_valid", inList("entity", AUDIT_ENTITIES)),
  ],
);

/**
 * The stock ledger: one row per change of a product's on-hand or reserved count, written in the
 * same batch as the change (modules/catalogue/stock.ts). Never updated.
 */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: text("product_id").notNull(),
    kind: text("kind", { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    /** Change of on hand (0 when the product's stock is not tracked). */
    onHandDelta: integer("on_hand_delta").notNull(),
    /** Change of reserved. */
    reservedDelta: integer("reserved_delta").notNull(),
    reason: text("reason").notNull().default(""),
    orderId: text("order_id"),
    /** The admin who made a restock or correction; null for checkout, expiry and sale. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_product_idx").on(t.productId, t.createdAt),
    index("stock_movements_order_idx").on(t.orderId),
    check("stock_movements_kind_valid", inList("kind", STOCK_MOVEMENT_KINDS)),
  ],
);
