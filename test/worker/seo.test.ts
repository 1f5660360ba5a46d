import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SHARE_CARD, SITE_TITLE } from "../../worker/contracts/site";
import { SITEMAP_PRODUCTS } from "../../worker/routes/sitemaps";
import { api, createCategory, createProduct } from "./helpers/factories";
import { canonical, metaContent, page } from "./helpers/pages";

/** A JPEG's size, from its first start-of-frame segment (baseline or progressive). */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    const marker = bytes[at + 1] ?? 0;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (marker === 0xc0 || marker === 0xc2) {
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      return { width, height };
    }
    at += 2 + length;
  }
  return undefined;
}

/**
 * Every shop page without a picture of its own (a product's is product-pages.test.ts): its
 * title, whether search engines may list it, and the address it calls canonical.
 */
const PAGES = [
  { path: "/", title: SITE_TITLE, canonical: "/" },
  { path: "/collection", title: "Shop the collection — Tamra & Tara", canonical: "/collection" },
  {
    path: "/collection?sale=true&q=bowl&sort=low-high",
    title: "Shop the collection — Tamra & Tara",
    canonical: "/collection",
  },
  { path: "/blog", title: "Blog — Tamra & Tara", canonical: "/blog" },
  { path: "/contact", title: "About & Contact — Tamra & Tara", canonical: "/contact" },
  {
    path: "/creator-signup",
    title: "Become a Content Creator — Tamra & Tara",
    canonical: "/creator-signup",
  },
  { path: "/cart", title: "Cart — Tamra & Tara", canonical: "/cart", noindex: true },
  {
    path: "/place-order",
    title: "Checkout — Tamra & Tara",
    canonical: "/place-order",
    noindex: true,
  },
  {
    path: "/order-placed",
    title: "Order placed — Tamra & Tara",
    canonical: "/order-placed",
    noindex: true,
  },
  { path: "/login", title: "Sign in — Tamra & Tara", canonical: "/login", noindex: true },
  {
    path: "/signup",
    title: "Create an account — Tamra & Tara",
    canonical: "/signup",
    noindex: true,
  },
  {
    path: "/forgot-password",
    title: "Forgot password — Tamra & Tara",
    canonical: "/forgot-password",
    noindex: true,
  },
  {
    path: "/reset-password?token=abc",
    title: "Set a new password — Tamra & Tara",
    canonical: "/reset-password",
    noindex: true,
  },
  { path: "/profile", title: "My profile — Tamra & Tara", canonical: "/profile", noindex: true },
  { path: "/orders", title: "Your Orders — Tamra & Tara", canonical: "/orders", noindex: true },
  {
    path: "/creator-profile",
    title: "Creator profile — Tamra & Tara",
    canonical: "/creator-profile",
    noindex: true,
  },
];

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

describe("every shop page's link preview", () => {
  it("has a title, description, canonical link, Open Graph and a Twitter card; noindex where no search belongs", async () => {
    const image = `http://localhost:8787${SHARE_CARD.path}`;
    for (const expected of PAGES) {
      const { res, html } = await page(expected.path);
      const where = expected.path;
      expect(res.status, where).toBe(200);
      expect(html, where).toContain(`<title>${expected.title.replaceAll("&", "&amp;")}</title>`);
      const description = metaContent(html, "name", "description") ?? "";
      expect(description.length, where).toBeGreaterThan(40);
      const url = `http://localhost:8787${expected.canonical}`;
      expect(canonical(html), where).toBe(url);
      expect(metaContent(html, "property", "og:url"), where).toBe(url);
      expect(metaContent(html, "property", "og:type"), where).toBe("website");
      expect(metaContent(html, "property", "og:title"), where).toBe(
        expected.title === SITE_TITLE ? SITE_TITLE : expected.title.replace(" — Tamra & Tara", ""),
      );
      expect(metaContent(html, "property", "og:description"), where).toBe(description);
      expect(metaContent(html, "property", "og:image"), where).toBe(image);
      expect(metaContent(html, "property", "og:image:width"), where).toBe("1200");
      expect(metaContent(html, "property", "og:image:height"), where).toBe("630");
      expect(metaContent(html, "property", "og:image:type"), where).toBe("image/jpeg");
      expect(metaContent(html, "name", "twitter:card"), where).toBe("summary_large_image");
      expect(metaContent(html, "name", "twitter:image"), where).toBe(image);
      expect(metaContent(html, "name", "robots"), where).toBe(
        expected.noindex ? "noindex" : undefined,
      );
    }
  });

  it("points at a 1200x630 JPEG under 300 kB that the shop serves", async () => {
    // A static asset: served before the Worker runs, so asked of the assets' binding here.
    const res = await env.ASSETS.fetch(new Request(`http://localhost:8787${SHARE_CARD.path}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(300_000);
    expect(jpegSize(bytes)).toEqual({ width: 1200, height: 630 });
  });
});
