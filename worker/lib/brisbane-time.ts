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
