// Fixed-window rate limits counted in D1: one atomic upsert per request decides, so the count is
// exact under concurrency, in `wrangler dev` as in production.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import type { Bindings } from "../env";
import { AppError } from "../http/errors";

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  loginPerIp: { name: "login-ip", max: 20, windowSeconds: 600 },
  loginPerAccount: { name: "login-account", max: 10, windowSeconds: 600 },
  registerPerIp: { name: "register-ip", max: 10, windowSeconds: 3600 },
  creatorRegisterPerIp: { name: "creator-register-ip", max: 5, windowSeconds: 3600 },
  forgotPerIp: { name: "forgot-ip", max: 5, windowSeconds: 900 },
  refreshPerIp: { name: "refresh-ip", max: 60, windowSeconds: 60 },
  // Each checkout stores an order and opens a Stripe session; each confirmation asks Stripe.
  checkoutPerIp: { name: "checkout-ip", max: 30, windowSeconds: 600 },
  confirmPerIp: { name: "confirm-ip", max: 60, windowSeconds: 600 },
  // Guessing codes one by one is slow.
  validateCodePerIp: { name: "validate-code-ip", max: 30, windowSeconds: 600 },
} satisfies Record<string, Limit>;

/** Counts one request against `limit` for `subject`; throws 429 with Retry-After past the limit. */
export async function enforceLimit(
  env: Bindings,
  db: Db,
  limit: Limit,
  subject: string,
): Promise<void> {
  if (env.RATE_LIMITS === "off" && env.ENVIRONMENT === "development") return;
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

/** The client's address as Cloudflare reports it; never stored, only counted. */
export const clientIp = (headers: Headers) => headers.get("cf-connecting-ip") ?? "unknown";
