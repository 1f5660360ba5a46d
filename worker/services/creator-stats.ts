// What a creator's profile shows, counted from D1 in one batch: deduplicated clicks, sales
// (paid, attributed orders not fully refunded), commission not reversed by state, and the last 30
// days per day in Brisbane time.
import type { CreatorDay, CreatorStats } from "../contracts/account";
import { centsToDollars } from "../contracts/money";
import type { Bindings } from "../env";
import { PAID_STATUSES } from "./orders";

export const STATS_DAYS = 30;
/** Brisbane keeps AEST (UTC+10) all year. */
const BRISBANE_OFFSET_SECONDS = 10 * 60 * 60;
const DAY_MS = 86_400_000;

const paidList = PAID_STATUSES.map((s) => `'${s}'`).join(", ");
/** A paid order attributed to the creator that was not refunded in full. */
const SALE = `creator_id = ?1 AND status IN (${paidList})
  AND (refunded_cents < total_cents OR total_cents = 0)`;
const brisbaneDay = (column: string) =>
  `date(${column} / 1000 + ${BRISBANE_OFFSET_SECONDS}, 'unixepoch')`;

const brisbaneDate = (ms: number) =>
  new Date(ms + BRISBANE_OFFSET_SECONDS * 1000).toISOString().slice(0, 10);

export async function creatorStats(
  env: Bindings,
  creatorId: string,
  now = Date.now(),
): Promise<CreatorStats> {
  const since = now - STATS_DAYS * DAY_MS;
  const [clicks, sales, earnings, dailyClicks, dailySales] = await env.DB.batch<
    Record<string, number | string>
  >([
    env.DB.prepare("SELECT count(*) AS n FROM affiliate_clicks WHERE creator_id = ?1").bind(
      creatorId,
    ),
    env.DB.prepare(`SELECT count(*) AS n FROM orders WHERE ${SALE}`).bind(creatorId),
    env.DB.prepare(
      `SELECT status, sum(amount_cents - reversed_cents) AS cents FROM commissions
       WHERE creator_id = ?1 AND status <> 'reversed' GROUP BY status`,
    ).bind(creatorId),
    env.DB.prepare(
      `SELECT ${brisbaneDay("created_at")} AS day, count(*) AS n FROM affiliate_clicks
       WHERE creator_id = ?1 AND created_at >= ?2 GROUP BY day`,
    ).bind(creatorId, since),
    env.DB.prepare(
      `SELECT ${brisbaneDay("paid_at")} AS day, count(*) AS n FROM orders
       WHERE ${SALE} AND paid_at >= ?2 GROUP BY day`,
    ).bind(creatorId, since),
  ]);
  const num = (rows: typeof clicks) => Number(rows?.results[0]?.n ?? 0);
  const byStatus = new Map(
    (earnings?.results ?? []).map((r) => [String(r.status), Number(r.cents ?? 0)]),
  );
  const perDay = (rows: typeof clicks) =>
    new Map((rows?.results ?? []).map((r) => [String(r.day), Number(r.n)]));
  const clicksPerDay = perDay(dailyClicks);
  const salesPerDay = perDay(dailySales);
  const daily: CreatorDay[] = Array.from({ length: STATS_DAYS }, (_, i) => {
    const date = brisbaneDate(now - (STATS_DAYS - 1 - i) * DAY_MS);
    return { date, clicks: clicksPerDay.get(date) ?? 0, sales: salesPerDay.get(date) ?? 0 };
  });
  const clickCount = num(clicks);
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
