// The refresh cookie that keeps a shopper signed in on this device: set at sign-in and on every
// refresh, cleared at logout. Only /api reads it, and only the shop's own pages send it.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { AppError } from "../lib/app-error";
import { REFRESH_TOKEN_TTL_SECONDS, signIn } from "../modules/identity/sessions";
import { coarseNetwork } from "../modules/limits/rate-limit";
import type { AppEnv } from "./app-env";

export const REFRESH_COOKIE = "refresh_token";

type Ctx = Context<AppEnv>;

export const readRefreshCookie = (c: Ctx) => getCookie(c, REFRESH_COOKIE);

export function setRefreshCookie(c: Ctx, token: string): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/api",
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export const clearRefreshCookie = (c: Ctx) =>
  deleteCookie(c, REFRESH_COOKIE, { path: "/api", secure: true });

/**
 * Signs the user in on this device: a refresh cookie and an access token to answer with. An admin's
 * sign-in is recorded in the audit log with the client's network (coarse), with the session.
 */
export async function beginSession(c: Ctx, user: { id: string; role: string }): Promise<string> {
  const { refreshToken, accessToken } = await signIn(
    { env: c.env, db: c.var.db },
    user,
    coarseNetwork(c.req.raw.headers),
  );
  setRefreshCookie(c, refreshToken);
  return accessToken;
}

/** Refresh and logout act on a cookie alone, so only the shop's own pages may ask. */
export function requireShopOrigin(c: Ctx): void {
  if (c.req.header("origin") !== c.env.APP_ORIGIN) {
    throw new AppError(403, "This request must come from the shop's own pages.", "bad_origin");
  }
}
