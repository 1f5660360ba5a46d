// Read-mostly answers (products, categories, blogs, FAQ) served without touching D1 on the hot path.
//
// Tier 1 is isolate memory: the serialised body and its strong ETag. Tier 2 is the Workers Cache API,
// shared by the isolates of a data centre. Both are keyed by app_meta.catalogue_version, which D1
// triggers bump on every catalogue write, and the version itself is re-read at most once per
// VERSION_TTL_MS per isolate. So a change is visible everywhere within that window, and a request
// in between costs one Map lookup. Product answers keep their stock apart (stockedResponse below):
// stock moves with every checkout, and must not rebuild what the catalogue says.

import { eq, inArray } from "drizzle-orm";
import type { ProductDto } from "../../contracts/catalogue";
import { stockFields } from "../../contracts/stock";
import type { Deps } from "../../lib/deps";
import { toB64url } from "../../lib/tokens";
import { appMeta, products } from "./schema";

export const VERSION_TTL_MS = 5_000;
/** What browsers may reuse without asking; after that they revalidate with If-None-Match. */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

interface Entry {
  /** The version tag the body was built for (versionTag). */
  version: string;
  body: string;
  etag: string;
}

/** What a builder returns: a serialised body, or null for "no such thing" (nothing is cached). */
type Build = () => Promise<string | null>;

/**
 * What isolate memory may hold (an isolate has 128 MB): bodies up to this many UTF-16 code units
 * (about 16 MB), derived values up to this many keys. Past either, the least recently used go: a
 * catalogue of 50,000 product pages is asked for by id, so the keys have no natural bound.
 */
export const MEMORY_BODY_CHARS = 8_000_000;
export const MEMORY_DERIVED_KEYS = 2_000;

/** A Map kept in least-recently-used order: a read moves its key to the end, eviction takes the first. */
class Lru<V> {
  readonly #entries = new Map<string, V>();
  #weight = 0;

  constructor(
    readonly limit: number,
    readonly weigh: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    this.#entries.set(key, value);
    this.#weight += this.weigh(value);
    for (const [oldest, old] of this.#entries) {
      if (this.#weight <= this.limit || oldest === key) break;
      this.#entries.delete(oldest);
      this.#weight -= this.weigh(old);
    }
  }

  delete(key: string): void {
    const old = this.#entries.get(key);
    if (old === undefined) return;
    this.#entries.delete(key);
    this.#weight -= this.weigh(old);
  }

  get size(): number {
    return this.#entries.size;
  }

  get weight(): number {
    return this.#weight;
  }

  clear(): void {
    this.#entries.clear();
    this.#weight = 0;
  }
}

const memory = new Lru<Entry>(MEMORY_BODY_CHARS, (entry) => entry.body.length);
const derived = new Lru<{ version: string; value: unknown }>(MEMORY_DERIVED_KEYS, () => 1);

/** How often this isolate built content, read stock and wrote a product answer's body. */
const work = { contentBuilds: 0, stockReads: 0, stockedBodies: 0 };

/** What this isolate has done so far (tests check which work a change costs). */
export const catalogueWork = () => ({ ...work });

/** What this isolate holds now (tests check the bound). */
export const catalogueMemoryUse = () => ({
  bodies: memory.size,
  bodyChars: memory.weight,
  derived: derived.size,
});
/** The two versions answers are kept for (app_meta, bumped by triggers: migrations 0001, 0026). */
export interface Versions {
  /** What the storefront shows of products, categories, posts and FAQ. */
  catalogue: number;
  /** Products' stock counts: every checkout that opens, expires or is paid moves it. */
  stock: number;
}

let known: { value: Versions; checkedAt: number } | undefined;

async function currentVersions({ db }: Pick<Deps, "db">): Promise<Versions> {
  const now = Date.now();
  if (known && now - known.checkedAt < VERSION_TTL_MS) return known.value;
  const rows = await db
    .select({ key: appMeta.key, value: appMeta.value })
    .from(appMeta)
    .where(inArray(appMeta.key, ["catalogue_version", "stock_version"]));
  const of = (key: string) => rows.find((r) => r.key === key)?.value ?? 0;
  const value = { catalogue: of("catalogue_version"), stock: of("stock_version") };
  known = { value, checkedAt: now };
  return value;
}

/** Whether a value depends on stock as well as on the catalogue (an "in stock" filter does). */
interface ValueOptions {
  dependsOnStock?: boolean;
}

/** How an answer is looked up: its version, and what a request that finds no body in memory pays. */
interface LookupOptions extends ValueOptions {
  /**
   * Called when this isolate's memory has no body for the current version, before anything is
   * read or built: the client's build limit is counted here, so a refusal never reaches the
   * shared build others may be waiting on.
   */
  onMiss?: () => Promise<void>;
}

const versionTag = (versions: Versions, options?: ValueOptions) =>
  options?.dependsOnStock ? `${versions.catalogue}.${versions.stock}` : `${versions.catalogue}`;

async function strongEtag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  return `"${toB64url(digest.slice(0, 18))}"`;
}

