// Checkout and orders (SPEC.md sections 3, 5, 7, 8 and 9): the request schemas the Worker
// validates with, the answers, the SPEC's messages and the one computation of checkout totals.
// web/ imports all of it.
import * as v from "valibot";
import { MAX_CART_QUANTITY } from "./account";
import { EmailSchema, MAX_NAME_LENGTH, MAX_PHONE_LENGTH, requiredText } from "./forms";

export const ORDER_MESSAGES = {
  emptyCart: "Your cart is empty!",
  startFailed: "Could not start payment.",
  cancelled: "Payment was cancelled. You can try again.",
  placedTitle: "Order Placed Successfully!",
  confirmed: "Order placed successfully!",
  confirmFailed: "Order confirmation failed",
  loadFailed: "Failed to load orders",
  noOrders: "No orders found. Start shopping to see your orders here!",
  unavailable: "Some items in your cart are no longer available. Please review your cart.",
  notPaid: "This payment has not been completed.",
} as const;

/** The affiliate code box (SPEC.md sections 5 and 8) and the Worker's answers about codes. */
export const AFFILIATE_MESSAGES = {
  empty: "Please enter a valid affiliate code.",
  invalid: "Invalid affiliate code",
  failed: "Could not validate affiliate code",
  applied: "Affiliate code applied!",
  copied: "Affiliate code copied!",
  ownCode: "You can't use your own affiliate code.",
} as const;

/**
 * The first-party cookie a creator link (/r/:code) sets to the code, for 30 days; the checkout
 * page reads it to show the code already applied.
 */
export const REFERRAL_COOKIE = "tt_ref";

/** The discount a valid code gives when the server names none (dollars). */
export const DEFAULT_AFFILIATE_DISCOUNT = 10;

export const ValidateAffiliateSchema = v.object({
  code: v.pipe(
    v.optional(v.string(AFFILIATE_MESSAGES.empty), ""),
    v.trim(),
    v.nonEmpty(AFFILIATE_MESSAGES.empty),
    v.maxLength(32, AFFILIATE_MESSAGES.invalid),
  ),
});

export interface ValidateAffiliateResponse {
  success: true;
  valid: boolean;
  /** Dollars off, when valid. */
  discount?: number;
  message: string;
}

/** The five shipping steps the order tracker shows, in order. */
export const TRACKER_STEPS = [
  "Order Placed",
  "Packing",
  "Shipped",
  "Out for Delivery",
  "Delivered",
] as const;

/** Delivery is a flat $10, nothing for an empty cart. */
export const DELIVERY_FEE_CENTS = 1000;
/** GST: 10% of the subtotal, in basis points. */
export const TAX_RATE_BPS = 1000;
/** Lines one checkout may hold. */
export const MAX_ORDER_LINES = 50;

export interface CheckoutTotals {
  subtotalCents: number;
  taxCents: number;
  deliveryFeeCents: number;
  discountCents: number;
  totalCents: number;
}

/**
 * SPEC.md section 9: tax is 10% of the subtotal rounded to the cent (half up), delivery 10 (0 for
 * an empty cart), total = subtotal + tax + delivery - discount, floored at 0. The Worker charges
 * exactly this; the checkout page shows the same figures.
 */
export function checkoutTotals(
  lines: readonly { unitPriceCents: number; quantity: number }[],
  discountCents = 0,
): CheckoutTotals {
  const held = lines.filter((l) => l.quantity > 0);
  const subtotalCents = held.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const taxCents = Math.round((subtotalCents * TAX_RATE_BPS) / 10_000);
  const deliveryFeeCents = held.length > 0 ? DELIVERY_FEE_CENTS : 0;
  const discount = Math.max(0, discountCents);
  return {
    subtotalCents,
    taxCents,
    deliveryFeeCents,
    discountCents: discount,
    totalCents: Math.max(0, subtotalCents + taxCents + deliveryFeeCents - discount),
  };
}

const MAX_ADDRESS_LENGTH = 200;

