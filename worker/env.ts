// The Worker's environment: bindings from wrangler.toml, variables from [vars], secrets from
// .dev.vars locally and `wrangler secret put` in production. Checked once per isolate at start-up.
import * as v from "valibot";
import type { CartStore } from "./services/cart-store";

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
  /** "off" disables rate limits, honoured only with ENVIRONMENT=development (the bench uses it). */
  RATE_LIMITS: v.optional(v.picklist(["enforce", "off"], "must be enforce or off")),
});

export type AppConfig = v.InferOutput<typeof EnvSchema>;

export interface Bindings extends AppConfig {
  DB: D1Database;
  KV: KVNamespace;
  IMAGES: R2Bucket;
  CARTS: DurableObjectNamespace<CartStore>;
  ASSETS: Fetcher;
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
  if (
    result.success &&
    result.output.ENVIRONMENT === "production" &&
    !result.output.RESEND_API_KEY
  ) {
    problems.push("RESEND_API_KEY is missing (production sends mail through Resend)");
  }
  if (result.success && problems.length === 0) return result.output;
  throw new EnvError(`Invalid Worker environment: ${problems.join("; ")}`);
}

const bindingNames = ["DB", "KV", "IMAGES", "CARTS"] as const;

/** Variables plus the bindings the Worker cannot run without. */
export function assertEnv(env: Record<string, unknown>): void {
  parseEnv(env);
  const missing = bindingNames.filter((name) => env[name] == null);
  if (missing.length > 0) {
    throw new EnvError(`Invalid Worker environment: binding ${missing.join(", ")} is missing`);
  }
}
