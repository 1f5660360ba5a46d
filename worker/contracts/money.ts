// Money (SPEC.md section 9): integer cents in every computation, dollars only at the API boundary
// and on screen. The one place that converts, formats and totals: the Worker charges these
// figures, its emails and invoices write them, and the cart and checkout pages show them.

/** Cents to the dollars the API sends (a number with at most two decimals). */
export const centsToDollars = (cents: number): number => cents / 100;

/** Dollars typed or received to whole cents, rounding half away from zero. */
export const dollarsToCents = (dollars: number): number =>
  Math.sign(dollars) * Math.round(Math.abs(dollars) * 100);

/**
 * "$1,234.50" for an amount in dollars, as `Intl.NumberFormat("en-AU", AUD)` writes it. Written by
 * hand because building that formatter loads ICU's locale data on the main thread, about 20 ms of
 * a phone's first render; a property test holds the two equal on every amount up to $10 billion.
 */
export function formatDollars(dollars: number): string {
  if (!Number.isFinite(dollars) || Math.abs(dollars) >= 1e10) {
    return dollars.toLocaleString("en-AU", { style: "currency", currency: "AUD" });
  }
  const cents = Math.round(Math.abs(dollars) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const sign = dollars < 0 && cents > 0 ? "-" : "";
  return `${sign}$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** Integer cents -> "$1,234.50". */
export const formatCents = (cents: number): string => formatDollars(centsToDollars(cents));

/** Rounded sale percentage of SPEC.md section 2: (original - final) / original, 0 when not on sale. */
export function salePercent(original: number, final: number): number {
  if (!(original > final) || original <= 0) return 0;
  return Math.round(((original - final) / original) * 100);
}

/** Delivery is a flat $10, nothing for an empty cart. */
export const DELIVERY_FEE_CENTS = 1000;
/** GST: 10% of the subtotal, in basis points. */
export const TAX_RATE_BPS = 1000;

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
