// The hostile-input fuzz of every endpoint (test/worker/hostile/, one file per area of the Worker's
// routes): fast-check generators for bodies, headers and paths, the one check every answer must
// pass, the database invariants, the test world, and the table runner that makes one test per
// endpoint (describeEndpoints; back-office rows through adminEndpoint).
import { env } from "cloudflare:test";
import fc from "fast-check";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../../worker/app";
import { PRODUCT_STATUSES } from "../../../worker/contracts/admin-catalogue";
import { JWT_AUDIENCE, JWT_ISSUER } from "../../../worker/modules/identity/sessions";
import { parseAba } from "../../../worker/modules/payouts/methods/aba";
import { isImageUpload } from "../../../worker/routes/admin/product-images";
import { adminSession, creatorSession, register, setRole } from "./accounts";
import { parseCsv } from "./csv";
import { callWorker, createCategory, createProduct, ORIGIN } from "./factories";

const viteEnv = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {};

/**
 * The run's seed, from which each endpoint's own is derived (seedFor); a failure prints both.
 * `VITE_HOSTILE_SEED=<n>` replays a run, `VITE_HOSTILE_SEED=random` explores a new one, and
 * `VITE_HOSTILE_RUNS=<k>` multiplies every property's number of runs.
 */
export const SEED =
  viteEnv.VITE_HOSTILE_SEED === "random"
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(viteEnv.VITE_HOSTILE_SEED ?? 20261122);
const RUNS_FACTOR = Math.max(1, Number(viteEnv.VITE_HOSTILE_RUNS ?? 1));

/** fast-check's parameters for a property of `numRuns` runs (times VITE_HOSTILE_RUNS). */
export const runs = <T>(numRuns: number, examples: T[] = [], seed = SEED): fc.Parameters<T> => ({
  seed,
  numRuns: numRuns * RUNS_FACTOR,
  examples,
});

// ---------------------------------------------------------------------------------------------
// Values

/** A literal spliced into the JSON text as is: numbers JSON.stringify cannot write, deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

const MARK = "\u0000\u0001raw";
/** JSON text for `value`, with every RawJson written verbatim. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof RawJson ? `${MARK}${raws.push(v.text) - 1}` : v,
  );
  return (text ?? "null").replace(
    /"\\u0000\\u0001raw(\d+)"/g,
    (_m, i: string) => raws[Number(i)] ?? "null",
  );
}

export const NASTY_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE orders; --",
  '" OR ""="',
  "1; DELETE FROM users WHERE 1=1",
  "admin'--",
  "%' AND 1=0 UNION SELECT password_hash FROM users --",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}",
  "$\u007b7*7}",
  "../../../../etc/passwd",
  "..%2F..%2Fsecret",
  "%00",
  "%",
  "%ZZ",
  "%E0%A4%A",
  "\u0000",
  "\u202Egnp.exe",
  "\u200B\u200C\u200D\uFEFF",
  "\u2028\u2029",
  "👩‍👩‍👧‍👦🇦🇺",
  "مرحبا بالعالم",
  "שלום עולם",
  "Ω≈ç√∫˜µ≤",
  "ſ@example.com",
  "K@example.com",
  "\uD800",
  "\uDC00x",
  "\uDBFF\uDFFF",
  "__proto__",
  "constructor",
  "prototype",
  "admin",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x1F",
  " ",
  "",
  "\t\n\r",
  "a@b.co",
  "shopper@example.com",
] as const;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n));

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 12 }) },
  { weight: 1, arbitrary: loneSurrogate },
);

/** Text of every kind: injections, markup, RTL, zero-width, emoji, lone surrogates, long runs. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.array(piece, { maxLength: 5 }).map((p) => p.join("")) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("A", "é", "😀", "<", "'", "\u200B"),
        fc.integer({ min: 100, max: 3000 }),
      )
      .map(([ch, n]) => ch.repeat(n)),
  },
);

/** Around the 64 kB body limit: some bodies carrying it fit, most do not. */
export const hugeText = fc.integer({ min: 60 * 1024, max: 72 * 1024 }).map((n) => "x".repeat(n));

export const RAW_NUMBERS = [
  "1e999",
  "-1e999",
  "-0",
  "1E1",
  "1e+1",
  "0.1e1",
  "10.0",
  "5.0000000000000001",
  "9007199254740993",
  "123456789012345678901234567890",
  "0e0",
  "-0.0",
  "1e-400",
] as const;

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -20, max: 20 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    -0,
    0.5,
    1.5,
    9.999,
    -1,
    1e21,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_VALUE,
    1e-7,
    2 ** 31,
    -(2 ** 63),
  ),
  fc.constantFrom(...RAW_NUMBERS).map((n) => new RawJson(n)),
  fc.constantFrom("5", "1e3", "NaN", "Infinity", "0x10", "2 ", " 3"),
);

/** Nesting far deeper than any form: arrays or objects, written as raw text (up to ~60 kB). */
export const deepNesting = fc
  .tuple(fc.integer({ min: 10, max: 12_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson(`${"[".repeat(depth)}${"]".repeat(depth)}`)
      : new RawJson(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  );

export const hostileKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "role",
    "isAdmin",
    "admin",
    "_id",
    "id",
    "userId",
    "toString",
    "hasOwnProperty",
    "$where",
    "$gt",
    "discount",
    "totalCents",
  ),
  fc.string({ maxLength: 10 }),
  hostileText,
);

const leaf = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null));

/** Any value where a field is expected: wrong types, hostile text and numbers, nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  { weight: 4, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileKey, leaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: hugeText },
);

/** Extra fields that try to raise privileges or poison prototypes. */
export const PRIVILEGE_FIELDS: [string, unknown][] = [
  ["role", "admin"],
  ["role", "creator"],
  ["isAdmin", true],
  ["__proto__", { role: "admin", isAdmin: true }],
  ["constructor", { prototype: { role: "admin" } }],
  ["prototype", { role: "admin" }],
  ["discountCents", 1_000_000],
  ["commissionRateBps", 10_000],
  ["userId", "000000000000000000000000"],
];

function withField(target: Record<string, unknown>, key: string, value: unknown) {
  // defineProperty, so "__proto__" becomes an own (serialised) field instead of the prototype.
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    configurable: true,
    writable: true,
  });
}

/** A valid body with fields replaced by hostile values, dropped, and extra ones added. */
export function mutated(
  base: fc.Arbitrary<Record<string, unknown>>,
  fields: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const field = fc.constantFrom(...fields);
  return fc
    .record({
      base,
      replace: fc.array(fc.tuple(field, hostileValue), { maxLength: 3 }),
      drop: fc.subarray([...fields], { maxLength: Math.min(2, fields.length) }),
      extra: fc.array(
        fc.oneof(fc.constantFrom(...PRIVILEGE_FIELDS), fc.tuple(hostileKey, hostileValue)),
        { maxLength: 3 },
      ),
    })
    .map(({ base: b, replace, drop, extra }) => {
      const out: Record<string, unknown> = { ...b };
      for (const [k, v] of replace) out[k] = v;
      for (const k of drop) delete out[k];
      for (const [k, v] of extra) withField(out, k, v);
      return out;
    });
}

/** Valid bodies, mutated ones, and bodies that are not objects at all, in these proportions. */
export const bodyFor = (
  base: fc.Arbitrary<Record<string, unknown>>,
  fields: readonly string[],
  weights = { base: 5, mutated: 4, junk: 1 },
): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: weights.base, arbitrary: base },
    { weight: weights.mutated, arbitrary: mutated(base, fields) },
    { weight: weights.junk, arbitrary: hostileValue },
  );

