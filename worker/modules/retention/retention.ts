// What the shop keeps, and for how long: the daily cron deletes what has served its purpose
// (README "Data retention" states the periods). Each kind is one conditional statement on its
// own clock, built by the module that owns the table, so a run that fails halfway leaves nothing
// half done and the next run finishes it. This module owns no table: it decides the periods.

import { brisbaneDayStart } from "../../lib/brisbane-time";
import type { Deps } from "../../lib/deps";
import { rollUpClicksStatements } from "../creators/clicks";
import { STATS_DAYS } from "../creators/stats";
import { pruneEmailChanges } from "../identity/email-changes";
import { pruneResetLinks } from "../identity/password-resets";
import { pruneSessions } from "../identity/sessions";
import { pruneRateLimitsStatement } from "../limits/rate-limit";
import { pruneOutboxStatement } from "../mail/outbox";
import { pruneUnpaidOrdersStatement } from "../orders/orders";
import { pruneEventsStatement } from "../payments/events";

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

/** The daily run: prunes every kind and rolls up old clicks; returns how many rows each lost. */
export async function pruneExpiredData(
  { db }: Pick<Deps, "db">,
  now = Date.now(),
): Promise<PruneReport> {
  const [limits, events, unpaid, mail, , clicks] = await db.batch([
    pruneRateLimitsStatement(db, Math.floor(now / 1000)),
    pruneEventsStatement(db, new Date(now - STRIPE_EVENT_RETENTION_MS)),
    pruneUnpaidOrdersStatement(db, new Date(now - UNPAID_ORDER_RETENTION_MS)),
    pruneOutboxStatement(db, new Date(now - OUTBOX_RETENTION_MS)),
    ...rollUpClicksStatements(db, new Date(clickRollupCutoff(now))),
  ]);
  const sessions = await pruneSessions({ db }, now);
  const resetLinks = await pruneResetLinks({ db }, now);
  const emailChangesGone = await pruneEmailChanges({ db }, now);
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
