// Who may read a guest's order (SPEC.md /order-placed shows its address, phone and email): the
// browser that started the checkout, by a short-lived cookie holding a random token whose SHA-256
// is stored with the order. A Stripe session id alone, which travels in URLs, opens nothing.
import { getCookie, setCookie } from "hono/cookie";
import { TOKEN_PATTERN } from "../contracts/ids";
import { randomToken, sha256Hex } from "../lib/tokens";
import { SESSION_LIFETIME_SECONDS } from "../modules/orders/checkout";
import type { OrderRow } from "../modules/orders/orders";
import type { AppContext } from "./app-env";

export const ORDER_ACCESS_COOKIE = "order_access";

/** The 31 minutes the shopper has to pay, then an hour to come back and read the confirmation. */
export const ORDER_ACCESS_SECONDS = SESSION_LIFETIME_SECONDS + 60 * 60;

/** Checkouts one browser keeps open to confirm: a retry in another tab still finds its order. */
const MAX_TOKENS = 3;

/** Only the browser's own cookie reaches the order API; the rest of the site never sees it. */
const PATH = "/api/order";

/** http://localhost and friends: a browser there would drop a Secure cookie. */
const LOOPBACK_HTTP = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/?$/;

const tokensIn = (c: AppContext): string[] =>
  (getCookie(c, ORDER_ACCESS_COOKIE) ?? "")
    .split(".")
    .filter((t) => TOKEN_PATTERN.test(t))
    .slice(0, MAX_TOKENS);

/** The hashes of the tokens this browser holds: the guest checkouts it started lately. */
export const orderAccessHashes = (c: AppContext): Promise<string[]> =>
  Promise.all(tokensIn(c).map(sha256Hex));

/** A fresh token for a checkout about to start, and the hash to store with its order. */
export async function newOrderAccess(): Promise<{ token: string; hash: string }> {
  const token = randomToken();
  return { token, hash: await sha256Hex(token) };
}

/**
 * Gives this browser the token of the checkout it just started, newest first, beside the few
 * it already had. A token only ever opens the order its hash was stored with, so one planted in
 * the cookie by someone else opens nothing new.
 */
export function grantOrderAccess(c: AppContext, token: string): void {
  const tokens = [token, ...tokensIn(c).filter((t) => t !== token)].slice(0, MAX_TOKENS);
  setCookie(c, ORDER_ACCESS_COOKIE, tokens.join("."), {
    httpOnly: true,
    secure: !LOOPBACK_HTTP.test(c.env.APP_ORIGIN),
    // Lax: sent on the top-level navigation back from Stripe; the SPA's fetch is same-origin.
    sameSite: "Lax",
    path: PATH,
    maxAge: ORDER_ACCESS_SECONDS,
  });
}

/** True when this browser started the checkout of `order` and the window has not closed. */
export async function holdsOrderAccess(
  c: AppContext,
  order: Pick<OrderRow, "accessTokenHash" | "createdAt">,
  now = Date.now(),
): Promise<boolean> {
  if (!order.accessTokenHash) return false;
  // The cookie's Max-Age is the browser's to honour; the window is enforced here.
  if (order.createdAt.getTime() + ORDER_ACCESS_SECONDS * 1000 <= now) return false;
  return (await orderAccessHashes(c)).includes(order.accessTokenHash);
}
