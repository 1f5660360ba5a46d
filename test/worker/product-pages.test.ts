// Product pages and the collection as HTML, rendered by the Worker through React Router: what a
// crawler that runs no JavaScript reads at /product/:id and /collection, the 404s, a creator link
// opened by a link-preview crawler, and the bounded reads the SPA makes instead of the whole
// catalogue (highlights, related).

import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  HOME_LIST_SIZE,
  type ProductHighlightsResponse,
  type ProductSearchResponse,
  RELATED_LIMIT,
  type RelatedProductsResponse,
} from "../../worker/contracts/catalogue";
import { createDb } from "../../worker/db/client";
import { affiliateClicks, products } from "../../worker/db/schema";
import {
  cachedResponse,
  catalogueMemoryUse,
  MEMORY_BODY_CHARS,
} from "../../worker/modules/catalogue/cache";
import { creatorSession } from "./helpers/accounts";
import {
  api,
  callWorker,
  createCategory,
  createProduct,
  db,
  eventually,
} from "./helpers/factories";
import { bodyBeforeScripts, canonical, jsonLd, metaContent, page } from "./helpers/pages";

describe("GET /product/:id", () => {
  it("carries the product's title, description, canonical, Open Graph, Twitter and Product data", async () => {
    const cat = await createCategory({ name: "Copper Water Bottles" });
    const product = await createProduct(cat.id, {
      name: "Hammered Copper Bottle",
      description: `Pure copper, hand-hammered in Moradabad. ${"Keeps water cool. ".repeat(20)}`,
      originalPriceCents: 5900,
      finalPriceCents: 4950,
      imageKeys: ["products/bottle-1-abc.svg", "products/bottle-2-def.svg"],
      stockOnHand: 4,
    });
    const { res, html } = await page(`/product/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    // React Router's inline scripts run by this response's nonce, and nothing else inline does.
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([\w-]+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).not.toContain("unsafe-inline");
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g),
    ];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    const again = (await api(`/product/${product.id}`)).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
    // No code is fetched before the photo has painted: React Router's module script is inert, and
    // the starter that adds it after that paint plans the entry and the page's route modules.
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toMatch(/<script[^>]*type="text\/x-after-paint"/);
    const plan = JSON.parse(
      (/data-plan="([^"]*)"/.exec(html)?.[1] ?? "{}").replaceAll("&quot;", '"'),
    ) as { modules?: string[] };
    expect(plan.modules?.some((m) => /\/entry\.client-[\w-]+\.js$/.test(m))).toBe(true);
    expect(plan.modules?.some((m) => /\/product-[\w-]+\.js$/.test(m))).toBe(true);
    expect(html).toMatch(/<img [^>]*elementtiming="largest-paint"/);

    const url = `http://localhost:8787/product/${product.id}`;
    expect(html).toContain("<title>Hammered Copper Bottle — Tamra &amp; Tara</title>");
    const description = metaContent(html, "name", "description") ?? "";
    expect(description.startsWith("Pure copper, hand-hammered in Moradabad.")).toBe(true);
    expect(description.length).toBeLessThanOrEqual(155);
    expect(canonical(html)).toBe(url);
    expect(metaContent(html, "property", "og:type")).toBe("product");
    expect(metaContent(html, "property", "og:title")).toBe("Hammered Copper Bottle");
    expect(metaContent(html, "property", "og:description")).toBe(description);
    expect(metaContent(html, "property", "og:url")).toBe(url);
    // The SVG art's raster preview, absolute, with its size.
    const image = "http://localhost:8787/images/products/bottle-1-abc.preview.jpg";
    expect(metaContent(html, "property", "og:image")).toBe(image);
    expect(metaContent(html, "property", "og:image:width")).toBe("1200");
    expect(metaContent(html, "property", "og:image:height")).toBe("630");
    expect(metaContent(html, "property", "og:image:type")).toBe("image/jpeg");
    expect(metaContent(html, "property", "product:price:amount")).toBe("49.50");
    expect(metaContent(html, "property", "product:price:currency")).toBe("AUD");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "name", "twitter:title")).toBe("Hammered Copper Bottle");
    expect(metaContent(html, "name", "twitter:image")).toBe(image);

    const data = jsonLd(html);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Hammered Copper Bottle",
      sku: product.id,
      offers: {
        "@type": "Offer",
        price: "49.50",
        priceCurrency: "AUD",
        availability: "https://schema.org/InStock",
        url,
      },
    });
    expect(data.image).toEqual([
      image,
      "http://localhost:8787/images/products/bottle-1-abc.svg",
      "http://localhost:8787/images/products/bottle-2-def.svg",
    ]);
  });

  it("shows the product's name, price and first photo before any script runs, and answers the app's navigation with it", async () => {
    const cat = await createCategory();
    const product = await createProduct(cat.id, {
      name: "Brass Wind Chime",
      finalPriceCents: 3450,
      originalPriceCents: 3450,
      imageKeys: ["products/chime-1.jpg", "products/chime-2.jpg"],
    });
    const { html } = await page(`/product/${product.id}`);
    const visible = bodyBeforeScripts(html);
    expect(visible).toContain('<h1 class="product-name">Brass Wind Chime</h1>');
    expect(visible).toContain("$34.50");
    expect(visible).toMatch(/<img src="\/images\/products\/chime-1\.jpg"[^>]*fetchPriority="high"/);
    expect(html).not.toContain('aria-busy="true"');
    // A client navigation to the product asks the same loader for its data.
    const data = await api(`/product/${product.id}.data`);
    expect(data.status).toBe(200);
    const text = await data.text();
    expect(text).toContain("Brass Wind Chime");
    expect(text).toContain(product.id);
    // An uploaded photo is raster already: it is the preview itself.
    expect(metaContent(html, "property", "og:image")).toBe(
      "http://localhost:8787/images/products/chime-1.jpg",
    );
    expect(metaContent(html, "property", "og:image:width")).toBeUndefined();
  });

  it("says OutOfStock when none is left", async () => {
    const cat = await createCategory();
    const product = await createProduct(cat.id, { stockOnHand: 0 });
    const { html } = await page(`/product/${product.id}`);
    expect(jsonLd(html).offers.availability).toBe("https://schema.org/OutOfStock");
    expect(metaContent(html, "property", "product:availability")).toBe("out of stock");
    expect(bodyBeforeScripts(html)).toContain("Out of stock");
  });

  it("escapes whatever the owner typed: no tag, attribute or script can be closed", async () => {
    const cat = await createCategory();
    const name = `Bowl "</script><script>alert(1)</script><img src=x onerror=alert(2)> & co`;
    const product = await createProduct(cat.id, { name, description: `</title>${name}` });
    const { res, html } = await page(`/product/${product.id}`);
    expect(res.status).toBe(200);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("</title></title>");
    expect(metaContent(html, "property", "og:title")).toBe(name);
    expect(jsonLd(html).name).toBe(name);
    expect(bodyBeforeScripts(html)).toContain(
      "Bowl &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; co",
    );
  });

  it("answers 404 with the product's not-found page for an unknown, archived, draft or malformed id", async () => {
    const cat = await createCategory();
    const archived = await createProduct(cat.id, { status: "archived" });
    const draft = await createProduct(cat.id, { status: "draft" });
    for (const id of ["0123456789abcdef01234567", archived.id, draft.id, "not-an-id", "%3Cb%3E"]) {
      const { res, html } = await page(`/product/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(html).toContain("<title>Product not found — Tamra &amp; Tara</title>");
      expect(bodyBeforeScripts(html)).toContain("<h1>Product not found</h1>");
      expect(metaContent(html, "name", "robots")).toBe("noindex");
      expect(html).not.toContain("og:title");
    }
    expect((await page("/product/%3Cb%3E")).html).not.toContain("<b>");
  });

  it("answers an address deeper than a product with the shop's Page not found", async () => {
    const { res, html } = await page("/product/abc/def");
    expect(res.status).toBe(404);
    expect(html).toContain("<h1>Page not found</h1>");
    expect(html).not.toContain("Product not found");
  });

  it("revalidates with its ETag, and a change to the product is a new page", async () => {
    const cat = await createCategory();
    const product = await createProduct(cat.id, { name: "Tibetan Singing Bowl" });
    const first = await api(`/product/${product.id}`);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await api(`/product/${product.id}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    await db()
      .update(products)
      .set({ name: "Seven Metal Singing Bowl" })
      .where(eq(products.id, product.id));
    const html = await eventually(
      async () => (await api(`/product/${product.id}`)).text(),
      (text) => text.includes("Seven Metal Singing Bowl"),
    );
    expect(html).toContain("<title>Seven Metal Singing Bowl — Tamra &amp; Tara</title>");
  });
});

