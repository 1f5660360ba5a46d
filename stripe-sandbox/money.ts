// Amounts travel in the currency's minor unit (cents), as everywhere in Stripe's API.

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let format = formatters.get(currency);
  if (!format) {
    // en-US prints foreign dollars with their prefix ("A$", "CA$"), which is what we want on
    // a page that shows several shops' test orders.
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: currency.toUpperCase(),
    });
    formatters.set(currency, format);
  }
  return format;
}

const supported = new Set(Intl.supportedValuesOf("currency").map((c) => c.toLowerCase()));

export const isSupportedCurrency = (currency: string) => supported.has(currency.toLowerCase());

/** 12345 aud -> "A$123.45"; zero-decimal currencies such as jpy are printed as they are. */
export function formatMoney(amount: number, currency: string): string {
  const format = formatter(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
