// Product pages as HTML: /product/:id is the SPA's product.html with the product in it.
// Its <head> carries what link previews and search engines read (title, description, canonical,
// Open Graph and Twitter tags, Product structured data); its <main> the product itself, rendered
// by the SPA's own components (@web/page-frames), with the product beside it as JSON for the app
// to hydrate that frame. An address that names no product on sale answers 404 with the product
// screen's "Product not found".
import { renderProductFrame } from "@web/page-frames";
import { Hono } from "hono";
import * as v from "valibot";
import { PREVIEW_IMAGE, type ProductDto, previewImageKey } from "../contracts/catalogue";
import { IdSchema } from "../contracts/fields";
import { PRODUCT_FRAME_DATA_ID, type ProductFrameData } from "../contracts/page-frames";
import { metaDescription, pageTitle, SHOP_NAME } from "../contracts/site";
import {
  fillTemplate,
  htmlResponse,
  pageTemplate,
  scriptJson,
  type Template,
} from "../http/page-template";
import { escapeHtml } from "../lib/html";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { stockedResponse } from "../modules/catalogue/cache";
import { findProduct } from "../modules/catalogue/reads";

/** The static asset every product page is built on (the build's product.html). */
const TEMPLATE_PATH = "/product";
const NOT_FOUND_TITLE = "Product not found";

const meta = (attribute: "name" | "property", key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** Dollars as Open Graph and schema.org write a price: "49.00". */
const priceText = (dollars: number) => dollars.toFixed(2);

/** What a crawler reads of the product: tags for previews, and schema.org's Product. */
function productHead(
  product: ProductDto,
  description: string,
  origin: string,
  url: string,
): string {
  const cover = product.image[0];
  const preview = cover ? previewImageKey(cover) : undefined;
  const absolute = (path: string) => `${origin}${path}`;
  const image = preview
    ? [
        meta("property", "og:image", absolute(preview)),
        meta("property", "og:image:alt", product.name),
        ...(preview !== cover
          ? [
              meta("property", "og:image:type", PREVIEW_IMAGE.type),
              meta("property", "og:image:width", String(PREVIEW_IMAGE.width)),
              meta("property", "og:image:height", String(PREVIEW_IMAGE.height)),
            ]
          : []),
        meta("name", "twitter:image", absolute(preview)),
        meta("name", "twitter:image:alt", product.name),
      ]
    : [];
  const availability = product.inStock ? "InStock" : "OutOfStock";
  const structured = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: [...new Set([preview, ...product.image].filter((src) => src !== undefined))].map(
      absolute,
    ),
    sku: product._id,
    category: product.category,
    brand: { "@type": "Brand", name: SHOP_NAME },
    url,
    offers: {
      "@type": "Offer",
      url,
      price: priceText(product.finalPrice),
      priceCurrency: "AUD",
      availability: `https://schema.org/${availability}`,
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: SHOP_NAME },
    },
  };
  return [
    meta("property", "og:type", "product"),
    meta("property", "og:site_name", SHOP_NAME),
    meta("property", "og:locale", "en_AU"),
    meta("property", "og:title", product.name),
    meta("property", "og:description", description),
    meta("property", "og:url", url),
    ...image,
    meta("property", "product:price:amount", priceText(product.finalPrice)),
    meta("property", "product:price:currency", "AUD"),
    meta("property", "product:availability", product.inStock ? "in stock" : "out of stock"),
    meta("name", "twitter:card", preview ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", product.name),
    meta("name", "twitter:description", description),
    `<script type="application/ld+json">${scriptJson(structured)}</script>`,
  ].join("");
}

/** The template with `id`'s product (or its absence) in head and frame. */
function productPage(
  template: Template,
  id: string,
  product: ProductDto | null,
  origin: string,
): string {
  const value: ProductFrameData = { id, product };
  const frame = renderProductFrame(id, product);
  const data = { id: PRODUCT_FRAME_DATA_ID, value };
  if (!product) {
    const head = `<meta name="robots" content="noindex">`;
    return fillTemplate(template, { frame, title: pageTitle(NOT_FOUND_TITLE), head, data });
  }
  const url = `${origin}/product/${encodeURIComponent(id)}`;
  const description = metaDescription(product.description);
  return fillTemplate(template, {
    frame,
    title: pageTitle(product.name),
    description,
    canonical: url,
    head: productHead(product, description, origin, url),
    data,
  });
}

/** The static assets' "Page not found" (404.html), as a 404. */
async function pageNotFound(c: AppContext): Promise<Response> {
  const res = await c.env.ASSETS.fetch(new Request(new URL("/404", c.req.url)));
  return htmlResponse(await res.text(), 404, { "cache-control": "no-store" });
}

export const productPageRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) => {
    const id = c.req.param("id");
    const shell = await pageTemplate(c, TEMPLATE_PATH);
    const origin = c.env.APP_ORIGIN;
    const db = c.var.catalogueDb;
    const valid = v.is(IdSchema, id);
    const page = valid
      ? await stockedResponse<ProductDto>(
          { db },
          {
            key: `product-page:${shell.etag}:${id}`,
            ifNoneMatch: c.req.header("if-none-match"),
            contentType: "text/html; charset=utf-8",
          },
          {
            content: () => findProduct({ db }, id),
            productsOf: (product) => [product],
            render: (product) => productPage(shell, id, product, origin),
          },
        )
      : null;
    if (page) return page;
    // No product on sale has this id: the product screen's own "Product not found", never cached
    // (the id may be a product about to be published).
    return htmlResponse(productPage(shell, id, null, origin), 404, { "cache-control": "no-store" });
  })
  // /product/ alone, or deeper: no screen's address.
  .get("/*", pageNotFound);