// Plausible pieces of valid bodies.
const word = fc.stringMatching(/^[a-z]{1,12}$/);
export const plausibleEmail = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(word, fc.constantFrom("example.com", "mail.example.org"))
      .map(([u, d]) => `${u}@${d}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  {
    weight: 1,
    arbitrary: fc
      .tuple(word, fc.constantFrom(" ", "  ", "\t"))
      .map(([u, ws]) => `${ws}${u.toUpperCase()}@Example.COM${ws}`),
  },
);
export const plausibleName = fc.oneof(
  fc.constantFrom("Asha Patel", "Meera Iyer", "José Ñúñez", "李小龙", "O'Brien", "  Trim Me  "),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
);
export const plausiblePassword = fc.string({ minLength: 8, maxLength: 40 });
export const base64url43 = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);
export const hexId = fc.stringMatching(/^[0-9a-f]{24}$/);

// ---------------------------------------------------------------------------------------------
// Requests

/** Printable ASCII only: anything else is refused (or re-encoded) by the Request constructor. */
export const headerText = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 60 }) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS).map(toHeaderText) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 200, max: 4000 }).map((n) => "A".repeat(n)),
  },
);

export function toHeaderText(s: string): string {
  return s.replace(/[^\x20-\x7e\t]/g, "");
}

export const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/json; charset=utf-16",
  "application/json;;;",
  "text/plain",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "*/*",
  "",
] as const;

export const MALFORMED_JSON = [
  "{",
  "}",
  "",
  " ",
  "{'email':'a@b.co'}",
  '{"email":"a@b.co",}',
  '{"email":}',
  "[1,2",
  "undefined",
  "NaN",
  '{"quantity":NaN}',
  '{"quantity":Infinity}',
  '{"a":1}{"b":2}',
  "\u0000",
  "nul",
  "tru",
  "01",
  "1_000",
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"__proto__":{"role":"admin"},"role":"admin"}',
  "<xml/>",
  "email=a%40b.co&password=x",
] as const;

/** How a body travels: JSON with its type, another type, broken JSON, raw bytes, or a stream. */
export type Wire =
  | { kind: "text"; contentType: string | null; text: string }
  | { kind: "bytes"; contentType: string | null; bytes: Uint8Array }
  | { kind: "stream"; contentType: string | null; text: string };

export const wireFor = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Wire> =>
  fc.oneof(
    {
      weight: 16,
      arbitrary: value.map(
        (v): Wire => ({ kind: "text", contentType: "application/json", text: jsonText(v) }),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(value, fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerText), fc.boolean())
        .map(
          ([v, ct, omit]): Wire => ({
            kind: "text",
            contentType: omit ? null : ct,
            text: jsonText(v),
          }),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...MALFORMED_JSON),
          fc.tuple(value, fc.nat()).map(([v, cut]) => {
            const text = jsonText(v);
            return text.slice(0, text.length > 1 ? cut % text.length : 0);
          }),
        )
        .map((text): Wire => ({ kind: "text", contentType: "application/json", text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.uint8Array({ maxLength: 64 }),
          // Invalid UTF-8 inside otherwise valid JSON.
          fc
            .constantFrom(
              [0xc3, 0x28],
              [0xed, 0xa0, 0x80],
              [0xff, 0xfe],
              [0xc0, 0xaf],
              [0xf8, 0x88],
            )
            .map((bad) => {
              const enc = new TextEncoder();
              return new Uint8Array([
                ...enc.encode('{"email":"a'),
                ...bad,
                ...enc.encode('@b.co","name":"x","password":"xxxxxxxx"}'),
              ]);
            }),
        )
        .map((bytes): Wire => ({ kind: "bytes", contentType: "application/json", bytes })),
    },
    {
      weight: 1,
      arbitrary: value.map(
        (v): Wire => ({ kind: "stream", contentType: "application/json", text: jsonText(v) }),
      ),
    },
  );

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  wire?: Wire;
  /** Bytes of a body sent with a Content-Length (a stream has none). */
  bodyBytes: number;
}

const encoder = new TextEncoder();

/** Sends one request through callWorker (which waits for waitUntil work). */
export async function send(
  method: string,
  path: string,
  headers: Record<string, string | undefined>,
  wire?: Wire,
  vars?: Record<string, string>,
): Promise<{ sent: Sent; res: Response }> {
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) h[k] = v;
  let body: BodyInit | undefined;
  let bodyBytes = 0;
  const hasBody = wire !== undefined && method !== "GET" && method !== "HEAD";
  if (hasBody) {
    if (wire.contentType !== null) h["content-type"] = wire.contentType;
    if (wire.kind === "stream") {
      const bytes = encoder.encode(wire.text);
      body = new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
          controller.close();
        },
      });
    } else {
      const bytes = wire.kind === "text" ? encoder.encode(wire.text) : wire.bytes;
      body = bytes;
      bodyBytes = bytes.length;
      // What any HTTP client sends with a fixed body; the 64 kB limit is decided on it.
      h["content-length"] = String(bytes.length);
    }
  }
  const res = await callWorker(path, { method, headers: h, body, redirect: "manual" }, vars);
  return { sent: { method, path, headers: h, wire: hasBody ? wire : undefined, bodyBytes }, res };
}

/** One generated request. `vars` overrides Worker variables (ENVIRONMENT, say) for it. */
export interface Case {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  wire?: Wire;
  vars?: Record<string, string>;
}

/** A case that fast-check prints in a few hundred characters, however big its body. */
function printable(c: Case): Case {
  const short = (s: string) => (s.length > 400 ? `${s.slice(0, 400)}...(${s.length} chars)` : s);
  const wire =
    c.wire === undefined
      ? undefined
      : c.wire.kind === "bytes"
        ? { ...c.wire, bytes: `<${c.wire.bytes.length} bytes>` }
        : { ...c.wire, text: short(c.wire.text) };
  const headers = Object.fromEntries(
    Object.entries(c.headers).map(([k, v]) => [k, v === undefined ? v : short(v)]),
  );
  const summary = JSON.stringify({ ...c, path: short(c.path), headers, wire });
  return Object.defineProperty({ ...c }, fc.toStringMethod, { value: () => summary });
}

/** Text made safe for encodeURIComponent: lone surrogates become U+FFFD. */
export const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
export const encoded = (s: string) => encodeURIComponent(wellFormed(s));

export const PERCENT_NASTIES = [
  "%2F",
  "%2f",
  "%5C",
  "%00",
  "%2e%2e",
  "%2E%2E%2F",
  "%25",
  "%",
  "%ZZ",
  "%E0%A4%A",
  "%ED%A0%80",
  "%C0%AF",
  "%FF",
  "%u0041",
  "..",
  ".",
  "%0A",
  "%0D%0A",
] as const;

/**
 * Creator-link targets (`/r/:code?to=`, as the Worker reads them once the query is decoded) that
 * must all land on "/": other hosts and schemes, and paths a browser normalises into another host
 * ("//host") by resolving dot segments, encoded dots, backslashes, or dropping tabs and newlines;
 * also the Worker's own paths. Not exhaustive: the fuzz adds hostile text around them.
 */
export const OFF_SHOP_TARGETS = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/./..//evil.example",
  "/../..//evil.example",
  "/a/..//evil.example",
  "/a/b/../..//evil.example",
  "/.///evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "/%2e%2e/%2e%2e//evil.example",
  "/.\\/evil.example",
  "/.\\\\evil.example",
  "/..\\\\evil.example",
  "/\t/evil.example",
  "/.\t//evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  " //evil.example",
  "\t//evil.example",
  "https://evil.example/",
  "HTTPS://evil.example",
  "http://evil.example/product/1",
  "https:evil.example",
  "https:/evil.example",
  "ftp://evil.example/",
  "//localhost:8787@evil.example",
  "http://localhost:8787@evil.example/",
  "https://localhost:8787/",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "product/1",
  "?to=//evil.example",
  "#//evil.example",
  "/api/user/me",
  "/./api/health",
  "/%2e/api/health",
  "/x/../api/health",
  "/r/LOOPLOOP",
  "/dev/mailbox",
  `/${"a".repeat(4000)}`,
] as const;

/** One path segment: ordinary, percent tricks, hostile text (encoded or raw), or very long. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.webSegment() },
  { weight: 2, arbitrary: fc.constantFrom(...PERCENT_NASTIES) },
  { weight: 2, arbitrary: hostileText.map(encoded) },
  // Raw: the URL parser encodes what it must; "?" and "#" would end the path.
  { weight: 2, arbitrary: hostileText.map((t) => t.replace(/[?#]/g, "")) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 8000 }).map((n) => "a".repeat(n)) },
);

/** A query string: hostile keys and values, repeated keys, encoded and raw. */
export const queryString: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom("token", "to", "expires", "sig", "id", "__proto__"), pathSegment),
      fc.oneof(pathSegment, hostileText.map(encoded)),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));

// ---------------------------------------------------------------------------------------------
// Multipart uploads

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** The first bytes of each accepted kind (worker/lib/image-types.ts), written independently here. */
export const IMAGE_MAGIC = {
  "image/jpeg": [0xff, 0xd8, 0xff],
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/webp": [...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBPVP8 ")],
  "image/avif": [...u32(24), ...ascii("ftypavif"), 0, 0, 0, 0, ...ascii("mif1miaf")],
} as const;

/** An accepted image kind whose stored bytes begin with its magic. */
export const startsAsImage = (bytes: Uint8Array) =>
  Object.entries(IMAGE_MAGIC).find(([, magic]) => magic.every((b, i) => bytes[i] === b))?.[0];

const DISGUISES = [
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
  "<!DOCTYPE html><script>alert(1)</script>",
  "<html><body>hi</body></html>",
  "GIF89a\u0001\u0000\u0001\u0000",
  "%PDF-1.7",
  "BM6\u0000\u0000\u0000",
  "II*\u0000",
  "\u0000\u0000\u0001\u0000",
  "RIFF\u0000\u0000\u0000\u0000WAVEfmt ",
] as const;

/**
 * File contents: real magic with random tails, disguised SVG/HTML/GIF/PDF, truncated magic, AVIF
 * boxes with lying sizes and brands, random bytes, and nothing at all. All small.
 */
export const fileBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...Object.values(IMAGE_MAGIC)), fc.uint8Array({ maxLength: 48 }))
      .map(([magic, tail]) => new Uint8Array([...magic, ...tail])),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...DISGUISES), fc.boolean())
      .map(
        ([text, bom]) =>
          new Uint8Array([...(bom ? [0xef, 0xbb, 0xbf] : []), ...encoder.encode(text)]),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...Object.values(IMAGE_MAGIC)), fc.nat())
      .map(([magic, cut]) => new Uint8Array(magic.slice(0, cut % magic.length))),
  },
  {
    weight: 2,
    // ISO-BMFF: a box size of 0, under 16, not a multiple of 4, past the end or enormous.
    arbitrary: fc
      .tuple(
        fc.oneof(
          fc.constantFrom(0, 1, 8, 15, 17, 20, 23, 24, 28, 4096, 0x7fffffff, 0xffffffff),
          fc.nat(),
        ),
        fc.constantFrom("avif", "avis", "heic", "mif1", "AVIF", "\u0000\u0000\u0000\u0000"),
        fc.array(fc.constantFrom("avif", "avis", "mif1", "miaf", "jpeg"), { maxLength: 3 }),
        fc.nat(3),
      )
      .map(([size, major, compatible, trim]) =>
        new Uint8Array([
          ...u32(size),
          ...ascii("ftyp"),
          ...ascii(major),
          0,
          0,
          0,
          0,
          ...ascii(compatible.join("")),
        ]).slice(0, trim === 0 ? undefined : -trim),
      ),
  },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 64 }) },
  { weight: 1, arbitrary: fc.constant(new Uint8Array()) },
);

/** Text for a multipart header: quotes, CRLF and other framing characters included on purpose. */
const partHeaderText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("photo.png", "photo.jpg", "x.avif", "PHOTO.PNG") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "photo.svg",
      "photo.png.svg",
      "index.html",
      "../../../etc/passwd",
      "..\\..\\boot.ini",
      'a";b="c',
      "a\r\nContent-Type: text/html",
      "",
      "%00.png",
      "\u202Egnp.svg",
    ),
  },
  { weight: 2, arbitrary: hostileText },
);

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Uint8Array;
}

const part: fc.Arbitrary<Part> = fc.record(
  {
    name: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom("file", "alt") },
      { weight: 1, arbitrary: fc.constantFrom("FILE", "file[]", "files", "", '"file"') },
      { weight: 1, arbitrary: hostileText },
    ),
    filename: partHeaderText,
    type: fc.oneof(
      fc.constantFrom(
        "image/png",
        "image/jpeg",
        "image/svg+xml",
        "text/html",
        "application/octet-stream",
        "image/png; charset=utf-8",
      ),
      headerText,
    ),
    content: fc.oneof(
      { weight: 3, arbitrary: fileBytes },
      { weight: 1, arbitrary: hostileText.map((t) => encoder.encode(t)) },
    ),
  },
  { requiredKeys: ["name", "content"] },
);

/** The usual upload: one `file` part of an accepted or disguised kind, and maybe an alt. */
const usualParts: fc.Arbitrary<Part[]> = fc
  .tuple(
    fileBytes,
    partHeaderText,
    fc.constantFrom("image/png", "image/jpeg", "image/webp", "image/svg+xml", "text/html"),
    fc.option(fc.oneof(fc.constant("A hammered copper bottle"), hostileText), { nil: undefined }),
  )
  .map(([content, filename, type, alt]) => [
    { name: "file", filename, type, content },
    ...(alt === undefined ? [] : [{ name: "alt", content: encoder.encode(alt) }]),
  ]);

function multipartBytes(boundary: string, parts: Part[], closed: boolean): Uint8Array {
  const chunks: number[] = [];
  const push = (text: string) => chunks.push(...encoder.encode(text));
  for (const p of parts) {
    push(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`);
    if (p.filename !== undefined) push(`; filename="${p.filename}"`);
    push("\r\n");
    if (p.type !== undefined) push(`Content-Type: ${p.type}\r\n`);
    push("\r\n");
    chunks.push(...p.content);
    push("\r\n");
  }
  if (closed) push(`--${boundary}--\r\n`);
  return new Uint8Array(chunks);
}

