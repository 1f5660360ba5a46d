// robots.txt and sitemap.xml, built from this deployment's origin and the catalogue.
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { listBlogPosts, listProducts } from "../services/catalogue";
import { cachedResponse } from "../services/catalogue-cache";

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
  .get("/sitemap.xml", (c) => {
    const request = {
      key: "sitemap",
      ifNoneMatch: c.req.header("if-none-match"),
      contentType: "application/xml; charset=UTF-8",
    };
    return cachedResponse(c.var.catalogueDb, request, async () => {
      const origin = c.env.APP_ORIGIN;
      const [products, posts] = await Promise.all([
        listProducts(c.var.catalogueDb),
        listBlogPosts(c.var.catalogueDb),
      ]);
      const urls = [
        ...STATIC_PATHS.map((path) => ({ loc: `${origin}${path}` })),
        ...products.map((p) => ({ loc: `${origin}/product/${p._id}` })),
        ...posts.map((p) => ({ loc: `${origin}/blog?post=${p._id}`, lastmod: p.publishDate })),
      ];
      const entries = urls.map(
        (u) =>
          `  <url><loc>${xmlEscape(u.loc)}</loc>${"lastmod" in u ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
    });
  });
