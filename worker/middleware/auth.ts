// Who is calling: the access token travels in the `token` header (SPEC.md section 7).
import type { MiddlewareHandler } from "hono";
import { AppError } from "../lib/app-error";
import { verifyAccessToken } from "../modules/identity/sessions";
import type { AppEnv } from "./app-env";

export const unauthorized = () => new AppError(401, "Please sign in to continue.", "unauthorized");

/** Requires a valid access token; puts its claims on the context as `auth`. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req.header("token");
  const claims = token ? await verifyAccessToken({ env: c.env }, token) : null;
  if (!claims) throw unauthorized();
  c.set("auth", claims);
  await next();
};

/**
 * For calls a guest may make too: no token makes a guest (`viewer` null), but a token that fails
 * is a 401, so the client refreshes and retries instead of silently acting as a guest.
 */
export const optionalAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req.header("token");
  if (!token) {
    c.set("viewer", null);
    return next();
  }
  const claims = await verifyAccessToken({ env: c.env }, token);
  if (!claims) throw unauthorized();
  c.set("viewer", claims);
  await next();
};
