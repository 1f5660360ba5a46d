// Money (SPEC.md section 9): integer cents in every computation, dollars only at the API boundary
// and on screen. The one place that converts and formats: the Worker's answers, emails and
// invoices and every screen that shows a price. What a cart and an order add up to: totals.ts.

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

/** "$50" for a whole amount, "$50.50" otherwise: an amount as people say it (a payout minimum). */
export const formatWholeDollars = (dollars: number): string =>
  formatDollars(dollars).replace(/\.00$/, "");

/** Integer cents -> "$1,234.50". */
export const formatCents = (cents: number): string => formatDollars(centsToDollars(cents));

/** Rounded sale percentage of SPEC.md section 2: (original - final) / original, 0 when not on sale. */
export function salePercent(original: number, final: number): number {
  if (!(original > final) || original <= 0) return 0;
  return Math.round(((original - final) / original) * 100);
}
