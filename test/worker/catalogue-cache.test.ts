// The catalogue's caches under checkouts: stock that moves with every checkout is kept apart from
// what the catalogue says, so a reservation re-reads a few stock figures instead of rebuilding
// every answer and search; and the list and search are limited per client at the edge.
import { env } from "cloudflare:test";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ProductResponse, ProductSearchResponse } from "../../worker/contracts/catalogue";
import { products } from "../../worker/db/schema";
import { catalogueWork, noteCatalogueChange } from "../../worker/modules/catalogue/cache";
import { openSession } from "./helpers/checkout";
import { api, createCategory, createProduct } from "./helpers/factories";

const versions = async () => {
  const { results } = await env.DB.prepare(
    "SELECT key, value FROM app_meta WHERE key IN ('catalogue_version', 'stock_version')",
  ).all<{ key: string; value: number }>();
  return Object.fromEntries(results.map((r) => [r.key, r.value]));
};

/** The columns a trigger of the products table names in its UPDATE OF list. */
async function triggerColumns(name: string): Promise<string[]> {
  const row = await env.DB.prepare(
    "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
  )
    .bind(name)
    .first<{ sql: string }>();
  const list = /UPDATE OF ([\s\S]*?) ON `products`/.exec(row?.sql ?? "")?.[1] ?? "";
  return [...list.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string);
}

describe("stock and catalogue versions", () => {
  it("a checkout's reservation moves stock_version, never catalogue_version", async () => {
    const cat = await createCategory();
    const p = await createProduct(cat.id, { stockOnHand: 5 });
    const before = await versions();
    await openSession({ items: [{ _id: p.id, quantity: 2 }] });
    const after = await versions();
    expect(after.catalogue_version).toBe(before.catalogue_version);
    expect(after.stock_version).toBeGreaterThan(before.stock_version ?? 0);
  });

  it("every products column is either catalogue content or stock, so no change goes unseen", async () => {
    const content = await triggerColumns("products_update_bumps_catalogue");
    const stock = await triggerColumns("products_stock_bumps_stock_version");
    expect(stock).toEqual(["stock_on_hand", "stock_reserved"]);
    // Columns the storefront never shows: the owner's threshold and the row's own timestamp.
    const unshown = ["low_stock_threshold", "updated_at"];
    const all = Object.values(getTableColumns(products)).map((c) => c.name);
    expect([...content, ...stock, ...unshown].sort()).toEqual([...all].sort());
  });
});

describe("cached product answers under checkouts", () => {
  it("re-reads the stock of a search page without rebuilding it, and says when the last units are held", async () => {
    const cat = await createCategory({ name: "Singing Bowls" });
    const bowl = await createProduct(cat.id, { name: "Seven Metal Bowl", stockOnHand: 1 });
    const elsewhere = await createProduct((await createCategory()).id, { stockOnHand: 3 });
    const path = "/api/product/search?category=singing%20bowls";
    const bowlIn = (answer: ProductSearchResponse) =>
      answer.products.find((p) => p._id === bowl.id);
    const first = await (await api(path)).json<ProductSearchResponse>();
    expect(bowlIn(first)).toMatchObject({ inStock: true, available: 1, held: false });
    const built = catalogueWork();

    await openSession({ items: [{ _id: bowl.id, quantity: 1 }] });
    noteCatalogueChange();
    const held = await (await api(path)).json<ProductSearchResponse>();
    expect(bowlIn(held)).toMatchObject({ inStock: false, available: 0, held: true });
    const work = catalogueWork();
    expect(work.contentBuilds).toBe(built.contentBuilds);
    expect(work.stockReads).toBe(built.stockReads + 1);
    expect(held.total).toBe(first.total);

    // A checkout of a product the page does not show leaves its body, and ETag, as they were.
    const res = await api(path);
    const etag = res.headers.get("etag") ?? "";
    await openSession({ items: [{ _id: elsewhere.id, quantity: 1 }] });
    noteCatalogueChange();
    const again = await api(path, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("keeps product, list, highlights and page HTML in step with stock", async () => {
    const cat = await createCategory();
    const p = await createProduct(cat.id, { stockOnHand: 2, bestseller: true });
    for (const path of ["/api/product/list", "/api/product/highlights", `/product/${p.id}`]) {
      expect((await api(path)).status, path).toBe(200);
    }
    await openSession({ items: [{ _id: p.id, quantity: 2 }] });
    noteCatalogueChange();
    const one = await (await api(`/api/product/${p.id}`)).json<ProductResponse>();
    expect(one.product).toMatchObject({ available: 0, inStock: false, held: true });
    const list = await (await api("/api/product/list")).json<{ products: { held: boolean }[] }>();
    expect(list.products[0]?.held).toBe(true);
    const highlights = await (await api("/api/product/highlights")).json<{
      bestsellers: { held: boolean }[];
    }>();
    expect(highlights.bestsellers[0]?.held).toBe(true);
    const page = await (await api(`/product/${p.id}`)).text();
    expect(page).toContain("https://schema.org/OutOfStock");
  });

  it("answers an in-stock search by the stock as it is now", async () => {
    const cat = await createCategory({ name: "Diyas" });
    const p = await createProduct(cat.id, { stockOnHand: 1 });
    const path = "/api/product/search?category=diyas&instock=1";
    expect((await (await api(path)).json<ProductSearchResponse>()).total).toBe(1);
    await openSession({ items: [{ _id: p.id, quantity: 1 }] });
    noteCatalogueChange();
    const after = await (await api(path)).json<ProductSearchResponse>();
    expect(after.total).toBe(0);
    expect(after.products).toEqual([]);
  });
});

describe("catalogue reads limited per client at the edge", () => {
  const from = (ip: string, path: string) => api(path, { headers: { "cf-connecting-ip": ip } });
  // The edge counts in fixed windows: twice the limit and one more, sent together, puts more than
  // the limit into one window however the requests fall across a window's end.
  const burst = (limit: number, request: (i: number) => Promise<Response>) =>
    Promise.all(Array.from({ length: 2 * limit + 1 }, (_, i) => request(i)));

  it("stops one network reading the list and search in a loop, and leaves the next one alone", async () => {
    const cat = await createCategory();
    await createProduct(cat.id);
    // Answers already built, as a shopper's browsing mostly finds them.
    for (const path of ["/api/product/list", "/api/product/search"]) {
      expect((await from("203.0.113.76", path)).status).toBe(200);
    }
    const answers = await burst(100, (i) =>
      from("203.0.113.77", i % 2 ? "/api/product/list" : "/api/product/search"),
    );
    const limited = answers.filter((r) => r.status === 429);
    expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]?.headers.get("retry-after"))).toBe(10);
    expect(await limited[0]?.json()).toMatchObject({ success: false, code: "rate_limited" });
    expect((await from("203.0.113.78", "/api/product/search")).status).toBe(200);
  });

  it("stops one network asking question after new question, which D1 must work out", async () => {
    const cat = await createCategory();
    await createProduct(cat.id);
    const answers = await burst(40, (i) =>
      from("2001:db8:7::1", `/api/product/search?q=copper&page=${i + 1}`),
    );
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]?.headers.get("retry-after"))).toBe(60);
    // Another address of the same /64 is the same client; an answer already built is still served.
    const built = answers.findIndex((r) => r.status === 200) + 1;
    expect((await from("2001:db8:7::2", `/api/product/search?q=copper&page=${built}`)).status).toBe(
      200,
    );
  });
});