describe("GET /collection", () => {
  it("carries the first page of the catalogue, rendered as the search answers it", async () => {
    const cat = await createCategory();
    const base = Date.now() - 1_000_000;
    for (let i = 0; i < 14; i++) {
      await createProduct(cat.id, { name: `Brass Diya ${i}`, listedAt: new Date(base + i * 1000) });
    }
    const { res, html } = await page("/collection");
    expect(res.status).toBe(200);
    expect(html).toContain("<title>Shop the collection — Tamra &amp; Tara</title>");
    expect(canonical(html)).toBe("http://localhost:8787/collection");
    const visible = bodyBeforeScripts(html);
    // Newest first, 12 a page, each card with its picture; the first row's fetched first.
    const names = [...visible.matchAll(/<h3 class="product-card-name">([^<]+)<\/h3>/g)].map(
      (m) => m[1],
    );
    expect(names).toEqual(Array.from({ length: 12 }, (_, i) => `Brass Diya ${13 - i}`));
    expect(visible).toContain("Showing 1–12 of 14 products");
    expect(visible.match(/<img [^>]*fetchPriority="high"/g)).toHaveLength(4);
    // The answer is in the page: nothing preloads it.
    expect(html).not.toMatch(/rel="preload"[^>]*\/api\/product\/search/);
    const first = (await (await api("/api/product/search")).json()) as ProductSearchResponse;
    expect(names).toEqual(first.products.map((p) => p.name));
  });

  it("renders the question an address asks, its canonical the plain collection; a category waits for the browser", async () => {
    const cat = await createCategory({ name: "Diyas" });
    await createProduct(cat.id, {
      name: "Full Price Diya",
      originalPriceCents: 900,
      finalPriceCents: 900,
    });
    await createProduct(cat.id, {
      name: "Sale Diya",
      originalPriceCents: 900,
      finalPriceCents: 600,
    });
    const { res, html } = await page("/collection?sale=1");
    expect(res.status).toBe(200);
    const visible = bodyBeforeScripts(html);
    expect(visible).toContain("Showing 1 product");
    expect(visible).toContain(">Sale Diya</h3>");
    expect(visible).not.toContain("Full Price Diya");
    expect(canonical(html)).toBe("http://localhost:8787/collection");
    // The screen resolves category names against the shop's list in the browser first.
    const category = bodyBeforeScripts((await page("/collection?category=Diyas")).html);
    expect(category).toMatch(/class="product-card[^"]*\bis-skeleton\b/);
    expect(category).not.toContain("Sale Diya");
  });
});

