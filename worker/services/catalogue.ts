// Catalogue and content queries, shaped as the API answers them.
import { and, asc, desc, eq } from "drizzle-orm";
import {
  type BlogPostDto,
  type CategoryDto,
  type FaqDto,
  imageUrl,
  type ProductDto,
} from "../contracts/catalogue";
import { centsToDollars } from "../contracts/money";
import { availableOf } from "../contracts/stock";
import type { Db } from "../db/client";
import { blogPosts, categories, faqEntries, products } from "../db/schema";

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

async function selectProducts(db: Db) {
  return productRows(db)
    .where(eq(products.status, "active"))
    .orderBy(desc(products.listedAt), desc(products.id));
}

export function toProductDto(row: Awaited<ReturnType<typeof selectProducts>>[number]): ProductDto {
  // Stock columns live on products, so the catalogue_version triggers (0001) bump on every stock
  // change (reservation, release, sale, correction) and cached answers carry it within seconds.
  const available = availableOf(row.stockOnHand, row.stockReserved);
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
    inStock: available !== 0,
    available,
  };
  if (row.variant) dto.variant = row.variant;
  return dto;
}

/** Every active product, newest first (SPEC.md section 7: "reversed so newest come first"). */
export async function listProducts(db: Db): Promise<ProductDto[]> {
  return (await selectProducts(db)).map(toProductDto);
}

/** One active product, or null: a product page reads one row, not the catalogue. */
export async function findProduct(db: Db, id: string): Promise<ProductDto | null> {
  const [row] = await productRows(db).where(
    and(eq(products.id, id), eq(products.status, "active")),
  );
  return row ? toProductDto(row) : null;
}

/** What a cart line shows of its product: today's name, price and cover picture. */
export interface ProductSummary {
  name: string;
  priceCents: number;
  imageKey: string | undefined;
}

/** Every product on sale (status active) by id, for joining carts to today's catalogue. */
export async function productSummaries(db: Db): Promise<Map<string, ProductSummary>> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.finalPriceCents,
      imageKeys: products.imageKeys,
    })
    .from(products)
    .where(eq(products.status, "active"));
  return new Map(
    rows.map((r) => [r.id, { name: r.name, priceCents: r.priceCents, imageKey: r.imageKeys[0] }]),
  );
}

export async function listCategories(db: Db): Promise<CategoryDto[]> {
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
export async function listBlogPosts(db: Db): Promise<BlogPostDto[]> {
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

export async function listFaq(db: Db): Promise<FaqDto[]> {
  const rows = await db.select().from(faqEntries).orderBy(asc(faqEntries.sortOrder));
  return rows.map((r) => ({ _id: r.id, title: r.title, content: r.content, isActive: r.isActive }));
}
