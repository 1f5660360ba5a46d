// GET /api/product/search: the collection's questions answered by D1 exactly as
// the SPA answered them from the whole list (web/features/collection/collection-query.ts is the
// reference, compared over random questions), with facets, pages, and only active products; and
// bad input a 4xx in the error shape or an empty page, never a 5xx.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import * as v from "valibot";
import { beforeEach, describe, expect, it } from "vitest";
import { paginate, selectProducts } from "../../web/features/collection/collection-query";
import {
  type ProductDto,
  type ProductSearchResponse,
  SORT_MODES,
} from "../../worker/contracts/catalogue";
import { ProductSearchQuery, SEARCH_MESSAGES } from "../../worker/contracts/catalogue-search";
import { createCatalogueDb } from "../../worker/db/client";
import { categories, products } from "../../worker/db/schema";
import {
  api,
  createCategory,
  createProduct,
  db,
  eventually,
  useNewTestNetwork,
} from "./helpers/factories";

const DAY = 86_400_000;

async function search(query: string) {
  const res = await api(`/api/product/search${query ? `?${query}` : ""}`);
  expect(res.status, query).toBe(200);
  return res.json<ProductSearchResponse>();
}

async function listAll(): Promise<ProductDto[]> {
  const res = await api("/api/product/list");
  return (await res.json<{ products: ProductDto[] }>()).products;
}

/** Two categories and nine products with names, prices, flags and stock to tell them apart. */
async function shop() {
  const copper = await createCategory({ name: "Copper Wellness", sortOrder: 1 });
  const chimes = await createCategory({ name: "Wind Chimes", sortOrder: 2 });
  const base = Date.UTC(2026, 0, 1);
  const make = (i: number, o: Partial<typeof products.$inferInsert>) =>
    createProduct(o.categoryId ?? copper.id, {
      listedAt: new Date(base + i * DAY),
      originalPriceCents: 5000,
      finalPriceCents: 5000,
      ...o,
    });
  await make(1, { name: "Hammered Copper Bottle", finalPriceCents: 3995, premium: true });
  await make(2, { name: "Plain copper tumbler", finalPriceCents: 2500 });
  await make(3, { name: 'Copper Bell (brass) "special"', premium: true, stockOnHand: 0 });
  await make(4, { name: "Lotus Wind Chime", categoryId: chimes.id, finalPriceCents: 2500 });
  await make(5, { name: "Om chime - NEAR the door*", categoryId: chimes.id });
  await make(6, { name: "Ōm Brass Chime", categoryId: chimes.id, stockOnHand: 3 });
  await make(7, { name: "Tibetan Copper Chime", categoryId: chimes.id, finalPriceCents: 4500 });
  await make(8, { name: "Draft copper jug", status: "draft" });
  await make(9, { name: "Archived copper jug", status: "archived" });
  return { copper, chimes };
}