describe("a link-preview crawler opening a creator link", () => {
  it("follows /r/CODE?to=/product/ID to the product's card and counts no click", async () => {
    const creator = await creatorSession();
    const cat = await createCategory();
    const product = await createProduct(cat.id, { name: "Copper Tongue Cleaner" });
    const ua = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";
    for (const agent of [ua, "WhatsApp/2.23.20.0 A", "Twitterbot/1.0"]) {
      const res = await callWorker(`/r/${creator.code}?to=/product/${product.id}`, {
        headers: { "user-agent": agent, "cf-connecting-ip": "203.0.113.90" },
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      const location = res.headers.get("location") ?? "";
      expect(location).toBe(`/product/${product.id}`);
      const { res: card, html } = await page(location, { headers: { "user-agent": agent } });
      expect(card.status).toBe(200);
      expect(metaContent(html, "property", "og:title")).toBe("Copper Tongue Cleaner");
    }
    expect(await db().select().from(affiliateClicks)).toHaveLength(0);
  });
});

describe("bounded catalogue answers", () => {
  it("GET /api/product/highlights: the newest ten, and the newest ten bestsellers", async () => {
    const cat = await createCategory();
    const base = Date.now() - 1_000_000;
    const made = [];
    for (let i = 0; i < 24; i++) {
      made.push(
        await createProduct(cat.id, {
          listedAt: new Date(base + i * 1000),
          bestseller: i % 2 === 0,
          status: i === 23 ? "archived" : "active",
        }),
      );
    }
    const res = await api("/api/product/highlights");
    expect(res.status).toBe(200);
    const body = (await res.json()) as ProductHighlightsResponse;
    const active = made.filter((p) => p.status === "active").reverse();
    expect(body.latest.map((p) => p._id)).toEqual(active.slice(0, HOME_LIST_SIZE).map((p) => p.id));
    expect(body.bestsellers.map((p) => p._id)).toEqual(
      active
        .filter((p) => p.bestseller)
        .slice(0, HOME_LIST_SIZE)
        .map((p) => p.id),
    );
  });

  it("GET /api/product/:id/related: same category, a tag in common, never itself, newest first, bounded", async () => {
    const bottles = await createCategory();
    const other = await createCategory();
    const base = Date.now() - 1_000_000;
    const at = (i: number) => new Date(base + i * 1000);
    const product = await createProduct(bottles.id, {
      tags: ["copper", "ayurveda"],
      listedAt: at(0),
    });
    const sharing = await createProduct(bottles.id, {
      tags: ["gift", "ayurveda"],
      listedAt: at(1),
    });
    await createProduct(bottles.id, { tags: ["gift"], listedAt: at(2) });
    await createProduct(other.id, { tags: ["copper"], listedAt: at(3) });
    await createProduct(bottles.id, { tags: ["copper"], listedAt: at(4), status: "archived" });
    const newer = await createProduct(bottles.id, { tags: ["copper"], listedAt: at(5) });
    const res = await api(`/api/product/${product.id}/related`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as RelatedProductsResponse;
    expect(body.products.map((p) => p._id)).toEqual([newer.id, sharing.id]);

    for (let i = 0; i < RELATED_LIMIT + 3; i++) {
      await createProduct(bottles.id, { tags: ["ayurveda"], listedAt: at(10 + i) });
    }
    const many = (await (
      await api(`/api/product/${sharing.id}/related`)
    ).json()) as RelatedProductsResponse;
    expect(many.products).toHaveLength(RELATED_LIMIT);
    expect(many.products.some((p) => p._id === sharing.id)).toBe(false);

    const untagged = await createProduct(bottles.id, { tags: [] });
    const none = (await (
      await api(`/api/product/${untagged.id}/related`)
    ).json()) as RelatedProductsResponse;
    expect(none.products).toEqual([]);
    expect((await api("/api/product/0123456789abcdef01234567/related")).status).toBe(404);
    expect((await api("/api/product/nope/related")).status).toBe(400);
  });
});

describe("the catalogue cache's isolate memory", () => {
  it("stays within its bound however many pages are asked for, least recently used going first", async () => {
    const catalogueDb = createDb(env.DB);
    const body = "x".repeat(Math.ceil(MEMORY_BODY_CHARS / 6));
    const ask = (key: string) =>
      cachedResponse(
        { db: catalogueDb },
        { key, ifNoneMatch: undefined, contentType: "text/plain" },
        async () => body,
      );
    for (let i = 0; i < 12; i++) await ask(`bound-test:${i}`);
    const use = catalogueMemoryUse();
    expect(use.bodyChars).toBeLessThanOrEqual(MEMORY_BODY_CHARS);
    expect(use.bodies).toBeLessThan(12);
  });
});
