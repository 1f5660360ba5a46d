// Checkout and orders (SPEC.md sections 3, 5, 7 and 8): the request schemas the Worker
// validates with, the answers and the SPEC's messages. Totals are in money.ts, affiliate codes in
// affiliate.ts. web/ imports all of it.
import * as v from "valibot";
import { MAX_AFFILIATE_INPUT_LENGTH } from "./affiliate";
import { MIN_CART_QUANTITY } from "./cart";
import { cartQuantity } from "./cart-requests";
import { EmailSchema, MAX_NAME_LENGTH, RequiredPhoneSchema, requiredText } from "./fields";
import { ID_PATTERN } from "./ids";

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

/** The five shipping steps the order tracker shows, in order. */
export const TRACKER_STEPS = [
  "Order Placed",
  "Packing",
  "Shipped",
  "Out for Delivery",
  "Delivered",
] as const;

/** Lines one checkout may hold. */
export const MAX_ORDER_LINES = 50;
export const MAX_ADDRESS_LENGTH = 200;

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
  phone: RequiredPhoneSchema,
});

export type AddressInput = v.InferInput<typeof AddressSchema>;
export type Address = v.InferOutput<typeof AddressSchema>;

const ItemId = v.pipe(v.string("Item id must be text"), v.regex(ID_PATTERN, "Unknown item"));

/** A cart line as the SPA holds it: `_id` or `id`, and a quantity; names and prices are ignored. */
const CheckoutItemSchema = v.pipe(
  v.looseObject({
    _id: v.optional(ItemId),
    id: v.optional(ItemId),
    quantity: cartQuantity(MIN_CART_QUANTITY),
  }),
  v.check((item) => Boolean(item._id ?? item.id), "Each item needs an id"),
  v.transform((item) => ({ productId: (item._id ?? item.id) as string, quantity: item.quantity })),
);

/** The cart's lines a checkout (or a discount's check) is asked about. */
export const CheckoutItemsSchema = v.pipe(
  v.optional(v.array(CheckoutItemSchema, "Items must be a list"), []),
  v.maxLength(MAX_ORDER_LINES, `An order may hold at most ${MAX_ORDER_LINES} lines`),
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
  items: CheckoutItemsSchema,
  amount: v.optional(v.unknown()),
  tax: v.optional(v.unknown()),
  affiliateCode: v.optional(
    v.pipe(
      v.string("Affiliate code must be text"),
      v.trim(),
      v.maxLength(MAX_AFFILIATE_INPUT_LENGTH),
    ),
    "",
  ),
  /** A shop discount code (contracts/promotions.ts); the server decides what it takes off. */
  discountCode: v.optional(
    v.pipe(v.string("Discount code must be text"), v.trim(), v.maxLength(40)),
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
  /** The creator code's discount. */
  discount: number;
  /**
   * Dollars: the shop's discount code or automatic offer (README, "Promotions"); 0 without one.
   * The Worker always sends it and promotionCode; optional for answers made before promotions.
   */
  shopDiscount?: number;
  /** The shop discount code used (upper-case), or null (none, or an automatic offer). */
  promotionCode?: string | null;
  /** A signed link to the printable tax invoice, valid for 30 days from this answer. */
  invoiceUrl?: string;
  trackingUrl?: string;
  /** Dollars given back so far; present only when some was. */
  refunded?: number;
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
