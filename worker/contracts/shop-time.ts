// The shop's clock: Brisbane (AEST all year, no daylight saving). Every date and time the shop
// states to people, in mails and on screens, is written on it, by these formatters.

export const SHOP_TIME_ZONE = "Australia/Brisbane";

let momentFormat: Intl.DateTimeFormat | null = null;

/** "28 Nov 2026, 6:32 pm": a moment (epoch ms or ISO 8601) on the shop's clock. */
export function formatShopMoment(at: number | string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  momentFormat ??= new Intl.DateTimeFormat("en-AU", {
    timeZone: SHOP_TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return momentFormat.format(date);
}
