// `npm run bench:scale`: the catalogue at 50,000 products. Seeds its own local state
// (.bench/scale-state: migrations, the demo seed, then the generated catalogue of
// scale-catalogue.ts, once), serves it with wrangler dev, and drives each catalogue question at 10
// connections: req/s, p50, p99 and the ratio to /api/health from the same run. Then the JSON the
// browser fetches to show /collection, the database's size and a PASS/MISS line per target.
// Informational: exits 1 only when the bench itself fails (an error or a non-2xx answer).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { ProductSearchResponse } from "../../worker/contracts/catalogue";
import { applyMigrations, launchShop } from "../../worker/scripts/local";
import { seedIfEmpty, withLocalBindings } from "../../worker/scripts/seed";
import { checkoutBody } from "./checkout";
import { load, ORIGIN, PORT, print, type Row } from "./load";
import { RARE_WORD, SCALE_PRODUCTS, seedScaleCatalogue } from "./scale-catalogue";

const STATE = ".bench/scale-state";
const PAGE_SIZE = 12;
const DEEP_PAGE = 400;
const COMMON_WORD = "copper";
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 100;
const TARGET_COLLECTION_BYTES = 60_000;
/** How many different cached pages the "cached pages" rows visit in turn. */
const POPULAR_PAGES = 200;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

// ---- Seeding (before wrangler dev opens the same files) ------------------------------------
console.log(`bench:scale: state in ${STATE}`);
await applyMigrations(STATE);
await seedIfEmpty(STATE);
const seeding = await withLocalBindings((env) => seedScaleCatalogue(env.DB), STATE);
console.log(
  seeding.seeded
    ? `Seeded ${seeding.inserted} generated products in ${(seeding.ms / 1000).toFixed(1)} s (${seeding.products} in all).`
    : `The state already holds ${seeding.products} products (>= ${SCALE_PRODUCTS}); seeding skipped.`,
);

const statuses = await withLocalBindings(async (env) => {
  const { results } = await env.DB.prepare(
    "SELECT status, count(*) AS n FROM products GROUP BY status ORDER BY status",
  ).all<{ status: string; n: number }>();
  return results;
}, STATE);

/** The D1 database file miniflare keeps (the largest .sqlite under v3/d1), and its WAL's size. */
function databaseFile(): { path: string; bytes: number; wal: number } | null {
  const root = join(STATE, "v3", "d1");
  if (!existsSync(root)) return null;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".sqlite") && entry.name !== "metadata.sqlite") files.push(path);
    }
  };
  walk(root);
  const sized = files.map((path) => ({
    path,
    bytes: statSync(path).size,
    wal: existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0,
  }));
  return sized.sort((a, b) => b.bytes - a.bytes)[0] ?? null;
}

/** page_count x page_size and the free pages, when the sqlite3 shell is installed. */
function pragmas(path: string): string | null {
  const out = spawnSync(
    "sqlite3",
    ["-readonly", path, "PRAGMA page_count; PRAGMA page_size; PRAGMA freelist_count;"],
    { encoding: "utf8" },
  );
  if (out.status !== 0 || !out.stdout) return null;
  const [pages = 0, size = 0, free = 0] = out.stdout.trim().split(/\s+/).map(Number);
  return `${pages} pages x ${size} B = ${MB(pages * size)} (${free} free pages)`;
}

const dbFile = databaseFile();
const dbPragmas = dbFile ? pragmas(dbFile.path) : null;

// ---- The shop --------------------------------------------------------------------------------
interface Target {
  name: string;
  path: string;
  /** Checks one answer before the load; throws when it is not what the row means to measure. */
  check: (res: Response) => Promise<void>;
  /** Answers other than 200 mean "not there yet": the row is printed as not available. */
  optional?: boolean;
}

const fail = (name: string, why: string): never => {
  throw new Error(`${name}: ${why}`);
};

