// Read-mostly answers (products, categories, blogs, FAQ) served without touching D1 on the hot path.
//
// Tier 1 is isolate memory: the serialised body and its strong ETag. Tier 2 is the Workers Cache API,
// shared by the isolates of a data centre. Both are keyed by app_meta.catalogue_version, which D1
// triggers bump on every catalogue write, and the version itself is re-read at most once per
// VERSION_TTL_MS per isolate. So a change is visible everywhere within that window, and a request
// in between costs one Map lookup.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { appMeta } from "../db/schema";
import { toB64url } from "../lib/tokens";

export const VERSION_TTL_MS = 5_000;
/** What browsers may reuse without asking; after that they revalidate with If-None-Match. */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

interface Entry {
  version: number;
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
const derived = new Lru<{ version: number; value: Promise<unknown> }>(MEMORY_DERIVED_KEYS, () => 1);

/** What this isolate holds now (tests check the bound). */
export const catalogueMemoryUse = () => ({
  bodies: memory.size,
  bodyChars: memory.weight,
  derived: derived.size,
});
let knownVersion: { value: number; checkedAt: number } | undefined;

async function catalogueVersion(db: Db): Promise<number> {
  const now = Date.now();
  if (knownVersion && now - knownVersion.checkedAt < VERSION_TTL_MS) return knownVersion.value;
  const row = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, "catalogue_version"))
    .get();
  const value = row?.value ?? 0;
  knownVersion = { value, checkedAt: now };
  return value;
}

async function strongEtag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  return `"${toB64url(digest.slice(0, 18))}"`;
}

const sharedCache = (): Cache | undefined =>
  typeof caches === "undefined" ? undefined : (caches as unknown as { default: Cache }).default;

/**
 * The shape of the cached answers. The catalogue version moves with the data, not with the code:
 * a deploy that changes what an answer holds (as stock's `inStock`/`available` did) must not be
 * served the previous code's bodies from the data centre's cache, so it bumps this.
 */
export const ANSWER_SHAPE = 2;

const sharedKey = (key: string, version: number) =>
  new Request(
    `https://catalogue.cache/${encodeURIComponent(key)}?v=${version}&shape=${ANSWER_SHAPE}`,
  );

/** The cached answer for `key`, built by `build` when no tier has it for the current version. */
async function lookup(db: Db, key: string, build: Build): Promise<Entry | null> {
  const version = await catalogueVersion(db);
  const hit = memory.get(key);
  if (hit && hit.version === version) return hit;

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
  db: Db,
  request: CachedBody,
  build: () => Promise<string>,
): Promise<Response>;
export function cachedResponse(db: Db, request: CachedBody, build: Build): Promise<Response | null>;
export async function cachedResponse(
  db: Db,
  { key, ifNoneMatch, contentType }: CachedBody,
  build: Build,
): Promise<Response | null> {
  const entry = await lookup(db, key, build);
  if (!entry) return null;
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
  db: Db,
  request: CachedRequest,
  build: () => Promise<object>,
): Promise<Response>;
export function cachedJson(
  db: Db,
  request: CachedRequest,
  build: () => Promise<object | null>,
): Promise<Response | null>;
export function cachedJson(
  db: Db,
  request: CachedRequest,
  build: () => Promise<object | null>,
): Promise<Response | null> {
  return cachedResponse(
    db,
    { ...request, contentType: "application/json; charset=UTF-8" },
    async () => {
      const value = await build();
      return value === null ? null : JSON.stringify(value);
    },
  );
}

/**
 * A value derived from the catalogue (such as the products a cart joins), kept in isolate memory
 * for the current version only. Concurrent misses share one build.
 */
export async function cachedCatalogueValue<T>(
  db: Db,
  key: string,
  build: () => Promise<T>,
): Promise<T> {
  const version = await catalogueVersion(db);
  const hit = derived.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  const value = build();
  derived.set(key, { version, value });
  value.catch(() => {
    if (derived.get(key)?.value === value) derived.delete(key);
  });
  return value;
}

/**
 * Makes this isolate re-read the catalogue version on its next answer: called after a back-office
 * write (whose triggers bumped the version), so its author sees the change at once rather than
 * within VERSION_TTL_MS. Other isolates still notice within that window.
 */
export function noteCatalogueChange(): void {
  knownVersion = undefined;
}

/** Drops this isolate's cached answers (tests reset storage between cases). */
export function forgetCatalogueMemory(): void {
  memory.clear();
  derived.clear();
  knownVersion = undefined;
}
