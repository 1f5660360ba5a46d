// Product, category and blog pictures from R2 at /images/<key>. Keys carry a content hash, so the
// answers are immutable for a year; the ETag lets a revalidating client get a 304.
import { Hono } from "hono";
import { IMAGE_CONTENT_SECURITY_POLICY } from "../http/security-headers";
import { badRequest, notFound } from "../lib/app-error";
import type { AppEnv } from "../middleware/app-env";

const KEY_PATTERN = /^[a-z0-9][a-z0-9._/-]{0,199}$/;
/** "*" or a list of entity tags (RFC 9110 8.8.3): the only If-Match/If-None-Match R2 accepts. */
const ETAG_LIST = /^\s*(\*|(W\/)?"[\x21\x23-\x7e]*"(\s*,\s*(W\/)?"[\x21\x23-\x7e]*")*)\s*$/;

export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The key, or null when its percent-encoding is malformed ("%", "%ZZ", a lone surrogate). */
function decodeKey(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The request's headers without a malformed If-Match or If-None-Match: R2 throws on those (a 500),
 * where HTTP has a server ignore a condition it cannot parse.
 */
function r2Conditions(headers: Headers): Headers {
  const conditions = new Headers(headers);
  for (const name of ["if-match", "if-none-match"]) {
    const value = conditions.get(name);
    if (value !== null && !ETAG_LIST.test(value)) conditions.delete(name);
  }
  return conditions;
}

export const imageRoutes = new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  const key = decodeKey(c.req.path.slice("/images/".length));
  if (key === null || !KEY_PATTERN.test(key) || key.includes("..") || key.includes("//")) {
    throw badRequest("Malformed image key", "invalid_image_key");
  }
  const object = await c.env.IMAGES.get(key, { onlyIf: r2Conditions(c.req.raw.headers) });
  if (!object) throw notFound("Image not found", "image_not_found");

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", IMAGE_CACHE_CONTROL);
  headers.set("content-security-policy", IMAGE_CONTENT_SECURITY_POLICY);
  if (!("body" in object) || c.req.method === "HEAD") {
    const status = "body" in object ? 200 : 304;
    return new Response(null, { status, headers });
  }
  headers.set("content-length", String(object.size));
  return new Response(object.body, { headers });
});
