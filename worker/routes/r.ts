// Creator links: GET /r/:code answers at once with a redirect and the attribution cookie; the click
// is recorded after the response (waitUntil), so the write is never on the request path, and is
// counted once per code, client network and hour (modules/creators/clicks.ts). Only an approved creator's
// link sets the cookie and counts; any other code still redirects, with neither.
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../middleware/app-env";
import {
  findCreator,
  isActiveCreator,
  normaliseCode,
  REFERRAL_COOKIE,
  REFERRAL_DAYS,
} from "../modules/creators/attribution";
import { d1ClickRecorder, hourBucket, isBot, visitorHash } from "../modules/creators/clicks";
import { clientIp } from "../modules/limits/rate-limit";

const HOME = "/";
/** Longer than any link to a product or collection; a longer `to` is not a link a creator made. */
const MAX_TARGET_LENGTH = 2048;
/** Paths the Worker answers itself: a link into them is a trick, not a landing page. */
const WORKER_PATHS = /^\/(api|r|dev)(\/|$)/;

/**
 * Only paths on this shop: "/product/<id>", "/collection?sale=1". Anything else falls back to "/":
 * other hosts, schemes, protocol-relative "//evil.example", and paths that become one once a
 * browser normalises them ("/.//evil.example", "/%2e%2e//evil.example", "/\evil.example",
 * "/\t/evil.example"). The answer is rebuilt from the parsed URL, never echoed, so what the
 * browser reads in Location is exactly what was checked.
 */
export function safeTarget(to: unknown, origin: string): string {
  // A path only, with nothing a URL parser silently drops (tabs, newlines, controls) or reads as a
  // slash (a backslash): either could turn "/x/host" into "//host" after this check.
  if (
    typeof to !== "string" ||
    to.length > MAX_TARGET_LENGTH ||
    !to.startsWith("/") ||
    /[\\\s\p{Cc}]/u.test(to)
  ) {
    return HOME;
  }
  let url: URL;
  let shop: URL;
  try {
    url = new URL(to, origin);
    shop = new URL(origin);
  } catch {
    return HOME;
  }
  if (url.origin !== shop.origin || url.username !== "" || url.password !== "") return HOME;
  // The pathname has its dot segments ("." and "..", also as "%2e" and "%2E%2E") resolved by now:
  // two leading slashes here would be read by the browser as a host name.
  if (/^\/[/\\]/.test(url.pathname) || WORKER_PATHS.test(url.pathname)) return HOME;
  const target = url.pathname + url.search + url.hash;
  return target.length <= MAX_TARGET_LENGTH ? target : HOME;
}

export const referralRoutes = new Hono<AppEnv>().get("/:code", async (c) => {
  const code = normaliseCode(c.req.param("code"));
  const target = safeTarget(c.req.query("to"), c.env.APP_ORIGIN);
  if (!code) return c.redirect(target, 302);
  // One indexed read on the way: a code that works nowhere else must not be carried to checkout.
  const creator = await findCreator({ db: c.var.db }, code);
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  if (!creator || !isActiveCreator(creator)) return c.redirect(target, 302);

  setCookie(c, REFERRAL_COOKIE, code, {
    path: "/",
    maxAge: REFERRAL_DAYS * 24 * 60 * 60,
    sameSite: "Lax",
    secure: c.env.APP_ORIGIN.startsWith("https:"),
  });
  // The User-Agent only tells a bot from a browser; who clicked is the network alone.
  if (!isBot(c.req.header("user-agent"))) {
    const network = clientIp(c.req.raw.headers);
    c.executionCtx.waitUntil(
      visitorHash({ env: c.env }, network)
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
  return c.redirect(target, 302);
});
