// What a creator's profile shows, counted from D1 in one batch: deduplicated clicks (raw rows within
// the reporting window plus the daily counts older ones were rolled up into), sales
// (paid, attributed orders not fully refunded), commission not reversed by state, and the last 30
// days per day in Brisbane time; and, in another, the balance and the latest commissions.

import { and, count, desc, eq, gte, inArray, lt, ne, or, sql } from "drizzle-orm";
import {
  CREATOR_COMMISSIONS_SHOWN,
  type CreatorBalance,
  type CreatorCommissionDto,
  type CreatorDay,
  type CreatorStats,
} from "../../contracts/account";
import { orderNumber } from "../../contracts/admin-orders";
import { centsToDollars } from "../../contracts/money";
import { brisbaneDate, brisbaneDay } from "../../lib/brisbane-time";
import type { Deps } from "../../lib/deps";
import { PAID_STATUSES } from "../orders/orders";
import { orders } from "../orders/schema";
import { payoutLines, payouts } from "../payouts/schema";
import { affiliateClickDays, affiliateClicks, commissions } from "./schema";

export const STATS_DAYS = 30;
/** Commission the owner rejected on review earns nothing and counts nowhere. */
const NOT_REJECTED = sql`(${commissions.review} IS NULL OR ${commissions.review} <> 'rejected')`;
const DAY_MS = 86_400_000;

/** A paid order attributed to the creator that was not refunded (or lost to disputes) in full. */
const sale = (creatorId: string) =>
  and(
    eq(orders.creatorId, creatorId),
    inArray(orders.status, PAID_STATUSES),
    or(
      lt(sql`${orders.refundedCents} + ${orders.disputedCents}`, orders.totalCents),
      eq(orders.totalCents, 0),
    ),
  );
export async function creatorStats(
  { db }: Pick<Deps, "db">,
  creatorId: string,
  now = Date.now(),
): Promise<CreatorStats> {
  const since = now - STATS_DAYS * DAY_MS;
  const clickDay = brisbaneDay(affiliateClicks.createdAt);
  const saleDay = brisbaneDay(orders.paidAt);
  const [clicks, rolledUpClicks, sales, earnings, dailyClicks, dailySales] = await db.batch([
    db.select({ n: count() }).from(affiliateClicks).where(eq(affiliateClicks.creatorId, creatorId)),
    db
      .select({ n: sql<number>`coalesce(sum(${affiliateClickDays.clicks}), 0)` })
      .from(affiliateClickDays)
      .where(eq(affiliateClickDays.creatorId, creatorId)),
    db.select({ n: count() }).from(orders).where(sale(creatorId)),
    db
      .select({
        status: commissions.status,
        cents: sql<number | null>`sum(${commissions.amountCents} - ${commissions.reversedCents})`,
      })
      .from(commissions)
      .where(
        and(eq(commissions.creatorId, creatorId), ne(commissions.status, "reversed"), NOT_REJECTED),
      )
      .groupBy(commissions.status),
    db
      .select({ day: clickDay, n: count() })
      .from(affiliateClicks)
      .where(
        and(
          eq(affiliateClicks.creatorId, creatorId),
          gte(affiliateClicks.createdAt, new Date(since)),
        ),
      )
      .groupBy(clickDay),
    db
      .select({ day: saleDay, n: count() })
      .from(orders)
      .where(and(sale(creatorId), gte(orders.paidAt, new Date(since))))
      .groupBy(saleDay),
  ]);
  const num = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  const byStatus = new Map(earnings.map((r) => [String(r.status), Number(r.cents ?? 0)]));
  const perDay = (rows: { day: string; n: number }[]) =>
    new Map(rows.map((r) => [String(r.day), Number(r.n)]));
  const clicksPerDay = perDay(dailyClicks);
  const salesPerDay = perDay(dailySales);
  const daily: CreatorDay[] = Array.from({ length: STATS_DAYS }, (_, i) => {
    const date = brisbaneDate(now - (STATS_DAYS - 1 - i) * DAY_MS);
    return { date, clicks: clicksPerDay.get(date) ?? 0, sales: salesPerDay.get(date) ?? 0 };
  });
  const clickCount = num(clicks) + num(rolledUpClicks);
  const saleCount = num(sales);
  const pending = byStatus.get("pending") ?? 0;
  const approved = byStatus.get("approved") ?? 0;
  const paid = byStatus.get("paid") ?? 0;
  return {
    clicks: clickCount,
    sales: saleCount,
    earnings: centsToDollars(pending + approved + paid),
    conversionRate: clickCount > 0 ? saleCount / clickCount : 0,
    earningsByStatus: {
      pending: centsToDollars(pending),
      approved: centsToDollars(approved),
      paid: centsToDollars(paid),
    },
    daily,
  };
}