describe("GET /api/product/search", () => {
  beforeEach(async () => {
    await shop();
  });

  it("answers the first 12 active products newest first, with facets, by default", async () => {
    const answer = await search("");
    expect(answer).toMatchObject({ success: true, total: 7, page: 1, pageSize: 12 });
    expect(answer.products.map((p) => p.name)).toEqual((await listAll()).map((p) => p.name));
    expect(answer.products.some((p) => /jug/.test(p.name))).toBe(false);
    expect(answer.facets).toEqual({
      categories: [
        { name: "Copper Wellness", count: 3 },
        { name: "Wind Chimes", count: 4 },
      ],
      premium: 2,
      sale: 4,
    });
  });

  it("searches names by substring in any case, FTS syntax only text", async () => {
    const names = async (q: string) =>
      (await search(`q=${encodeURIComponent(q)}`)).products.map((p) => p.name);
    expect(await names("COPPER")).toEqual([
      "Tibetan Copper Chime",
      'Copper Bell (brass) "special"',
      "Plain copper tumbler",
      "Hammered Copper Bottle",
    ]);
    expect(await names("per bot")).toEqual(["Hammered Copper Bottle"]);
    expect(await names("  per   bot ")).toEqual(["Hammered Copper Bottle"]);
    expect(await names("(brass)")).toEqual(['Copper Bell (brass) "special"']);
    expect(await names('"special"')).toEqual(['Copper Bell (brass) "special"']);
    expect(await names("NEAR the")).toEqual(["Om chime - NEAR the door*"]);
    expect(await names("door*")).toEqual(["Om chime - NEAR the door*"]);
    expect(await names("- N")).toEqual(["Om chime - NEAR the door*"]);
    // One and two characters are matched too.
    expect(await names("Ōm")).toEqual(["Ōm Brass Chime"]);
    expect(await names("*")).toEqual(["Om chime - NEAR the door*"]);
    expect(await names("jug")).toEqual([]);
    for (const q of [
      '"',
      "AND",
      "OR NOT",
      "a:b",
      "^start",
      "{x}",
      "🙂",
      "ॐ शान्ति",
      "x".repeat(200),
    ]) {
      expect((await search(`q=${encodeURIComponent(q)}`)).success, q).toBe(true);
    }
  });

  it("filters by categories in any case, flags, and sorts by price with newest first on ties", async () => {
    const answer = await search("category=wind%20chimes&category=COPPER%20WELLNESS&sort=low-high");
    expect(answer.products.map((p) => [p.name, p.finalPrice])).toEqual([
      ["Lotus Wind Chime", 25],
      ["Plain copper tumbler", 25],
      ["Hammered Copper Bottle", 39.95],
      ["Tibetan Copper Chime", 45],
      ["Ōm Brass Chime", 50],
      ["Om chime - NEAR the door*", 50],
      ['Copper Bell (brass) "special"', 50],
    ]);
    const premium = await search("premium=false&category=Copper%20Wellness");
    expect(premium.products.map((p) => p.name)).toEqual([
      'Copper Bell (brass) "special"',
      "Hammered Copper Bottle",
    ]);
    // Facets count each filter under the others.
    expect(premium.facets).toEqual({
      categories: [
        { name: "Copper Wellness", count: 2 },
        { name: "Wind Chimes", count: 0 },
      ],
      premium: 2,
      sale: 1,
    });
    const inStock = await search("instock=1&sale=1&sort=high-low");
    expect(inStock.products.map((p) => p.name)).toEqual([
      "Tibetan Copper Chime",
      "Hammered Copper Bottle",
      "Lotus Wind Chime",
      "Plain copper tumbler",
    ]);
    expect((await search("category=Brassware")).total).toBe(0);
  });

  it("pages 12 at a time by default and up to 48; a page past the last is empty", async () => {
    const first = await search("pageSize=3");
    const second = await search("pageSize=3&page=2");
    const third = await search("pageSize=3&page=3");
    expect([first, second, third].map((a) => a.products.length)).toEqual([3, 3, 1]);
    expect([...first.products, ...second.products, ...third.products].map((p) => p.name)).toEqual(
      (await listAll()).map((p) => p.name),
    );
    expect(await search("page=999999")).toMatchObject({ products: [], total: 7, page: 999999 });
    expect((await search("pageSize=48")).pageSize).toBe(48);
  });

  it("finds a product by its new name once renamed, and loses an archived one", async () => {
    const [bottle] = await db()
      .select()
      .from(products)
      .where(eq(products.name, "Hammered Copper Bottle"));
    const write = (values: Partial<typeof products.$inferInsert>) =>
      db()
        .update(products)
        .set(values)
        .where(eq(products.id, bottle?.id ?? ""));
    // Answers are cached per catalogue version, which each write bumps: the new answer shows once
    // this isolate re-reads the version.
    const tamraOnceFound = (total: number) =>
      eventually(
        () => search("q=tamra"),
        (answer) => answer.total === total,
      );
    await write({ name: "Beaten Tamra Flask" });
    const renamed = await tamraOnceFound(1);
    expect(renamed.products.map((p) => p.name)).toEqual(["Beaten Tamra Flask"]);
    expect((await search("q=hammered")).total).toBe(0);
    await write({ status: "archived" });
    expect((await tamraOnceFound(0)).total).toBe(0);
  });

  it.each([
    ["pageSize=49"],
    ["pageSize=0"],
    ["pageSize=-1"],
    ["pageSize=1e3"],
    ["pageSize=12.5"],
    ["page=0"],
    ["page=-3"],
    ["page=1000000"],
    ["page=abc"],
    ["sort=price"],
    ["q=a&q=b"],
    ["premium=1&premium=2"],
    [`q=${"x".repeat(201)}`],
    [`category=${"c".repeat(101)}`],
  ])("answers %s with a 400 in the error shape", async (query) => {
    const res = await api(`/api/product/search?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe("control characters in a search", () => {
  beforeEach(async () => {
    await shop();
  });

  it.each([
    // NUL inside a term the name index is asked about was a 500 (FTS5: "unterminated string").
    ["q=a%00b", SEARCH_MESSAGES.qText],
    ["q=copper%00", SEARCH_MESSAGES.qText],
    ["q=%00", SEARCH_MESSAGES.qText],
    ["q=%01chime", SEARCH_MESSAGES.qText],
    ["q=copper%09bottle", SEARCH_MESSAGES.qText],
    ["q=%0Acopper", SEARCH_MESSAGES.qText],
    ["q=copper%1F", SEARCH_MESSAGES.qText],
    ["q=copper%7F", SEARCH_MESSAGES.qText],
    ["q=%C2%80copper", SEARCH_MESSAGES.qText],
    ["q=copper%C2%9F", SEARCH_MESSAGES.qText],
    ["q=copper%00&sort=low-high&page=2", SEARCH_MESSAGES.qText],
    ["category=Copper%00Wellness", SEARCH_MESSAGES.categoryText],
    ["category=Wind+Chimes&category=%00", SEARCH_MESSAGES.categoryText],
    ["category=%C2%85", SEARCH_MESSAGES.categoryText],
  ])("answers %s with a 400 that says so", async (query, message) => {
    const res = await api(`/api/product/search?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: "invalid_input", message });
  });

  it("refuses lone surrogates by the same schema the SPA can use, and keeps any other text", () => {
    for (const q of ["\uD800abc", "abc\uDC00", "x\uDBFFy"]) {
      const parsed = v.safeParse(ProductSearchQuery, { q });
      expect(parsed.success, JSON.stringify(q)).toBe(false);
      expect(parsed.issues?.[0]?.message).toBe(SEARCH_MESSAGES.qText);
    }
    expect(v.safeParse(ProductSearchQuery, { category: ["Wind Chimes", "\uDFFF"] }).success).toBe(
      false,
    );
    for (const q of ["Ōm 😀", "copper\u200Bbell", "مرحبا", "\uDBFF\uDFFF"]) {
      expect(v.safeParse(ProductSearchQuery, { q }).success, JSON.stringify(q)).toBe(true);
    }
  });

  it("still finds names around any other character", async () => {
    const found = await search(`q=${encodeURIComponent("copper\u00A0chime")}`);
    expect(found.products.map((p) => p.name)).toEqual(["Tibetan Copper Chime"]);
  });
});

