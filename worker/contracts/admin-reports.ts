// The back-office's figures (README, back-office): the dashboard's summary and the GST report.
// Days are Brisbane calendar days; money is dollars here and cents in D1.
import * as v from "valibot";
import { DaySchema, fromNotAfterTo } from "./admin-orders";

/** GET /api/admin/reports/gst?from=&to= (inclusive Brisbane days; default the current BAS quarter). */
export const GstReportQuery = v.pipe(
  v.object({ from: v.optional(DaySchema("from")), to: v.optional(DaySchema("to")) }),
  v.forward(v.check(fromNotAfterTo, "from must not be after to"), ["from"]),
);

/** The Australian BAS quarter (Jul-Sep, Oct-Dec, Jan-Mar, Apr-Jun) holding `day` (YYYY-MM-DD). */
export function basQuarterOf(day: string): { from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  const last = first + 2;
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
  const end = new Date(0);
  end.setUTCFullYear(year, last, 0);
  const lastDay = end.getUTCDate();
  const mm = (m: number) => String(m).padStart(2, "0");
  const yyyy = String(year).padStart(4, "0");
  return { from: `${yyyy}-${mm(first)}-01`, to: `${yyyy}-${mm(last)}-${lastDay}` };
}

export interface PeriodFigures {
  /** Paid orders in the period. */
  orders: number;
  /** What those orders charged, GST and delivery included. */
  revenue: number;
  /** Refunds made in the period. */
  refunds: number;
}

export interface BestSellerDto {
  productId: string;
  name: string;
  image: string | null;
  units: number;
  revenue: number;
}

export interface SummaryDto {
  /** ISO 8601. */
  generatedAt: string;
  today: PeriodFigures;
  last7Days: PeriodFigures;
  last30Days: PeriodFigures;
  /** Paid, not yet shipped. */
  waitingToShip: number;
  /** Of those, waiting more than 2 business days since payment. */
  overdueToShip: number;
  lowStock: number;
  newMessages: number;
  /** By units sold in the last 30 days. */
  bestSellers: BestSellerDto[];
  /** Orders attributed to creators in the last 30 days: their revenue and the commission. */
  creators: { orders: number; revenue: number; commission: number };
}

export interface SummaryResponse {
  success: true;
  summary: SummaryDto;
}

export interface GstLineDto {
  kind: "order" | "refund";
  /** ISO 8601: when it was paid or refunded. */
  at: string;
  /** The Brisbane day of `at`. */
  day: string;
  orderId: string;
  number: string;
  customer: string;
  /** GST-inclusive; negative for a refund. */
  total: number;
  /** The GST in `total`, one eleventh of it to the cent (contracts/totals.ts); negative for a refund. */
  gst: number;
}

export interface GstReportDto {
  from: string;
  to: string;
  lines: GstLineDto[];
  totals: {
    sales: number;
    salesGst: number;
    refunds: number;
    refundsGst: number;
    net: number;
    netGst: number;
  };
}

export interface GstReportResponse {
  success: true;
  report: GstReportDto;
}