/**
 * Multipart bodies for an upload endpoint: well-formed ones (most), odd parts, hostile part headers,
 * lying or missing boundaries and content types, unterminated or cut framing, and JSON instead.
 */
export const multipartWire: fc.Arbitrary<Wire> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        boundary: fc.oneof(
          { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,70}$/) },
          // Legal in a boundary (RFC 2046) but not in an unquoted parameter.
          { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9'()+_,-./:=?]{1,70}$/) },
          { weight: 1, arbitrary: headerText.filter((t) => t.length > 0 && t.length < 200) },
        ),
        parts: fc.oneof(
          { weight: 3, arbitrary: usualParts },
          { weight: 1, arbitrary: fc.array(part, { maxLength: 4 }) },
        ),
        closed: fc.oneof(
          { weight: 5, arbitrary: fc.constant(true) },
          { weight: 1, arbitrary: fc.constant(false) },
        ),
        cut: fc.option(fc.nat(), { freq: 8, nil: undefined }),
        type: fc.oneof(
          {
            weight: 8,
            arbitrary: fc.constant((b: string) => `multipart/form-data; boundary=${b}`),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              (b: string) => `multipart/form-data; boundary="${b}"`,
              (b: string) => `MULTIPART/FORM-DATA;BOUNDARY=${b}`,
              (b: string) => `multipart/form-data; boundary=${b}x`,
              (_b: string) => "multipart/form-data; boundary=",
              (_b: string) => "multipart/form-data",
              (b: string) => `multipart/mixed; boundary=${b}`,
              (_b: string) => "image/png",
              (_b: string) => "application/json",
            ),
          },
        ),
      })
      .map(({ boundary, parts, closed, cut, type }): Wire => {
        const bytes = multipartBytes(boundary, parts, closed);
        return {
          kind: "bytes",
          contentType: type(boundary),
          bytes: cut === undefined ? bytes : bytes.slice(0, cut % (bytes.length + 1)),
        };
      }),
  },
  { weight: 1, arbitrary: wireFor(hostileValue) },
);

// ---------------------------------------------------------------------------------------------
// The check every answer must pass

/** Answers that are documented as not JSON (README, "The API so far"). */
/**
 * Pages for people, whose errors are pages too (a product page's 404 is "Product not found"): the
 * API's few, and every address outside the Worker's own (README: every other GET is a page), as
 * the URL parser resolves it ("/sitemaps/.." is the home page).
 */
const API_PAGES = [/^\/api\/newsletter\/(unsubscribe|confirm)$/, /^\/api\/user\/confirm-email$/];
const WORKER_OWN = /^\/(api|images|r|dev|sitemaps)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;
const isHtmlPage = (path: string) => {
  const resolved = new URL(`${ORIGIN}${path}`).pathname;
  return API_PAGES.some((p) => p.test(resolved)) || !WORKER_OWN.test(resolved);
};
const isApi = (path: string) => /^\/api(\/|$)/.test(path);

export interface Answer {
  status: number;
  contentType: string;
  json?: Record<string, unknown>;
  text: string;
}

function explain(sent: Sent, res: Response, text: string): string {
  const body =
    sent.wire === undefined
      ? ""
      : sent.wire.kind === "bytes"
        ? ` body=<${sent.wire.bytes.length} bytes>`
        : ` body(${sent.wire.kind}, ${sent.wire.text.length} chars)=${JSON.stringify(sent.wire.text.slice(0, 300))}`;
  return `${sent.method} ${JSON.stringify(sent.path.slice(0, 300))} headers=${JSON.stringify(
    Object.fromEntries(Object.entries(sent.headers).map(([k, v]) => [k, v.slice(0, 120)])),
  )}${body}\n  -> ${res.status} ${res.headers.get("content-type")} ${text.slice(0, 300)}`;
}

function errorShapeProblem(json: unknown): string | null {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return "not an object";
  const o = json as Record<string, unknown>;
  const extra = Object.keys(o).filter((k) => !["success", "message", "code", "issues"].includes(k));
  if (extra.length > 0) return `unexpected fields ${extra.join(", ")}`;
  if (o.success !== false) return "success is not false";
  if (typeof o.message !== "string" || o.message.trim() === "")
    return "message is not a non-empty string";
  if (o.code !== undefined && (typeof o.code !== "string" || o.code === "")) return "bad code";
  if (o.issues !== undefined) {
    if (!Array.isArray(o.issues) || o.issues.length === 0) return "issues is not a non-empty array";
    for (const issue of o.issues) {
      const i = issue as Record<string, unknown>;
      if (typeof i?.path !== "string" || typeof i?.message !== "string") return "bad issue";
    }
  }
  return null;
}

