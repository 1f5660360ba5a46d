// The back-office's orders (README, back-office): the queue to ship, an order's page and timeline,
// moving it through the SPEC's tracker steps, refunds and cancellation. Money is dollars here and
// cents in D1; the Worker validates with these schemas and the back-office's forms use the same.
import * as v from "valibot";
import { PageQuery } from "./admin";
import { fieldsObject, price } from "./admin-catalogue";
import { boundedText, writtenText } from "./fields";
import { dollarsToCents } from "./money";
import type { Address, OrderStatusName } from "./order";
import { TRACKER_STEPS } from "./order";

/** Orders per page of the back-office queue. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** An order's number as the shopper sees it: the last 8 characters of its id. */
export const ORDER_NUMBER_LENGTH = 8;
export const orderNumber = (orderId: string) => orderId.slice(-ORDER_NUMBER_LENGTH);

/**
 * The carriers a parcel can go with, and where each tracks a number. Australia Post is the default.
 * The number is URL-encoded into the link.
 */
export const CARRIERS = [
  {
    id: "auspost",
    name: "Australia Post",
    track: "https://auspost.com.au/mypost/track/details/{n}",
  },
  { id: "startrack", name: "StarTrack", track: "https://startrack.com.au/track/details/{n}" },
  { id: "sendle", name: "Sendle", track: "https://track.sendle.com/tracking?ref={n}" },
  { id: "aramex", name: "Aramex", track: "https://www.aramex.com.au/tools/track?l={n}" },
  {
    id: "couriersplease",
    name: "CouriersPlease",
    track: "https://www.couriersplease.com.au/tools-track/no/{n}",
  },
  {
    id: "dhl",
    name: "DHL Express",
    track: "https://www.dhl.com/au-en/home/tracking/tracking-express.html?tracking-id={n}",
  },
] as const;
export const CARRIER_IDS = CARRIERS.map((c) => c.id) as [
  (typeof CARRIERS)[number]["id"],
  ...(typeof CARRIERS)[number]["id"][],
];
export type CarrierId = (typeof CARRIERS)[number]["id"];
export const DEFAULT_CARRIER: CarrierId = "auspost";

export const carrierName = (id: CarrierId) => CARRIERS.find((c) => c.id === id)?.name ?? id;

/** The carrier's tracking page for a number: the `trackingUrl` the shopper's Track Order opens. */
export const trackingUrlFor = (carrier: CarrierId, trackingNumber: string) =>
  (CARRIERS.find((c) => c.id === carrier) ?? CARRIERS[0]).track.replace(
    "{n}",
    encodeURIComponent(trackingNumber),
  );

/**
 * The queue's filters: `unshipped` (paid, not yet shipped: Order Placed or Packing) is the default
 * view; `all` is every paid order, cancelled ones included; or one tracker step, or `cancelled`.
 */