const searchPath = (params: Record<string, string | number>) =>
  `/api/product/search?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

const searchCheck =
  (name: string, expect: (body: ProductSearchResponse) => string | null) =>
  async (res: Response) => {
    const body = (await res.json()) as ProductSearchResponse;
    const problem = expect(body);
    if (problem) fail(name, problem);
  };

/**
 * Opens checkouts one after another from one browser until stopped: each reserves its line, and
 * releases the browser's previous checkout (expired at the Stripe sandbox first).
 */
function checkoutChurn(productIds: string[]) {
  let running = true;
  let opened = 0;
  let failed = 0;
  const started = performance.now();
  // A network of this run's own: an earlier run's last checkout still holds stock in the saved
  // state, and one network may hold only a few unpaid checkouts.
  const network = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  const loop = (async () => {
    let cookie = "";
    for (let n = 0; running; n++) {
      const res = await fetch(`${ORIGIN}/api/order/createStripeSession`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "cf-connecting-ip": network,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({
          ...checkoutBody(productIds[n % productIds.length] ?? ""),
          items: [{ _id: productIds[n % productIds.length], quantity: 1 }],
        }),
      });
      const set = /(?:^|,\s*)(order_access=[^;]+)/.exec(res.headers.get("set-cookie") ?? "");
      if (set?.[1]) cookie = set[1];
      await res.body?.cancel();
      if (res.status === 200) opened++;
      else failed++;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return {
        opened,
        failed,
        seconds: (performance.now() - started) / 1000,
      };
    },
  };
}

let churnSummary = { opened: 0, failed: 0, seconds: 1 };
let exitCode = 0;
const shop = await launchShop(PORT, STATE, { RATE_LIMITS: "off" }, { webhooks: false });
try {
  const first = (await (await fetch(`${ORIGIN}${searchPath({})}`)).json()) as ProductSearchResponse;
  const biggest = [...first.facets.categories].sort((a, b) => b.count - a.count)[0];
  if (!biggest || biggest.count < DEEP_PAGE * PAGE_SIZE)
    fail("setup", `no category holds ${DEEP_PAGE * PAGE_SIZE} active products`);
  const category = biggest?.name ?? "";
  const productId =
    first.products.find((p) => p.name.length > 0)?._id ?? fail("setup", "no product");
  const cat = (sort: string, page: number): Target => ({
    name: `cat ${sort} p${page}`,
    path: searchPath({ category, sort, page }),
    check: searchCheck(`category ${sort} page ${page}`, (b) =>
      b.products.length === PAGE_SIZE && b.total === biggest?.count
        ? null
        : `${b.products.length} products of ${b.total}`,
    ),
  });

  const targets: Target[] = [
    { name: "/api/health", path: "/api/health", check: async () => {} },
    {
      name: `search q=${COMMON_WORD}`,
      path: searchPath({ q: COMMON_WORD }),
      check: searchCheck("common word", (b) =>
        b.total > 1000 && b.products.length === PAGE_SIZE ? null : `total ${b.total}`,
      ),
    },
    {
      name: `search q=${RARE_WORD.toLowerCase()}`,
      path: searchPath({ q: RARE_WORD.toLowerCase() }),
      check: searchCheck("rare word", (b) =>
        b.total === 1 && b.products[0]?.name.includes(RARE_WORD)
          ? null
          : `total ${b.total}: ${b.products.map((p) => p.name).join(", ")}`,
      ),
    },
    cat("relevant", 1),
    cat("low-high", 1),
    cat("high-low", 1),
    cat("relevant", DEEP_PAGE),
    cat("low-high", DEEP_PAGE),
    cat("high-low", DEEP_PAGE),
    {
      name: "/product/:id (HTML)",
      path: `/product/${productId}`,
      check: async (res) => {
        const type = res.headers.get("content-type") ?? "";
        const text = await res.text();
        if (!type.includes("text/html") || !text.includes("<html"))
          fail("product page", `answered ${type}`);
      },
    },
    {
      name: "/api/category/list",
      path: "/api/category/list",
      check: async (res) => {
        const body = (await res.json()) as { categories: unknown[] };
        if (body.categories.length === 0) fail("category list", "no categories");
      },
    },
    {
      name: "home highlights",
      path: "/api/product/highlights",
      optional: true,
      check: async (res) => {
        const body = (await res.json()) as { latest?: unknown[]; bestsellers?: unknown[] };
        if (!body.latest?.length || !body.bestsellers?.length)
          fail("highlights", "empty latest or bestsellers");
      },
    },
  ];

  console.log(
    `\nCategory for the category rows: ${category} (${biggest?.count} active products, page ${DEEP_PAGE} of ${Math.ceil((biggest?.count ?? 0) / PAGE_SIZE)})`,
  );
  // Each target once: it answers 200 with what its row means to measure (and warms the isolate).
  // A target that fails its check is not loaded; the others still are, and the run exits 1.
  const unavailable = new Map<string, string>();
  const failed = new Map<string, string>();
  for (const t of targets) {
    const res = await fetch(`${ORIGIN}${t.path}`);
    try {
      if (res.status !== 200) {
        await res.body?.cancel();
        if (t.optional) unavailable.set(t.name, `GET ${t.path} answered ${res.status}`);
        else fail(t.name, `GET ${t.path} answered ${res.status}`);
        continue;
      }
      await t.check(res);
    } catch (error) {
      failed.set(t.name, error instanceof Error ? error.message : String(error));
    }
  }
  if (failed.has("/api/health")) fail("/api/health", failed.get("/api/health") ?? "");

  const rows: Row[] = [];
  for (const t of targets)
    if (!unavailable.has(t.name) && !failed.has(t.name)) rows.push(await load(t.name, t.path));
  // The rows above ask one question again and again, so after the first request each is a cached
  // answer, as a popular category or word is in a shop. These ask a new page every time: the
  // answer is built from D1 on every request (the filters' counts are kept per question).
  const uncachedPage = (n: number) => 2 + (n % Math.floor(((biggest?.count ?? 0) - 1) / PAGE_SIZE));
  rows.push(
    await load("cat low-high, new page", "", {
      pathFor: (n) =>
        `/api/product/search?category=${encodeURIComponent(category)}&sort=low-high&page=${uncachedPage(n)}`,
    }),
    await load("q=copper, new page", "", {
      pathFor: (n) => `/api/product/search?q=${COMMON_WORD}&page=${2 + (n % 1400)}`,
    }),
  );

  // The cached questions again while shoppers open checkouts and abandon them: each checkout
  // reserves (one browser, so each new one releases, and Stripe expires, the one before), so
  // stock_version moves all the time. Stock is kept apart from the cached answers
  // (worker/modules/catalogue/cache.ts): they re-read a page's stock, never rebuild the page.
  // Untracked products: they never run out, so every checkout is opened whatever the code.
  const untracked = first.products.filter((p) => p.available === null).slice(0, 4);
  if (untracked.length === 0) fail("setup", "no untracked product on the first page");
  // A shop's popular questions are many: 200 pages of the biggest category, each asked before
  // (cached), visited in turn. Quiet, each is a memory hit; with checkouts alongside, what a stock
  // change costs them shows.
  const popular = (n: number) => searchPath({ category, page: 1 + (n % POPULAR_PAGES) });
  for (let n = 0; n < POPULAR_PAGES; n++) await (await fetch(`${ORIGIN}${popular(n)}`)).text();
  rows.push(await load(`${POPULAR_PAGES} cached pages`, "", { pathFor: popular }));
  const churn = checkoutChurn(untracked.map((p) => p._id));
  try {
    rows.push(
      await load("health, checkouts", "/api/health"),
      await load(`${POPULAR_PAGES} pages, checkouts`, "", { pathFor: popular }),
      await load(`q=${COMMON_WORD}, checkouts`, searchPath({ q: COMMON_WORD })),
      await load(
        "cat p400, checkouts",
        searchPath({ category, sort: "relevant", page: DEEP_PAGE }),
      ),
      await load("product, checkouts", `/product/${productId}`),
    );
  } finally {
    churnSummary = await churn.stop();
  }
  print(rows);
  console.log(
    `\nCheckouts alongside the "checkouts" rows: ${churnSummary.opened} opened (each releasing the one before), ${churnSummary.failed} refused or failed, ${(churnSummary.opened / churnSummary.seconds).toFixed(1)} a second (each a reservation and a release: two moves of stock_version).`,
  );
  for (const [name, why] of unavailable) console.log(`${name.padEnd(22)} not available (${why})`);
  for (const [name, why] of failed) console.log(`${name.padEnd(22)} FAILED, not measured (${why})`);
  if (failed.size > 0) exitCode = 1;

  // ---- What the browser fetches -----------------------------------------------------------
  /** The JSON a page's HTML preloads (<link rel="preload" as="fetch">), raw and gzipped. */
  const preloaded = async (page: string) => {
    const html = await (await fetch(`${ORIGIN}${page}`)).text();
    const paths = [...html.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1] ?? "",
    );
    let raw = 0;
    let gzipped = 0;
    const parts: string[] = [];
    for (const path of paths) {
      const body = Buffer.from(await (await fetch(`${ORIGIN}${path}`)).arrayBuffer());
      const gz = gzipSync(body).length;
      raw += body.length;
      gzipped += gz;
      parts.push(`${path} ${kB(body.length)} (gzip ${kB(gz)})`);
    }
    return { paths, raw, gzipped, parts };
  };
  console.log("\nJSON each page's HTML preloads (uncompressed, gzip via node:zlib):");
  const collection = await preloaded("/collection");
  for (const [page, result] of [
    ["/collection", collection],
    ["/", await preloaded("/")],
    ["/product/:id", await preloaded(`/product/${productId}`)],
  ] as const) {
    console.log(
      `  ${page.padEnd(13)} ${kB(result.raw)} (gzip ${kB(result.gzipped)}): ${result.parts.join(" + ")}`,
    );
  }
  if (collection.paths.length === 0) fail("/collection", "its HTML preloads no JSON");

  // ---- Size and counts ----------------------------------------------------------------------
  const all = statuses.reduce((n, s) => n + s.n, 0);
  const active = statuses.find((s) => s.status === "active")?.n ?? 0;
  console.log(
    `\nProducts: ${active} active of ${all} (${statuses.map((s) => `${s.status} ${s.n}`).join(", ")})`,
  );
  console.log(
    dbFile
      ? `D1 database: ${dbFile.bytes} bytes (${MB(dbFile.bytes)}), WAL beside it ${MB(dbFile.wal)}, in ${dbFile.path}${dbPragmas ? `; ${dbPragmas}` : ""}`
      : "D1 database: file not found",
  );

  // ---- Targets ---------------------------------------------------------------------------------
  const health = rows.find((r) => r.name === "/api/health");
  // The checkout rows share the machine with the checkouts themselves: their fair yardstick is
  // /api/health measured alongside the same checkouts.
  const busyHealth = rows.find((r) => r.name === "health, checkouts");
  console.log(
    `\nTargets (informational): ratio >= ${TARGET_RATIO} of /api/health, p99 < ${TARGET_P99_MS} ms, /collection JSON < ${kB(TARGET_COLLECTION_BYTES)}`,
  );
  for (const r of rows) {
    if (r === health || r === busyHealth || !health) continue;
    const yardstick = r.name.endsWith(", checkouts") && busyHealth ? busyHealth : health;
    const ratio = r.rps / yardstick.rps;
    const ok = ratio >= TARGET_RATIO && r.p99 < TARGET_P99_MS;
    console.log(
      `${ok ? "PASS" : "MISS"}  ${r.name.padEnd(22)} ratio ${ratio.toFixed(2)}${ratio >= TARGET_RATIO ? "" : " (< 0.5)"}${yardstick === busyHealth ? " of health alongside the checkouts" : ""}, p99 ${r.p99} ms${r.p99 < TARGET_P99_MS ? "" : " (>= 100)"}`,
    );
  }
  for (const [name] of unavailable) console.log(`----  ${name.padEnd(22)} not available`);
  for (const [name] of failed)
    console.log(`FAIL  ${name.padEnd(22)} answered wrongly, not measured`);
  console.log(
    `${collection.raw < TARGET_COLLECTION_BYTES ? "PASS" : "MISS"}  /collection JSON        ${kB(collection.raw)} uncompressed, ${kB(collection.gzipped)} gzip`,
  );

  const errors = rows.reduce((n, r) => n + r.errors, 0);
  if (errors > 0) {
    console.error(`\n${errors} requests failed or answered other than 2xx.`);
    exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  shop.stop();
}
process.exit(exitCode);
