// GET /api/product/search: the collection's questions answered in D1, a page at a time,
// with the counts its filters show. Every query is led by an index: status with listing date or
// price (and category), and a trigram full-text index of names for the search (migration 0024).
// Only `active` products are ever answered.

import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type {
  ProductDto,
  ProductSearchFacets,
  ProductSearchResponse,
} from "../../contracts/catalogue";
import type { ProductSearch } from "../../contracts/catalogue-search";
import type { Db } from "../../db/client";
import type { Deps } from "../../lib/deps";
import { cachedCatalogueValue } from "./cache";
import { productRows, toProductDto } from "./reads";
import { categories, products } from "./schema";

/** The trigram index finds substrings of 3 characters or more; shorter ones are matched by hand. */
const TRIGRAM = 3;

/**
 * The name search: a substring of the name, any case. Through the index as one FTS5 phrase (the
 * term quoted, its quotes doubled, so FTS syntax in it is only text). A term of 1 or 2 characters
 * is compared row by row, within the other filters, in each way it can be written (SQLite's lower()
 * folds only ASCII, so "Ōm" is looked for as "Ōm", "ōm", "ŌM" and "ōM").
 */
function nameContains(term: string): SQL {
  const chars = [...term];
  if (chars.length >= TRIGRAM) {
    const phrase = `"${term.replaceAll('"', '""')}"`;
    return sql`${products}.rowid IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${phrase})`;
  }
  const spellings = chars.reduce<string[]>(
    (heads, ch) =>
      heads.flatMap((head) =>
        [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])].map((c) => head + c),
      ),
    [""],
  );
  return sql`(${sql.join(
    spellings.map((s) => sql`instr(${products.name}, ${s}) > 0`),
    sql` OR `,
  )})`;
}

const ON_SALE = sql`${products.originalPriceCents} > ${products.finalPriceCents}`;
const IN_STOCK = or(
  isNull(products.stockOnHand),
  gt(sql`${products.stockOnHand} - ${products.stockReserved}`, 0),
);

type Filter = "category" | "premium" | "sale";

/** The search's conditions, leaving out `except` (a facet counts under the others). */
function conditions(query: ProductSearch, categoryIds: string[], except?: Filter) {
  return and(
    // With a search, the name index leads (the `+` keeps SQLite from walking every active product
    // by the status index and probing each): a rare word then reads a few rows, not 50,000.
    query.q ? sql`+${products.status} = 'active'` : eq(products.status, "active"),
    query.q ? nameContains(query.q) : undefined,
    query.category.length > 0 && except !== "category"
      ? inArray(products.categoryId, categoryIds)
      : undefined,
    query.premium && except !== "premium" ? eq(products.premium, true) : undefined,
    query.sale && except !== "sale" ? ON_SALE : undefined,
    query.instock ? IN_STOCK : undefined,
  );
}

const ORDER = {
  // SPEC: "relevant" is the catalogue's own order, newest first.
  relevant: [desc(products.listedAt), desc(products.id)],
  // Equal prices keep newest first, as the SPA's stable sort did.
  "low-high": [asc(products.finalPriceCents), desc(products.listedAt), desc(products.id)],
  "high-low": [desc(products.finalPriceCents), desc(products.listedAt), desc(products.id)],
} as const;

export interface ProductSearchResult {
  products: ProductDto[];
  total: number;
  facets: ProductSearchFacets;
}

/**
 * What a search's answers share whatever their sort and page: the filters' question. Its counts
 * cost the most (a common word's matches are counted four times), so they are kept per question.
 */
export const searchQuestion = ({ q, category, premium, sale, instock }: ProductSearch) =>
  JSON.stringify({ q, category: [...category].sort(), premium, sale, instock });

/** An answer's cache key: the question, its sort and its page. */
export const searchKey = (query: ProductSearch) =>
  `${searchQuestion(query)}|${query.sort}|${query.page}|${query.pageSize}`;

type ShopCategories = { id: string; name: string }[];

const shopCategories = (db: Db): Promise<ShopCategories> =>
  cachedCatalogueValue({ db }, "search:categories", () =>
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.name)),
  );

/** The ids of the categories asked for; names the shop does not have match nothing ("" is no id). */
function categoryIdsOf(shop: ShopCategories, query: ProductSearch): string[] {
  const wanted = new Set(query.category);
  const ids = shop.filter((c) => wanted.has(c.name.toLowerCase())).map((c) => c.id);
  return ids.length > 0 ? ids : [""];
}

/** How many products match, and each filter's count under the others. */
async function searchCounts(
  { db }: Pick<Deps, "db">,
  query: ProductSearch,
  shop: ShopCategories,
): Promise<Omit<ProductSearchResult, "products">> {
  const ids = categoryIdsOf(shop, query);
  const [[counted], perCategory, [premium], [sale]] = await Promise.all([
    db.select({ n: count() }).from(products).where(conditions(query, ids)),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(conditions(query, ids, "category"))
      .groupBy(products.categoryId),
    db
      .select({ n: count() })
      .from(products)
      .where(and(conditions(query, ids, "premium"), eq(products.premium, true))),
    db
      .select({ n: count() })
      .from(products)
      .where(and(conditions(query, ids, "sale"), ON_SALE)),
  ]);
  const byCategory = new Map(perCategory.map((r) => [r.categoryId, r.n]));
  return {
    total: counted?.n ?? 0,
    facets: {
      categories: shop.map((c) => ({ name: c.name, count: byCategory.get(c.id) ?? 0 })),
      premium: premium?.n ?? 0,
      sale: sale?.n ?? 0,
    },
  };
}

export async function searchProducts(
  { db }: Pick<Deps, "db">,
  query: ProductSearch,
): Promise<ProductSearchResult> {
  const shop = await shopCategories(db);
  // Not one db.batch: D1 batches map columns by name, and a product row repeats "name".
  const [rows, counts] = await Promise.all([
    productRows(db)
      .where(conditions(query, categoryIdsOf(shop, query)))
      .orderBy(...ORDER[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    cachedCatalogueValue(
      { db },
      `search-counts:${searchQuestion(query)}`,
      () => searchCounts({ db }, query, shop),
      { dependsOnStock: query.instock },
    ),
  ]);
  return { products: rows.map(toProductDto), ...counts };
}

/** GET /api/product/search's answer to `query`. */
export async function searchAnswer(
  { db }: Pick<Deps, "db">,
  query: ProductSearch,
): Promise<ProductSearchResponse> {
  const result = await searchProducts({ db }, query);
  return {
    success: true,
    products: result.products,
    total: result.total,
    page: query.page,
    pageSize: query.pageSize,
    facets: result.facets,
  };
}
