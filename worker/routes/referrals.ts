// Creator links: GET /r/:code answers at once with a redirect and the attribution cookie; the click
// is recorded after the response (waitUntil), so the write is never on the request path.
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import { normaliseCode, REFERRAL_COOKIE, REFERRAL_DAYS } from "../services/affiliate";
import { d1ClickRecorder, hourBucket, isBot, visitorHash } from "../services/clicks";
import { clientIp } from "../services/rate-limit";

/**
 * Only paths on this shop: "/product/<id>", "/collection?sale=1". Anything else (other hosts,
 * protocol-relative "//evil.example", backslashes, control characters, the API) falls back to "/".
 */
export function safeTarget(to: string | undefined, origin: string): string {
  if (!to?.startsWith("/") || to.startsWith("//") || /[\\\s]/.test(to)) return "/";
  try {
    const url = new URL(to, origin);
    if (url.origin !== new URL(origin).origin) return "/";
    if (/^\/(api|r|dev)(\/|$)/.test(url.pathname)) return "/";
    return url.pathname + url.search + url.hash;
  } catch {
    return "/";
  }
}

export const referralRoutes = new Hono<AppEnv>().get("/:code", async (c) => {
  const code = normaliseCode(c.req.param("code"));
  const target = safeTarget(c.req.query("to"), c.env.APP_ORIGIN);
  if (!code) return c.redirect(target, 302);

  setCookie(c, REFERRAL_COOKIE, code, {
    path: "/",
    maxAge: REFERRAL_DAYS * 24 * 60 * 60,
    sameSite: "Lax",
    secure: c.env.APP_ORIGIN.startsWith("https:"),
  });
  const userAgent = c.req.header("user-agent");
  if (!isBot(userAgent)) {
    const ip = clientIp(c.req.raw.headers);
    c.executionCtx.waitUntil(
      visitorHash(c.env, ip, userAgent ?? "")
        .then((hash) =>
          d1ClickRecorder(c.var.db).record({
            code,
            visitorHash: hash,
            hour: hourBucket(),
            landingPath: target,
          }),
        )
        .catch((err: unknown) => console.error(`click for ${code} not recorded`, err)),
    );
  }
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  return c.redirect(target, 302);
});
