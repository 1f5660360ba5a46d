// What the shop keeps, and for how long: the daily cron deletes what has served its purpose
// (README "Data retention" states the periods). Each kind is one conditional statement on its
// own clock, so a run that fails halfway leaves nothing half done and the next run finishes it.
import { and, eq, exists, inArray, isNull, lt, lte, not, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { brisbaneDay, brisbaneDayStart } from "../../lib/brisbane-time";
import { affiliateClickDays, affiliateClicks, commissions } from "../creators/schema";
import { STATS_DAYS } from "../creators/stats";
import { pruneEmailChanges } from "../identity/email-changes";
import { pruneResetLinks } from "../identity/password-resets";
import { pruneSessions } from "../identity/sessions";
import { LIMITS } from "../limits/rate-limit";
import { rateLimits } from "../limits/schema";
import { emailOutbox } from "../mail/schema";
import { orders } from "../orders/schema";
import { stripeEvents, stripeReversals } from "../payments/schema";

const DAY_MS = 86_400_000;

/** The daily cron of wrangler.toml (02:43 in Brisbane); the other one is hourly (worker/index.ts). */
export const DAILY_CRON = "43 16 * * *";

/**
 * Stripe retries a webhook for up to 3 days and may be asked to resend one later: an event id is
 * kept long enough that a replay is still recognised.
 */
export const STRIPE_EVENT_RETENTION_MS = 30 * DAY_MS;
/**
 * An unpaid checkout: its Stripe session lives an hour (modules/orders/checkout.ts), and a payment made
 * in that hour may still be reported by webhook retries for 3 days. After a week nothing can pay
 * it, so the order (its address, phone and email) goes.
 */
export const UNPAID_ORDER_RETENTION_MS = 7 * DAY_MS;
/** Outbox rows (who was mailed what, and when; bodies only in development): a month for support. */
export const OUTBOX_RETENTION_MS = 30 * DAY_MS;
/** A rate-limit row of a limit this code no longer names: gone after the longest plausible window. */
const UNKNOWN_LIMIT_RETENTION_SECONDS = 7 * 86_400;

const UNPAID_STATUSES = ["pending", "payment_failed", "expired"] as const;

/** The first instant of the Brisbane day from which clicks stay raw: a day before the window. */
export const clickRollupCutoff = (now: number) => brisbaneDayStart(now - (STATS_DAYS + 1) * DAY_MS);

export interface PruneReport {
  rateLimits: number;
  stripeEvents: number;
  unpaidOrders: number;
  outbox: number;
  clicksRolledUp: number;
  sessions: number;
  resetLinks: number;
  emailChanges: number;
}

/**
 * Rate-limit rows whose window has passed, each by its own limit's window (the key is
 * "<name>:<subject>"). Names and windows are this code's constants, written into the SQL, so the
 * statement binds one parameter however many limits there are.
 */
function expiredRateLimits(nowSeconds: number) {
  const windows = Object.values(LIMITS)
    .map((limit) => `WHEN '${limit.name}' THEN ${limit.windowSeconds}`)
    .join(" ");
  const windowOf = sql.raw(
    `CASE substr("key", 1, instr("key", ':') - 1) ${windows} ELSE ${UNKNOWN_LIMIT_RETENTION_SECONDS} END`,
  );
  return sql`${rateLimits.windowStart} + ${windowOf} <= ${nowSeconds}`;
}

/** The daily run: prunes every kind and rolls up old clicks; returns how many rows each lost. */
export async function pruneExpiredData(db: Db, now = Date.now()): Promise<PruneReport> {
  const nowSeconds = Math.floor(now / 1000);
  const cutoff = new Date(clickRollupCutoff(now));
  const oldClick = lt(affiliateClicks.createdAt, cutoff);
  const clickDay = brisbaneDay(affiliateClicks.createdAt);
  const [limits, events, unpaid, mail, , clicks] = await db.batch([
    db.delete(rateLimits).where(expiredRateLimits(nowSeconds)).returning({ key: rateLimits.key }),
    db
      .delete(stripeEvents)
      .where(lte(stripeEvents.processedAt, new Date(now - STRIPE_EVENT_RETENTION_MS)))
      .returning({ id: stripeEvents.id }),
    // Never a paid order, and never one anything else still points at (a commission, or money
    // Stripe reported taken back for its payment); its items go with it (cascade).
    db
      .delete(orders)
      .where(
        and(
          inArray(orders.status, UNPAID_STATUSES),
          isNull(orders.paidAt),
          lte(orders.createdAt, new Date(now - UNPAID_ORDER_RETENTION_MS)),
          not(
            exists(
              db
                .select({ id: commissions.id })
                .from(commissions)
                .where(eq(commissions.orderId, orders.id)),
            ),
          ),
          not(
            exists(
              db
                .select({ id: stripeReversals.id })
                .from(stripeReversals)
                .where(eq(stripeReversals.paymentIntentId, orders.stripePaymentIntentId)),
            ),
          ),
        ),
      )
      .returning({ id: orders.id }),
    db
      .delete(emailOutbox)
      .where(lte(emailOutbox.createdAt, new Date(now - OUTBOX_RETENTION_MS)))
      .returning({ id: emailOutbox.id }),
    // Clicks before the reporting window become one count per creator and day, and the raw rows
    // go, in the same atomic batch: every click is counted once, raw or rolled up.
    db
      .insert(affiliateClickDays)
      .select(
        db
          .select({
            creatorId: affiliateClicks.creatorId,
            day: clickDay.as("day"),
            clicks: sql<number>`count(*)`.as("clicks"),
          })
          .from(affiliateClicks)
          .where(oldClick)
          .groupBy(affiliateClicks.creatorId, clickDay),
      )
      .onConflictDoUpdate({
        target: [affiliateClickDays.creatorId, affiliateClickDays.day],
        set: { clicks: sql`${affiliateClickDays.clicks} + excluded.clicks` },
      }),
    db.delete(affiliateClicks).where(oldClick).returning({ id: affiliateClicks.id }),
  ]);
  const sessions = await pruneSessions(db, now);
  const resetLinks = await pruneResetLinks(db, now);
  const emailChangesGone = await pruneEmailChanges(db, now);
  return {
    rateLimits: limits.length,
    stripeEvents: events.length,
    unpaidOrders: unpaid.length,
    outbox: mail.length,
    clicksRolledUp: clicks.length,
    sessions,
    resetLinks,
    emailChanges: emailChangesGone,
  };
}
