// The owner's figures: the dashboard's summary and the GST report. Days and windows are Brisbane's
// (lib/brisbane-time.ts); every sum is integer cents, turned into dollars once, at the end. GST is
// one eleventh of each amount paid or refunded, rounded once per order and once per refund
// (contracts/totals.ts gstIncludedCents; docs/decisions/0013-gst-on-invoices.md).
//
// Refunds are read from two places, so each dollar returned is counted once and on the day it went
// (refundsMade, which tax invoices read for their adjustment notes too):
// - the back-office's own refunds: order_refunds that succeeded, dated when they settled;
// - what Stripe refunded beyond them (a refund made in Stripe's dashboard): per order, refunded_cents
//   less those succeeded refunds, dated when Stripe last reported a refund of the payment.

import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import { orderNumber, UNSHIPPED_STATUSES } from "../../contracts/admin-orders";
import {
  type BestSellerDto,
  basQuarterOf,
  type GstLineDto,
  type GstReportDto,
  type PeriodFigures,
  type SummaryDto,
} from "../../contracts/admin-reports";
import { imageUrl } from "../../contracts/catalogue";
import { centsToDollars } from "../../contracts/money";
import { gstIncludedCents } from "../../contracts/totals";
import { aliased } from "../../db/sql";
import {
  brisbaneDate,
  brisbaneDayStart,
  brisbaneDayStartOf,
  overdueCutoff,
} from "../../lib/brisbane-time";
import { type CsvCell, csvMoney, toCsv } from "../../lib/csv";
import type { Deps } from "../../lib/deps";
import { lowStockCount } from "../catalogue/stock";
import { commissions } from "../creators/schema";
import { newMessageCount } from "../messages/inbox";
import { type OrderAddress, orderItems, orderRefunds, orders } from "../orders/schema";
import { stripeReversals } from "../payments/schema";

const DAY_MS = 86_400_000;
const BEST_SELLERS = 10;

const customerOf = (address: OrderAddress) =>
  `${address.firstName ?? ""} ${address.lastName ?? ""}`.trim();

/** A refund made, in cents and positive, with the GST it gives back and its order's customer. */
export interface RefundEntry {
  orderId: string;
  /** When it was made (milliseconds). */
  at: number;
  amountCents: number;
  gstCents: number;
  customer: string;
}

/** Refunds of both kinds as the subqueries below name them. */
const [r, orderRefundsR] = aliased(orderRefunds, "r");
const [s, stripeReversalsS] = aliased(stripeReversals, "s");

/** Which refunds: those made in [start, end) (milliseconds), or every one of an order. */
export type RefundScope = { start: number; end: number } | { orderId: string };

/**
 * Every refund in `scope`, back-office and Stripe-side, oldest first: the one source of refunds
 * for the dashboard, the GST report and the adjustment notes on tax invoices.
 */
