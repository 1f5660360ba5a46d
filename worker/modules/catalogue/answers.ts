// Cached catalogue answers that both the API (routes/product.ts) and the shop's pages
// (routes/pages.ts) serve, so a page costs what the API's answer costs and they share one entry:
// each answer's cache key, how its content is built, and which products in it carry stock.
import type { ProductResponse, ProductSearchResponse } from "../../contracts/catalogue";
import type { ProductSearch } from "../../contracts/catalogue-search";
import type { Deps } from "../../lib/deps";
import { findProduct } from "./reads";
import { searchAnswer, searchKey } from "./search";

/** GET /api/product/:id: one product on sale, or null for none. */
export const productAnswer = ({ db }: Pick<Deps, "db">, id: string) => ({
  key: `product:${id}`,
  content: async (): Promise<ProductResponse | null> => {
    const product = await findProduct({ db }, id);
    return product && { success: true, product };
  },
  productsOf: (answer: ProductResponse) => [answer.product],
});

/**
 * GET /api/product/search: kept per question, sort and page for the catalogue's version, like the
 * lists: a category page or a popular word is asked by many shoppers, and counting 50,000
 * products for each of them is what would not scale.
 */
export const searchAnswerFor = ({ db }: Pick<Deps, "db">, query: ProductSearch) => ({
  key: `search:${searchKey(query)}`,
  content: () => searchAnswer({ db }, query),
  productsOf: (answer: ProductSearchResponse) => answer.products,
  // Which products an "in stock" page holds is itself a matter of stock.
  dependsOnStock: query.instock,
});
