// The Worker's environment: bindings from wrangler.toml, variables from [vars], secrets from
// .dev.vars locally and `wrangler secret put` in production. Checked once per isolate at start-up.
import * as v from "valibot";
import { isAbn } from "./contracts/fields";
import { normaliseAccountNumber, normaliseBsb } from "./contracts/payouts";
import type { CartStore } from "./durable-objects/cart";

function isOrigin(s: string): boolean {
  try {
    return new URL(s).origin === s.replace(/\/$/, "");
  } catch {
    return false;
  }
}

const EmailAddress = v.pipe(v.string("is missing"), v.email("must be an email address"));

const EnvSchema = v.object({
  ENVIRONMENT: v.picklist(
    ["development", "test", "production"],
    "must be one of development, test, production",
  ),
  APP_ORIGIN: v.pipe(
    v.string("is missing"),
    v.url("must be an absolute URL such as http://localhost:8787"),
    v.check(isOrigin, "must be an origin without a path"),
  ),
  JWT_SECRET: v.pipe(
    v.string("is missing (set it in .dev.vars or with `wrangler secret put`)"),
    v.minLength(32, "must be at least 32 characters"),
  ),
  /** The sender of every mail, e.g. "Tamra & Tara <hello@tamraandtara.com.au>". */
  EMAIL_FROM: v.pipe(v.string("is missing"), v.minLength(3, "is missing")),
  /** The shop's own inbox: contact form notifications go here. */
  SHOP_INBOX_EMAIL: EmailAddress,
  /** Resend's API key (re_...): required in production, where mail really leaves. */
  RESEND_API_KEY: v.optional(v.pipe(v.string(), v.startsWith("re_", "must start with re_"))),
  /**
   * Where Resend's API is, when not api.resend.com: a stand-in the Worker tests use to see and fail
   * sends. Unset in production.
   */
  EMAIL_API_BASE: v.optional(
    v.pipe(
      v.string(),
      v.url("must be an absolute URL such as http://127.0.0.1:12113"),
      v.check(isOrigin, "must be an origin without a path"),
    ),
  ),
  /** Stripe's secret API key: sk_test_... in development and tests, sk_live_... in production. */
  STRIPE_SECRET_KEY: v.pipe(
    v.string("is missing (set it in .dev.vars or with `wrangler secret put`)"),
    v.regex(/^sk_(test|live)_[A-Za-z0-9_]+$/, "must start with sk_test_ or sk_live_"),
  ),
  /** The signing secret of the webhook endpoint (/api/stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: v.pipe(
    v.string("is missing (set it in .dev.vars or with `wrangler secret put`)"),
    v.regex(/^whsec_[A-Za-z0-9_]+$/, "must start with whsec_"),
  ),
  /**
   * Where Stripe's API is, when not api.stripe.com: the local Stripe sandbox in development and
   * tests (http://127.0.0.1:12111). Unset in production.
   */
  STRIPE_API_BASE: v.optional(
    v.pipe(
      v.string(),
      v.url("must be an absolute URL such as http://127.0.0.1:12111"),
      v.check(isOrigin, "must be an origin without a path"),
    ),
  ),
  /** The seller named on tax invoices. */
  SELLER_NAME: v.pipe(v.string("is missing"), v.minLength(2, "is missing")),
  /** The seller's Australian Business Number, printed on tax invoices. */
  SELLER_ABN: v.pipe(v.string("is missing"), v.check(isAbn, "must be a valid 11-digit ABN")),
  /** "off" disables rate limits, honoured only with ENVIRONMENT=development (the bench uses it). */
  RATE_LIMITS: v.optional(v.picklist(["enforce", "off"], "must be enforce or off")),
  /**
   * Whole days a commission is held after the order's payment before it is payable (default 30, the
   * satisfaction guarantee; modules/creators/commissions.ts). A string, as [vars] and .dev.vars give it.
   */
  CREATOR_HOLD_DAYS: v.optional(
    v.pipe(
      v.string("must be a whole number of days, 0 to 365"),
      v.regex(/^(0|[1-9]\d{0,2})$/, "must be a whole number of days, 0 to 365"),
      v.check((s) => Number(s) <= 365, "must be a whole number of days, 0 to 365"),
    ),
  ),
  /**
   * The key that seals creators' bank account numbers at rest (modules/payouts/details.ts), at
   * least 32 random characters. Required in production; locally and in tests a key derived from
   * JWT_SECRET stands in. Changing it makes sealed numbers unreadable: creators re-enter them.
   */
  PAYOUT_DETAILS_KEY: v.optional(
    v.pipe(v.string(), v.minLength(32, "must be at least 32 characters")),
  ),
  /**
   * Whole hours new or changed payout details wait before a payout batch may pay them (default 72,
   * modules/payouts/details.ts): time for the creator to see the notice mailed to them and stop
   * a change they did not make. 0 to 720.
   */
  PAYOUT_DETAILS_COOLING_OFF_HOURS: v.optional(
    v.pipe(
      v.string("must be a whole number of hours, 0 to 720"),
      v.regex(/^(0|[1-9]\d{0,2})$/, "must be a whole number of hours, 0 to 720"),
      v.check((s) => Number(s) <= 720, "must be a whole number of hours, 0 to 720"),
    ),
  ),
  /**
   * The least payable balance a payout batch pays, in dollars (default 50); the owner may ask for
   * another minimum per batch.
   */
  CREATOR_PAYOUT_MINIMUM: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,4}(\.\d{1,2})?$/, "must be dollars such as 50 or 25.50 (1 to 99999)"),
    ),
  ),
  /**
   * The shop's bank account, for the ABA file that pays creators (modules/payouts/methods/aba.ts): APCA's short name
   * of the bank (CBA, WBC, NAB, ANZ...), the direct entry user id the bank issued (up to 6
   * digits), the name the bank expects as the file's user, BSB and account number. Unset, bank
   * files cannot be made (the back-office says which is missing).
   */
  SHOP_BANK: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, "must be 3 capital letters such as CBA")),
  ),
  SHOP_BANK_USER_ID: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, "must be the 6-digit direct entry user id")),
  ),
  SHOP_BANK_USER_NAME: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1, "is empty"),
      v.maxLength(26, "must be at most 26 characters"),
    ),
  ),
  SHOP_BANK_BSB: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => normaliseBsb(s) !== null, "must be a BSB such as 062-000"),
    ),
  ),
  SHOP_BANK_ACCOUNT_NUMBER: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) => normaliseAccountNumber(s) !== null,
        "must be an account number of 5 to 9 digits",
      ),
    ),
  ),
  /** "true" adds the balancing debit some banks' imports require (ask the bank); default false. */
  SHOP_BANK_BALANCING_DEBIT: v.optional(v.picklist(["true", "false"], "must be true or false")),
});

