import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SITEMAP_PRODUCTS } from "../../worker/routes/sitemaps";
import { api, createCategory, createProduct } from "./helpers/factories";

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt points crawlers at the sitemap on this origin and keeps them out of the API", async () => {
    const res = await api("/robots.txt");
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain("Sitemap: http://localhost:8787/sitemap.xml");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /admin");
  });

  it("sitemap.xml is an index of the pages' sitemap and the products' sitemaps", async () => {
    const cat = await createCategory();
    const a = await createProduct(cat.id);
    const b = await createProduct(cat.id);
    const archived = await createProduct(cat.id, { status: "archived" });
    const res = await api("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const index = await res.text();
    expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]);
    expect(files).toEqual([
      "http://localhost:8787/sitemaps/pages.xml",
      "http://localhost:8787/sitemaps/products-1.xml",
    ]);

    const pages = await (await api("/sitemaps/pages.xml")).text();
    for (const path of ["/", "/collection", "/blog", "/contact"]) {
      expect(pages).toContain(`<loc>http://localhost:8787${path}</loc>`);
    }
    const productsRes = await api("/sitemaps/products-1.xml");
    expect(productsRes.status).toBe(200);
    const listed = await productsRes.text();
    expect(listed).toMatch(/<urlset /);
    for (const p of [a, b]) {
      expect(listed).toMatch(
        new RegExp(
          `<loc>http://localhost:8787/product/${p.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
        ),
      );
    }
    expect(listed).not.toContain(archived.id);
  });

  it("answers 404 for a products sitemap past the last, and for names it does not serve", async () => {
    for (const path of [
      "/sitemaps/products-2.xml",
      "/sitemaps/products-0.xml",
      "/sitemaps/products-01.xml",
      "/sitemaps/products-9999999.xml",
      "/sitemaps/other.xml",
    ]) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { success: boolean }).success).toBe(false);
    }
  });

  it("puts SITEMAP_PRODUCTS products in a file and the next one in the next file", async () => {
    const cat = await createCategory();
    // SITEMAP_PRODUCTS + 1 products in one statement (a recursive CTE), oldest listed first.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO products (id, slug, name, description, image_keys, original_price_cents,
         final_price_cents, category_id, tags, listed_at)
       SELECT printf('%024x', i), 'bulk-' || i, 'Bulk ' || i, 'd', '[]', 100, 100, ?2, '[]', 1000 + i
       FROM n`,
    )
      .bind(SITEMAP_PRODUCTS + 1, cat.id)
      .run();
    const index = await (await api("/sitemap.xml")).text();
    expect(index).toContain("<loc>http://localhost:8787/sitemaps/products-2.xml</loc>");
    expect(index).not.toContain("products-3.xml");
    const first = await (await api("/sitemaps/products-1.xml")).text();
    expect(first.match(/<url>/g)).toHaveLength(SITEMAP_PRODUCTS);
    const second = await (await api("/sitemaps/products-2.xml")).text();
    expect(second.match(/<url>/g)).toHaveLength(1);
    expect(second).toContain(`/product/${(SITEMAP_PRODUCTS + 1).toString(16).padStart(24, "0")}<`);
  });
});
