// The refresh cookie that keeps a shopper signed in on this device: set at sign-in and on every
// refresh, cleared at logout. Only /api reads it, and only the shop's own pages send it.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { REFRESH_TOKEN_TTL_SECONDS, signAccessToken, startSession } from "../services/sessions";
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

/** Signs the user in on this device: a refresh cookie and an access token to answer with. */
export async function beginSession(c: Ctx, user: { id: string; role: string }): Promise<string> {
  const { sessionId, token } = await startSession(c.var.db, user.id);
  setRefreshCookie(c, token);
  return signAccessToken(c.env, { userId: user.id, role: user.role, sessionId });
}
