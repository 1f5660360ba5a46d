// Fixed-window rate limits counted in D1: one atomic upsert per request decides, so the count is
// exact under concurrency, in `wrangler dev` as in production. The catalogue's reads, which must
// cost no D1 write, are counted at the edge instead (enforceEdgeLimit, at the end).

import { like, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Bindings } from "../../env";
import { AppError } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { rateLimits } from "./schema";

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  loginPerIp: { name: "login-ip", max: 20, windowSeconds: 600 },
  // One account from one network: an attacker's failures from theirs leave the owner's alone.
  loginPerAccountNetwork: { name: "login-account-network", max: 10, windowSeconds: 600 },
  // One account from every network together: the ceiling on guessing from many networks. Reaching
  // it locks the owner out too, for at most the hour, so it sits far above what a person types.
  loginPerAccount: { name: "login-account", max: 100, windowSeconds: 3600 },
  registerPerIp: { name: "register-ip", max: 10, windowSeconds: 3600 },
  creatorRegisterPerIp: { name: "creator-register-ip", max: 5, windowSeconds: 3600 },
  forgotPerIp: { name: "forgot-ip", max: 5, windowSeconds: 900 },
  refreshPerIp: { name: "refresh-ip", max: 60, windowSeconds: 60 },
  // Each checkout stores an order and opens a Stripe session; each confirmation asks Stripe.
  checkoutPerIp: { name: "checkout-ip", max: 30, windowSeconds: 600 },
  confirmPerIp: { name: "confirm-ip", max: 60, windowSeconds: 600 },
  // Guessing codes one by one is slow.
  validateCodePerIp: { name: "validate-code-ip", max: 30, windowSeconds: 600 },
  validateDiscountPerIp: { name: "validate-discount-ip", max: 30, windowSeconds: 600 },
  // A profile update answers "email taken", so looping it would tell which emails have accounts:
  // about as slow as asking the sign-up form (registerPerIp). Both profile endpoints share these.
  profileUpdatePerAccount: { name: "profile-update-account", max: 10, windowSeconds: 3600 },
  profileUpdatePerIp: { name: "profile-update-ip", max: 20, windowSeconds: 3600 },
  // Each newsletter sign-up may mail the address and each contact message mails the shop's inbox:
  // per client, and per address so many clients cannot aim at one mailbox.
  newsletterPerIp: { name: "newsletter-ip", max: 10, windowSeconds: 3600 },
  newsletterPerAddress: { name: "newsletter-address", max: 5, windowSeconds: 3600 },
  contactPerIp: { name: "contact-ip", max: 10, windowSeconds: 3600 },
  contactPerAddress: { name: "contact-address", max: 5, windowSeconds: 3600 },
  // A 6-digit code is right by chance 3 times in a million (three steps are accepted). As at login,
  // tries count per admin and network, so a password holder elsewhere who spends theirs leaves the
  // owner's alone; per admin over every network at a ceiling that still makes guessing take about
  // 11,000 hours on average (each try audited), and which, reached, locks the owner out for at
  // most the hour.
  secondFactorPerAccountNetwork: {
    name: "second-factor-account-network",
    max: 5,
    windowSeconds: 3600,
  },
  secondFactorPerAccount: { name: "second-factor-account", max: 30, windowSeconds: 3600 },
  secondFactorPerIp: { name: "second-factor-ip", max: 20, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** Counts one request against `limit` for `subject`; throws 429 with Retry-After past the limit. */
export async function enforceLimit(
  { env, db }: Pick<Deps, "env" | "db">,
  limit: Limit,
  subject: string,
): Promise<void> {
  if (limitsOff(env)) return;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds);
  const counted = await db
    .insert(rateLimits)
    .values({ key: `${limit.name}:${subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = ${windowStart} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count })
    .get();
  if ((counted?.count ?? 0) > limit.max) {
    const retryAfter = Math.max(1, windowStart + limit.windowSeconds - nowSeconds);
    throw new AppError(
      429,
      `Too many attempts. Please wait ${Math.ceil(retryAfter / 60)} minute(s) and try again.`,
      "rate_limited",
      undefined,
      { "Retry-After": String(retryAfter) },
    );
  }
}

const limitsOff = (env: Bindings) => env.RATE_LIMITS === "off" && env.ENVIRONMENT === "development";

/** Edge-counted limits: a Workers Rate Limiting binding and the period it was configured with. */
export const EDGE_LIMITS = {
  /** Every search and catalogue list answer. */
  catalogueReads: { binding: "CATALOGUE_READS", periodSeconds: 10 },
  /** Answers nobody asked for before, which D1 has to work out. */
  catalogueBuilds: { binding: "CATALOGUE_BUILDS", periodSeconds: 60 },
} as const satisfies Record<string, { binding: keyof Bindings; periodSeconds: 10 | 60 }>;

/**
 * Counts one request of this client network against an edge limit (wrangler.toml [[ratelimits]]):
 * approximate and per data centre, but free of D1, so it suits reads that must stay as cheap as
 * the cache that answers them. 429 with Retry-After past the limit.
 */
export async function enforceEdgeLimit(
  { env }: Pick<Deps, "env">,
  limit: (typeof EDGE_LIMITS)[keyof typeof EDGE_LIMITS],
  headers: Headers,
): Promise<void> {
  const binding = env[limit.binding];
  if (!binding || limitsOff(env)) return;
  const { success } = await binding.limit({ key: clientIp(headers) });
  if (success) return;
  throw new AppError(
    429,
    "Too many requests. Please wait a few seconds and try again.",
    "rate_limited",
    undefined,
    { "Retry-After": String(limit.periodSeconds) },
  );
}

/**
 * Counts one password check (a sign-in, or a password typed again to enrol a second factor) against
 * the limits on guessing one: per client network, per account and network, per account. Per
 * account and network first, so one network's attempts never reach the account's ceiling.
 */
export async function limitPasswordTries(
  { env, db }: Pick<Deps, "env" | "db">,
  network: string,
  email: string,
): Promise<void> {
  await enforceLimit({ env, db }, LIMITS.loginPerIp, network);
  await enforceLimit({ env, db }, LIMITS.loginPerAccountNetwork, `${network}:${email}`);
  await enforceLimit({ env, db }, LIMITS.loginPerAccount, email);
}

/**
 * The client as the limits count it (never stored otherwise): its network from the address
 * Cloudflare reports, or "unknown" when the header is missing or is not an address.
 */
export const clientIp = (headers: Headers) =>
  clientNetwork(headers.get("cf-connecting-ip") ?? "") ?? "unknown";

/**
 * The client's network as the audit log and security mails name it: coarser than the limits count
 * (an IPv4 /24, an IPv6 /48), enough to tell the owner's usual network from another without
 * keeping anyone's address.
 */
export function coarseNetwork(headers: Headers): string {
  const network = clientIp(headers);
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(network);
  if (v4) return `${v4[1]}.0/24`;
  const v6 = /^(\w+:\w+:\w+):\w+::\/64$/.exec(network);
  if (v6) return `${v6[1]}::/48`;
  // The loopback, or "unknown".
  return network;
}

/**
 * One client's network in one spelling: an IPv4 address as itself, an IPv6 address as its /64 (a
 * single subscriber gets a whole /64 and may use any address in it), "::ffff:a.b.c.d" as the IPv4
 * address it maps. Case, zero compression, brackets and zone ids make no difference. Null for
 * anything that is not an address.
 */
export function clientNetwork(address: string): string | null {
  if (address.length > 100) return null;
  const text = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  if (!text.includes(":")) return parseIpv4(text)?.join(".") ?? null;
  const words = parseIpv6(text);
  if (!words) return null;
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) {
    const [hi = 0, lo = 0] = words.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  // The loopback is one host (and the address a local run's counters are reset by).
  if (words.slice(0, 7).every((w) => w === 0) && words[7] === 1) return "::1";
  const prefix = words.slice(0, 4).map((w) => w.toString(16));
  return `${prefix.join(":")}::/64`;
}

function parseIpv4(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  const octets = match?.slice(1).map(Number);
  return octets?.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit words of an IPv6 address (lowercase, no zone), or null. */
function parseIpv6(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const sides = halves.map((half) => (half === "" ? [] : half.split(":")));
  // The last two words may be written as an IPv4 address: "::ffff:192.0.2.1".
  const last = sides[sides.length - 1] ?? [];
  if (last.at(-1)?.includes(".")) {
    const octets = parseIpv4(last.pop() ?? "");
    if (!octets) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  if (!sides.every((side) => side.every((group) => /^[0-9a-f]{1,4}$/.test(group)))) return null;
  const [head = [], tail] = sides;
  let groups = head;
  if (tail) {
    // "::" stands for one or more zero words.
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  }
  return groups.length === 8 ? groups.map((group) => Number.parseInt(group, 16)) : null;
}

/** A rate-limit row of a limit this code no longer names: gone after the longest plausible window. */
const UNKNOWN_LIMIT_RETENTION_SECONDS = 7 * 86_400;

/**
 * Rate-limit rows whose window has passed, each by its own limit's window (the key is
 * "<name>:<subject>"). Names and windows are this code's constants, written into the SQL, so the
 * statement binds one parameter however many limits there are.
 */
function expiredRateLimits(nowSeconds: number) {
  const windows = Object.values(LIMITS)
    .map((limit) => `WHEN '${limit.name}' THEN ${limit.windowSeconds}`)
    .join(" ");
  const windowOf = sql`CASE substr(${rateLimits.key}, 1, instr(${rateLimits.key}, ':') - 1) ${sql.raw(
    `${windows} ELSE ${UNKNOWN_LIMIT_RETENTION_SECONDS}`,
  )} END`;
  return sql`${rateLimits.windowStart} + ${windowOf} <= ${nowSeconds}`;
}

/** Retention's daily statement: the counters whose window has passed (their keys returned). */
export const pruneRateLimitsStatement = (db: Db, nowSeconds: number) =>
  db.delete(rateLimits).where(expiredRateLimits(nowSeconds)).returning({ key: rateLimits.key });

/** Removes the counters of these subjects (emails, addresses), under every limit. */
export const forgetLimitsStatement = (db: Db, subjects: string[]) =>
  db.delete(rateLimits).where(or(...subjects.map((s) => like(rateLimits.key, `%:${s}`))));