export async function refundsMade(
  { db }: Pick<Deps, "db">,
  scope: RefundScope,
): Promise<RefundEntry[]> {
  const backOfficeSum = sql<number>`coalesce((SELECT sum(${r.amountCents}) FROM ${orderRefundsR}
    WHERE ${r.orderId} = ${orders.id} AND ${r.status} = 'succeeded'), 0)`;
  const beyond = sql<number>`(${orders.refundedCents} - ${backOfficeSum})`;
  // When Stripe last reported a refund of the payment; an order whose row is missing (refunds from
  // before stripe_reversals existed) falls back to the order's own last change.
  const reportedAt = sql<number>`coalesce((SELECT max(${s.updatedAt}) FROM ${stripeReversalsS}
    WHERE ${s.kind} = 'refund' AND ${s.paymentIntentId} = ${orders.stripePaymentIntentId}), ${orders.updatedAt})`;
  const ofOrder = "orderId" in scope;
  const [own, stripeSide] = await Promise.all([
    db
      .select({
        orderId: orderRefunds.orderId,
        at: orderRefunds.updatedAt,
        amountCents: orderRefunds.amountCents,
        address: orders.address,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(
        and(
          eq(orderRefunds.status, "succeeded"),
          ofOrder
            ? eq(orderRefunds.orderId, scope.orderId)
            : and(
                gte(orderRefunds.updatedAt, new Date(scope.start)),
                lt(orderRefunds.updatedAt, new Date(scope.end)),
              ),
        ),
      )
      .orderBy(asc(orderRefunds.updatedAt), asc(orderRefunds.createdAt)),
    db
      .select({ orderId: orders.id, at: reportedAt, amountCents: beyond, address: orders.address })
      .from(orders)
      .where(
        and(
          isNotNull(orders.paidAt),
          sql`${orders.refundedCents} > 0`,
          sql`${beyond} > 0`,
          ofOrder
            ? eq(orders.id, scope.orderId)
            : and(sql`${reportedAt} >= ${scope.start}`, sql`${reportedAt} < ${scope.end}`),
        ),
      ),
  ]);
  return [...own.map((r) => ({ ...r, at: r.at.getTime() })), ...stripeSide]
    .map((r) => ({
      orderId: r.orderId,
      at: Number(r.at),
      amountCents: Number(r.amountCents),
      gstCents: gstIncludedCents(Number(r.amountCents)),
      customer: customerOf(r.address),
    }))
    .sort((a, b) => a.at - b.at);
}

// ---------------------------------------------------------------------------------------------
// The dashboard

/** The dashboard's figures at `now`. */
export async function summary({ db }: Pick<Deps, "db">, now = Date.now()): Promise<SummaryDto> {
  const today = brisbaneDayStart(now);
  const starts = { today, last7Days: today - 6 * DAY_MS, last30Days: today - 29 * DAY_MS };
  const since30 = new Date(starts.last30Days);
  const paidSince = (start: number) => sql`${orders.paidAt} >= ${start}`;
  const ordersSince = (start: number) => sql<number>`coalesce(sum(${paidSince(start)}), 0)`;
  const revenueSince = (start: number) =>
    sql<number>`coalesce(sum(CASE WHEN ${paidSince(start)} THEN ${orders.totalCents} ELSE 0 END), 0)`;
  const paidInWindow = and(gte(orders.paidAt, since30), lte(orders.paidAt, new Date(now)));

  const [[sales], refunds, [queue], [low], newMessages, bestSellers, [creators]] =
    await Promise.all([
      db
        .select({
          todayOrders: ordersSince(starts.today),
          todayRevenue: revenueSince(starts.today),
          weekOrders: ordersSince(starts.last7Days),
          weekRevenue: revenueSince(starts.last7Days),
          monthOrders: ordersSince(starts.last30Days),
          monthRevenue: revenueSince(starts.last30Days),
        })
        .from(orders)
        .where(paidInWindow),
      refundsMade({ db }, { start: starts.last30Days, end: now + 1 }),
      db
        .select({
          waiting: count(),
          overdue: sql<number>`coalesce(sum(${orders.paidAt} <= ${overdueCutoff(now)}), 0)`,
        })
        .from(orders)
        .where(and(inArray(orders.status, UNSHIPPED_STATUSES), isNotNull(orders.paidAt))),
      lowStockCount(db),
      newMessageCount({ db }),
      bestSellersSince({ db }, since30, now),
      db
        .select({
          orders: count(),
          revenue: sql<number>`coalesce(sum(${orders.totalCents}), 0)`,
          commission: sql<number>`coalesce(sum(${commissions.amountCents} - ${commissions.reversedCents}), 0)`,
        })
        .from(orders)
        .leftJoin(commissions, eq(commissions.orderId, orders.id))
        .where(and(paidInWindow, isNotNull(orders.creatorId))),
    ]);

  const refundedSince = (start: number) =>
    refunds.filter((r) => r.at >= start).reduce((sum, r) => sum + r.amountCents, 0);
  const period = (orderCount = 0, revenueCents = 0, start = today): PeriodFigures => ({
    orders: Number(orderCount),
    revenue: centsToDollars(Number(revenueCents)),
    refunds: centsToDollars(refundedSince(start)),
  });
  return {
    generatedAt: new Date(now).toISOString(),
    today: period(sales?.todayOrders, sales?.todayRevenue, starts.today),
    last7Days: period(sales?.weekOrders, sales?.weekRevenue, starts.last7Days),
    last30Days: period(sales?.monthOrders, sales?.monthRevenue, starts.last30Days),
    waitingToShip: queue?.waiting ?? 0,
    overdueToShip: Number(queue?.overdue ?? 0),
    lowStock: low?.n ?? 0,
    newMessages,
    bestSellers,
    creators: {
      orders: creators?.orders ?? 0,
      revenue: centsToDollars(Number(creators?.revenue ?? 0)),
      commission: centsToDollars(Number(creators?.commission ?? 0)),
    },
  };
}

/**
 * The ten products with the most units on orders paid since `since`, as their lines recorded
 * them (a product renamed or archived since still counts). Cancelled and refunded orders count:
 * they were sold, and the refunds show separately.
 */
async function bestSellersSince(
  { db }: Pick<Deps, "db">,
  since: Date,
  now: number,
): Promise<BestSellerDto[]> {
  const units = sql<number>`sum(${orderItems.quantity})`;
  const revenue = sql<number>`sum(${orderItems.unitPriceCents} * ${orderItems.quantity})`;
  const rows = await db
    .select({
      productId: orderItems.productId,
      // The name and picture of the product's latest line (SQLite takes bare columns from the
      // row that holds the max()).
      latest: sql<number>`max(${orders.paidAt})`,
      name: orderItems.name,
      imageKey: orderItems.imageKey,
      units,
      revenue,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(gte(orders.paidAt, since), lte(orders.paidAt, new Date(now))))
    .groupBy(orderItems.productId)
    .orderBy(desc(units), desc(revenue), asc(orderItems.name), asc(orderItems.productId))
    .limit(BEST_SELLERS);
  return rows.map((r) => ({
    productId: r.productId,
    name: r.name,
    image: r.imageKey ? imageUrl(r.imageKey) : null,
    units: Number(r.units),
    revenue: centsToDollars(Number(r.revenue)),
  }));
}

// ---------------------------------------------------------------------------------------------
// The GST report

/** A line of the report in cents; a refund's amounts are negative. */
interface GstLine {
  kind: "order" | "refund";
  at: number;
  orderId: string;
  customer: string;
  totalCents: number;
  gstCents: number;
}

interface GstReport {
  from: string;
  to: string;
  lines: GstLine[];
  totals: {
    salesCents: number;
    salesGstCents: number;
    refundsCents: number;
    refundsGstCents: number;
  };
}

/**
 * The range asked for, Brisbane days inclusive: both given, or the BAS quarter of the one given,
 * or the current BAS quarter.
 */
export function gstRange(query: { from?: string; to?: string }, now = Date.now()) {
  const from = query.from ?? basQuarterOf(query.to ?? brisbaneDate(now)).from;
  const to = query.to ?? basQuarterOf(from).to;
  return { from, to };
}

/** Sales paid and refunds made from `from` to `to` (Brisbane days, inclusive), by time. */
export async function gstReport(
  { db }: Pick<Deps, "db">,
  range: { from: string; to: string },
): Promise<GstReport> {
  const start = brisbaneDayStartOf(range.from);
  const end = brisbaneDayStartOf(range.to) + DAY_MS;
  const [sales, refunds] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        paidAt: orders.paidAt,
        totalCents: orders.totalCents,
        address: orders.address,
      })
      .from(orders)
      .where(and(gte(orders.paidAt, new Date(start)), lt(orders.paidAt, new Date(end)))),
    refundsMade({ db }, { start, end }),
  ]);
  const lines: GstLine[] = [
    ...sales.map((o) => ({
      kind: "order" as const,
      at: o.paidAt?.getTime() ?? start,
      orderId: o.orderId,
      customer: customerOf(o.address),
      totalCents: o.totalCents,
      gstCents: gstIncludedCents(o.totalCents),
    })),
    ...refunds.map((r) => ({
      kind: "refund" as const,
      at: r.at,
      orderId: r.orderId,
      customer: r.customer,
      totalCents: -r.amountCents,
      gstCents: -r.gstCents,
    })),
  ].sort(
    (a, b) =>
      a.at - b.at ||
      (a.kind === b.kind ? 0 : a.kind === "order" ? -1 : 1) ||
      a.orderId.localeCompare(b.orderId),
  );
  const sum = (kind: GstLine["kind"], key: "totalCents" | "gstCents") =>
    lines.filter((l) => l.kind === kind).reduce((total, l) => total + l[key], 0);
  return {
    ...range,
    lines,
    totals: {
      salesCents: sum("order", "totalCents"),
      salesGstCents: sum("order", "gstCents"),
      refundsCents: sum("refund", "totalCents"),
      refundsGstCents: sum("refund", "gstCents"),
    },
  };
}

