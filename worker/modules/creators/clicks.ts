// Creator link clicks: which network clicked (a salted hash, never an address), deduplicated per
// network, code and hour, capped per network and hour, bots left out. Recording sits behind
// ClickRecorder so that moving it off D1 (Analytics Engine, or a Queue feeding batched writes:
// docs/decisions/0005) changes this module only.

import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dbNowMs } from "../../db/columns";
import { excluded } from "../../db/sql";
import { brisbaneDay } from "../../lib/brisbane-time";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { keyFor } from "../../lib/keys";
import { signMessage } from "../../lib/tokens";
import { affiliateClickDays, affiliateClicks, creatorProfiles } from "./schema";

export interface Click {
  code: string;
  /** Salted hash of the client's network (visitorHash): the same whatever the User-Agent. */
  visitorHash: string;
  /** Whole hours since the epoch. */
  hour: number;
  /** Where the link sent the visitor on this shop (stored bounded: storedLandingPath). */
  landingPath: string;
}

export interface ClickRecorder {
  /**
   * Records the click once per network, code and hour, and for at most CLICKS_PER_NETWORK_HOUR
   * codes per network and hour; unknown codes, and codes of creators not approved, record nothing.
   */
  record(click: Click): Promise<void>;
}

/**
 * How many creators' links one network may count in an hour. A household, an office or a school
 * behind one address may well follow a few creators' links in an hour; twenty different codes
 * from one network in one hour is someone farming clicks. Past it clicks are dropped, not refused:
 * the visitor is still redirected and attributed. Clicks are a statistic (commissions come from
 * orders), so the few real clicks a busy carrier-grade NAT may lose at peak cost nobody money.
 */
export const CLICKS_PER_NETWORK_HOUR = 20;

/**
 * The longest landing path stored: a product or collection page with its query is far shorter.
 * A longer target keeps its path without the query and fragment (cut at "?" or "#", so never inside
 * a percent escape), and one whose path alone is longer is recorded as "/".
 */
export const MAX_LANDING_PATH = 200;

export function storedLandingPath(target: string): string {
  if (target.length <= MAX_LANDING_PATH) return target;
  const cut = target.search(/[?#]/);
  const path = cut === -1 ? target : target.slice(0, cut);
  return path.length <= MAX_LANDING_PATH ? path : "/";
}

/** Crawlers, link previews, monitors and scripted clients: their visits are not clicks. */
const BOT_AGENTS =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|quora link|whatsapp|telegram|skype|discord|pinterest|vkshare|w3c_validator|lighthouse|pagespeed|headless|phantom|puppeteer|playwright|selenium|curl|wget|python|httpx|go-http|java\/|okhttp|axios|node-fetch|undici|libwww|scrapy|monitor|uptime|pingdom|datadog/i;

export const isBot = (userAgent: string | undefined) =>
  !userAgent || userAgent.length < 10 || BOT_AGENTS.test(userAgent);

export const hourBucket = (now = Date.now()) => Math.floor(now / 3_600_000);

/**
 * The visitor: an HMAC, with a key of its own so it cannot be reversed by lookup, of the client's
 * network as rate-limit.ts clientIp spells it (an IPv4 address, or an IPv6 address's /64). The
 * User-Agent is left out on purpose: it is whatever the client says, so with it in, a creator could
 * count one network as many visitors by changing it.
 */
export const visitorHash = async ({ env }: Pick<Deps, "env">, network: string) =>
  signMessage(await keyFor(env, "visitorHash"), `click-network:${network}`);

/**
 * Keys this isolate has already written this hour: a repeat click skips the database write. The
 * unique key in D1 stays the judge; this only saves writes. Bounded, oldest dropped first. A click
 * the ceiling dropped stays dropped for the hour too (the network's count only grows), so skipping
 * its repeats changes nothing.
 */
const recent = new Map<string, true>();
const RECENT_MAX = 10_000;

function seenRecently(key: string): boolean {
  if (recent.has(key)) return true;
  recent.set(key, true);
  if (recent.size > RECENT_MAX) {
    const oldest = recent.keys().next().value;
    if (oldest !== undefined) recent.delete(oldest);
  }
  return false;
}

/**
 * One INSERT ... SELECT per new (code, network, hour): the code's creator or no row at all, only
 * while the network has fewer than the ceiling's rows this hour, and the dedupe key ignoring
 * repeats. D1 runs one statement at a time, so the count and the insert it guards cannot be split
 * by another click: both rules are exact under any concurrency.
 */
export const d1ClickRecorder = (db: Db): ClickRecorder => ({
  async record(click) {
    const key = `${click.code}|${click.visitorHash}|${click.hour}`;
    if (seenRecently(key)) return;
    const networkClicksThisHour = db
      .select({ n: count() })
      .from(affiliateClicks)
      .where(
        and(
          eq(affiliateClicks.visitorHash, click.visitorHash),
          eq(affiliateClicks.hourBucket, click.hour),
        ),
      );
    try {
      await db
        .insert(affiliateClicks)
        .select(
          db
            .select({
              id: sql`${newId()}`.as("id"),
              creatorId: creatorProfiles.userId,
              visitorHash: sql`${click.visitorHash}`.as("visitor_hash"),
              hourBucket: sql`${click.hour}`.as("hour_bucket"),
              landingPath: sql`${storedLandingPath(click.landingPath)}`.as("landing_path"),
              createdAt: dbNowMs.as("created_at"),
            })
            .from(creatorProfiles)
            .where(
              and(
                eq(creatorProfiles.affiliateCode, click.code),
                eq(creatorProfiles.status, "approved"),
                lt(networkClicksThisHour, CLICKS_PER_NETWORK_HOUR),
              ),
            ),
        )
        .onConflictDoNothing();
    } catch (err) {
      recent.delete(key);
      throw err;
    }
  },
});

/** Forgets the isolate's memory of recent clicks (tests reset storage between cases). */
export const forgetRecentClicks = () => recent.clear();

/**
 * Retention's daily statements: clicks before `cutoff` become one count per creator and Brisbane
 * day, and the raw rows go, in the caller's atomic batch: every click is counted once, raw or
 * rolled up. The second statement returns the rows it removed.
 */
export function rollUpClicksStatements(db: Db, cutoff: Date) {
  const oldClick = lt(affiliateClicks.createdAt, cutoff);
  const clickDay = brisbaneDay(affiliateClicks.createdAt);
  return [
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
        set: { clicks: sql`${affiliateClickDays.clicks} + ${excluded(affiliateClickDays.clicks)}` },
      }),
    db.delete(affiliateClicks).where(oldClick).returning({ id: affiliateClicks.id }),
  ] as const;
}
