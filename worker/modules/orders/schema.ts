// The orders module owns orders, their lines (order_items) and the back-office's refunds
// (order_refunds). It offers checkout and the stock holds of unpaid checkouts, fulfilment (the one
// place an order becomes paid), the shopper's orders and invoices, the back-office's queue, status,
// notes and tracking, refunds and cancellation (with the shop discount a promotion gave, which the
// promotions module prices and holds), and statements other modules' batches compose:
// a lapsed checkout's release, retention's pruning of unpaid orders, a reversal's refunded and
// disputed figures.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CARRIER_IDS, REFUND_STATUSES } from "../../contracts/admin-orders";
import { PROMOTION_KINDS } from "../../contracts/promotions";
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
    userId: pointsTo("user_id", () => users.id),
    email: text("email").notNull(),
    address: text("address", { mode: "json" }).$type<OrderAddress>().notNull(),
    subtotalCents: cents("subtotal_cents"),
    taxCents: cents("tax_cents"),
    deliveryFeeCents: cents("delivery_fee_cents"),
    /**
     * Every discount taken off the order: the creator code's and the shop's together, so the total
     * stays SPEC.md section 9's subtotal + tax + delivery - discount.
     */
    discountCents: cents("discount_cents"),
    /** Of discount_cents, what the shop's promotion took off (README, "Promotions"). */
    shopDiscountCents: cents("shop_discount_cents").default(0),
    /** The promotion the shop discount came from (modules/promotions), its code and its kind. */
    promotionId: text("promotion_id"),
    /** The code as stored (upper-case), or null for an automatic offer. */
    promotionCode: text("promotion_code"),
    promotionKind: text("promotion_kind", { enum: PROMOTION_KINDS }),
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
    creatorId: pointsTo("creator_id", () => users.id),
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
    ...timestamps(),
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
    index("orders_promotion_idx").on(t.promotionId),
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
    orderId: belongsTo("order_id", () => orders.id),
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
    orderId: belongsTo("order_id", () => orders.id),
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
    actorId: pointsTo("actor_id", () => users.id),
    actorEmail: text("actor_email").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("order_refunds_request_unique").on(t.orderId, t.requestKey),
    uniqueIndex("order_refunds_one_pending").on(t.orderId).where(sql`"status" = 'pending'`),
    index("order_refunds_created_idx").on(t.createdAt),
    check("order_refunds_amount_positive", sql`"amount_cents" > 0`),
    check("order_refunds_status_valid", inList("status", REFUND_STATUSES)),
  ],
);
