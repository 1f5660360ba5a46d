// Catalogue and content API (SPEC.md section 7): products, categories, blog posts, FAQ. Read through
// D1's Sessions API (c.var.catalogueDb), so a read replica near the shopper may answer.
import { Hono } from "hono";
import { ProductSearchQuery } from "../contracts/catalogue-search";
import { IdParam } from "../contracts/fields";
import type { AppContext, AppEnv } from "../http/app-env";
import { notFound } from "../http/errors";
import { validate } from "../http/validate";
import {
  findProduct,
  listBlogPosts,
  listCategories,
  listFaq,
  listProducts,
} from "../services/catalogue";
import { cachedJson } from "../services/catalogue-cache";
import { searchProducts } from "../services/catalogue-search";

const request = (c: AppContext, key: string) => ({
  key,
  ifNoneMatch: c.req.header("if-none-match"),
});

export const catalogueRoutes = new Hono<AppEnv>()
  .get("/product/list", (c) =>
    cachedJson(c.var.catalogueDb, request(c, "products"), async () => {
      const products = await listProducts(c.var.catalogueDb);
      return { success: true, products, message: `${products.length} products` };
    }),
  )
  // Before /product/:id, which would take "search" for an id.
  .get("/product/search", validate("query", ProductSearchQuery), async (c) => {
    const query = c.req.valid("query");
    const result = await searchProducts(c.var.catalogueDb, query);
    return c.json({
      success: true as const,
      products: result.products,
      total: result.total,
      page: query.page,
      pageSize: query.pageSize,
      facets: result.facets,
    });
  })
  .get("/product/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const res = await cachedJson(c.var.catalogueDb, request(c, `product:${id}`), async () => {
      const product = await findProduct(c.var.catalogueDb, id);
      return product ? { success: true, product } : null;
    });
    if (!res) throw notFound("Product not found", "product_not_found");
    return res;
  })
  .get("/category/list", (c) =>
    cachedJson(c.var.catalogueDb, request(c, "categories"), async () => ({
      success: true,
      categories: await listCategories(c.var.catalogueDb),
    })),
  )
  .get("/blogs", (c) =>
    cachedJson(c.var.catalogueDb, request(c, "blogs"), async () => ({
      success: true,
      blogs: await listBlogPosts(c.var.catalogueDb),
    })),
  )
  .get("/faq", (c) =>
    cachedJson(c.var.catalogueDb, request(c, "faq"), async () => ({
      success: true,
      faqs: await listFaq(c.var.catalogueDb),
    })),
  );
