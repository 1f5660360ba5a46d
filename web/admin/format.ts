// How the back-office writes times, counts and the Worker's field messages.

import { formatShopMoment, SHOP_TIME_ZONE } from "../../worker/contracts/shop-time";

export { SHOP_TIME_ZONE };

/** "24 Nov 2026, 3:05 pm" in Brisbane time. */
export const formatWhen = (iso: string): string => formatShopMoment(iso);

/** "1 product", "3 products". */
export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString("en-AU")} ${count === 1 ? one : many}`;

/** The contracts' field names as the screens label them. */
const FIELD_WORDS: [RegExp, string][] = [
  [/\boriginalPrice\b/g, "original price"],
  [/\bfinalPrice\b/g, "final price"],
  [/\blowStockThreshold\b/g, "low-stock threshold"],
  [/\bonHand\b/g, "on hand"],
  [/\bimageKey\b/g, "picture"],
  [/\bdelta\b/g, "the change"],
];

/**
 * A contract's message in the screen's words: "finalPrice must not exceed originalPrice" reads
 * "Final price must not exceed original price". The rule and its wording stay the contract's.
 */
export function humanize(message: string): string {
  const text = FIELD_WORDS.reduce((out, [pattern, words]) => out.replace(pattern, words), message);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

let dayFormat: Intl.DateTimeFormat | null = null;

/** "24 Nov 2026", the Brisbane calendar day. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dayFormat ??= new Intl.DateTimeFormat("en-AU", {
    timeZone: SHOP_TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return dayFormat.format(date);
}

/** "1 Oct 2026" for a Brisbane calendar day given as YYYY-MM-DD. */
export const formatCalendarDay = (day: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDay(`${day}T00:00:00+10:00`) : day;

/** Brisbane keeps AEST (UTC+10) all year: no daylight saving to allow for. */
const BRISBANE_OFFSET_MS = 10 * 60 * 60 * 1000;

/** Today's Brisbane calendar day, YYYY-MM-DD. */
export const brisbaneToday = (now = Date.now()) =>
  new Date(now + BRISBANE_OFFSET_MS).toISOString().slice(0, 10);
