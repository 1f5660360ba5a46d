// Catalogue and content API (SPEC.md section 7): products, categories, blog posts, FAQ. Read through
// D1's Sessions API (c.var.catalogueDb), so a read replica near the shopper may answer.
import { Hono } from "hono";
import type {
  ProductDto,
  ProductListResponse,
  ProductSearchResponse,
} from "../contracts/catalogue";
import { ProductSearchQuery } from "../contracts/catalogue-search";
import { IdParam } from "../contracts/fields";
import { validate } from "../http/validate";
import { notFound } from "../lib/app-error";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { cachedJson, stockedJson } from "../modules/catalogue/cache";
import {
  findProduct,
  listBlogPosts,
  listCategories,
  listFaq,
  listHighlights,
  listProducts,
  listRelated,
} from "../modules/catalogue/reads";
import { searchAnswer, searchKey } from "../modules/catalogue/search";
import { EDGE_LIMITS, enforceEdgeLimit } from "../modules/limits/rate-limit";

const request = (c: AppContext, key: string) => ({
  key,
  ifNoneMatch: c.req.header("if-none-match"),
});

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
  const res = await stockedJson(c.var.catalogueDb, request(c, key), { content, productsOf });
  if (!res) throw notFound("Product not found", "product_not_found");
  return res;
}

export const catalogueRoutes = new Hono<AppEnv>()
  .get("/product/list", async (c) => {
    await limitReads(c);
    return stockedJson<ProductListResponse>(c.var.catalogueDb, request(c, "products"), {
      content: async () => {
        const products = await listProducts({ db: c.var.catalogueDb });
        return { success: true as const, products, message: `${products.length} products` };
      },
      productsOf: withProducts,
      onMiss: limitBuilds(c),
    });
  })
  // Before /product/:id, which would take "search" for an id.
  // Answers are kept per question, sort and page for the catalogue's version, like the lists: a
  // category page or a popular word is asked by many shoppers, and counting 50,000 products for
  // each of them is what would not scale.
  .get("/product/search", validate("query", ProductSearchQuery), async (c) => {
    await limitReads(c);
    const query = c.req.valid("query");
    const key = `search:${searchKey(query)}`;
    return stockedJson<ProductSearchResponse>(c.var.catalogueDb, request(c, key), {
      content: () => searchAnswer({ db: c.var.catalogueDb }, query),
      productsOf: withProducts,
      onMiss: limitBuilds(c),
      // Which products an "in stock" page holds is itself a matter of stock.
      dependsOnStock: query.instock,
    });
  })
  // The home page's two lists: bounded, whatever the catalogue's size.
  .get("/product/highlights", (c) =>
    stockedJson(c.var.catalogueDb, request(c, "highlights"), {
      content: async () => ({
        success: true,
        ...(await listHighlights({ db: c.var.catalogueDb })),
      }),
      productsOf: (answer) => [...answer.latest, ...answer.bestsellers],
    }),
  )
  .get("/product/:id/related", validate("param", IdParam), (c) => {
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
  .get("/product/:id", validate("param", IdParam), (c) => {
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
  })
  .get("/category/list", (c) =>
    cachedJson(c.var.catalogueDb, request(c, "categories"), async () => ({
      success: true,
      categories: await listCategories({ db: c.var.catalogueDb }),
    })),
  )
  .get("/blogs", (c) =>
    cachedJson(c.var.catalogueDb, request(c, "blogs"), async () => ({
      success: true,
      blogs: await listBlogPosts({ db: c.var.catalogueDb }),
    })),
  )
  .get("/faq", (c) =>
    cachedJson(c.var.catalogueDb, request(c, "faq"), async () => ({
      success: true,
      faqs: await listFaq({ db: c.var.catalogueDb }),
    })),
  );