export type AppConfig = v.InferOutput<typeof EnvSchema>;

/**
 * Secrets committed to this repository, which anyone can read: .dev.vars.example (what `npm start`
 * copies to .dev.vars, the local Stripe sandbox's webhook secret included) and the tests' settings.
 */
const PUBLISHED_SECRETS = new Set([
  "local-development-only-jwt-secret-change-me-0123456789",
  "whsec_local_sandbox_0123456789",
  "test-only-secret-that-is-long-enough-0123456789",
  "whsec_worker_tests_0123456789",
  "whsec_sandbox_test_secret_0123456789",
]);

/** Stripe issues whsec_ and 32 more characters; one shorter than this was typed in, not issued. */
const MIN_WEBHOOK_SECRET_LENGTH = 32;
/** Random 32 hex digits have 6 or fewer distinct ones once in 10^12: fewer means typed, not drawn. */
const MIN_DISTINCT_SECRET_CHARACTERS = 7;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A URL hostname of this machine (URL writes IPv6 in brackets). */
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.has(hostname);

/** What a production deploy must not run with: settings that are safe only on a laptop. */
function productionProblems(config: AppConfig): string[] {
  const problems: string[] = [];
  if (!config.RESEND_API_KEY)
    problems.push("RESEND_API_KEY is missing (production sends mail through Resend)");
  if (config.EMAIL_API_BASE)
    problems.push("EMAIL_API_BASE must be unset in production (mail goes to api.resend.com)");
  if (config.STRIPE_API_BASE)
    problems.push("STRIPE_API_BASE must be unset in production (payments go to api.stripe.com)");
  if (!config.STRIPE_SECRET_KEY.startsWith("sk_live_"))
    problems.push("STRIPE_SECRET_KEY must be a live key (sk_live_...) in production");
  if (PUBLISHED_SECRETS.has(config.JWT_SECRET))
    problems.push("JWT_SECRET is published in this repository; set a random one in production");
  else if (new Set(config.JWT_SECRET).size < MIN_DISTINCT_SECRET_CHARACTERS)
    problems.push("JWT_SECRET is not random (too few different characters)");
  if (PUBLISHED_SECRETS.has(config.STRIPE_WEBHOOK_SECRET))
    problems.push("STRIPE_WEBHOOK_SECRET is the local sandbox's; use the endpoint's from Stripe");
  else if (config.STRIPE_WEBHOOK_SECRET.length < MIN_WEBHOOK_SECRET_LENGTH)
    problems.push("STRIPE_WEBHOOK_SECRET is too short to be one Stripe issued");
  if ([config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET].includes(config.JWT_SECRET))
    problems.push("JWT_SECRET must not be one of the Stripe secrets");
  if (!config.PAYOUT_DETAILS_KEY)
    problems.push("PAYOUT_DETAILS_KEY is missing (it seals creators' bank account numbers)");
  else if (PUBLISHED_SECRETS.has(config.PAYOUT_DETAILS_KEY))
    problems.push("PAYOUT_DETAILS_KEY is published in this repository; set a random one");
  else if (config.PAYOUT_DETAILS_KEY === config.JWT_SECRET)
    problems.push("PAYOUT_DETAILS_KEY must not be JWT_SECRET");
  const origin = new URL(config.APP_ORIGIN);
  if (origin.protocol !== "https:" || isLoopbackHost(origin.hostname))
    problems.push("APP_ORIGIN must be the shop's https:// address in production");
  return problems;
}

