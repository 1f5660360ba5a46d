// The back-office catalogue: products and categories as the owner sees them (every status), and
// their writes. Each write is one db.batch with its audit entry; the catalogue_version triggers
// (migration 0001) bump the storefront's caches, and noteCatalogueChange makes this isolate see it.

import { and, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminCategoryDto,
  type AdminProductDto,
  CATALOGUE_MESSAGES,
  type CategoryCreateInput,
  type CategoryUpdateInput,
  type ProductCreateInput,
  type ProductListQueryInput,
  type ProductUpdateInput,
} from "../../contracts/admin-catalogue";
import { imageUrl } from "../../contracts/catalogue";
import { centsToDollars, dollarsToCents } from "../../contracts/money";
import { availableOf } from "../../contracts/stock";
import { failedConstraint } from "../../db/errors";
import { AppError, badRequest, notFound } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { auditStatement } from "../audit/audit";
import { noteCatalogueChange } from "./cache";
import { categories, products } from "./schema";

type ProductRow = typeof products.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

const categoryNameTaken = () =>
  new AppError(409, CATALOGUE_MESSAGES.categoryNameTaken, "category_name_taken", [
    { path: "name", message: CATALOGUE_MESSAGES.categoryNameTaken },
  ]);
const finalAboveOriginal = () =>
  badRequest(CATALOGUE_MESSAGES.finalAboveOriginal, "invalid_input", [
    { path: "finalPrice", message: CATALOGUE_MESSAGES.finalAboveOriginal },
  ]);
const unknownCategory = () =>
  badRequest(CATALOGUE_MESSAGES.unknownCategory, "invalid_input", [
    { path: "category", message: CATALOGUE_MESSAGES.unknownCategory },
  ]);

// ---------------------------------------------------------------------------------------------
// Products

/** What the audit log keeps of a product: the stored values (prices in cents). */
const productAudit = (p: ProductRow): Record<string, unknown> => ({
  slug: p.slug,
  name: p.name,
  description: p.description,
  categoryId: p.categoryId,
  tags: p.tags,
  originalPriceCents: p.originalPriceCents,
  finalPriceCents: p.finalPriceCents,
  bestseller: p.bestseller,
  isNew: p.isNew,
  premium: p.premium,
  variant: p.variant,
  status: p.status,
  lowStockThreshold: p.lowStockThreshold,
});

function toAdminProduct(p: ProductRow, categoryName: string): AdminProductDto {
  const alts = p.imageAlts ?? {};
  return {
    _id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    category: categoryName,
    categoryId: p.categoryId,
    tags: p.tags,
    originalPrice: centsToDollars(p.originalPriceCents),
    finalPrice: centsToDollars(p.finalPriceCents),
    bestseller: p.bestseller,
    new: p.isNew,
    premium: p.premium,
    variant: p.variant,
    status: p.status,
    stock: {
      onHand: p.stockOnHand,
      reserved: p.stockReserved,
      available: availableOf(p.stockOnHand, p.stockReserved),
    },
    lowStockThreshold: p.lowStockThreshold,
    images: p.imageKeys.map((key) => ({ key, url: imageUrl(key), alt: alts[key] ?? "" })),
    listedAt: p.listedAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** A page of products of every status (or one), newest first; `q` matches the name, any case. */
export async function listAdminProducts(
  { db }: Pick<Deps, "db">,
  { status, q, page }: ProductListQueryInput,
): Promise<{ products: AdminProductDto[]; total: number }> {
  const where: SQL[] = [];
  if (status) where.push(eq(products.status, status));
  // instr, not LIKE: a % or _ the owner types is matched as itself.
  if (q) where.push(sql`instr(lower(${products.name}), lower(${q})) > 0`);
  const filter = and(...where);
  // Not db.batch: drizzle maps a batch's rows by column name, and products and categories both
  // have `name`.
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ product: products, category: categories.name })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(filter)
      .orderBy(desc(products.listedAt), desc(products.id))
      .limit(ADMIN_PRODUCTS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE),
    db.select({ total: count() }).from(products).where(filter),
  ]);
  return {
    products: rows.map((r) => toAdminProduct(r.product, r.category)),
    total: totalRow?.total ?? 0,
  };
}

async function productRow({ db }: Pick<Deps, "db">, id: string) {
  const [row] = await db
    .select({ product: products, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(eq(products.id, id));
  return row;
}

export async function getAdminProduct(
  { db }: Pick<Deps, "db">,
  id: string,
): Promise<AdminProductDto> {
  const row = await productRow({ db }, id);
  if (!row) throw notFound(CATALOGUE_MESSAGES.productNotFound, "product_not_found");
  return toAdminProduct(row.product, row.category);
}

async function requireCategory({ db }: Pick<Deps, "db">, id: string): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw unknownCategory();
  return row;
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "") || "product";

/** The name's slug, or with the id's random tail when another product has it already. */
async function freeSlug({ db }: Pick<Deps, "db">, name: string, id: string): Promise<string> {
  const base = slugify(name);
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, base));
  return taken ? `${base}-${id.slice(-8)}` : base;
}