export const AddressSchema = v.object({
  firstName: requiredText("First name", MAX_NAME_LENGTH),
  lastName: requiredText("Last name", MAX_NAME_LENGTH),
  email: EmailSchema,
  street: requiredText("Address line 1", MAX_ADDRESS_LENGTH),
  street2: v.optional(
    v.pipe(
      v.string("Address line 2 must be text"),
      v.trim(),
      v.maxLength(
        MAX_ADDRESS_LENGTH,
        `Address line 2 must be at most ${MAX_ADDRESS_LENGTH} characters`,
      ),
    ),
    "",
  ),
  city: requiredText("City", MAX_NAME_LENGTH),
  state: requiredText("State", MAX_NAME_LENGTH),
  zipcode: v.pipe(
    requiredText("Zipcode", 12),
    v.regex(/^[A-Za-z0-9 -]+$/, "Zipcode may contain only letters, digits, spaces and -"),
  ),
  country: requiredText("Country", MAX_NAME_LENGTH),
  phone: v.pipe(
    requiredText("Phone", MAX_PHONE_LENGTH),
    v.regex(/^[0-9+()\-.\s]+$/, "Phone may contain only digits, spaces and + ( ) - ."),
  ),
});

export type AddressInput = v.InferInput<typeof AddressSchema>;
export type Address = v.InferOutput<typeof AddressSchema>;

const ItemId = v.pipe(v.string("Item id must be text"), v.regex(/^[0-9a-f]{24}$/, "Unknown item"));
const quantityMessage = `Quantity must be a whole number from 1 to ${MAX_CART_QUANTITY}`;

/** A cart line as the SPA holds it: `_id` or `id`, and a quantity; names and prices are ignored. */
const CheckoutItemSchema = v.pipe(
  v.looseObject({
    _id: v.optional(ItemId),
    id: v.optional(ItemId),
    quantity: v.pipe(
      v.number(quantityMessage),
      v.integer(quantityMessage),
      v.minValue(1, quantityMessage),
      v.maxValue(MAX_CART_QUANTITY, quantityMessage),
    ),
  }),
  v.check((item) => Boolean(item._id ?? item.id), "Each item needs an id"),
  v.transform((item) => ({ productId: (item._id ?? item.id) as string, quantity: item.quantity })),
);

/**
 * The checkout request of SPEC.md section 7. `amount` and `tax` are what the page showed; the
 * Worker accepts and ignores them and computes every figure itself.
 */
export const CreateCheckoutSchema = v.object({
  address: v.pipe(
    v.optional(v.unknown(), {}),
    v.custom<Record<string, unknown>>(
      (x) => typeof x === "object" && x !== null && !Array.isArray(x),
      "Address is required",
    ),
    AddressSchema,
  ),
  items: v.pipe(
    v.optional(v.array(CheckoutItemSchema, "Items must be a list"), []),
    v.maxLength(MAX_ORDER_LINES, `An order may hold at most ${MAX_ORDER_LINES} lines`),
  ),
  amount: v.optional(v.unknown()),
  tax: v.optional(v.unknown()),
  affiliateCode: v.optional(
    v.pipe(v.string("Affiliate code must be text"), v.trim(), v.maxLength(32)),
    "",
  ),
});

export const ConfirmOrderSchema = v.object({
  session_id: v.pipe(
    v.optional(v.string("session_id must be text"), ""),
    v.regex(/^cs_[A-Za-z0-9_]{1,250}$/, "A valid session_id is required"),
  ),
});

export type OrderStatusName = (typeof TRACKER_STEPS)[number];

export interface OrderItemDto {
  /** The product's id (also as `_id`), for View Product. */
  id: string;
  _id: string;
  name: string;
  image: string;
  quantity: number;
  /** Dollars: the unit price paid. */
  price: number;
}

export interface OrderDto {
  _id: string;
  /** ISO 8601: when the order was placed. */
  date: string;
  /** Dollars: the total charged. */
  amount: number;
  status: string;
  items: OrderItemDto[];
  address: Address;
  /** Dollars, as charged. */
  subtotal: number;
  tax: number;
  deliveryFee: number;
  discount: number;
  /** A signed link to the printable tax invoice, valid for 30 days from this answer. */
  invoiceUrl?: string;
  trackingUrl?: string;
}

export interface CreateCheckoutResponse {
  success: true;
  session_url: string;
  message: string;
}

export interface ConfirmOrderResponse {
  success: true;
  order: OrderDto;
}

export interface UserOrdersResponse {
  success: true;
  orders: OrderDto[];
  message: string;
}
