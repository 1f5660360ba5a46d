// The back-office's door. The access token says who is calling; whether they may is read from D1
// on every request, so an admin who is demoted loses access at once, not when the token expires.
// Then the second factor (modules/identity/second-factor.ts): in production, and for any admin who enrolled, each
// sign-in must pass a code before anything but the second-factor routes opens.
import { and, eq, isNull } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { AppError } from "../lib/app-error";
import type { Deps } from "../lib/deps";
import { sessionFamilies, users } from "../modules/identity/schema";
import { SECOND_FACTOR_TTL_MS } from "../modules/identity/second-factor";
import { verifyAccessToken } from "../modules/identity/sessions";
import type { AppContext, AppEnv } from "./app-env";
import { unauthorized } from "./auth";

export const forbidden = () => new AppError(403, "This needs a back-office account.", "forbidden");

export const secondFactorRequired = (enrolled: boolean) =>
  new AppError(
    403,
    enrolled
      ? "Enter the code from your authenticator app to open the back-office."
      : "Set up an authenticator app to open the back-office.",
    "second_factor_required",
  );

/**
 * No token or a bad one: 401. A live account that is not an admin now: 403. Sets `admin` and the
 * sign-in's `secondFactor` state for the routes after it; requireSecondFactor enforces that state.
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req.header("token");
  const claims = token ? await verifyAccessToken({ env: c.env }, token) : null;
  if (!claims) throw unauthorized();
  // One read: the account as it is now, and (when the token names one) its live sign-in.
  const [account] = await c.var.db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      enrolledAt: users.totpEnabledAt,
      passedAt: sessionFamilies.secondFactorAt,
    })
    .from(users)
    .leftJoin(
      sessionFamilies,
      and(
        eq(sessionFamilies.id, claims.sessionId ?? ""),
        eq(sessionFamilies.userId, users.id),
        isNull(sessionFamilies.revokedAt),
      ),
    )
    .where(eq(users.id, claims.userId));
  if (!account) throw unauthorized();
  if (account.role !== "admin") throw forbidden();
  const enrolled = account.enrolledAt !== null;
  c.set("auth", { userId: account.id, role: account.role, sessionId: claims.sessionId });
  c.set("admin", { id: account.id, email: account.email });
  c.set("secondFactor", {
    enrolled,
    required: c.env.ENVIRONMENT === "production" || enrolled,
    verified:
      account.passedAt !== null && account.passedAt.getTime() > Date.now() - SECOND_FACTOR_TTL_MS,
  });
  await next();
};

/** After requireAdmin: 403 second_factor_required until this sign-in has passed its code. */
export const requireSecondFactor: MiddlewareHandler<AppEnv> = async (c, next) => {
  const state = c.var.secondFactor;
  if (state.required && !state.verified) throw secondFactorRequired(state.enrolled);
  await next();
};

/**
 * What a back-office service is given: the bindings, the database, the request's context and the
 * admin making the change (set by requireAdmin).
 */
export const adminDeps = (c: AppContext): Deps => ({
  env: c.env,
  db: c.var.db,
  ctx: c.executionCtx,
  actor: c.var.admin,
});