/** Creates a product (draft unless told otherwise); `stock` is for the stock engineer's columns. */
export async function createAdminProduct(
  { db, actor }: Pick<Deps, "db" | "actor">,
  input: ProductCreateInput,
): Promise<AdminProductDto> {
  const category = await requireCategory({ db }, input.category);
  const id = newId();
  const base = {
    id,
    name: input.name,
    description: input.description,
    imageKeys: [] as string[],
    originalPriceCents: dollarsToCents(input.originalPrice),
    finalPriceCents: dollarsToCents(input.finalPrice),
    categoryId: category.id,
    tags: input.tags,
    bestseller: input.bestseller,
    isNew: input.new,
    premium: input.premium,
    variant: input.variant,
    status: input.status,
    lowStockThreshold: input.lowStockThreshold,
    listedAt: new Date(),
  };
  const write = async (slug: string) => {
    const [[created]] = await db.batch([
      db
        .insert(products)
        .values({ ...base, slug })
        .returning(),
      auditStatement(db, actor, {
        entity: "product",
        entityId: id,
        action: "create",
        before: null,
        after: productAudit({ ...base, slug } as ProductRow),
      }),
    ]);
    return created;
  };
  let created: ProductRow | undefined;
  try {
    created = await write(await freeSlug({ db }, input.name, id));
  } catch (err) {
    // Another product took the slug between the look-up and the insert: the id's tail is unique.
    if (!failedConstraint(err, "products.slug")) throw err;
    created = await write(`${slugify(input.name)}-${id.slice(-8)}`);
  }
  if (!created) throw new Error("product insert returned nothing");
  noteCatalogueChange();
  return toAdminProduct(created, category.name);
}

/** Applies any subset of the fields; final ≤ original is judged on the values after the change. */
export async function updateAdminProduct(
  { db, actor }: Pick<Deps, "db" | "actor">,
  id: string,
  input: ProductUpdateInput,
  action = "update",
): Promise<AdminProductDto> {
  const current = await productRow({ db }, id);
  if (!current) throw notFound(CATALOGUE_MESSAGES.productNotFound, "product_not_found");
  const before = current.product;
  let categoryName = current.category;
  if (input.category !== undefined && input.category !== before.categoryId) {
    categoryName = (await requireCategory({ db }, input.category)).name;
  }

  const next: Partial<ProductRow> = {};
  if (input.name !== undefined) next.name = input.name;
  if (input.description !== undefined) next.description = input.description;
  if (input.category !== undefined) next.categoryId = input.category;
  if (input.tags !== undefined) next.tags = input.tags;
  if (input.originalPrice !== undefined)
    next.originalPriceCents = dollarsToCents(input.originalPrice);
  if (input.finalPrice !== undefined) next.finalPriceCents = dollarsToCents(input.finalPrice);
  if (input.bestseller !== undefined) next.bestseller = input.bestseller;
  if (input.new !== undefined) next.isNew = input.new;
  if (input.premium !== undefined) next.premium = input.premium;
  if (input.variant !== undefined) next.variant = input.variant;
  if (input.status !== undefined) next.status = input.status;
  if (input.lowStockThreshold !== undefined) next.lowStockThreshold = input.lowStockThreshold;

  const after = { ...before, ...next };
  if (after.finalPriceCents > after.originalPriceCents) throw finalAboveOriginal();

  // Only what really changes is written and logged; an edit that changes nothing writes nothing.
  const beforeAudit = productAudit(before);
  const afterAudit = productAudit(after);
  const changed = Object.keys(afterAudit).filter(
    (k) => JSON.stringify(beforeAudit[k]) !== JSON.stringify(afterAudit[k]),
  );
  if (changed.length === 0) return toAdminProduct(before, categoryName);
  const pick = (o: Record<string, unknown>) => Object.fromEntries(changed.map((k) => [k, o[k]]));

  let updated: ProductRow | undefined;
  try {
    [[updated]] = await db.batch([
      db.update(products).set(next).where(eq(products.id, id)).returning(),
      auditStatement(db, actor, {
        entity: "product",
        entityId: id,
        action,
        before: pick(beforeAudit),
        after: pick(afterAudit),
      }),
    ]);
  } catch (err) {
    // A concurrent edit moved the other price: the database's CHECK had the last word.
    if (failedConstraint(err, "products_final_not_above_original")) throw finalAboveOriginal();
    // The category was deleted meanwhile.
    if (failedConstraint(err, "FOREIGN KEY")) throw unknownCategory();
    throw err;
  }
  if (!updated) throw notFound(CATALOGUE_MESSAGES.productNotFound, "product_not_found");
  noteCatalogueChange();
  return toAdminProduct(updated, categoryName);
}

/**
 * Archives a product: it leaves the storefront, carts and checkout, while orders keep showing it
 * from their own copies of each line (order_items).
 */
export const archiveAdminProduct = (deps: Pick<Deps, "db" | "actor">, id: string) =>
  updateAdminProduct(deps, id, { status: "archived" }, "archive");

// ---------------------------------------------------------------------------------------------
// Categories

const categoryAudit = (c: CategoryRow): Record<string, unknown> => ({
  name: c.name,
  description: c.description,
  imageKey: c.imageKey,
});