/**
 * The properties of every answer: never a 5xx; the security headers; every failure (4xx) is JSON
 * in the one error shape; every success is `success: true` JSON unless it is one of the documented
 * non-JSON answers; redirects only from /r, only to this shop; bodies over 64 kB are a 413
 * (but for a photo upload, which has its own limit).
 */
export async function checkAnswer(sent: Sent, res: Response): Promise<Answer> {
  const text = sent.method === "HEAD" ? "" : await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  const fail = (why: string): never => {
    throw new Error(`${why}\n  ${explain(sent, res, text)}`);
  };
  const path = new URL(`http://localhost${sent.path}`).pathname;
  if (res.status >= 500) fail("5xx answer");
  if (res.headers.get("x-content-type-options") !== "nosniff") fail("security headers missing");
  // A CORS preflight is answered before any body is read; a photo upload has its own 10 MB limit.
  if (
    isApi(path) &&
    sent.method !== "OPTIONS" &&
    !isImageUpload(sent.method, path) &&
    sent.bodyBytes > MAX_BODY_BYTES &&
    res.status !== 413
  ) {
    fail("body over 64 kB not refused with 413");
  }

  let json: Record<string, unknown> | undefined;
  const parse = () => {
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      fail("body is not JSON");
    }
  };

  if (res.status >= 400) {
    if (isHtmlPage(path) && contentType.startsWith("text/html")) {
      return { status: res.status, contentType, text };
    }
    if (!contentType.startsWith("application/json")) fail("error answer is not JSON");
    if (sent.method !== "HEAD") {
      parse();
      const problem = errorShapeProblem(json);
      if (problem) fail(`error shape: ${problem}`);
    }
  } else if (res.status >= 300) {
    if (res.status === 304) {
      const conditional = Object.keys(sent.headers).some((k) => k.startsWith("if-"));
      if (!conditional) fail("304 without a conditional request");
      if (text !== "") fail("304 with a body");
    } else if (res.status === 302 && /^\/r\//.test(path)) {
      const location = res.headers.get("location") ?? "";
      // The browser resolves Location against the /r URL: a path starting "//" or "/\" is a host.
      if (
        !/^\/(?![/\\])/.test(location) ||
        /[\\\s\p{Cc}]/u.test(location) ||
        new URL(location, ORIGIN).origin !== ORIGIN
      ) {
        fail("creator link redirects off the shop");
      }
      if (/^\/(api|r|dev)(\/|$)/.test(new URL(location, "http://x").pathname)) {
        fail("creator link redirects into the API");
      }
      const cookie = res.headers.get("set-cookie");
      if (cookie !== null && !/^tt_ref=[A-Z0-9]{6,12};/.test(cookie)) fail("bad referral cookie");
    } else {
      fail("unexpected redirect");
    }
  } else if (sent.method === "OPTIONS" && res.status === 204) {
    // A CORS preflight answer.
  } else if (sent.method !== "HEAD") {
    const documented =
      /^\/images\//.test(path) ||
      /^\/api\/order\/invoice\//.test(path) ||
      isHtmlPage(path) ||
      path === "/robots.txt" ||
      path === "/sitemap.xml" ||
      /^\/sitemaps\//.test(path) ||
      path === "/dev/mailbox";
    if (!documented || contentType.startsWith("application/json")) {
      if (!contentType.startsWith("application/json")) fail("success answer is not JSON");
      parse();
      if (json?.success !== true) fail("success answer without success: true");
    }
  }
  return { status: res.status, contentType, json, text };
}

