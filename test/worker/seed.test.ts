import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import type { ProductListResponse } from "../../worker/contracts/catalogue";
import * as schema from "../../worker/db/schema";
import { parsePasswordHash, verifyPassword } from "../../worker/modules/identity/passwords";
import { categories } from "../../worker/seed/content/categories";
import { faq } from "../../worker/seed/content/faq";
import { posts } from "../../worker/seed/content/posts";
import { products } from "../../worker/seed/content/products";
import { DEMO_ACCOUNTS } from "../../worker/seed/demo-accounts";
import { isEmpty, seedShop } from "../../worker/seed/seed";
import { api, db } from "./helpers/factories";

describe("seed content", () => {
  it("is a realistic shop: 40+ products over 6+ categories", () => {
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect(categories.length).toBeGreaterThanOrEqual(6);
    const names = new Set(categories.map((c) => c.name));
    for (const p of products) expect(names.has(p.category), p.slug).toBe(true);
    for (const c of categories) {
      expect(products.filter((p) => p.category === c.name).length, c.name).toBeGreaterThanOrEqual(
        4,
      );
    }
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
  });

  it("prices are whole AUD cents; a third on sale, never above 50% off", () => {
    for (const p of products) {
      expect(Number.isInteger(p.finalPriceCents) && p.finalPriceCents > 0, p.slug).toBe(true);
      expect(Number.isInteger(p.originalPriceCents), p.slug).toBe(true);
      expect(p.finalPriceCents).toBeLessThanOrEqual(p.originalPriceCents);
      expect(p.finalPriceCents * 2).toBeGreaterThanOrEqual(p.originalPriceCents);
    }
    const onSale = products.filter((p) => p.originalPriceCents > p.finalPriceCents);
    expect(onSale.length * 3).toBeGreaterThanOrEqual(products.length);
    expect(products.filter((p) => p.bestseller).length).toBeGreaterThanOrEqual(10);
    expect(products.some((p) => p.premium)).toBe(true);
    expect(products.some((p) => p.isNew)).toBe(true);
  });

  it("tags make related products meaningful for every product", () => {
    for (const p of products) {
      const related = products.filter(
        (o) =>
          o.slug !== p.slug && o.category === p.category && o.tags.some((t) => p.tags.includes(t)),
      );
      expect(related.length, p.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it("has 6+ real blog posts and the FAQ", () => {
    expect(posts.length).toBeGreaterThanOrEqual(6);
    for (const post of posts) {
      expect(post.contentHtml, post.slug).toMatch(/<p>/);
      expect(post.contentHtml).not.toMatch(/<script|on[a-z]+=|javascript:|<iframe/i);
      expect(post.publishDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(post.estimatedTimeToRead).toBeGreaterThan(0);
      expect(post.keywords.split(",").length).toBeGreaterThanOrEqual(2);
    }
    expect(faq.length).toBeGreaterThanOrEqual(5);
    expect(faq.some((f) => f.isActive)).toBe(true);
  });
});

describe("seedShop", () => {
  const count = async (table: SQLiteTable) =>
    (await db().select({ n: sql<number>`count(*)` }).from(table))[0]?.n;

  it("writes the whole shop, pictures included, and is idempotent", async () => {
    expect(await isEmpty(env)).toBe(true);
    const first = await seedShop(env);
    expect(first.accountsCreated).toBe(3);
    const second = await seedShop(env);
    expect(second.accountsCreated).toBe(0);
    expect(await isEmpty(env)).toBe(false);

    expect(await count(schema.products)).toBe(products.length);
    expect(await count(schema.categories)).toBe(categories.length);
    expect(await count(schema.blogPosts)).toBe(posts.length);
    expect(await count(schema.faqEntries)).toBe(faq.length);
    expect(await count(schema.users)).toBe(3);
    expect(await count(schema.creatorProfiles)).toBe(1);

    const listed = await (await api("/api/product/list")).json<ProductListResponse>();
    expect(listed.products).toHaveLength(products.length);
    for (const p of listed.products) {
      expect(p.image.length, p.name).toBeGreaterThanOrEqual(2);
    }
    const picture = await api(listed.products[0]?.image[0] ?? "");
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/svg+xml");
    expect(await picture.text()).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("creates the three demo accounts with 100000-iteration PBKDF2 hashes", async () => {
    await seedShop(env);
    const users = await db().select().from(schema.users);
    expect(users.map((u) => u.role).sort()).toEqual(["admin", "creator", "user"]);
    for (const account of DEMO_ACCOUNTS) {
      const user = users.find((u) => u.email === account.email);
      expect(user, account.email).toBeDefined();
      expect(parsePasswordHash(user?.passwordHash ?? "")?.iterations).toBe(100_000);
      expect(await verifyPassword(account.password, user?.passwordHash ?? null)).toBe(true);
      expect(await verifyPassword(`${account.password}x`, user?.passwordHash ?? null)).toBe(false);
    }
    const [profile] = await db().select().from(schema.creatorProfiles);
    expect(profile?.affiliateCode).toBe("PRIYA10");
  });
});
