// The shop's calendar is Brisbane's: AEST (UTC+10) all year, no daylight saving. Creator stats,
// their roll-ups and the owner's daily mails count days by it.
import { sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

const BRISBANE_OFFSET_SECONDS = 10 * 60 * 60;
const DAY_MS = 86_400_000;

/** The Brisbane calendar day of a millisecond timestamp column, as YYYY-MM-DD. */
export const brisbaneDay = (column: AnySQLiteColumn) =>
  sql<string>`date(${column} / 1000 + ${sql.raw(String(BRISBANE_OFFSET_SECONDS))}, 'unixepoch')`;

/** The Brisbane calendar day of an instant, as YYYY-MM-DD. */
export const brisbaneDate = (ms: number) =>
  new Date(ms + BRISBANE_OFFSET_SECONDS * 1000).toISOString().slice(0, 10);

/** The first millisecond of the Brisbane day that contains `ms`. */
export const brisbaneDayStart = (ms: number) => {
  const offset = BRISBANE_OFFSET_SECONDS * 1000;
  return Math.floor((ms + offset) / DAY_MS) * DAY_MS - offset;
};

/** The first millisecond of a Brisbane calendar day given as YYYY-MM-DD. */
export const brisbaneDayStartOf = (day: string) =>
  Date.parse(`${day}T00:00:00Z`) - BRISBANE_OFFSET_SECONDS * 1000;

/** The Brisbane day of the week at `ms`: 0 is Sunday, 6 Saturday. */
const brisbaneWeekday = (ms: number) => new Date(ms + BRISBANE_OFFSET_SECONDS * 1000).getUTCDay();
const isBrisbaneWeekend = (ms: number) => brisbaneWeekday(ms) % 6 === 0;

/**
 * The instant `days` business days before `now`, counting only Brisbane Monday to Friday: during a
 * weekend the count stands still at its start. Public holidays are not taken out (they differ by
 * state and year and the shop keeps no calendar of them), so a holiday counts as a business day.
 */
export function businessDaysBefore(now: number, days: number): number {
  const weekday = brisbaneWeekday(now);
  let at = now;
  if (weekday === 6) at = brisbaneDayStart(now);
  if (weekday === 0) at = brisbaneDayStart(now) - DAY_MS;
  for (let left = days; left > 0; left--) {
    at -= DAY_MS;
    while (isBrisbaneWeekend(at)) at -= DAY_MS;
  }
  return at;
}

/** How long an order may wait to ship after payment before the owner is told: 2 business days. */
export const SHIP_WITHIN_BUSINESS_DAYS = 2;

/**
 * The latest payment time of an order that, at `now`, has waited more than 2 business days to ship
 * (the owner's daily mail and the dashboard's count): paid at or before it means overdue.
 */
export const overdueCutoff = (now: number) =>
  businessDaysBefore(now, SHIP_WITHIN_BUSINESS_DAYS) - 1;

let dateTimeFormat: Intl.DateTimeFormat | null = null;

/** An instant as a person in the shop reads it: "21 Nov 2026, 3:30 pm" (Brisbane time). */
export function brisbaneDateTime(ms: number): string {
  dateTimeFormat ??= new Intl.DateTimeFormat("en-AU", {
    timeZone: "Australia/Brisbane",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return dateTimeFormat.format(ms);
}
