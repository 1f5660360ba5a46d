// /api/product (SPEC.md section 7): the list, search, home lists, one product and its related
// ones. Read through D1's Sessions API (c.var.catalogueDb), so a read replica near the shopper
// may answer.
import { Hono } from "hono";
import type {
  ProductDto,
  ProductListResponse,
  ProductSearchResponse,
} from "../contracts/catalogue";
import { ProductSearchQuery } from "../contracts/catalogue-search";
import { IdParam } from "../contracts/fields";
import { cacheRequest } from "../http/cache-request";
import { validate } from "../http/validate";
import { notFound } from "../lib/app-error";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { stockedJson } from "../modules/catalogue/cache";
import { findProduct, listHighlights, listProducts, listRelated } from "../modules/catalogue/reads";
import { searchAnswer, searchKey } from "../modules/catalogue/search";
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
  // Answers are kept per question, sort and page for the catalogue's version, like the lists: a
  // category page or a popular word is asked by many shoppers, and counting 50,000 products for
  // each of them is what would not scale.
  .get("/search", validate("query", ProductSearchQuery), async (c) => {
    await limitReads(c);
    const query = c.req.valid("query");
    const key = `search:${searchKey(query)}`;
    return stockedJson<ProductSearchResponse>({ db: c.var.catalogueDb }, cacheRequest(c, key), {
      content: () => searchAnswer({ db: c.var.catalogueDb }, query),
      productsOf: withProducts,
      onMiss: limitBuilds(c),
      // Which products an "in stock" page holds is itself a matter of stock.
      dependsOnStock: query.instock,
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
    const { id } = c.req.valid("param");
    return aboutProduct(
      c,
      `product:${id}`,
      async () => {
        const product = await findProduct({ db: c.var.catalogueDb }, id);
        return product && { success: true, product };
      },
      (answer) => [answer.product],
    );
  });
