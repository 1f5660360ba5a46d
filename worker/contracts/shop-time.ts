// The shop's clock: Brisbane (AEST all year, no daylight saving). Every date and time the shop
// states to people, in mails and on screens, is written on it, by these formatters.

export const SHOP_TIME_ZONE = "Australia/Brisbane";

/** Brisbane keeps AEST (UTC+10) all year: a calendar day there starts at 14:00 UTC the day before. */
const SHOP_OFFSET_MS = 10 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

let momentFormat: Intl.DateTimeFormat | null = null;
let dayFormat: Intl.DateTimeFormat | null = null;

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

/** "28 Nov 2026": the shop's calendar day of a moment (epoch ms or ISO 8601). */
export function formatShopDay(at: number | string): string {
  const date = new Date(at);
  if (at === "" || Number.isNaN(date.getTime())) return String(at);
  dayFormat ??= new Intl.DateTimeFormat("en-AU", {
    timeZone: SHOP_TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return dayFormat.format(date);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "1 Oct 2026" for a shop calendar day given as YYYY-MM-DD (anything else as it is). */
export const formatShopCalendarDay = (day: string): string =>
  CALENDAR_DAY.test(day) ? formatShopDay(`${day}T00:00:00+10:00`) : day;

/** The shop's calendar day at a moment (now unless given), as YYYY-MM-DD. */
export const shopDate = (at: number = Date.now()): string =>
  new Date(at + SHOP_OFFSET_MS).toISOString().slice(0, 10);

/** The calendar day `days` after (or, negative, before) a YYYY-MM-DD day. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
