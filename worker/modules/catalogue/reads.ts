// Catalogue and content queries, shaped as the API answers them.

import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import {
  type BlogPostDto,
  type CategoryDto,
  type FaqDto,
  HOME_LIST_SIZE,
  imageUrl,
  type ProductDto,
  RELATED_LIMIT,
} from "../../contracts/catalogue";
import { centsToDollars } from "../../contracts/money";
import { stockFields } from "../../contracts/stock";
import type { Db } from "../../db/client";
import type { Deps } from "../../lib/deps";
import { blogPosts, categories, faqEntries, products } from "./schema";

export const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  imageKeys: products.imageKeys,
  originalPriceCents: products.originalPriceCents,
  finalPriceCents: products.finalPriceCents,
  category: categories.name,
  tags: products.tags,
  bestseller: products.bestseller,
  isNew: products.isNew,
  premium: products.premium,
  variant: products.variant,
  stockOnHand: products.stockOnHand,
  stockReserved: products.stockReserved,
};

/** Products with their category's name, as every storefront answer reads them. */
export const productRows = (db: Db) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id));

/** The storefront's list order: newest first (SPEC.md section 7), ties by id. */
const NEWEST_FIRST = [desc(products.listedAt), desc(products.id)] as const;
/** Products the storefront sells: status active. */
export const ON_SALE = eq(products.status, "active");

/** What a cart or checkout line reads of its product today: name, price and pictures. */
export const productLineColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.finalPriceCents,
  imageKeys: products.imageKeys,
};

async function selectProducts({ db }: Pick<Deps, "db">) {
  return productRows(db)
    .where(ON_SALE)
    .orderBy(...NEWEST_FIRST);
}

export function toProductDto(row: Awaited<ReturnType<typeof selectProducts>>[number]): ProductDto {
  // The stock fields are what the row says now; cached answers re-read them on every stock_version
  // (modules/catalogue/cache.ts), so a reservation, release or sale shows within seconds without
  // rebuilding the rest of the answer.
  const dto: ProductDto = {
    _id: row.id,
    name: row.name,
    description: row.description,
    image: row.imageKeys.map(imageUrl),
    originalPrice: centsToDollars(row.originalPriceCents),
    finalPrice: centsToDollars(row.finalPriceCents),
    category: row.category,
    tags: row.tags,
    bestseller: row.bestseller,
    new: row.isNew,
    premium: row.premium,
    ...stockFields(row.stockOnHand, row.stockReserved),
  };
  if (row.variant) dto.variant = row.variant;
  return dto;
}

/** Every active product, newest first (SPEC.md section 7: "reversed so newest come first"). */
export async function listProducts({ db }: Pick<Deps, "db">): Promise<ProductDto[]> {
  return (await selectProducts({ db })).map(toProductDto);
}

/** How many products are on sale. */
export async function countProducts({ db }: Pick<Deps, "db">): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(products).where(ON_SALE);
  return row?.n ?? 0;
}

/** A slice of the products on sale, oldest listed first (so a product keeps its sitemap file). */
export function listProductIds(db: Db, offset: number, limit: number) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(ON_SALE)
    .orderBy(asc(products.listedAt), asc(products.id))
    .limit(limit)
    .offset(offset);
}

/** One active product, or null: a product page reads one row, not the catalogue. */
export async function findProduct(
  { db }: Pick<Deps, "db">,
  id: string,
): Promise<ProductDto | null> {
  const [row] = await productRows(db).where(
    and(eq(products.id, id), eq(products.status, "active")),
  );
  return row ? toProductDto(row) : null;
}

/**
 * The home page's two lists (SPEC.md section 9): the newest products, and the newest bestsellers,
 * HOME_LIST_SIZE each; two short index walks, whatever the catalogue's size.
 */
export async function listHighlights({
  db,
}: Pick<Deps, "db">): Promise<{ latest: ProductDto[]; bestsellers: ProductDto[] }> {
  const [latest, bestsellers] = await Promise.all([
    productRows(db)
      .where(ON_SALE)
      .orderBy(...NEWEST_FIRST)
      .limit(HOME_LIST_SIZE),
    productRows(db)
      .where(and(ON_SALE, eq(products.bestseller, true)))
      .orderBy(...NEWEST_FIRST)
      .limit(HOME_LIST_SIZE),
  ]);
  return { latest: latest.map(toProductDto), bestsellers: bestsellers.map(toProductDto) };
}

/**
 * Products related to an active product (SPEC.md section 2): same category, at least one tag in
 * common, never the product itself, newest first, RELATED_LIMIT at most; null when there is no such
 * active product. The category's products are walked newest first until enough share a tag.
 */
export async function listRelated(
  { db }: Pick<Deps, "db">,
  id: string,
): Promise<ProductDto[] | null> {
  const [product] = await db
    .select({ categoryId: products.categoryId, tags: products.tags })
    .from(products)
    .where(and(eq(products.id, id), ON_SALE));
  if (!product) return null;
  if (product.tags.length === 0) return [];
  const rows = await productRows(db)
    .where(
      and(
        ON_SALE,
        eq(products.categoryId, product.categoryId),
        ne(products.id, id),
        sql`exists (select 1 from json_each(${products.tags}) as tag where tag.value in (select wanted.value from json_each(${JSON.stringify(product.tags)}) as wanted))`,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(RELATED_LIMIT);
  return rows.map(toProductDto);
}

/** What a cart line shows of its product: today's name, price and cover picture. */
export interface ProductSummary {
  name: string;
  priceCents: number;
  imageKey: string | undefined;
}

/** Every product on sale (status active) by id, for joining carts to today's catalogue. */
export async function productSummaries({
  db,
}: Pick<Deps, "db">): Promise<Map<string, ProductSummary>> {
  const rows = await db.select(productLineColumns).from(products).where(ON_SALE);
  return new Map(
    rows.map((r) => [r.id, { name: r.name, priceCents: r.priceCents, imageKey: r.imageKeys[0] }]),
  );
}

export async function listCategories({ db }: Pick<Deps, "db">): Promise<CategoryDto[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, imageKey: categories.imageKey })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  // A category created in the back-office without a picture has an empty key.
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    image: r.imageKey ? imageUrl(r.imageKey) : "",
  }));
}

/** Posts, newest publication first. */
export async function listBlogPosts({ db }: Pick<Deps, "db">): Promise<BlogPostDto[]> {
  const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.publishDate));
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    cover: imageUrl(r.coverKey),
    shortDescription: r.shortDescription,
    publishDate: r.publishDate,
    estimatedTimeToRead: r.estimatedTimeToRead,
    keywords: r.keywords,
    content: r.content,
  }));
}

export async function listFaq({ db }: Pick<Deps, "db">): Promise<FaqDto[]> {
  const rows = await db.select().from(faqEntries).orderBy(asc(faqEntries.sortOrder));
  return rows.map((r) => ({ _id: r.id, title: r.title, content: r.content, isActive: r.isActive }));
}
