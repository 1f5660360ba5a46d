// Creator link clicks: who clicked (a salted hash, never an IP), deduplicated per visitor, code and
// hour, bots left out. Recording sits behind ClickRecorder so that moving it off D1 (Analytics
// Engine, or a Queue feeding batched writes: docs/decisions/0005) changes this module only.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { affiliateClicks, creatorProfiles, dbNowMs } from "../db/schema";
import type { Bindings } from "../env";
import { newId } from "../lib/ids";
import { keyFor } from "../lib/keys";
import { signMessage } from "../lib/tokens";

export interface Click {
  code: string;
  /** Salted hash of IP and user agent. */
  visitorHash: string;
  /** Whole hours since the epoch. */
  hour: number;
  /** Where the link sent the visitor on this shop. */
  landingPath: string;
}

export interface ClickRecorder {
  /** Records the click once per visitor, code and hour; unknown codes record nothing. */
  record(click: Click): Promise<void>;
}

/** Crawlers, link previews, monitors and scripted clients: their visits are not clicks. */
const BOT_AGENTS =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|quora link|whatsapp|telegram|skype|discord|pinterest|vkshare|w3c_validator|lighthouse|pagespeed|headless|phantom|puppeteer|playwright|selenium|curl|wget|python|httpx|go-http|java\/|okhttp|axios|node-fetch|undici|libwww|scrapy|monitor|uptime|pingdom|datadog/i;

export const isBot = (userAgent: string | undefined) =>
  !userAgent || userAgent.length < 10 || BOT_AGENTS.test(userAgent);

export const hourBucket = (now = Date.now()) => Math.floor(now / 3_600_000);

/** The visitor: an HMAC with a key of its own, so the hash cannot be reversed by lookup. */
export const visitorHash = async (env: Bindings, ip: string, userAgent: string) =>
  signMessage(await keyFor(env, "visitorHash"), `click-visitor:${ip}|${userAgent}`);

/**
 * Keys this isolate has already written this hour: a repeat click skips the database write. The
 * unique key in D1 stays the judge; this only saves writes. Bounded, oldest dropped first.
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
 * One INSERT ... SELECT per new (code, visitor, hour): the code's creator or no row at all, and the
 * dedupe key ignoring repeats, so it is exact under any concurrency.
 */
export const d1ClickRecorder = (db: Db): ClickRecorder => ({
  async record(click) {
    const key = `${click.code}|${click.visitorHash}|${click.hour}`;
    if (seenRecently(key)) return;
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
              landingPath: sql`${click.landingPath}`.as("landing_path"),
              createdAt: dbNowMs.as("created_at"),
            })
            .from(creatorProfiles)
            .where(eq(creatorProfiles.affiliateCode, click.code)),
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
