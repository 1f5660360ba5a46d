import { describe, expect, it } from "vitest";
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

  it("sitemap.xml lists the pages and every product", async () => {
    const cat = await createCategory();
    const a = await createProduct(cat.id);
    const b = await createProduct(cat.id);
    const res = await api("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of [
      "/",
      "/collection",
      "/blog",
      "/contact",
      `/product/${a.id}`,
      `/product/${b.id}`,
    ]) {
      expect(xml).toContain(`<loc>http://localhost:8787${path}</loc>`);
    }
  });
});
