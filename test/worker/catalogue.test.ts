import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type {
  BlogListResponse,
  CategoryListResponse,
  FaqListResponse,
  ProductListResponse,
  ProductResponse,
} from "../../worker/contracts/catalogue";
import { blogPosts, faqEntries, products } from "../../worker/db/schema";
import { newId } from "../../worker/lib/ids";
import { VERSION_TTL_MS } from "../../worker/modules/catalogue/cache";
import { api, createCategory, createProduct, db } from "./helpers/factories";

describe("GET /api/product/list", () => {
  it("answers every product with the SPEC fields, prices in dollars, newest first", async () => {
    const cat = await createCategory({ name: "Wind Chimes" });
    const older = await createProduct(cat.id, {
      listedAt: new Date("2026-01-01"),
      variant: "Large",
    });
    const newer = await createProduct(cat.id, {
      listedAt: new Date("2026-06-01"),
      originalPriceCents: 12900,
      finalPriceCents: 12900,
      bestseller: true,
      premium: true,
      isNew: true,
    });

    const res = await api("/api/product/list");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json<ProductListResponse>();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe("string");
    expect(body.products.map((p) => p._id)).toEqual([newer.id, older.id]);
    expect(body.products[0]).toEqual({
      _id: newer.id,
      name: newer.name,
      description: newer.description,
      image: ["/images/products/a.svg", "/images/products/b.svg"],
      originalPrice: 129,
      finalPrice: 129,
      category: "Wind Chimes",
      tags: ["copper", "ayurveda"],
      bestseller: true,
      new: true,
      premium: true,
      inStock: true,
      available: null,
      held: false,
    });
    expect(body.products[1]).toMatchObject({
      originalPrice: 49.95,
      finalPrice: 39.95,
      variant: "Large",
    });
  });

  it("answers an empty list when there are no products", async () => {
    const body = await (await api("/api/product/list")).json<ProductListResponse>();
    expect(body).toMatchObject({ success: true, products: [] });
  });
});

describe("GET /api/product/:id", () => {
  it("answers one product", async () => {
    const cat = await createCategory();
    const p = await createProduct(cat.id);
    const res = await api(`/api/product/${p.id}`);
    expect(res.status).toBe(200);
    const body = await res.json<ProductResponse>();
    expect(body.product).toMatchObject({ _id: p.id, name: p.name, category: cat.name });
  });

  it("answers 404 in the error shape for an unknown id", async () => {
    const res = await api(`/api/product/${newId()}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      success: false,
      message: "Product not found",
      code: "product_not_found",
    });
  });

  it.each(["abc", "ZZZZZZZZZZZZZZZZZZZZZZZZ", "1%27%20OR%201%3D1", "x".repeat(300)])(
    "answers 400 for the malformed id %s",
    async (id) => {
      const res = await api(`/api/product/${id}`);
      expect(res.status).toBe(400);
      const body = await res.json<{ success: boolean; code: string; issues: unknown[] }>();
      expect(body.success).toBe(false);
      expect(body.code).toBe("invalid_input");
      expect(body.issues.length).toBeGreaterThan(0);
    },
  );
});

describe("GET /api/category/list, /api/blogs, /api/faq", () => {
  it("lists categories in their display order with image URLs", async () => {
    const b = await createCategory({
      name: "Singing Bowls",
      sortOrder: 2,
      imageKey: "categories/b.svg",
    });
    const a = await createCategory({ name: "Copper Water Bottles", sortOrder: 1 });
    const body = await (await api("/api/category/list")).json<CategoryListResponse>();
    expect(body).toEqual({
      success: true,
      categories: [
        { _id: a.id, name: a.name, image: "/images/categories/test.svg" },
        { _id: b.id, name: b.name, image: "/images/categories/b.svg" },
      ],
    });
  });

  it("lists blog posts newest first with every SPEC field", async () => {
    const post = {
      slug: "copper",
      title: "Why copper?",
      coverKey: "blog/copper.svg",
      shortDescription: "Tamra jal explained.",
      content: "<p>Copper</p>",
      estimatedTimeToRead: 4,
      keywords: "copper, ayurveda",
    };
    await db()
      .insert(blogPosts)
      .values([
        { ...post, id: newId(), publishDate: "2025-07-01" },
        { ...post, id: newId(), slug: "later", title: "Later", publishDate: "2026-02-01" },
      ]);
    const body = await (await api("/api/blogs")).json<BlogListResponse>();
    expect(body.blogs.map((b) => b.title)).toEqual(["Later", "Why copper?"]);
    expect(body.blogs[1]).toMatchObject({
      cover: "/images/blog/copper.svg",
      shortDescription: "Tamra jal explained.",
      publishDate: "2025-07-01",
      estimatedTimeToRead: 4,
      keywords: "copper, ayurveda",
      content: "<p>Copper</p>",
    });
  });

  it("lists FAQ entries in order with isActive", async () => {
    await db()
      .insert(faqEntries)
      .values([
        { id: newId(), title: "Returns?", content: "7 days.", isActive: false, sortOrder: 2 },
        { id: newId(), title: "Delivery?", content: "3-7 days.", isActive: true, sortOrder: 1 },
      ]);
    const body = await (await api("/api/faq")).json<FaqListResponse>();
    expect(body.faqs.map((f) => [f.title, f.isActive])).toEqual([
      ["Delivery?", true],
      ["Returns?", false],
    ]);
  });
});

describe("catalogue caching", () => {
  it("answers with a strong ETag and 304 on If-None-Match", async () => {
    const cat = await createCategory();
    await createProduct(cat.id);
    for (const path of ["/api/product/list", "/api/category/list", "/api/blogs", "/api/faq"]) {
      const first = await api(path);
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get("cache-control")).toContain("public");
      const again = await api(path, { headers: { "If-None-Match": etag ?? "" } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
      const other = await api(path, { headers: { "If-None-Match": '"something-else"' } });
      expect(other.status).toBe(200);
    }
  });

  it("serves the new catalogue once a write has bumped the version", async () => {
    const cat = await createCategory();
    const p = await createProduct(cat.id, { finalPriceCents: 3995 });
    const before = await api("/api/product/list");
    const etag = before.headers.get("etag") ?? "";

    await db().update(products).set({ finalPriceCents: 2995 }).where(eq(products.id, p.id));
    const version = await env.DB.prepare("SELECT value FROM app_meta").first<number>("value");
    expect(version).toBeGreaterThan(0);

    // Within the revalidation window the isolate may still answer from memory...
    vi.useFakeTimers({ now: Date.now() + VERSION_TTL_MS + 1, toFake: ["Date"] });
    try {
      // ...after it, the version is re-read and the answer rebuilt.
      const after = await api("/api/product/list", { headers: { "If-None-Match": etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get("etag")).not.toBe(etag);
      const body = await after.json<ProductListResponse>();
      expect(body.products[0]?.finalPrice).toBe(29.95);
    } finally {
      vi.useRealTimers();
    }
  });
});
