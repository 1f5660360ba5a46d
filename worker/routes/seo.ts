// robots.txt and the sitemaps, built from this deployment's origin and the catalogue. sitemap.xml
// is an index: the pages and posts in one sitemap, the products in sitemaps of SITEMAP_PRODUCTS
// each (the protocol allows 50,000 addresses a file; a catalogue of 50,000 must not be one answer
// built from every row at once).
import { Hono } from "hono";
import { notFound } from "../lib/app-error";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { cachedResponse } from "../modules/catalogue/cache";
import { countProducts, listBlogPosts, listProductIds } from "../modules/catalogue/reads";

export const SITEMAP_PRODUCTS = 10_000;
const XML = "application/xml; charset=UTF-8";

const STATIC_PATHS = ["/", "/collection", "/blog", "/contact", "/creator-signup"];

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const seoRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) =>
    c.text(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /admin",
        "Disallow: /place-order",
        "Disallow: /order-placed",
        "Disallow: /orders",
        "Disallow: /profile",
        "Disallow: /creator-profile",
        "",
        `Sitemap: ${c.env.APP_ORIGIN}/sitemap.xml`,
        "",
      ].join("\n"),
      200,
      { "cache-control": "public, max-age=86400" },
    ),
  )
  .get("/sitemap.xml", (c) =>
    xml(c, "sitemap-index", async () => {
      const origin = c.env.APP_ORIGIN;
      const files = Math.max(
        1,
        Math.ceil((await countProducts({ db: c.var.catalogueDb })) / SITEMAP_PRODUCTS),
      );
      const sitemaps = [
        `${origin}/sitemaps/pages.xml`,
        ...Array.from({ length: files }, (_, i) => `${origin}/sitemaps/products-${i + 1}.xml`),
      ];
      const entries = sitemaps.map((loc) => `  <sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
    }),
  )
  .get("/sitemaps/pages.xml", (c) =>
    xml(c, "sitemap-pages", async () => {
      const origin = c.env.APP_ORIGIN;
      const posts = await listBlogPosts({ db: c.var.catalogueDb });
      return urlset([
        ...STATIC_PATHS.map((path) => ({ loc: `${origin}${path}` })),
        ...posts.map((p) => ({ loc: `${origin}/blog?post=${p._id}`, lastmod: p.publishDate })),
      ]);
    }),
  )
  .get("/sitemaps/:file{products-[1-9][0-9]{0,5}\\.xml}", async (c) => {
    const file = Number(/\d+/.exec(c.req.param("file"))?.[0]);
    const res = await xml(c, `sitemap-products-${file}`, async () => {
      const ids = await listProductIds(
        c.var.catalogueDb,
        (file - 1) * SITEMAP_PRODUCTS,
        SITEMAP_PRODUCTS,
      );
      if (ids.length === 0 && file > 1) return null;
      return urlset(
        ids.map(({ id, updatedAt }) => ({
          loc: `${c.env.APP_ORIGIN}/product/${id}`,
          lastmod: updatedAt.toISOString().slice(0, 10),
        })),
      );
    });
    if (!res) throw notFound("No such sitemap", "sitemap_not_found");
    return res;
  });

function urlset(urls: { loc: string; lastmod?: string }[]): string {
  const entries = urls.map(
    (u) =>
      `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/** An XML answer kept with the catalogue's version, like the catalogue's JSON. */
function xml(c: AppContext, key: string, build: () => Promise<string>): Promise<Response>;
function xml(
  c: AppContext,
  key: string,
  build: () => Promise<string | null>,
): Promise<Response | null>;
function xml(c: AppContext, key: string, build: () => Promise<string | null>) {
  return cachedResponse(
    { db: c.var.catalogueDb },
    { key, ifNoneMatch: c.req.header("if-none-match"), contentType: XML },
    build,
  );
}
