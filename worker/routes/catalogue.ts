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
  listHighlights,
  listProducts,
  listRelated,
} from "../services/catalogue";
import { cachedJson } from "../services/catalogue-cache";
import { searchAnswer, searchKey } from "../services/catalogue-search";

const request = (c: AppContext, key: string) => ({
  key,
  ifNoneMatch: c.req.header("if-none-match"),
});

/** A cached answer about one product on sale; 404 when there is no such product. */
async function aboutProduct(c: AppContext, key: string, build: () => Promise<object | null>) {
  const res = await cachedJson(c.var.catalogueDb, request(c, key), build);
  if (!res) throw notFound("Product not found", "product_not_found");
  return res;
}

export const catalogueRoutes = new Hono<AppEnv>()
  .get("/product/list", (c) =>
    cachedJson(c.var.catalogueDb, request(c, "products"), async () => {
      const products = await listProducts(c.var.catalogueDb);
      return { success: true, products, message: `${products.length} products` };
    }),
  )
  // Before /product/:id, which would take "search" for an id.
  // Answers are kept per question, sort and page for the catalogue's version, like the lists: a
  // category page or a popular word is asked by many shoppers, and counting 50,000 products for
  // each of them is what would not scale.
  .get("/product/search", validate("query", ProductSearchQuery), (c) => {
    const query = c.req.valid("query");
    return cachedJson(c.var.catalogueDb, request(c, `search:${searchKey(query)}`), () =>
      searchAnswer(c.var.catalogueDb, query),
    );
  })
  // The home page's two lists: bounded, whatever the catalogue's size.
  .get("/product/highlights", (c) =>
    cachedJson(c.var.catalogueDb, request(c, "highlights"), async () => ({
      success: true,
      ...(await listHighlights(c.var.catalogueDb)),
    })),
  )
  .get("/product/:id/related", validate("param", IdParam), (c) => {
    const { id } = c.req.valid("param");
    return aboutProduct(c, `related:${id}`, async () => {
      const products = await listRelated(c.var.catalogueDb, id);
      return products && { success: true, products };
    });
  })
  .get("/product/:id", validate("param", IdParam), (c) => {
    const { id } = c.req.valid("param");
    return aboutProduct(c, `product:${id}`, async () => {
      const product = await findProduct(c.var.catalogueDb, id);
      return product && { success: true, product };
    });
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
