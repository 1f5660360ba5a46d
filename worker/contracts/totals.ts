// What a cart and an order add up to (SPEC.md section 9), in integer cents: the Worker charges
// these figures, and the cart and checkout pages show the same ones. Apart from money.ts, so the
// pages that only show prices do not download them.
import { dollarsToCents } from "./money";

/** Delivery is a flat $10, nothing for an empty cart. */
export const DELIVERY_FEE_CENTS = 1000;
/** GST's rate, 10%, in basis points: checkout adds it to the subtotal (SPEC.md section 9). */
export const TAX_RATE_BPS = 1000;

/**
 * What tax invoices, mails and the back-office call checkout's tax line. Not "GST": it is 10% of
 * the goods only, while the GST in what was paid is one eleventh of all of it (gstIncludedCents).
 */
export const TAX_LINE_LABEL = "Tax (10% of goods, charged at checkout)";

/**
 * The GST in a GST-inclusive amount paid or refunded, in cents: one eleventh of it (10% GST), to
 * the nearest cent, half a cent up; a negative amount (a refund's line) has the negative of its
 * amount's GST. Everything the shop sells is taxable, delivery too, so an order's GST is this of
 * its whole total, and a refund's of the refund. Every statement of GST on money paid uses it:
 * tax invoices and adjustment notes, the GST report and its CSV, the back-office's order, payout
 * statements (docs/decisions/0013-gst-on-invoices.md). What checkout charges is checkoutTotals'.
 */
export function gstIncludedCents(amountCents: number): number {
  const parts = 10_000 + TAX_RATE_BPS;
  // floor((2a·r + parts) / (2·parts)) is a·r/parts rounded half up, in integers: no float error.
  const gst = Math.floor((2 * Math.abs(amountCents) * TAX_RATE_BPS + parts) / (2 * parts));
  return amountCents < 0 ? 0 - gst : gst;
}

/** A line priced in cents, as totals read it. */
export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

/** A line as the cart holds it (price in dollars) -> cents, so 3 x $19.95 is exactly $59.85. */
export const pricedLine = (line: { price: number; quantity: number }): PricedLine => ({
  unitPriceCents: dollarsToCents(line.price),
  quantity: line.quantity,
});

/** A cart line's total in cents. */
export const lineCents = (line: { price: number; quantity: number }): number =>
  dollarsToCents(line.price) * line.quantity;

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
export function checkoutTotals(lines: readonly PricedLine[], discountCents = 0): CheckoutTotals {
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

export interface CartTotals {
  /** Units across all lines. */
  count: number;
  subtotalCents: number;
  deliveryFeeCents: number;
  /** The cart page shows tax as 0.00; checkout adds it. */
  taxCents: number;
  totalCents: number;
}

/** SPEC.md section 9: the cart page shows the checkout's subtotal and delivery, tax 0.00, no discount. */
export function cartTotals(lines: readonly { price: number; quantity: number }[]): CartTotals {
  const { subtotalCents, deliveryFeeCents } = checkoutTotals(lines.map(pricedLine));
  const count = lines.reduce((sum, line) => sum + Math.max(0, line.quantity), 0);
  return {
    count,
    subtotalCents,
    deliveryFeeCents,
    taxCents: 0,
    totalCents: subtotalCents + deliveryFeeCents,
  };
}