const sharedCache = (): Cache | undefined =>
  typeof caches === "undefined" ? undefined : (caches as unknown as { default: Cache }).default;

/**
 * The shape of the cached answers. The catalogue version moves with the data, not with the code:
 * a deploy that changes what an answer holds (as stock's `inStock`/`available`, then `held`, did) must not be
 * served the previous code's bodies from the data centre's cache, so it bumps this.
 */
export const ANSWER_SHAPE = 3;

const sharedKey = (key: string, version: string) =>
  new Request(
    `https://catalogue.cache/${encodeURIComponent(key)}?v=${version}&shape=${ANSWER_SHAPE}`,
  );

/** The cached answer for `key`, built by `build` when no tier has it for the current version. */
async function lookup(
  { db }: Pick<Deps, "db">,
  key: string,
  build: Build,
  options?: LookupOptions,
): Promise<Entry | null> {
  const version = versionTag(await currentVersions({ db }), options);
  const hit = memory.get(key);
  if (hit && hit.version === version) return hit;
  await options?.onMiss?.();
  // Each request that misses reads (or builds) for itself. Requests that miss together must not
  // await one shared promise: its I/O belongs to the request that started it, and workerd cancels
  // it when that request ends, leaving the others hung (a bench under checkouts saw it).
  return fetchOrBuild(key, version, build);
}