/** Counts answers by status, so a test can show its fuzz reached the handlers, not only a 401. */
export class Tally {
  /** Prints the counts when VITE_HOSTILE_VERBOSE is set. */
  report(title: string) {
    if (viteEnv.VITE_HOSTILE_VERBOSE) console.log(`${title}: ${String(this)}`);
  }
  readonly counts = new Map<string, number>();
  add(name: string, status: number) {
    const key = `${name} ${status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  toString(): string {
    return [...this.counts].map(([k, n]) => `${k}: ${n}`).join(", ");
  }
  statuses(name: string): number[] {
    return [...this.counts.keys()]
      .filter((k) => k.startsWith(`${name} `))
      .map((k) => Number(k.slice(name.length + 1)));
  }
}

// ---------------------------------------------------------------------------------------------
// Database invariants

const rows = async (sql: string) => (await env.DB.prepare(sql).all()).results;

/** What a test world holds that the invariants judge by: its products and its one admin. */
export interface InvariantScope {
  productIds: ReadonlySet<string>;
  /** The world's own admin (registered, then promoted in D1): the only account that may be one. */
  adminId: string;
}

/**
 * What must hold after any sequence of requests: money never negative, totals computed by the
 * server and consistent with the lines, no orphans, no admin but the world's own and no other role
 * beyond user/creator, stock within its constraints and equal to its ledger, prices and statuses a
 * product may have, every back-office write by the world's admin, cart lines (in each user's
 * CartStore) for catalogue products with quantities 1..10, payout batches whose totals are their
 * lines' and which hold exactly what each commission settled, and account numbers only sealed.
 */
export async function expectInvariants({ productIds, adminId }: InvariantScope): Promise<void> {
  const bound = async (sql: string, ...params: unknown[]) =>
    (
      await env.DB.prepare(sql)
        .bind(...params)
        .all()
    ).results;
  const violations = {
    negativeOrderMoney: await rows(
      `SELECT id FROM orders WHERE subtotal_cents < 0 OR tax_cents < 0 OR delivery_fee_cents < 0
         OR discount_cents < 0 OR total_cents < 0 OR refunded_cents < 0
         OR refunded_cents > total_cents`,
    ),
    badOrderLines: await rows(
      "SELECT id FROM order_items WHERE unit_price_cents < 0 OR quantity NOT BETWEEN 1 AND 10",
    ),
    badCommissions: await rows(
      `SELECT id FROM commissions WHERE base_cents < 0 OR amount_cents < 0 OR reversed_cents < 0
         OR reversed_cents > amount_cents OR amount_cents > base_cents`,
    ),
    // What payout batches took of a commission is what the batches not cancelled hold of it.
    badSettlements: await rows(
      `SELECT c.id, c.settled_cents, t.held FROM commissions c
       LEFT JOIN (SELECT i.commission_id, sum(i.amount_cents) AS held FROM payout_items i
                  JOIN payout_lines l ON l.id = i.line_id JOIN payouts p ON p.id = l.payout_id
                  WHERE p.status <> 'cancelled' GROUP BY i.commission_id) t
         ON t.commission_id = c.id
       WHERE c.settled_cents < 0 OR c.settled_cents > c.amount_cents
          OR c.settled_cents <> coalesce(t.held, 0)`,
    ),
    badPayouts: await rows(
      `SELECT p.id, p.status, p.total_cents, p.line_count, l.lines, l.cents FROM payouts p
       LEFT JOIN (SELECT payout_id, count(*) AS lines, sum(amount_cents) AS cents
                  FROM payout_lines GROUP BY payout_id) l ON l.payout_id = p.id
       WHERE l.lines IS NULL OR p.line_count <> l.lines OR p.total_cents <> l.cents
          OR p.status NOT IN ('open', 'paid', 'cancelled')
          OR (p.status = 'paid') <> (p.paid_at IS NOT NULL)
          OR (p.status = 'cancelled') <> (p.cancelled_at IS NOT NULL)`,
    ),
    payoutLineNotItsItems: await rows(
      `SELECT l.id, l.amount_cents, i.cents FROM payout_lines l
       LEFT JOIN (SELECT line_id, sum(amount_cents) AS cents FROM payout_items GROUP BY line_id) i
         ON i.line_id = l.id
       WHERE l.amount_cents <= 0 OR i.cents IS NULL OR l.amount_cents <> i.cents`,
    ),
    // An account number is kept sealed ("v1.<b64url>.<b64url>") and masked, never as itself.
    unsealedAccountNumbers: await rows(
      `SELECT 'details' AS at, user_id AS id FROM creator_payout_details
       WHERE (method = 'bank') <> (account_number_sealed IS NOT NULL)
          OR account_number_sealed NOT GLOB 'v1.?*.?*'
          OR substr(account_number_sealed, 4) GLOB '*[^A-Za-z0-9_.-]*'
          OR account_number_masked NOT GLOB '••••••[0-9][0-9][0-9]'
       UNION ALL
       SELECT 'line', id FROM payout_lines
       WHERE (method = 'bank') <> (account_number_sealed IS NOT NULL)
          OR account_number_sealed NOT GLOB 'v1.?*.?*'
          OR substr(account_number_sealed, 4) GLOB '*[^A-Za-z0-9_.-]*'
          OR account_number_masked NOT GLOB '••••••[0-9][0-9][0-9]'`,
    ),
    badCreatorProfiles: await rows(
      `SELECT user_id FROM creator_profiles
       WHERE discount_cents < 0 OR commission_rate_bps NOT BETWEEN 0 AND 10000`,
    ),
    totalNotFromParts: await rows(
      `SELECT id FROM orders
       WHERE total_cents <> max(0, subtotal_cents + tax_cents + delivery_fee_cents - discount_cents)`,
    ),
    totalNotFromLines: await rows(
      `SELECT o.id, o.subtotal_cents, o.total_cents, l.lines FROM orders o
       LEFT JOIN (SELECT order_id, sum(unit_price_cents * quantity) AS lines
                  FROM order_items GROUP BY order_id) l ON l.order_id = o.id
       WHERE l.lines IS NULL OR o.subtotal_cents <> l.lines
         OR o.total_cents <> max(0, l.lines + o.tax_cents + o.delivery_fee_cents - o.discount_cents)`,
    ),
    taxOrDeliveryNotTheServers: await rows(
      `SELECT id FROM orders
       WHERE tax_cents <> (subtotal_cents * 1000 + 5000) / 10000 OR delivery_fee_cents <> 1000`,
    ),
    // The creator code's discount (discount_cents less the shop's) needs a creator.
    discountWithoutCreator: await rows(
      "SELECT id FROM orders WHERE discount_cents - shop_discount_cents > 0 AND creator_id IS NULL",
    ),
    // A shop discount is part of the discount, from a promotion whose use the order holds.
    shopDiscountWithoutUse: await rows(
      `SELECT o.id FROM orders o LEFT JOIN promotion_redemptions r ON r.order_id = o.id
       WHERE o.shop_discount_cents > o.discount_cents
          OR (o.shop_discount_cents > 0 AND (o.promotion_id IS NULL OR r.promotion_id IS NOT o.promotion_id
              OR r.amount_cents <> o.shop_discount_cents))`,
    ),
    promotionsBeyondTheirLimit: await rows(
      `SELECT p.id FROM promotions p JOIN promotion_redemptions r ON r.promotion_id = p.id
       WHERE r.state IN ('held', 'used') AND p.usage_limit IS NOT NULL
       GROUP BY p.id HAVING count(*) > p.usage_limit`,
    ),
    orphanOrderLines: await rows(
      `SELECT i.id FROM order_items i LEFT JOIN orders o ON o.id = i.order_id WHERE o.id IS NULL`,
    ),
    pendingWithoutSession: await rows(
      "SELECT id FROM orders WHERE status = 'pending' AND stripe_session_id IS NULL",
    ),
    paidAttributedWithoutCommission: await rows(
      `SELECT o.id FROM orders o LEFT JOIN commissions c ON c.order_id = o.id
       WHERE o.paid_at IS NOT NULL AND o.creator_id IS NOT NULL AND c.id IS NULL`,
    ),
    orphanCommissions: await rows(
      `SELECT c.id FROM commissions c LEFT JOIN orders o ON o.id = c.order_id
       WHERE o.id IS NULL OR o.paid_at IS NULL`,
    ),
    // Privilege escalation: any admin but the world's own, or any other role.
    rolesBeyondUserCreatorAndTheAdmin: await bound(
      `SELECT id, role, email FROM users
       WHERE role NOT IN ('user', 'creator') AND NOT (role = 'admin' AND id = ?)`,
      adminId,
    ),
    theAdminIsNoLongerOne: await bound(
      "SELECT ? AS id WHERE NOT EXISTS (SELECT 1 FROM users WHERE id = ? AND role = 'admin')",
      adminId,
      adminId,
    ),
    creatorRoleWithoutProfile: await rows(
      `SELECT u.id FROM users u LEFT JOIN creator_profiles p ON p.user_id = u.id
       WHERE (u.role = 'creator') <> (p.user_id IS NOT NULL)`,
    ),
    badStock: await rows(
      `SELECT id, stock_on_hand, stock_reserved FROM products
       WHERE stock_on_hand < 0 OR stock_reserved < 0
         OR (stock_on_hand IS NOT NULL AND stock_reserved > stock_on_hand)`,
    ),
    badPrices: await rows(
      `SELECT id, original_price_cents, final_price_cents FROM products
       WHERE final_price_cents > original_price_cents OR final_price_cents < 0
         OR typeof(final_price_cents) <> 'integer' OR typeof(original_price_cents) <> 'integer'`,
    ),
    badProductStatus: await bound(
      `SELECT id, status FROM products WHERE status NOT IN (${PRODUCT_STATUSES.map(() => "?").join(", ")})`,
      ...PRODUCT_STATUSES,
    ),
    // Every change of stock writes its ledger row in the same batch (modules/catalogue/stock.ts), and
    // untracked stock (NULL) is 0 in the ledger's sums: on hand and reserved are the ledger's totals.
    stockNotItsLedger: await rows(
      `SELECT p.id, p.stock_on_hand, p.stock_reserved, m.on_hand, m.reserved FROM products p
       LEFT JOIN (SELECT product_id, sum(on_hand_delta) AS on_hand, sum(reserved_delta) AS reserved
                  FROM stock_movements GROUP BY product_id) m ON m.product_id = p.id
       WHERE coalesce(p.stock_on_hand, 0) <> coalesce(m.on_hand, 0)
          OR p.stock_reserved <> coalesce(m.reserved, 0)`,
    ),
    orphanLedgerRows: await rows(
      `SELECT m.id FROM stock_movements m LEFT JOIN products p ON p.id = m.product_id
       WHERE p.id IS NULL`,
    ),
    // Restocks and corrections are the admin's; reservations, releases and sales are checkouts'.
    ledgerActorNotTheAdmin: await bound(
      `SELECT id, kind, actor_id FROM stock_movements
       WHERE (kind IN ('restock', 'correction') AND (actor_id IS NULL OR actor_id <> ?))
          OR (kind NOT IN ('restock', 'correction') AND actor_id IS NOT NULL)`,
      adminId,
    ),
    // The back-office's writes are the admin's; the only others are a creator's own payout
    // details, audited with the creator as actor (modules/payouts/details.ts).
    auditActorNotTheAdmin: await bound(
      `SELECT id, actor_id, entity, action FROM audit_log
       WHERE (actor_id IS NULL OR actor_id <> ?)
         AND NOT (entity = 'account' AND action = 'payout_details' AND actor_id = entity_id)`,
      adminId,
    ),
    badCartLines: [] as unknown[],
  };
  const users = await rows("SELECT id FROM users");
  for (const { id } of users as { id: string }[]) {
    const lines = await env.CARTS.getByName(id).lines();
    for (const line of lines) {
      if (
        !Number.isInteger(line.quantity) ||
        line.quantity < 1 ||
        line.quantity > 10 ||
        !productIds.has(line.productId)
      ) {
        violations.badCartLines.push({ userId: id, ...line });
      }
    }
  }
  const found = Object.fromEntries(Object.entries(violations).filter(([, v]) => v.length > 0));
  expect(found).toEqual({});
}

// ---------------------------------------------------------------------------------------------
// The test world

/** A picture every world stores, served as it is by /images. */
export const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

export interface World {
  products: { id: string; priceCents: number }[];
  productIds: Set<string>;
  shopper: { token: string; refreshCookie: string; email: string; password: string; id: string };
  creator: { token: string; code: string; email: string; id: string };
  /** The world's back-office account: registered, then promoted in D1 (the only admin allowed). */
  admin: { token: string; email: string; id: string };
  /** A token minted while its account was an admin, which must open nothing now. */
  demoted: { token: string; email: string; id: string };
  categoryId: string;
  /** Tokens that must never authenticate: forged, tampered, expired, for another audience. */
  forged: string[];
  imageEtag: string;
}

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

async function forgedTokens(valid: string, userId: string): Promise<string[]> {
  const realKey = new TextEncoder().encode(env.JWT_SECRET);
  const claims = { role: "admin" };
  const now = Math.floor(Date.now() / 1000);
  const signed = (alg = "HS256") =>
    new SignJWT(claims)
      .setProtectedHeader({ alg, typ: "JWT" })
      .setSubject(userId)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE);
  const [header, , sig] = valid.split(".");
  return [
    // alg "none"
    `${b64url({ alg: "none", typ: "JWT" })}.${b64url({ sub: userId, role: "admin", iss: JWT_ISSUER, aud: JWT_AUDIENCE, exp: now + 900 })}.`,
    // another key
    await signed()
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode("not-the-secret-but-long-enough-0123456789")),
    // the real signature over a payload that now says admin
    `${header}.${b64url({ sub: userId, role: "admin", iss: JWT_ISSUER, aud: JWT_AUDIENCE, exp: now + 900 })}.${sig}`,
    // expired, wrong audience, wrong issuer, another algorithm: all with the real key
    await signed()
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(realKey),
    await signed().setAudience("someone-else").setExpirationTime("15m").sign(realKey),
    await signed().setIssuer("someone-else").setExpirationTime("15m").sign(realKey),
    await signed("HS512").setExpirationTime("15m").sign(realKey),
    // no expiry at all
    await signed().sign(realKey),
    `Bearer ${valid}`,
    valid.slice(0, -3),
    `${valid}.extra`,
    "",
    "null",
    "undefined",
  ];
}

/** The data the endpoints need: a catalogue, an image, a shopper, a creator and two admins. */
export async function world(): Promise<World> {
  const category = await createCategory();
  const rows = [
    await createProduct(category.id, { finalPriceCents: 3995 }),
    await createProduct(category.id, {
      finalPriceCents: 1250,
      originalPriceCents: 1250,
      imageKeys: [],
    }),
    await createProduct(category.id, { finalPriceCents: 89_900, originalPriceCents: 99_900 }),
  ];
  const stored = await env.IMAGES.put("products/a.svg", SVG, {
    httpMetadata: { contentType: "image/svg+xml" },
  });
  const shopper = await register();
  const creator = await creatorSession();
  const admin = await adminSession();
  const demoted = await adminSession();
  await setRole(demoted.email, "user");
  const shopperId = decodeJwt(shopper.accessToken).sub ?? "";
  return {
    products: rows.map((p) => ({ id: p.id, priceCents: p.finalPriceCents })),
    productIds: new Set(rows.map((p) => p.id)),
    shopper: { ...shopper, token: shopper.accessToken, id: shopperId },
    creator: {
      token: creator.accessToken,
      code: creator.code,
      email: creator.email,
      id: creator.userId,
    },
    admin: { token: admin.accessToken, email: admin.email, id: admin.id },
    demoted: { token: demoted.accessToken, email: demoted.email, id: demoted.id },
    categoryId: category.id,
    forged: await forgedTokens(shopper.accessToken, shopperId),
    imageEtag: stored?.httpEtag ?? '"missing"',
  };
}

// ---------------------------------------------------------------------------------------------
// Headers and requests

export const ip = fc.oneof(
  { weight: 6, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6() },
  { weight: 1, arbitrary: headerText },
  // A fixed address and none at all, so the rate limits are reached too (429 is a fine answer).
  { weight: 1, arbitrary: fc.constant("203.0.113.9") },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

export const origin = fc.option(
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(ORIGIN) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "https://evil.example",
        "null",
        "http://localhost:8787.evil.example",
        "HTTP://LOCALHOST:8787",
        `${ORIGIN}/`,
      ),
    },
    { weight: 1, arbitrary: headerText },
  ),
  { nil: undefined },
);

export const cookie = (w: World) =>
  fc.option(
    fc.oneof(
      fc.constantFrom(
        `refresh_token=${w.shopper.refreshCookie}`,
        `tt_ref=${w.creator.code}`,
        `tt_ref=${w.creator.code.toLowerCase()}; refresh_token=x`,
        "tt_ref=' OR 1=1 --",
        "refresh_token=",
        "=;=;;",
        "refresh_token=%E0%A4%A; tt_ref=%",
      ),
      headerText.map((t) => `refresh_token=${t}`),
      headerText.map((t) => `tt_ref=${t}`),
      headerText,
    ),
    { nil: undefined },
  );

/** How much an endpoint cares about the caller: weights of valid tokens and of none. */
const AUTH = {
  required: { valid: 8, none: 1 },
  optional: { valid: 3, none: 4 },
  ignored: { valid: 1, none: 5 },
} as const;
export type Auth = keyof typeof AUTH;

/** The `token` header: valid ones, forged ones, garbage, or none, weighted by `auth`. */
export const token = (w: World, valid: string[], auth: Auth) =>
  fc.oneof(
    { weight: AUTH[auth].valid, arbitrary: fc.constantFrom(...valid) },
    { weight: 1, arbitrary: fc.constantFrom(...w.forged) },
    { weight: 1, arbitrary: headerText },
    { weight: AUTH[auth].none, arbitrary: fc.constant(undefined) },
  );

/** A caller's headers: a token of `valid` weighted by `auth`, an address, cookies, an Origin. */
export const headers = (w: World, valid: string[], auth: Auth) =>
  fc.record({
    token: token(w, valid, auth),
    "cf-connecting-ip": ip,
    cookie: cookie(w),
    origin,
  });

/** A POST to `path` with a generated body and headers (now and then another method). */
export const post = (
  path: string,
  body: fc.Arbitrary<unknown>,
  hdrs: fc.Arbitrary<Record<string, string | undefined>>,
): fc.Arbitrary<Case> =>
  fc.record({
    path: fc.constant(path),
    wire: wireFor(body),
    headers: hdrs,
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant("POST") },
      { weight: 1, arbitrary: fc.constantFrom("GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS") },
    ),
  });

/** `method` mostly, now and then any other. */
export const mostly = (method: string) =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constant(method) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
    },
  );

/** A path with a query string of its own, and often hostile noise after it. */
export const withQuery = (path: string, q: fc.Arbitrary<string>) =>
  fc
    .tuple(q, fc.option(queryString, { freq: 4, nil: undefined }))
    .map(([mine, extra]) => `${path}?${[mine, extra].filter(Boolean).join("&")}`);

/** A path, maybe with a hostile query string. */
export const maybeQuery = (path: string | fc.Arbitrary<string>) =>
  fc
    .tuple(
      typeof path === "string" ? fc.constant(path) : path,
      fc.option(queryString, { nil: undefined }),
    )
    .map(([p, q]) => (q === undefined ? p : `${p}?${q}`));

/** `key=value` in a query, or nothing. */
export const param = (key: string, value: fc.Arbitrary<string>) =>
  fc.option(
    value.map((v) => `${key}=${v}`),
    { nil: undefined },
  );
export const query = (...params: fc.Arbitrary<string | undefined>[]) =>
  fc.tuple(...params).map((ps) => ps.filter(Boolean).join("&"));

/** Page numbers: real ones, odd ones and hostile text. */
export const page = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map(String),
  fc.constantFrom("0", "-1", "1.5", "1e3", "999999", "1000000", "0x10", "", "%20"),
  hostileText.map(encoded),
);

/** An id in a path: mostly the ones given (by weight), made-up and hostile ones too. */
export const idIn = (known: readonly string[], weight = 6) =>
  fc.oneof(
    { weight, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: hexId },
    { weight: 2, arbitrary: pathSegment },
  );

/** Days of the last 400 and the next 60. */
export const validDay = fc
  .integer({ min: -400, max: 60 })
  .map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10));
/** Days: real ones mostly; days that do not exist, other shapes, the ends of four digits. */
export const day = fc.oneof(
  { weight: 6, arbitrary: validDay },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "2023-02-29",
      "2100-02-29",
      "2024-02-30",
      "2024-04-31",
      "2024-13-01",
      "2024-00-10",
      "2024-01-00",
      "2024-1-5",
      "24-01-05",
      "2024%2F01%2F05",
      "20240105",
      "2024-01-05T00:00:00Z",
      "2024-01-05%20",
      "+2024-01-05",
      "%2B002024-01-05",
      "-002024-01-05",
      "%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%94-01-05",
      "0000-01-01",
      "0999-12-31",
      "1969-12-31",
      "9999-12-31",
      "2000-02-29",
      "2024-02-29",
      "",
    ),
  },
  { weight: 1, arbitrary: hostileText.map(encoded) },
);

/** Where an endpoint takes no body: none, or anything. */
export const noBody = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: hostileValue },
);

let exampleIp = 0;
/** A JSON POST for `examples` (a string is sent as the JSON text itself). */
export const valid = (path: string, body: unknown, extra: Record<string, string> = {}): Case => ({
  method: "POST",
  path,
  headers: { "cf-connecting-ip": `198.51.100.${++exampleIp % 250}`, ...extra },
  wire: {
    kind: "text",
    contentType: "application/json",
    text: typeof body === "string" ? body : JSON.stringify(body),
  },
});

/** A request for `examples` with `token` (none for null) and a JSON body if one is given. */
export const requestAs = (
  tok: string | null,
  method: string,
  path: string,
  body?: unknown,
): Case => ({
  method,
  path,
  headers: tok === null ? {} : { token: tok },
  wire:
    body === undefined
      ? undefined
      : { kind: "text", contentType: "application/json", text: JSON.stringify(body) },
});

/** The JSON object a case sent ({} for none, or for anything else). */
export const bodyOf = (c: Case): Record<string, unknown> => {
  const text = c.wire === undefined || c.wire.kind === "bytes" ? "" : c.wire.text;
  try {
    const body: unknown = text === "" ? {} : JSON.parse(text);
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The query a case sent, or null when it is not well-formed (the Worker may read it otherwise). */
export const queryOf = (c: Case) => {
  const raw = c.path.split("?")[1] ?? "";
  try {
    decodeURIComponent(raw);
  } catch {
    return null;
  }
  return new URL(c.path, ORIGIN).searchParams;
};

/** A POST that sent a body as anything but JSON is refused, never read as `{}`. */
export const expectJsonOnly = (a: Answer, c: Case) => {
  const wire = c.wire;
  if (c.method !== "POST" || wire === undefined) return;
  const mediaType = (wire.contentType ?? "").split(";")[0]?.trim() ?? "";
  const sent =
    wire.kind === "stream" || (wire.kind === "text" ? wire.text !== "" : wire.bytes.length > 0);
  if (sent && !/^application\/([\w.-]+\+)?json$/i.test(mediaType)) {
    expect(a.status, `${wire.contentType} body answered ${a.status}`).toBeGreaterThanOrEqual(400);
  }
};

/** A 409 says which conflict it is, one of `codes`. */
export const expectConflict = (a: Answer, codes: readonly string[]) => {
  if (a.status === 409) expect(codes).toContain(a.json?.code);
};

/** Random paths below each of `prefixes`, with hostile segments and maybe a query string. */
export const anyPathUnder = (prefixes: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(...prefixes),
      fc.array(pathSegment, { maxLength: 3 }),
      fc.option(queryString, { nil: undefined }),
    )
    .map(([prefix, segs, q]) => `${prefix}${segs.join("/")}${q === undefined ? "" : `?${q}`}`);

/** Dollars as cents, as the answers' figures are checked. */
export const cents = (dollars: number) => Math.round(dollars * 100);

// ---------------------------------------------------------------------------------------------
// Downloads

/**
 * The back-office's downloads: checkAnswer knows only JSON answers and the HTML pages. A payout's
 * bank file is ABA text, and its PayPal file is a CSV for PayPal, without a byte-order mark.
 */
const CSV_EXPORTS =
  /^\/api\/admin\/((subscribers|reports\/gst)\.csv|payouts\/[0-9a-f]{24}\/(aba|paypal\.csv))$/;

/**
 * A download's properties: saved under the shop's own file name, never cached; a CSV has CRLF rows
 * of one width and no text cell a spreadsheet would run as a formula (money may be negative), and
 * a byte-order mark but for PayPal's file; a bank file is 120-character ASCII records a bank reads
 * back, balanced, for the day asked.
 */
async function checkDownload(sent: Sent, res: Response): Promise<Answer> {
  const raw = new TextDecoder("utf-8", { ignoreBOM: true, fatal: false }).decode(
    await res.arrayBuffer(),
  );
  const bom = raw.startsWith("\uFEFF");
  const text = bom ? raw.slice(1) : raw;
  const what = `${sent.method} ${sent.path.slice(0, 300)}`;
  const url = new URL(sent.path, ORIGIN);
  const payout = /^\/api\/admin\/payouts\/[0-9a-f]{24}\/(aba|paypal\.csv)$/.exec(url.pathname)?.[1];
  const contentType = res.headers.get("content-type") ?? "";
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("cache-control"), what).toBe("no-store");
  expect(bom, `${what} byte-order mark`).toBe(payout === undefined);
  expect(text.endsWith("\r\n"), what).toBe(true);
  const disposition = res.headers.get("content-disposition");
  if (payout === "aba") {
    expect(contentType, what).toBe("text/plain; charset=us-ascii");
    const [, day] =
      /^attachment; filename="payout-[0-9A-F]{8}-(\d{4}-\d{2}-\d{2})\.aba"$/.exec(
        disposition ?? "",
      ) ?? [];
    expect(day, `${what} ${disposition}`).toBeDefined();
    const asked = url.searchParams.get("date");
    if (asked !== null) expect(day, what).toBe(asked);
    expect(text, what).toMatch(/^([\x20-\x7e]{120}\r\n)+$/);
    // parseAba checks what a bank's import checks (the totals and count among them). The file
    // holds the day as DDMMYY, which it reads back as 20YY: only days of 2000 to 2099 are taken.
    const aba = parseAba(text);
    expect(aba.descriptive.processingDate, what).toBe(day);
    return { status: res.status, contentType, text };
  }
  expect(contentType, what).toBe("text/csv; charset=utf-8");
  expect(disposition, what).toMatch(
    /^attachment; filename="(subscribers-\d{4}-\d{2}-\d{2}|gst-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}|payout-[0-9A-F]{8}-paypal)\.csv"$/,
  );
  const rows = parseCsv(text);
  for (const row of rows) {
    expect(row, what).toHaveLength(rows[0]?.length ?? 0);
    for (const cell of row) {
      expect(cell, what).not.toMatch(/^[=+@\t\r]/);
      if (cell.startsWith("-")) expect(cell, what).toMatch(/^-\d+\.\d{2}$/);
    }
  }
  return { status: res.status, contentType, text };
}

// ---------------------------------------------------------------------------------------------
// The table of endpoints

/**
 * The seed of one endpoint's property: the run's seed (SEED) and the endpoint's name, hashed
 * (FNV-1a). The same run seed sends the same requests to an endpoint whichever others run with it.
 */
export function seedFor(name: string, base = SEED): number {
  let hash = 0x811c9dc5;
  for (const ch of `${base}:${name}`) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** What a row's functions are given: the world, the area's own data and the request makers. */
export interface Given<X> {
  w: World;
  x: X;
  /** A request as the world's admin, or as `tok` (null: none). */
  ex: (method: string, path: string, body?: unknown, tok?: string | null) => Case;
  /** The same request without a token, with a shopper's, a creator's and a demoted admin's. */
  refused: (method: string, path: string, body?: unknown) => Case[];
}

/** One endpoint's row: what it is sent and what it must never answer. */
export interface Endpoint<X> {
  /** "POST /api/cart/add": the test's name, and its seed's (seedFor). */
  name: string;
  /** How many generated requests (times VITE_HOSTILE_RUNS). */
  runs: number;
  /** The generated requests: method, path, headers and body. */
  requests: (g: Given<X>) => fc.Arbitrary<Case>;
  /** Requests sent first, whatever the seed: valid ones that must reach the handler, known traps. */
  examples?: (g: Given<X>) => Case[];
  /** What each answer must be beyond checkAnswer's: what the endpoint must never do. */
  never?: (a: Answer, c: Case, g: Given<X>) => void | Promise<void>;
  /** Statuses its answers must have met between them: the fuzz reached the handler. */
  reaches?: number[];
  /** What must hold once every request was answered. */
  after?: (g: Given<X>) => Promise<void>;
  /** It answers CSV or ABA downloads: a GET's 200 there is checked as one. */
  downloads?: boolean;
  /** Runs just before the first request: data of this row's own (the back-office's state). */
  start?: (g: Given<X>) => Promise<void>;
  /** Completes a generated request just before it is sent (a webhook's signature). */
  prepare?: (c: Case) => Promise<Case>;
}

/** An area's endpoints and what they share: data beyond the world, and checks after each. */
export interface Area<X> {
  given?: (w: World) => Promise<X>;
  /** What must hold after any of the area's endpoints, beyond the database invariants. */
  after?: (g: Given<X>) => Promise<void>;
  endpoints: Endpoint<X>[];
}

/** The per-test ceiling; an endpoint's fuzz takes a few seconds on two quiet cores. */
const TIMEOUT = 90_000;

/**
 * One test per endpoint: a fresh world and the area's data, the endpoint's examples and generated
 * requests (each answer through checkAnswer, or checkDownload, then the row's `never`), the
 * statuses it must reach, its and the area's checks after, and the database invariants. A failure
 * names the endpoint's seed and how to replay that endpoint alone.
 */
export function describeEndpoints<X = undefined>(title: string, area: Area<X>): void {
  describe(title, () => {
    it.each(area.endpoints.map((e) => [e.name, e] as const))(
      "%s",
      async (name, e) => {
        const seed = seedFor(name);
        try {
          await fuzzEndpoint(e, area, seed);
        } catch (error) {
          if (error instanceof Error) {
            const file = (expect.getState().testPath ?? "").replace(/^.*?(test\/worker\/)/, "$1");
            error.message += `\n\nendpoint "${name}": seed ${seed}, from VITE_HOSTILE_SEED=${SEED}. Replay it alone:\n  VITE_HOSTILE_SEED=${SEED} npx vitest run --config test/worker/vitest.config.ts ${file} -t ${JSON.stringify(`${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)}`;
          }
          throw error;
        }
      },
      TIMEOUT,
    );
  });
}

