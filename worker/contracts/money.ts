// Money is integer cents everywhere; dollars appear only at the API boundary and on screen.

/** Cents to the dollars the API sends (a number with at most two decimals). */
export const centsToDollars = (cents: number): number => cents / 100;

/** Dollars typed or received to whole cents, rounding half away from zero. */
export const dollarsToCents = (dollars: number): number =>
  Math.sign(dollars) * Math.round(Math.abs(dollars) * 100);

const aud = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** "$1,234.50" for an amount in dollars. */
export const formatDollars = (dollars: number): string => aud.format(dollars);

/** Rounded sale percentage of SPEC.md section 2: (original - final) / original, 0 when not on sale. */
export function salePercent(original: number, final: number): number {
  if (!(original > final) || original <= 0) return 0;
  return Math.round(((original - final) / original) * 100);
}