async function fetchOrBuild(key: string, version: string, build: Build): Promise<Entry | null> {
  const cache = sharedCache();
  const cacheKey = sharedKey(key, version);
  const shared = cache ? await cache.match(cacheKey) : undefined;
  let entry: Entry;
  if (shared) {
    entry = { version, body: await shared.text(), etag: shared.headers.get("etag") ?? "" };
  } else {
    const body = await build();
    if (body === null) return null;
    entry = { version, body, etag: await strongEtag(body) };
    // Misses are rare (once per version per data centre), so the put is awaited rather than left
    // to waitUntil: the next isolate to ask is sure to find it.
    const stored = new Response(body, {
      headers: { etag: entry.etag, "cache-control": "public, max-age=86400" },
    });
    await cache
      ?.put(cacheKey, stored)
      .catch((err: unknown) => console.warn("cache put failed", err));
  }
  memory.set(key, entry);
  return entry;
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/** Which cached answer a request asks for, and the ETags its client already holds. */
export interface CachedRequest {
  key: string;
  /** The request's If-None-Match header. */
  ifNoneMatch: string | undefined;
}

type CachedBody = CachedRequest & { contentType: string };

/**
 * Answers with the cached body for `key`, or 304 when the client already holds it; null only when
 * `build` says there is no such thing.
 */
export function cachedResponse(
  deps: Pick<Deps, "db">,
  request: CachedBody,
  build: () => Promise<string>,
): Promise<Response>;
export function cachedResponse(
  deps: Pick<Deps, "db">,
  request: CachedBody,
  build: Build,
): Promise<Response | null>;
export async function cachedResponse(
  { db }: Pick<Deps, "db">,
  { key, ifNoneMatch, contentType }: CachedBody,
  build: Build,
): Promise<Response | null> {
  const entry = await lookup({ db }, key, build);
  return entry && respond(entry, ifNoneMatch, contentType);
}

function respond(entry: Entry, ifNoneMatch: string | undefined, contentType: string): Response {
  const headers = {
    etag: entry.etag,
    "cache-control": CATALOGUE_CACHE_CONTROL,
    "content-type": contentType,
  };
  if (matchesIfNoneMatch(ifNoneMatch, entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(entry.body, { status: 200, headers });
}

/** cachedResponse for a JSON value; `build` returning null means "no such thing". */
export function cachedJson(
  deps: Pick<Deps, "db">,
  request: CachedRequest,
  build: () => Promise<object>,
): Promise<Response>;
export function cachedJson(
  deps: Pick<Deps, "db">,
  request: CachedRequest,
  build: () => Promise<object | null>,
): Promise<Response | null>;
export function cachedJson(
  deps: Pick<Deps, "db">,
  request: CachedRequest,
  build: () => Promise<object | null>,
): Promise<Response | null> {
  return cachedResponse(
    deps,
    { ...request, contentType: "application/json; charset=UTF-8" },
    async () => {
      const value = await build();
      return value === null ? null : JSON.stringify(value);
    },
  );
}

/**
 * A value derived from the catalogue (such as a search's counts), kept in isolate memory for the
 * current version only (and the current stock version too when it depends on stock). Each request
 * that misses builds it for itself (see lookup: a promise is never shared between requests).
 */
export async function cachedCatalogueValue<T>(
  { db }: Pick<Deps, "db">,
  key: string,
  build: () => Promise<T>,
  options?: ValueOptions,
): Promise<T> {
  const tag = versionTag(await currentVersions({ db }), options);
  const hit = derived.get(key);
  if (hit && hit.version === tag) return hit.value as T;
  const value = await build();
  derived.set(key, { version: tag, value });
  return value;
}

// ---- Answers that carry products' stock ---------------------------------------------------------
// A product answer is its content (names, prices, pictures, the order of a search's page: rebuilt
// only when catalogue_version moves) plus each product's stock fields, which every checkout that
// opens, expires or is paid changes. So the two are kept apart: the content per catalogue version,
// the stock of its products re-read (one indexed query of at most a page's ids) per stock_version,
// and the body re-made only when that stock differs from what the body last said. A sale then
// costs each popular answer one small read per isolate, not a rebuilt search.

type StockCounts = { onHand: number | null; reserved: number };

/** Above this many ids, stock is read for every product on sale rather than by id (the list). */
const STOCK_BY_ID_LIMIT = 90;

async function readStock(
  { db }: Pick<Deps, "db">,
  ids: string[],
): Promise<Map<string, StockCounts>> {
  if (ids.length === 0) return new Map();
  work.stockReads++;
  const rows = await db
    .select({ id: products.id, onHand: products.stockOnHand, reserved: products.stockReserved })
    .from(products)
    .where(
      ids.length <= STOCK_BY_ID_LIMIT ? inArray(products.id, ids) : eq(products.status, "active"),
    );
  return new Map(rows.map((r) => [r.id, { onHand: r.onHand, reserved: r.reserved }]));
}

interface StockedEntry extends Entry {
  /** The stock version the body was last checked against. */
  stock: number;
  /** The stock counts the body states, in the order of its products. */
  signature: string;
}

/** What a product answer is made of: its content, the products in it, and how it is written. */
export interface StockedAnswer<T> {
  /** The content, or null for "no such thing" (nothing is cached). Built per catalogue version. */
  content: () => Promise<T | null>;
  /** The product answers inside the content, whose stock fields are kept current. */
  productsOf: (content: T) => ProductDto[];
  /** The body, from the content with its products' stock as it is now. */
  render: (content: T) => string;
  /** The content itself depends on stock (an "in stock" filter): rebuilt per stock version too. */
  dependsOnStock?: boolean;
  /** What a request pays when this isolate has no content for it (LookupOptions.onMiss). */
  onMiss?: () => Promise<void>;
}

const stockSignature = (ids: string[], counts: Map<string, StockCounts>) =>
  ids
    .map((id) => {
      const c = counts.get(id);
      return c ? `${c.onHand ?? "-"}/${c.reserved}` : "?";
    })
    .join(",");

async function stockedEntry<T>(
  { db }: Pick<Deps, "db">,
  key: string,
  answer: StockedAnswer<T>,
): Promise<StockedEntry | null> {
  const versions = await currentVersions({ db });
  const tag = versionTag(versions, answer);
  const bodyKey = `stocked:${key}`;
  const hit = memory.get(bodyKey) as StockedEntry | undefined;
  if (hit && hit.version === tag && hit.stock === versions.stock) return hit;

  // The content as JSON, in both tiers like any answer (so a big one weighs what it is).
  const content = await lookup(
    { db },
    `content:${key}`,
    async () => {
      work.contentBuilds++;
      const value = await answer.content();
      return value === null ? null : JSON.stringify(value);
    },
    answer,
  );
  if (!content) return null;
  const current = JSON.parse(content.body) as T;
  const ids = answer.productsOf(current).map((p) => p._id);
  const counts = await cachedCatalogueValue({ db }, `stock:${key}`, () => readStock({ db }, ids), {
    dependsOnStock: true,
  });
  const signature = stockSignature(ids, counts);
  if (hit && hit.version === tag && hit.signature === signature) {
    // Stock moved elsewhere in the catalogue: this body (and its ETag) still says the truth.
    hit.stock = versions.stock;
    return hit;
  }
  for (const product of answer.productsOf(current)) {
    const c = counts.get(product._id);
    if (c) Object.assign(product, stockFields(c.onHand, c.reserved));
  }
  const body = answer.render(current);
  work.stockedBodies++;
  const entry: StockedEntry = {
    version: tag,
    stock: versions.stock,
    signature,
    body,
    etag: await strongEtag(body),
  };
  memory.set(bodyKey, entry);
  return entry;
}

/** An answer that always exists (`content` never null) or may not. */
type Answer<T, Built> = Omit<StockedAnswer<T>, "content"> & { content: () => Promise<Built> };

/**
 * A cached answer with products in it, their stock current (see above); null only when `content`
 * says there is no such thing.
 */
export function stockedResponse<T>(
  deps: Pick<Deps, "db">,
  request: CachedBody,
  answer: Answer<T, T>,
): Promise<Response>;
export function stockedResponse<T>(
  deps: Pick<Deps, "db">,
  request: CachedBody,
  answer: Answer<T, T | null>,
): Promise<Response | null>;
export async function stockedResponse<T>(
  { db }: Pick<Deps, "db">,
  { key, ifNoneMatch, contentType }: CachedBody,
  answer: Answer<T, T | null>,
): Promise<Response | null> {
  const entry = await stockedEntry({ db }, key, answer);
  return entry && respond(entry, ifNoneMatch, contentType);
}

/** A JSON product answer: its content, and the products in it. */
type JsonAnswer<T, Built> = Omit<Answer<T, Built>, "render">;

/** stockedResponse for a JSON answer; null only when `content` says there is no such thing. */
export function stockedJson<T extends object>(
  deps: Pick<Deps, "db">,
  request: CachedRequest,
  answer: JsonAnswer<T, T>,
): Promise<Response>;
export function stockedJson<T extends object>(
  deps: Pick<Deps, "db">,
  request: CachedRequest,
  answer: JsonAnswer<T, T | null>,
): Promise<Response | null>;
export function stockedJson<T extends object>(
  deps: Pick<Deps, "db">,
  request: CachedRequest,
  answer: JsonAnswer<T, T | null>,
): Promise<Response | null> {
  return stockedResponse(
    deps,
    { ...request, contentType: "application/json; charset=UTF-8" },
    { ...answer, render: (content) => JSON.stringify(content) },
  );
}

/**
 * stockedJson's answer as a value, from the same entry: a page's loader (routes/pages.ts) reads
 * what the API serves, at the same cost. Null only when `content` says there is no such thing.
 */
export async function stockedValue<T extends object>(
  deps: Pick<Deps, "db">,
  key: string,
  answer: JsonAnswer<T, T | null>,
): Promise<T | null> {
  const entry = await stockedEntry(deps, key, {
    ...answer,
    render: (content) => JSON.stringify(content),
  });
  return entry && (JSON.parse(entry.body) as T);
}

/**
 * Makes this isolate re-read the versions on its next answer: called after a back-office write or
 * a stock change (whose triggers bumped a version), so its author sees the change at once rather
 * than within VERSION_TTL_MS. Other isolates still notice within that window.
 */
export function noteCatalogueChange(): void {
  known = undefined;
}

/** Drops this isolate's cached answers (tests reset storage between cases). */
export function forgetCatalogueMemory(): void {
  memory.clear();
  derived.clear();
  known = undefined;
}
