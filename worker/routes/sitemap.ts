// /sitemap.xml: an index of the sitemaps (sitemaps.ts): the pages and posts in one, the products
// in sitemaps of SITEMAP_PRODUCTS each (the protocol allows 50,000 addresses a file; a catalogue
// of 50,000 must not be one answer built from every row at once).
import { Hono } from "hono";
import type { AppEnv } from "../middleware/app-env";
import { countProducts } from "../modules/catalogue/reads";
import { SITEMAP_PRODUCTS, xml, xmlEscape } from "./sitemaps";

export const sitemapRoutes = new Hono<AppEnv>().get("/", (c) =>
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
);