async function fuzzEndpoint<X>(e: Endpoint<X>, area: Area<X>, seed: number): Promise<void> {
  exampleIp = 0;
  const w = await world();
  const x = (await area.given?.(w)) as X;
  const ex = (method: string, path: string, body?: unknown, tok: string | null = w.admin.token) =>
    requestAs(tok, method, path, body);
  const refused = (method: string, path: string, body?: unknown) =>
    [null, w.shopper.token, w.creator.token, w.demoted.token].map((t) => ex(method, path, body, t));
  const g: Given<X> = { w, x, ex, refused };
  const tally = new Tally();
  await e.start?.(g);
  await fc.assert(
    fc.asyncProperty(e.requests(g).map(printable), async (generated) => {
      const c = (await e.prepare?.(generated)) ?? generated;
      const { sent, res } = await send(c.method, c.path, c.headers, c.wire, c.vars);
      const download =
        e.downloads === true &&
        c.method === "GET" &&
        res.status === 200 &&
        CSV_EXPORTS.test(new URL(c.path, ORIGIN).pathname);
      const answer = download ? await checkDownload(sent, res) : await checkAnswer(sent, res);
      tally.add(e.name, answer.status);
      await e.never?.(answer, c, g);
    }),
    runs(
      e.runs,
      (e.examples?.(g) ?? []).map((c): [Case] => [c]),
      seed,
    ),
  );
  tally.report(e.name);
  if (e.reaches) expect(tally.statuses(e.name), e.name).toEqual(expect.arrayContaining(e.reaches));
  await e.after?.(g);
  await area.after?.(g);
  await expectInvariants({ productIds: w.productIds, adminId: w.admin.id });
}

