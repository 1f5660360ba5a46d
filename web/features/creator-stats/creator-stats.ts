// A creator's numbers as the profile shows them (GET /api/user/creator/me). Every field defaults
// to 0 or empty: older answers carry only clicks, sales and earnings.
import type { CreatorDay, CreatorStats } from "../../../worker/contracts/account";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const amount = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

const count = (value: unknown): number => Math.max(0, amount(value));

function conversionRate(rate: unknown, clicks: number, sales: number): number {
  if (clicks === 0) return 0;
  const value = typeof rate === "number" && Number.isFinite(rate) ? rate : sales / clicks;
  return Math.min(1, Math.max(0, value));
}

function readDays(days: unknown): CreatorDay[] {
  if (!Array.isArray(days)) return [];
  return days.flatMap((day) =>
    isRecord(day) && typeof day.date === "string"
      ? [{ date: day.date, clicks: count(day.clicks), sales: count(day.sales) }]
      : [],
  );
}

/** The stats of a creator answer, whatever the answer left out. */
export function readStats(stats: unknown): CreatorStats {
  const raw = isRecord(stats) ? stats : {};
  const byStatus = isRecord(raw.earningsByStatus) ? raw.earningsByStatus : {};
  const clicks = count(raw.clicks);
  const sales = count(raw.sales);
  return {
    clicks,
    sales,
    earnings: amount(raw.earnings),
    conversionRate: conversionRate(raw.conversionRate, clicks, sales),
    earningsByStatus: {
      pending: amount(byStatus.pending),
      approved: amount(byStatus.approved),
      paid: amount(byStatus.paid),
    },
    daily: readDays(raw.daily),
  };
}

const percent = new Intl.NumberFormat("en-AU", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** 3 sales from 24 clicks -> "12.5%"; "0%" until there is a click to convert. */
export const formatConversion = ({ clicks, conversionRate }: CreatorStats): string =>
  clicks === 0 ? "0%" : percent.format(conversionRate);

/** 1 -> "1 click", 1200 -> "1,200 clicks". */
export const countOf = (n: number, noun: string): string =>
  `${n.toLocaleString("en-AU")} ${noun}${n === 1 ? "" : "s"}`;

const shortDay = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const longDay = new Intl.DateTimeFormat("en-AU", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-04-03" -> "3 Apr" (or "Fri 3 Apr 2026" in full), the same day wherever the reader is. */
export function formatDay(isoDate: string, full = false): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return (full ? longDay : shortDay).format(date);
}

export function dayTotals(days: CreatorDay[]): { clicks: number; sales: number } {
  return days.reduce(
    (sum, day) => ({ clicks: sum.clicks + day.clicks, sales: sum.sales + day.sales }),
    { clicks: 0, sales: 0 },
  );
}

/** The top of the chart's scale: 1, 2, 4 or 5 times a power of ten, at or above `n`. */
export function scaleTop(n: number): number {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 4, 5, 10].map((step) => step * power).find((top) => top >= n) ?? 10 * power;
}
