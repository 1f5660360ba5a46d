// /sitemaps/pages.xml (the pages and posts) and /sitemaps/products-N.xml (SITEMAP_PRODUCTS products
// each, with lastmod), built from this deployment's origin and the catalogue; sitemap.ts is their
// index. Each is kept with the catalogue's version, like the catalogue's JSON.
import { Hono } from "hono";
import { cacheRequest } from "../http/cache-request";
import { notFound } from "../lib/app-error";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { cachedResponse } from "../modules/catalogue/cache";
import { listBlogPosts, listProductIds } from "../modules/catalogue/reads";

/** Products a sitemap lists (the protocol allows 50,000 addresses a file). */
export const SITEMAP_PRODUCTS = 10_000;
const XML = "application/xml; charset=UTF-8";

const STATIC_PATHS = ["/", "/collection", "/blog", "/contact", "/creator-signup"];

export const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const sitemapsRoutes = new Hono<AppEnv>()
  .get("/pages.xml", (c) =>
    xml(c, "sitemap-pages", async () => {
      const origin = c.env.APP_ORIGIN;
      const posts = await listBlogPosts({ db: c.var.catalogueDb });
      return urlset([
        ...STATIC_PATHS.map((path) => ({ loc: `${origin}${path}` })),
        ...posts.map((p) => ({ loc: `${origin}/blog?post=${p._id}`, lastmod: p.publishDate })),
      ]);
    }),
  )
  .get("/:file{products-[1-9][0-9]{0,5}\\.xml}", async (c) => {
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
export function xml(c: AppContext, key: string, build: () => Promise<string>): Promise<Response>;
export function xml(
  c: AppContext,
  key: string,
  build: () => Promise<string | null>,
): Promise<Response | null>;
export function xml(c: AppContext, key: string, build: () => Promise<string | null>) {
  return cachedResponse(
    { db: c.var.catalogueDb },
    { ...cacheRequest(c, key), contentType: XML },
    build,
  );
}