export const ORDER_QUEUE_FILTERS = ["unshipped", "all", ...TRACKER_STEPS, "cancelled"] as const;
export type OrderQueueFilter = (typeof ORDER_QUEUE_FILTERS)[number];
export const ORDER_SORTS = ["oldest", "newest"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** A view's own order when none is asked: the queue to ship oldest first, any other newest first. */
export const defaultOrderSort = (status: OrderQueueFilter): OrderSort =>
  status === "unshipped" ? "oldest" : "newest";

export const MAX_ORDER_SEARCH_LENGTH = 100;

/** A Brisbane calendar day, YYYY-MM-DD, that exists. */
export const DaySchema = (label: string) =>
  v.pipe(
    v.string(`${label} must be a date`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`),
    v.check((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
    }, `${label} must be a date that exists`),
  );

/** A date range's check: from not after to (either may be absent). */
export const fromNotAfterTo = <T extends { from?: string; to?: string }>(q: T) =>
  !q.from || !q.to || q.from <= q.to;

/** GET /api/admin/orders?status=&q=&from=&to=&sort=&page= (from and to: Brisbane days, inclusive). */
export const OrderListQuery = v.pipe(
  v.object({
    status: v.optional(
      v.picklist(ORDER_QUEUE_FILTERS, `status must be one of ${ORDER_QUEUE_FILTERS.join(", ")}`),
      "unshipped",
    ),
    q: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(
          MAX_ORDER_SEARCH_LENGTH,
          `q must be at most ${MAX_ORDER_SEARCH_LENGTH} characters`,
        ),
      ),
    ),
    from: v.optional(DaySchema("from")),
    to: v.optional(DaySchema("to")),
    sort: v.optional(v.picklist(ORDER_SORTS, `sort must be one of ${ORDER_SORTS.join(", ")}`)),
    page: PageQuery,
  }),
  v.forward(v.check(fromNotAfterTo, "from must not be after to"), ["from"]),
);
export type OrderListParams = v.InferOutput<typeof OrderListQuery>;

/** Where an order may go next: a later tracker step (skipping is allowed), never back. */
export const nextStatuses = (status: string): OrderStatusName[] => {
  const at = TRACKER_STEPS.indexOf(status as OrderStatusName);
  return at < 0 ? [] : TRACKER_STEPS.slice(at + 1);
};

/** Paid and not yet shipped: the queue to ship, and the statuses an order may be cancelled in. */
export const UNSHIPPED_STATUSES: readonly OrderStatusName[] = ["Order Placed", "Packing"];
export const CANCELLABLE_STATUSES = UNSHIPPED_STATUSES;
/** The steps from Shipped on: the parcel has left. */
export const SHIPPED_STATUSES: readonly OrderStatusName[] = TRACKER_STEPS.filter(
  (s) => !UNSHIPPED_STATUSES.includes(s),
);

export const MAX_TRACKING_NUMBER_LENGTH = 40;
export const MAX_REASON_LENGTH = 500;
export const MAX_NOTE_LENGTH = 2000;

const notify = v.optional(v.boolean("notify must be true or false"), true);

/** A client's key for one action, so a double click or a retry is one action. */
const requestKey = v.optional(
  v.pipe(
    v.string("requestKey must be text"),
    v.regex(/^[A-Za-z0-9_-]{8,64}$/, "requestKey must be 8 to 64 letters, digits, - or _"),
  ),
);

/**
 * POST /api/admin/orders/:id/status. Any tracker step is a status (Order Placed too: asked of a
 * later order, it is a move backwards, which the Worker refuses as every other: 409). Shipped needs
 * the tracking number (the carrier defaults to Australia Post); a later step may carry one too,
 * when Shipped was skipped.
 */
const carrier = v.optional(
  v.picklist(CARRIER_IDS, `carrier must be one of ${CARRIER_IDS.join(", ")}`),
);
const trackingNumber = v.pipe(
  v.string("trackingNumber must be text"),
  v.trim(),
  v.maxLength(
    MAX_TRACKING_NUMBER_LENGTH,
    `trackingNumber must be at most ${MAX_TRACKING_NUMBER_LENGTH} characters`,
  ),
  v.regex(/^[A-Za-z0-9 -]*$/, "trackingNumber may contain only letters, digits, spaces and -"),
);

export const StatusChangeSchema = v.pipe(
  fieldsObject(
    {
      status: v.picklist(TRACKER_STEPS, `status must be one of ${TRACKER_STEPS.join(", ")}`),
      carrier,
      trackingNumber: v.optional(trackingNumber),
      notify,
    },
    "status change",
  ),
  v.forward(
    v.check(
      (input) => input.status !== "Shipped" || Boolean(input.trackingNumber),
      "Enter the tracking number to mark the order shipped",
    ),
    ["trackingNumber"],
  ),
);
export type StatusChangeInput = v.InferOutput<typeof StatusChangeSchema>;

/**
 * POST /api/admin/orders/:id/tracking: corrects a shipped (or later) order's tracking, checked as
 * the move to Shipped checks it. No carrier keeps the order's own (Australia Post if it has none).
 */
export const TrackingCorrectionSchema = fieldsObject(
  {
    carrier,
    trackingNumber: v.pipe(
      v.optional(trackingNumber, ""),
      v.nonEmpty("Enter the corrected tracking number"),
    ),
    notify,
  },
  "tracking correction",
);
export type TrackingCorrectionInput = v.InferOutput<typeof TrackingCorrectionSchema>;

export const MAX_REFUND_LINES = 50;
/** A refund's body with neither an amount nor lines (the back-office's dialog says it too). */
const REFUND_NOTHING_CHOSEN = "Choose the units this refund is for or enter the amount to refund";

const RestockLineSchema = v.object({
  productId: v.pipe(
    v.string("productId must be text"),
    v.regex(/^[0-9a-f]{24}$/, "productId must be a 24-character hex id"),
  ),
  quantity: v.pipe(
    v.number("quantity must be a whole number"),
    v.integer("quantity must be a whole number"),
    v.minValue(1, "quantity must be at least 1"),
    v.maxValue(10, "quantity must be at most 10"),
  ),
});

const reason = v.optional(boundedText("reason", MAX_REASON_LENGTH), "");

/**
 * POST /api/admin/orders/:id/refund. A refund says what it is: an `amount`, or the `lines` it is for
 * (then the Worker computes their worth, refundSuggestionCents; every unit of every line is all that
 * is left), or both; neither is refused, so no request refunds an order by leaving fields out. With
 * `restock` the lines go back in stock (never more than the line sold).
 */
export const RefundSchema = v.pipe(
  fieldsObject(
    {
      amount: v.optional(
        v.pipe(
          price("amount"),
          v.check((n) => dollarsToCents(n) > 0, "amount must be at least $0.01"),
        ),
      ),
      lines: v.optional(
        v.pipe(
          v.array(RestockLineSchema, "lines must be a list of { productId, quantity }"),
          v.maxLength(MAX_REFUND_LINES, `lines may hold at most ${MAX_REFUND_LINES} entries`),
        ),
        [],
      ),
      restock: v.optional(v.boolean("restock must be true or false"), false),
      reason,
      notify,
      requestKey,
    },
    "refund",
  ),
  v.forward(
    v.check(
      (input) => new Set(input.lines.map((l) => l.productId)).size === input.lines.length,
      "Each product may appear once in lines",
    ),
    ["lines"],
  ),
  v.forward(
    v.check((input) => input.amount !== undefined || input.lines.length > 0, REFUND_NOTHING_CHOSEN),
    ["amount"],
  ),
);
export type RefundInput = v.InferOutput<typeof RefundSchema>;

/** POST /api/admin/orders/:id/cancel: refunds what is left in full and restocks every line. */
export const CancelSchema = v.optional(
  fieldsObject({ reason, notify, requestKey }, "cancellation"),
  {},
);
export type CancelInput = v.InferOutput<typeof CancelSchema>;

/** POST /api/admin/orders/:id/notes: a note for the order's timeline (never shown to the buyer). */
export const OrderNoteSchema = fieldsObject(
  {
    note: writtenText("note", MAX_NOTE_LENGTH, "Write the note first"),
  },
  "note",
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ORDER_ADMIN_MESSAGES = {
  notFound: "Order not found",
  notPaid: "This order has not been paid",
  backwards: (from: string, to: string) => `The order is ${from}; it cannot go back to ${to}`,
  notShipped:
    "This order has not shipped yet: its tracking number is given when it is marked Shipped",
  sameTracking: "The order already has this carrier and tracking number",
  trackingChanged:
    "Someone changed this order's tracking meanwhile; reload the order and try again",
  sameStatus: (status: string) => `The order is already ${status}`,
  cancelled: "This order was cancelled",
  nothingToRefund: "Nothing is left to refund on this order",
  refundTooLarge: (left: string) => `At most ${left} is left to refund on this order`,
  refundInProgress: "Another refund of this order is in progress; reload the order and try again",
  requestKeyReused: "This request key was already used for a different refund or cancellation",
  refundFailed: (why: string) => `Stripe refused the refund: ${why}`,
  paymentProvider: "Could not reach Stripe; nothing was refunded. Try again.",
  shippedCannotCancel: "A shipped order cannot be cancelled; refund it instead",
  notCancellable: "Only a paid order that has not shipped can be cancelled",
  nothingChosen: REFUND_NOTHING_CHOSEN,
  unknownLine: "lines may only name products of this order",
  lineOverSold: (name: string, sold: number) =>
    `The order has ${sold} of ${name}; lines may not name more`,
  linesWorthNothing: "The chosen units come to nothing to refund; enter the amount to refund",
  lineTooMany: (name: string, left: number) => `At most ${left} of ${name} can go back in stock`,
} as const;

/** Dollars unless said otherwise. */
export interface AdminOrderSummaryDto {
  _id: string;
  /** The 8 characters the shopper sees, without #. */
  number: string;
  status: string;
  /** ISO 8601. */
  createdAt: string;
  paidAt: string | null;
  email: string;
  name: string;
  /** Units across the lines. */
  itemCount: number;
  total: number;
  refunded: number;
  affiliateCode: string | null;
  carrier: CarrierId | null;
  trackingNumber: string | null;
}

export interface AdminOrderListResponse {
  success: true;
  orders: AdminOrderSummaryDto[];
  total: number;
}

export interface AdminOrderLineDto {
  productId: string;
  name: string;
  image: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** Units of this line already put back in stock. */
  restocked: number;
}

export interface RefundDto {
  _id: string;
  amount: number;
  reason: string;
  status: RefundStatus;
  restockLines: { productId: string; quantity: number }[];
  cancel: boolean;
  stripeRefundId: string | null;
  error: string | null;
  actorEmail: string;
  createdAt: string;
}

export interface StockMovementDto {
  productId: string;
  kind: string;
  onHandDelta: number;
  reservedDelta: number;
  reason: string;
  at: string;
}

/** One line of an order's timeline, oldest first. */
export interface OrderEventDto {
  at: string;
  kind:
    | "created"
    | "paid"
    | "status"
    | "email"
    | "refund"
    | "refund_failed"
    | "cancelled"
    | "note"
    | "stripe_refund"
    | "dispute"
    | "commission_review"
    | "tracking";
  title: string;
  detail?: string;
  /** Who did it, for the owner's own actions. */
  actor?: string;
}

export interface AdminOrderDto {
  _id: string;
  number: string;
  status: string;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  email: string;
  userId: string | null;
  address: Address;
  items: AdminOrderLineDto[];
  subtotal: number;
  tax: number;
  deliveryFee: number;
  /** The creator code's discount. */
  discount: number;
  /**
   * The shop's discount code or automatic offer (README, "Promotions"), and its code if typed. The
   * Worker always sends both; optional for answers made before promotions.
   */
  shopDiscount?: number;
  promotionCode?: string | null;
  total: number;
  /** The GST in the total paid: one eleventh of it (contracts/totals.ts gstIncludedCents). */
  gst: number;
  refunded: number;
  disputed: number;
  /** What a refund may still return. */
  refundable: number;
  currency: string;
  payment: { provider: "stripe"; sessionId: string | null; paymentIntentId: string | null };
  attribution: {
    code: string;
    how: "typed" | "link" | null;
    creatorId: string | null;
    creatorName: string | null;
    /** `review`: held for the owner's review as possible self-referral, released or rejected. */
    commission: {
      amount: number;
      reversed: number;
      status: string;
      review: "held" | "released" | "rejected" | null;
      reviewReason: string | null;
    } | null;
  } | null;
  shipping: {
    carrier: CarrierId | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
  };
  refunds: RefundDto[];
  stockMovements: StockMovementDto[];
  events: OrderEventDto[];
  /** The tracker steps the order may move to now. */
  nextStatuses: OrderStatusName[];
  canCancel: boolean;
  invoiceUrl: string | null;
}

export interface AdminOrderResponse {
  success: true;
  order: AdminOrderDto;
}

export interface RefundResponse {
  success: true;
  refund: RefundDto;
  order: AdminOrderDto;
}

/**
 * What refunding some lines is worth, in cents: their price with the order's GST and its discount
 * shared out by value (delivery is not included), never more than `refundableCents`. The refund
 * form offers it and the owner may change it; a refund naming lines without an amount is this.
 */
export function refundSuggestionCents(
  order: { subtotalCents: number; taxCents: number; discountCents: number },
  lines: readonly { unitPriceCents: number; quantity: number }[],
  refundableCents: number,
): number {
  const value = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  if (value === 0 || order.subtotalCents === 0) return 0;
  const paidForGoods = Math.max(0, order.subtotalCents + order.taxCents - order.discountCents);
  return Math.min(refundableCents, Math.round((value * paidForGoods) / order.subtotalCents));
}