describe("the catalogue's reads", () => {
  it("go through a D1 session that a read replica may answer first", async () => {
    const constraints: unknown[] = [];
    const d1 = new Proxy(env.DB, {
      get(target, key) {
        if (key === "withSession")
          return (constraint: D1SessionConstraint) => {
            constraints.push(constraint);
            return target.withSession(constraint);
          };
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { copper } = await shop();
    const rows = await createCatalogueDb(d1).select().from(categories);
    expect(constraints).toEqual(["first-unconstrained"]);
    expect(rows.map((r) => r.id)).toContain(copper.id);
  });
});

describe("GET /api/product/search against the SPA's own rules", () => {
  it("answers every question as the collection computed it from the whole list", async () => {
    await shop();
    const all = await listAll();
    const words = ["copper", "CHIME", "om", "ōm", "bell (", "er b", "x", "", "Tumbler", "-"];
    const question = fc.record({
      search: fc.constantFrom(...words),
      categories: fc.subarray(["Copper Wellness", "wind chimes", "Nowhere"]),
      premium: fc.boolean(),
      sale: fc.boolean(),
      hideSoldOut: fc.boolean(),
      sort: fc.constantFrom(...SORT_MODES),
      page: fc.integer({ min: 1, max: 3 }),
      pageSize: fc.integer({ min: 1, max: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(question, async (q) => {
        // Each question from a shopper of its own: sixty new questions from one network in a
        // minute is what the catalogue's build limit stops.
        useNewTestNetwork();
        const params = new URLSearchParams();
        if (q.search) params.set("q", q.search);
        for (const c of q.categories) params.append("category", c);
        if (q.premium) params.set("premium", "true");
        if (q.sale) params.set("sale", "true");
        if (q.hideSoldOut) params.set("instock", "1");
        params.set("sort", q.sort);
        params.set("page", String(q.page));
        params.set("pageSize", String(q.pageSize));
        const answer = await search(params.toString());
        const expected = selectProducts(all, q);
        const start = (q.page - 1) * q.pageSize;
        expect(answer.total).toBe(expected.length);
        expect(answer.products.map((p) => p._id)).toEqual(
          expected.slice(start, start + q.pageSize).map((p) => p._id),
        );
        expect(paginate(expected, 1, q.pageSize).total).toBe(answer.total);
      }),
      { numRuns: 60, seed: 20261124 },
    );
  });
});
