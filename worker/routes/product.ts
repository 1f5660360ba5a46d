// /api/product (SPEC.md section 7): the list, search, home lists, one product and its related
// ones. Read through D1's Sessions API (c.var.catalogueDb), so a read replica near the shopper
// may answer.
import { Hono } from "hono";
import type { ProductDto, ProductListResponse } from "../contracts/catalogue";
import { ProductSearchQuery } from "../contracts/catalogue-search";
import { IdParam } from "../contracts/fields";
import { cacheRequest } from "../http/cache-request";
import { validate } from "../http/validate";
import { notFound } from "../lib/app-error";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { productAnswer, searchAnswerFor } from "../modules/catalogue/answers";
import { stockedJson } from "../modules/catalogue/cache";
import { listHighlights, listProducts, listRelated } from "../modules/catalogue/reads";
import { EDGE_LIMITS, enforceEdgeLimit } from "../modules/limits/rate-limit";

/**
 * The list and search are what a script would loop over: every answer counts against the client's
 * read limit, and one this isolate has not got (which D1 may have to work out) against its build
 * limit too.
 */
const limitReads = (c: AppContext) =>
  enforceEdgeLimit({ env: c.env }, EDGE_LIMITS.catalogueReads, c.req.raw.headers);
const limitBuilds = (c: AppContext) => () =>
  enforceEdgeLimit({ env: c.env }, EDGE_LIMITS.catalogueBuilds, c.req.raw.headers);

/** Answers with products in them: their stock is kept current apart from the rest (catalogue-cache). */
const withProducts = <T extends { products: ProductDto[] }>(answer: T) => answer.products;

/** A cached answer about one product on sale; 404 when there is no such product. */
async function aboutProduct<T extends object>(
  c: AppContext,
  key: string,
  content: () => Promise<T | null>,
  productsOf: (answer: T) => ProductDto[],
) {
  const res = await stockedJson({ db: c.var.catalogueDb }, cacheRequest(c, key), {
    content,
    productsOf,
  });
  if (!res) throw notFound("Product not found", "product_not_found");
  return res;
}

export const productRoutes = new Hono<AppEnv>()
  .get("/list", async (c) => {
    await limitReads(c);
    return stockedJson<ProductListResponse>(
      { db: c.var.catalogueDb },
      cacheRequest(c, "products"),
      {
        content: async () => {
          const products = await listProducts({ db: c.var.catalogueDb });
          return { success: true as const, products, message: `${products.length} products` };
        },
        productsOf: withProducts,
        onMiss: limitBuilds(c),
      },
    );
  })
  // Before /product/:id, which would take "search" for an id.
  .get("/search", validate("query", ProductSearchQuery), async (c) => {
    await limitReads(c);
    const { key, ...answer } = searchAnswerFor({ db: c.var.catalogueDb }, c.req.valid("query"));
    return stockedJson({ db: c.var.catalogueDb }, cacheRequest(c, key), {
      ...answer,
      onMiss: limitBuilds(c),
    });
  })
  // The home page's two lists: bounded, whatever the catalogue's size.
  .get("/highlights", (c) =>
    stockedJson({ db: c.var.catalogueDb }, cacheRequest(c, "highlights"), {
      content: async () => ({
        success: true,
        ...(await listHighlights({ db: c.var.catalogueDb })),
      }),
      productsOf: (answer) => [...answer.latest, ...answer.bestsellers],
    }),
  )
  .get("/:id/related", validate("param", IdParam), (c) => {
    const { id } = c.req.valid("param");
    return aboutProduct(
      c,
      `related:${id}`,
      async () => {
        const products = await listRelated({ db: c.var.catalogueDb }, id);
        return products && { success: true, products };
      },
      withProducts,
    );
  })
  .get("/:id", validate("param", IdParam), (c) => {
    const { key, content, productsOf } = productAnswer(
      { db: c.var.catalogueDb },
      c.req.valid("param").id,
    );
    return aboutProduct(c, key, content, productsOf);
  });