/** A JSON form's row: its valid body, the fields fuzzed in it, who calls it and how much. */
export interface FormRow<X> extends Pick<Endpoint<X>, "never" | "reaches" | "after" | "start"> {
  path: string;
  runs: number;
  body: (g: Given<X>) => fc.Arbitrary<Record<string, unknown>>;
  fields: readonly string[];
  /** The tokens it is called with, weighted by `auth`. */
  callers: (w: World) => string[];
  auth: Auth;
  valid: (g: Given<X>) => Case[];
}

/** A JSON form as an endpoint: POSTs (now and then another method) of valid and mutated bodies. */
export const jsonForm = <X>({
  path,
  body,
  fields,
  callers,
  auth,
  valid,
  ...rest
}: FormRow<X>): Endpoint<X> => ({
  name: `POST ${path}`,
  requests: (g) => post(path, bodyFor(body(g), fields), headers(g.w, callers(g.w), auth)),
  examples: valid,
  ...rest,
});

// ---------------------------------------------------------------------------------------------
// The back-office's rows

/** A back-office endpoint: the admin's requests, and everyone else's, which change nothing. */
export interface AdminEndpoint<X> {
  name: string;
  runs: number;
  /** Sent mostly with this method (now and then another), or with one of these. */
  method: string | readonly string[];
  path: (g: Given<X>) => fc.Arbitrary<string>;
  /** Its valid body, fuzzed in `fields` (bodyFor); none for no body. */
  body?: (g: Given<X>) => fc.Arbitrary<Record<string, unknown>>;
  fields?: readonly string[];
  /** The body's wire when it is not JSON (an upload). */
  wire?: (g: Given<X>) => fc.Arbitrary<Wire>;
  /** The admin's requests (and known traps) sent first. */
  valid: (g: Given<X>) => Case[];
  /** Requests sent as no one, a shopper, a creator and a demoted admin: 401 or 403. */
  refused: (g: Given<X>) => [method: string, path: string, body?: unknown][];
  /** What an answer to the admin must be. */
  never?: (a: Answer, c: Case, g: Given<X>) => void | Promise<void>;
  /** Statuses its answers must meet between them: 200, 401 and 403 unless said. */
  reaches?: number[];
  after?: (g: Given<X>) => Promise<void>;
  downloads?: boolean;
  /** Runs before the first request: data of this row's own. */
  start?: (g: Given<X>) => Promise<void>;
}

