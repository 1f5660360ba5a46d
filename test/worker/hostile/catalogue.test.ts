// Hostile input on the catalogue's public reads (routes product, category, blogs, faq, images,
// product-page, collection-page, sitemap, sitemaps, robots): one test per endpoint, each a row.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callWorker } from "../helpers/factories";
import {
  describeEndpoints,
  type Endpoint,
  type Given,
  headerText,
  hexId,
  hostileText,
  hostileValue,
  maybeQuery,
  origin,
  pathSegment,
  SVG,
  token,
  wireFor,
} from "../helpers/hostile";

/** A read's path: fixed, or with an id (the world's first product's mostly, made-up, hostile). */
type ReadPath = string | ((id: fc.Arbitrary<string>) => fc.Arbitrary<string>);

/**
 * The catalogue's reads: a GET of `plain` with the world's first product answers 200; any method,
 * query string, token and conditional header answers in the one shape.
 */
const READS: [name: string, path: ReadPath, plain?: (id: string) => string][] = [
  ["GET /api/health", "/api/health"],
  ["GET /api/product/list", "/api/product/list"],
  ["GET /api/category/list", "/api/category/list"],
  ["GET /api/blogs", "/api/blogs"],
  ["GET /api/faq", "/api/faq"],
  ["GET /api/product/highlights", "/api/product/highlights"],
  [
    "GET /api/product/:id",
    (id) => id.map((s) => `/api/product/${s}`),
    (id) => `/api/product/${id}`,
  ],
  [
    "GET /api/product/:id/related",
    (id) => id.map((s) => `/api/product/${s}/related`),
    (id) => `/api/product/${id}/related`,
  ],
  ["GET /product/:id", (id) => id.map((s) => `/product/${s}`), (id) => `/product/${id}`],
  ["GET /collection", "/collection"],
  ["GET /sitemap.xml", "/sitemap.xml"],
  [
    "GET /sitemaps/:name",
    () =>
      fc
        .oneof(fc.constantFrom("pages.xml", "products-1.xml"), pathSegment)
        .map((s) => `/sitemaps/${s}`),
    () => "/sitemaps/pages.xml",
  ],
  ["GET /robots.txt", "/robots.txt"],
];

const firstProduct = ({ w }: Given<undefined>) => w.products[0]?.id ?? "";

const read = ([name, path, plain]: (typeof READS)[number]): Endpoint<undefined> => {
  const plainPath = (g: Given<undefined>) =>
    plain ? plain(firstProduct(g)) : typeof path === "string" ? path : "";
  return {
    name,
    runs: 15,
    requests: (g) =>
      fc.record({
        method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"),
        path: maybeQuery(
          typeof path === "string"
            ? fc.constant(path)
            : path(fc.oneof(fc.constant(firstProduct(g)), hexId, pathSegment)),
        ),
        headers: fc.record({
          token: token(g.w, [g.w.shopper.token], "ignored"),
          origin,
          "if-none-match": fc.option(fc.oneof(fc.constantFrom("*", '"x"', "W/*"), headerText), {
            nil: undefined,
          }),
        }),
        wire: wireFor(hostileValue),
      }),
    examples: (g) => [{ method: "GET", path: plainPath(g), headers: {} }],
    never: (a, c, g) => {
      if (c.method === "GET" && c.path === plainPath(g) && !c.headers["if-none-match"]) {
        expect(a.status).toBe(200);
      }
    },
    reaches: [200],
  };
};

// The catalogue's search: terms of any length and script, FTS5 syntax, repeated and malformed
// parameters, pages past the end and page sizes of every size.
const ftsSyntax = fc.constantFrom(
  '"',
  '""',
  "*",
  "NEAR",
  "NEAR(a b, 2)",
  "-copper",
  "(copper)",
  "copper OR bottle",
  "NOT",
  "AND",
  "a:b",
  "^copper",
  "{name}: x",
  "%",
  "_",
  "\\",
);
const searchParam = fc.oneof(
  fc.tuple(fc.constant("q"), fc.oneof(ftsSyntax, hostileText, fc.string({ maxLength: 300 }))),
  fc.tuple(fc.constant("category"), fc.oneof(hostileText, fc.constant("Copper Wellness"))),
  fc.tuple(fc.constantFrom("premium", "sale", "instock"), fc.constantFrom("", "1", "false")),
  fc.tuple(
    fc.constant("sort"),
    fc.oneof(fc.constantFrom("relevant", "low-high", "high-low"), hostileText),
  ),
  fc.tuple(
    fc.constantFrom("page", "pageSize"),
    fc.oneof(
      fc.integer({ min: -5, max: 60 }).map(String),
      fc.constantFrom("999999", "1000000", "1e3", "0x10", "12.5", "", " 3", "NaN"),
      hostileText,
    ),
  ),
);