/** The report as the API answers it: dollars, each converted once from its cents. */
export function gstReportDto(report: GstReport): GstReportDto {
  const { totals: t } = report;
  return {
    from: report.from,
    to: report.to,
    lines: report.lines.map(
      (l): GstLineDto => ({
        kind: l.kind,
        at: new Date(l.at).toISOString(),
        day: brisbaneDate(l.at),
        orderId: l.orderId,
        number: orderNumber(l.orderId),
        customer: l.customer,
        total: centsToDollars(l.totalCents),
        gst: centsToDollars(l.gstCents),
      }),
    ),
    totals: {
      sales: centsToDollars(t.salesCents),
      salesGst: centsToDollars(t.salesGstCents),
      refunds: centsToDollars(t.refundsCents),
      refundsGst: centsToDollars(t.refundsGstCents),
      net: centsToDollars(t.salesCents + t.refundsCents),
      netGst: centsToDollars(t.salesGstCents + t.refundsGstCents),
    },
  };
}

export const GST_CSV_HEADER = [
  "date",
  "at",
  "kind",
  "order",
  "order_id",
  "customer",
  "total_inc_gst",
  "gst",
] as const;

/**
 * The report as CSV: one row per line, then the net totals. The order number keeps its # so a
 * spreadsheet reads it as text (a number such as 00001e10 would otherwise become 1E+10).
 */
export function gstReportCsv(report: GstReport): string {
  const { totals: t } = report;
  const rows: CsvCell[][] = report.lines.map((l) => [
    brisbaneDate(l.at),
    new Date(l.at).toISOString(),
    l.kind,
    `#${orderNumber(l.orderId)}`,
    l.orderId,
    l.customer,
    csvMoney(l.totalCents),
    csvMoney(l.gstCents),
  ]);
  rows.push([
    "Total",
    "",
    "",
    "",
    "",
    "",
    csvMoney(t.salesCents + t.refundsCents),
    csvMoney(t.salesGstCents + t.refundsGstCents),
  ]);
  return toCsv(GST_CSV_HEADER, rows);
}
