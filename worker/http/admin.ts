// The back-office's door. The access token says who is calling; whether they may is read from D1
// on every request, so an admin who is demoted loses access at once, not when the token expires.
import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { users } from "../db/schema";
import { verifyAccessToken } from "../services/sessions";
import type { AppEnv } from "./app-env";
import { unauthorized } from "./auth";
import { AppError } from "./errors";

export const forbidden = () => new AppError(403, "This needs a back-office account.", "forbidden");

/**
 * Production asks the owner for a second factor as well as the password (docs/security.md). Until
 * the back-office has one (TOTP enrolment, or Cloudflare Access with its JWT verified here), its
 * API stays closed in production rather than open on a password alone.
 */
export const secondFactorRequired = () =>
  new AppError(
    403,
    "The back-office needs a second factor, which this deployment does not have yet.",
    "second_factor_required",
  );

/**
 * No token or a bad one: 401. A live account that is not an admin now: 403. In production, 403
 * until the second factor exists.
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req.header("token");
  const claims = token ? await verifyAccessToken(c.env, token) : null;
  if (!claims) throw unauthorized();
  const [account] = await c.var.db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, claims.userId));
  if (!account) throw unauthorized();
  if (account.role !== "admin") throw forbidden();
  if (c.env.ENVIRONMENT === "production") throw secondFactorRequired();
  c.set("auth", { userId: account.id, role: account.role });
  c.set("admin", { id: account.id, email: account.email });
  await next();
};
