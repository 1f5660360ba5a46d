// The cart (SPEC.md sections 3 and 9): the quantity bounds and the cart line both programs hold.
// The SPA's guest cart and quantity inputs start with every page, so this module stays free of
// valibot; the schemas of worker/routes/cart.ts are in cart-requests.ts.

/** SPEC.md section 9: a line holds 1 to 10 units. */
export const MIN_CART_QUANTITY = 1;
export const MAX_CART_QUANTITY = 10;

export const quantityMessage = (min: number) =>
  `Quantity must be a whole number from ${min} to ${MAX_CART_QUANTITY}`;

/** A cart line as SPEC.md section 3 holds it, in the guest cart and in the Worker's answers. */
export interface CartItem {
  _id: string;
  name: string;
  /** Dollars, today's price. */
  price: number;
  quantity: number;
  image: string;
}

/** A cart: product id -> line. */
export type CartData = Record<string, CartItem>;