const search: Endpoint<undefined> = {
  name: "GET /api/product/search",
  runs: 60,
  requests: () =>
    fc.record({
      method: fc.constantFrom("GET", "GET", "GET", "HEAD"),
      path: fc
        .array(searchParam, { maxLength: 6 })
        .map((pairs) => `/api/product/search?${new URLSearchParams(pairs).toString()}`),
      headers: fc.record({ origin }),
      wire: wireFor(hostileValue),
    }),
  examples: () => [
    { method: "GET", path: "/api/product/search?q=%22%22&page=999999", headers: {} },
    { method: "GET", path: "/api/product/search?q=NEAR(a%20b)&pageSize=48", headers: {} },
    { method: "GET", path: "/api/product/search?pageSize=-1", headers: {} },
  ],
  never: (a, c) => {
    expect([200, 400]).toContain(a.status);
    if (c.method !== "GET" || a.status !== 200) return;
    const answer = a.json as { products: unknown[]; total: number; pageSize: number };
    expect(answer.products.length).toBeLessThanOrEqual(answer.pageSize);
    expect(answer.total).toBeGreaterThanOrEqual(answer.products.length);
  },
  reaches: [200, 400],
};

// Pictures: keys with percent tricks, conditional headers of every shape.
const images: Endpoint<undefined> = {
  name: "GET /images/:key",
  runs: 60,
  requests: ({ w }) => {
    const etag = w.imageEtag;
    return fc.record({
      method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "DELETE"),
      path: fc
        .oneof(
          fc.constantFrom("products/a.svg", "products/missing.svg", "products%2Fa.svg", ""),
          fc.array(pathSegment, { minLength: 1, maxLength: 3 }).map((s) => s.join("/")),
        )
        .map((k) => `/images/${k}`),
      headers: fc.record({
        "if-none-match": fc.option(
          fc.oneof(
            fc.constantFrom(etag, `W/${etag}`, "*", `"a", ${etag}`, `${etag}, *`, '""', "W/"),
            headerText,
          ),
          { nil: undefined },
        ),
        "if-match": fc.option(fc.oneof(fc.constantFrom(etag, "*", '"nope"'), headerText), {
          nil: undefined,
        }),
        "if-modified-since": fc.option(
          fc.oneof(
            fc.constantFrom(
              "Thu, 01 Jan 1970 00:00:00 GMT",
              new Date(Date.now() + 1e10).toUTCString(),
            ),
            headerText,
          ),
          { nil: undefined },
        ),
        "if-unmodified-since": fc.option(headerText, { nil: undefined }),
        range: fc.option(
          fc.oneof(fc.constantFrom("bytes=0-3", "bytes=5-1", "bytes=-1"), headerText),
          { nil: undefined },
        ),
      }),
    });
  },
  examples: () => [{ method: "GET", path: "/images/products/a.svg", headers: {} }],
  never: (a, c) => {
    const plain = Object.values(c.headers).every((v) => v === undefined);
    if (c.method === "GET" && c.path === "/images/products/a.svg" && plain) {
      expect(a.status).toBe(200);
      expect(a.text).toBe(SVG);
    }
  },
  reaches: [200, 400],
};

describeEndpoints("hostile input: the catalogue's public reads", {
  endpoints: [...READS.map(read), search, images],
});

describe("regressions found by the fuzz: pictures", () => {
  it.each(["/images/%", "/images/a%", "/images/%ZZ", "/images/%E0%A4%A", "/images/%ED%A0%80"])(
    "answers malformed percent-encoding in an image key (%s) with 400, not 500",
    async (path) => {
      const res = await callWorker(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_image_key" });
    },
  );

  it("ignores a malformed If-Match or If-None-Match on an image instead of failing", async () => {
    const stored = await env.IMAGES.put("products/a.svg", SVG, {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    for (const header of ["if-none-match", "if-match"]) {
      const res = await callWorker("/images/products/a.svg", { headers: { [header]: "garbage" } });
      expect(res.status, header).toBe(200);
      expect(await res.text()).toBe(SVG);
    }
    const cached = await callWorker("/images/products/a.svg", {
      headers: { "if-none-match": stored?.httpEtag ?? "" },
    });
    expect(cached.status).toBe(304);
  });
});
