// The shop's security headers: set by the Worker on its own answers and written into the static
// assets' _headers file at build time (security-headers-file.ts), so both come from this table.
import type { MiddlewareHandler } from "hono";

/** Stripe's hosted checkout and API: the only other origins the shop talks to. */
const STRIPE = ["https://checkout.stripe.com", "https://js.stripe.com", "https://api.stripe.com"];

const policy = (scriptSources: string) =>
  [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self' ${STRIPE.join(" ")}`,
    `frame-src ${STRIPE.join(" ")}`,
    `form-action 'self' ${STRIPE[0]}`,
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");

export const CONTENT_SECURITY_POLICY = policy("'self'");

/**
 * A page's policy (routes/pages.ts): the same, and the scripts React Router writes inline (its
 * route table, the page's data, the module that starts the app) allowed by this response's own
 * nonce. Nothing else inline runs; an injected script cannot know the nonce.
 */
export const pageContentSecurityPolicy = (nonce: string) => policy(`'self' 'nonce-${nonce}'`);

/**
 * A picture's own policy (routes/images.ts), narrower than the page's: an SVG opened directly runs
 * nothing (sandbox, no sources but its inline style), and no other site may frame any picture.
 */
export const IMAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * Adds every security header the handler did not set itself (an image may narrow its own CSP, a
 * page names its nonce). Never a policy on a 304: the browser keeps the one stored with the body
 * it revalidated, whose nonce is that body's.
 */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (name === "Content-Security-Policy" && c.res.status === 304) continue;
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
};