/**
 * A back-office read with no query of its own (any query string is noise it ignores): the admin's
 * GET answers 200, everyone else's is refused, and `check` holds of every 200 to a GET.
 */
export const adminRead = <X>(
  path: string,
  runs: number,
  check: (a: Answer, g: Given<X>) => void,
): Endpoint<X> =>
  adminEndpoint({
    name: `GET ${path}`,
    runs,
    method: "GET",
    path: () => maybeQuery(path),
    valid: ({ ex }) => [ex("GET", path)],
    refused: () => [["GET", path]],
    never: (a, c, g) => {
      if (a.status === 200 && c.method === "GET") check(a, g);
    },
  });

/**
 * What the back-office could change, read before and after each request: a request without the
 * admin's token must leave it exactly as it was.
 */
async function backOfficeState(): Promise<string> {
  const tables = await env.DB.batch([
    env.DB.prepare("SELECT * FROM products ORDER BY id"),
    env.DB.prepare("SELECT * FROM categories ORDER BY id"),
    env.DB.prepare(
      "SELECT id, role, email, totp_secret, totp_enabled_at, totp_last_step FROM users ORDER BY id",
    ),
    env.DB.prepare("SELECT count(*) AS n FROM audit_log"),
    env.DB.prepare("SELECT count(*) AS n FROM stock_movements"),
    env.DB.prepare(
      "SELECT id, status, refunded_cents, carrier, tracking_number FROM orders ORDER BY id",
    ),
    env.DB.prepare("SELECT count(*) AS n FROM order_refunds"),
    env.DB.prepare("SELECT id, status FROM contact_messages ORDER BY id"),
    env.DB.prepare("SELECT count(*) AS n FROM contact_replies"),
    env.DB.prepare("SELECT id, status, total_cents, line_count FROM payouts ORDER BY id"),
    env.DB.prepare("SELECT id, status, reversed_cents, settled_cents FROM commissions ORDER BY id"),
  ]);
  const objects = (await env.IMAGES.list()).objects.map((o) => o.key);
  return JSON.stringify(tables.map((r) => r.results)).concat(objects.join(","));
}

/** The admin's token mostly; others' (a demoted admin's among them), forged ones, garbage, none. */
export const adminHeaders = (w: World) =>
  fc.record({
    token: fc.oneof(
      { weight: 8, arbitrary: fc.constant(w.admin.token) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(w.shopper.token, w.creator.token, w.demoted.token),
      },
      { weight: 1, arbitrary: fc.constantFrom(...w.forged) },
      { weight: 1, arbitrary: headerText },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    "cf-connecting-ip": ip,
    origin,
  });

/**
 * A back-office row as an endpoint: its requests with adminHeaders; its valid requests, then the
 * refused ones; and what it must never do: answer anyone but the admin with other than 401, 403 or
 * 413 (under /api/admin), or change the back-office for them.
 */
export function adminEndpoint<X>(row: AdminEndpoint<X>): Endpoint<X> {
  let state = "";
  return {
    name: row.name,
    runs: row.runs,
    downloads: row.downloads,
    after: row.after,
    reaches: row.reaches ?? [200, 401, 403],
    start: async (g) => {
      await row.start?.(g);
      state = await backOfficeState();
    },
    requests: (g) =>
      fc.record({
        method:
          typeof row.method === "string" ? mostly(row.method) : fc.constantFrom(...row.method),
        path: row.path(g),
        headers: adminHeaders(g.w),
        wire: row.wire?.(g) ?? wireFor(row.body ? bodyFor(row.body(g), row.fields ?? []) : noBody),
      }),
    examples: (g) => [
      ...row.valid(g),
      ...row.refused(g).flatMap(([method, path, body]) => g.refused(method, path, body)),
    ],
    never: async (a, c, g) => {
      const before = state;
      state = await backOfficeState();
      if (c.headers.token === g.w.admin.token) return row.never?.(a, c, g);
      const what = `${c.method} ${c.path.slice(0, 200)} with token ${String(c.headers.token).slice(0, 40)}`;
      // A CORS preflight is answered before any check, an oversized body before the token,
      // and a path whose dot segments lead out of /api/admin is not the back-office's.
      const inside = /^\/api\/admin(\/|$)/.test(new URL(c.path, ORIGIN).pathname);
      if (c.method !== "OPTIONS" && inside) expect([401, 403, 413], what).toContain(a.status);
      expect(state, `${what} changed the back-office`).toBe(before);
    },
  };
}