export interface Bindings extends AppConfig {
  DB: D1Database;
  IMAGES: R2Bucket;
  CARTS: DurableObjectNamespace<CartStore>;
  ASSETS: Fetcher;
  /**
   * Workers Rate Limiting (wrangler.toml [[ratelimits]]): counters kept at the edge, per client
   * network, for the catalogue's reads, which must stay cheap and so cannot count in D1. Every
   * search and list answer counts against the first; one that has to be built counts against the
   * second too (modules/limits/rate-limit.ts enforceEdgeLimit).
   */
  CATALOGUE_READS?: RateLimit;
  CATALOGUE_BUILDS?: RateLimit;
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** Validates the variables and secrets; the message names every variable that is wrong. */
export function parseEnv(env: Record<string, unknown>): AppConfig {
  const result = v.safeParse(EnvSchema, env);
  const problems = result.success
    ? []
    : result.issues.map((issue) => {
        const key = v.getDotPath(issue) ?? "environment";
        return issue.input === undefined ? `${key} is missing` : `${key} ${issue.message}`;
      });
  if (result.success && result.output.ENVIRONMENT === "production")
    problems.push(...productionProblems(result.output));
  if (result.success && problems.length === 0) return result.output;
  throw new EnvError(`Invalid Worker environment: ${problems.join("; ")}`);
}

const bindingNames = ["DB", "IMAGES", "CARTS"] as const;

/** Variables plus the bindings the Worker cannot run without. */
export function assertEnv(env: Record<string, unknown>): void {
  parseEnv(env);
  const missing = bindingNames.filter((name) => env[name] == null);
  if (missing.length > 0) {
    throw new EnvError(`Invalid Worker environment: binding ${missing.join(", ")} is missing`);
  }
}
