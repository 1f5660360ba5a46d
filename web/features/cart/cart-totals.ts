// What the cart page charges (SPEC.md section 9), in integer cents so 3 x $19.95 is exactly
// $59.85. Dollars come in from the lines and go out only through formatPrice. The delivery fee is
// the checkout's own (worker/contracts/order.ts), so the two screens cannot disagree.
import { dollarsToCents } from "../../../worker/contracts/money";
import { DELIVERY_FEE_CENTS } from "../../../worker/contracts/order";
import type { CartItem } from "./guest-cart";

export interface CartTotals {
  /** Units across all lines. */
  count: number;
  subtotalCents: number;
  shippingCents: number;
  /** The cart page shows tax as 0.00; checkout adds it. */
  taxCents: number;
  totalCents: number;
}

export const lineCents = (line: Pick<CartItem, "price" | "quantity">): number =>
  dollarsToCents(line.price) * line.quantity;

/** A cart line as checkoutTotals (worker/contracts/order.ts) reads it. */
export const pricedLine = (line: Pick<CartItem, "price" | "quantity">) => ({
  unitPriceCents: dollarsToCents(line.price),
  quantity: line.quantity,
});

export function cartTotals(lines: readonly Pick<CartItem, "price" | "quantity">[]): CartTotals {
  const held = lines.filter((line) => line.quantity > 0);
  const count = held.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalCents = held.reduce((sum, line) => sum + lineCents(line), 0);
  const shippingCents = count > 0 ? DELIVERY_FEE_CENTS : 0;
  const taxCents = 0;
  return {
    count,
    subtotalCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents + shippingCents + taxCents,
  };
}