/**
 * The creator's balance and their latest commissions, each with the date its hold ends. Pending is
 * commission inside its hold (net of reversals); payable is what is owed past the hold and not yet
 * in a payout batch, negative when refunds followed a payout (the next payout takes it back);
 * processing is in a batch not yet marked paid; paid is what paid batches sent. Payable is what
 * the cron has approved, so a commission whose hold ended within the hour may still show pending.
 */
export async function creatorEarnings(
  { db }: Pick<Deps, "db">,
  creatorId: string,
  holdMs: number,
): Promise<{ balance: CreatorBalance; commissions: CreatorCommissionDto[] }> {
  const paidAt = sql<Date>`coalesce(${orders.paidAt}, ${commissions.createdAt})`.mapWith(
    commissions.createdAt,
  );
  const [[owed], paidOut, latest] = await db.batch([
    db
      .select({
        pending: sql<number>`coalesce(sum(CASE WHEN ${commissions.status} = 'pending' AND ${NOT_REJECTED} THEN ${commissions.amountCents} - ${commissions.reversedCents} END), 0)`,
        payable: sql<number>`coalesce(sum(CASE WHEN ${commissions.status} <> 'pending' THEN ${commissions.amountCents} - ${commissions.reversedCents} - ${commissions.settledCents} END), 0)`,
      })
      .from(commissions)
      .where(eq(commissions.creatorId, creatorId)),
    db
      .select({
        status: payouts.status,
        cents: sql<number>`coalesce(sum(${payoutLines.amountCents}), 0)`,
      })
      .from(payoutLines)
      .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
      .where(eq(payoutLines.creatorId, creatorId))
      .groupBy(payouts.status),
    db
      .select({
        orderId: commissions.orderId,
        paidAt,
        amountCents: commissions.amountCents,
        reversedCents: commissions.reversedCents,
        status: commissions.status,
        review: commissions.review,
      })
      .from(commissions)
      .innerJoin(orders, eq(orders.id, commissions.orderId))
      .where(eq(commissions.creatorId, creatorId))
      .orderBy(desc(paidAt), desc(commissions.id))
      .limit(CREATOR_COMMISSIONS_SHOWN),
  ]);
  const batched = new Map(paidOut.map((r) => [r.status, Number(r.cents)]));
  return {
    balance: {
      pending: centsToDollars(Number(owed?.pending ?? 0)),
      payable: centsToDollars(Number(owed?.payable ?? 0)),
      processing: centsToDollars(batched.get("open") ?? 0),
      paid: centsToDollars(batched.get("paid") ?? 0),
    },
    commissions: latest.map((c) => ({
      orderNumber: orderNumber(c.orderId),
      paidAt: c.paidAt.toISOString(),
      amount: centsToDollars(c.amountCents),
      reversed: centsToDollars(c.reversedCents),
      status: c.status,
      review: c.review === "released" ? null : c.review,
      payableAt: new Date(c.paidAt.getTime() + holdMs).toISOString(),
    })),
  };
}