const toAdminCategory = (c: CategoryRow, productCount: number): AdminCategoryDto => ({
  _id: c.id,
  name: c.name,
  description: c.description,
  imageKey: c.imageKey,
  image: c.imageKey ? imageUrl(c.imageKey) : null,
  productCount,
});

async function productCountOf({ db }: Pick<Deps, "db">, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(eq(products.categoryId, categoryId));
  return row?.n ?? 0;
}

export async function listAdminCategories({ db }: Pick<Deps, "db">): Promise<AdminCategoryDto[]> {
  const [rows, counts] = await db.batch([
    db.select().from(categories).orderBy(categories.sortOrder, categories.name),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .groupBy(products.categoryId),
  ]);
  const byCategory = new Map(counts.map((r) => [r.categoryId, r.n]));
  return rows.map((c) => toAdminCategory(c, byCategory.get(c.id) ?? 0));
}

/** 409 when another category has this name in any case (the unique index decides a race). */
async function assertNameFree({ db }: Pick<Deps, "db">, name: string, exceptId?: string) {
  const sameName = sql`lower(${categories.name}) = lower(${name})`;
  const [clash] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId ? and(sameName, ne(categories.id, exceptId)) : sameName);
  if (clash) throw categoryNameTaken();
}

/** A picture key must be in R2 already: a typo would otherwise show a broken tile. */
async function assertImageStored(images: R2Bucket, key: string | undefined) {
  if (key === undefined) return;
  if (!(await images.head(key))) {
    throw badRequest(CATALOGUE_MESSAGES.imageNotFound, "invalid_input", [
      { path: "imageKey", message: CATALOGUE_MESSAGES.imageNotFound },
    ]);
  }
}

const isNameClash = (err: unknown) =>
  failedConstraint(err, "categories_name_lower_unique") || failedConstraint(err, "categories.name");

export async function createAdminCategory(
  { db, env, actor }: Pick<Deps, "db" | "env" | "actor">,
  input: CategoryCreateInput,
): Promise<AdminCategoryDto> {
  await assertNameFree({ db }, input.name);
  await assertImageStored(env.IMAGES, input.imageKey);
  const [last] = await db
    .select({ sortOrder: categories.sortOrder })
    .from(categories)
    .orderBy(desc(categories.sortOrder))
    .limit(1);
  const row: CategoryRow = {
    id: newId(),
    name: input.name,
    description: input.description,
    imageKey: input.imageKey ?? "",
    sortOrder: (last?.sortOrder ?? -1) + 1,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const { createdAt: _c, updatedAt: _u, ...values } = row;
  let created: CategoryRow | undefined;
  try {
    [[created]] = await db.batch([
      db.insert(categories).values(values).returning(),
      auditStatement(db, actor, {
        entity: "category",
        entityId: row.id,
        action: "create",
        before: null,
        after: categoryAudit(row),
      }),
    ]);
  } catch (err) {
    if (isNameClash(err)) throw categoryNameTaken();
    throw err;
  }
  if (!created) throw new Error("category insert returned nothing");
  noteCatalogueChange();
  return toAdminCategory(created, 0);
}

/** Renames, describes or re-pictures a category; its products follow, holding its id. */
export async function updateAdminCategory(
  { db, env, actor }: Pick<Deps, "db" | "env" | "actor">,
  id: string,
  input: CategoryUpdateInput,
): Promise<AdminCategoryDto> {
  const [before] = await db.select().from(categories).where(eq(categories.id, id));
  if (!before) throw notFound(CATALOGUE_MESSAGES.categoryNotFound, "category_not_found");
  if (input.name !== undefined) await assertNameFree({ db }, input.name, id);
  if (input.imageKey !== before.imageKey) await assertImageStored(env.IMAGES, input.imageKey);

  const next: Partial<CategoryRow> = {};
  if (input.name !== undefined) next.name = input.name;
  if (input.description !== undefined) next.description = input.description;
  if (input.imageKey !== undefined) next.imageKey = input.imageKey;
  const beforeAudit = categoryAudit(before);
  const afterAudit = categoryAudit({ ...before, ...next });
  const changed = Object.keys(afterAudit).filter((k) => beforeAudit[k] !== afterAudit[k]);
  if (changed.length === 0) return toAdminCategory(before, await productCountOf({ db }, id));
  const pick = (o: Record<string, unknown>) => Object.fromEntries(changed.map((k) => [k, o[k]]));

  let updated: CategoryRow | undefined;
  try {
    [[updated]] = await db.batch([
      db.update(categories).set(next).where(eq(categories.id, id)).returning(),
      auditStatement(db, actor, {
        entity: "category",
        entityId: id,
        action: "update",
        before: pick(beforeAudit),
        after: pick(afterAudit),
      }),
    ]);
  } catch (err) {
    if (isNameClash(err)) throw categoryNameTaken();
    throw err;
  }
  if (!updated) throw notFound(CATALOGUE_MESSAGES.categoryNotFound, "category_not_found");
  noteCatalogueChange();
  return toAdminCategory(updated, await productCountOf({ db }, id));
}
