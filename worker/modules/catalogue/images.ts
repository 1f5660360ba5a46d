// Product photos: their order and alt text on the product row (one conditional UPDATE, audited in
// the same batch), and the R2 objects that nothing references any more.

import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { IMAGE_MESSAGES, type ProductImageDto, productImages } from "../../contracts/admin-images";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { type Actor, auditStatementFromRow } from "../audit/audit";
import { orderItems } from "../orders/schema";
import { noteCatalogueChange } from "./cache";
import { blogPosts, categories, products } from "./schema";

export interface ImageList {
  /** R2 keys, cover first. */
  keys: string[];
  /** Alt text by key; a key without one is absent. */
  alts: Record<string, string>;
}

/** The list as D1 holds it now, with the stored JSON texts a conditional write compares against. */
interface Snapshot extends ImageList {
  keysJson: string;
  altsJson: string;
}

const ATTEMPTS = 3;

async function readImages({ db }: Pick<Deps, "db">, productId: string): Promise<Snapshot | null> {
  // The raw JSON texts, not drizzle's parsed values: the guard compares what is stored, byte for byte.
  const [row] = await db
    .select({
      keysJson: sql<string>`${products.imageKeys}`,
      altsJson: sql<string>`${products.imageAlts}`,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) return null;
  return {
    ...row,
    keys: JSON.parse(row.keysJson) as string[],
    alts: JSON.parse(row.altsJson) as Record<string, string>,
  };
}

/** A product's photos with their alt text, or null when there is no such product. */
export async function readProductImages(
  { db }: Pick<Deps, "db">,
  productId: string,
): Promise<ProductImageDto[] | null> {
  const current = await readImages({ db }, productId);
  return current && productImages(current.keys, current.alts);
}

const auditView = (list: ImageList) => ({
  images: list.keys.map((key) => ({ key, alt: list.alts[key] ?? "" })),
});

/**
 * The audit entry, inserted only when the product now holds `after`: the update before it in the
 * batch is conditional, and an update that lost a race must leave no entry behind.
 */
function auditIfApplied(
  db: Db,
  actor: Actor,
  change: { productId: string; action: string; before: ImageList; after: ImageList },
  applied: SQL,
) {
  return auditStatementFromRow(
    db,
    actor,
    {
      entity: "image",
      entityId: change.productId,
      action: change.action,
      before: auditView(change.before),
      after: auditView(change.after),
    },
    { table: products, where: and(eq(products.id, change.productId), applied) },
  );
}

/**
 * Applies `edit` to the product's photo list: one UPDATE guarded by the list it read, with its
 * audit entry in the same batch. A concurrent change makes the guard fail; the edit is then
 * re-run on the fresh list (so a reorder is checked again against what the product holds).
 * `edit` throws an AppError to refuse. Answers the list before and after.
 */
export async function editProductImages(
  { db, actor }: Pick<Deps, "db" | "actor">,
  productId: string,
  action: string,
  edit: (current: ImageList) => ImageList,
): Promise<{ before: ImageList; after: ImageList }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await readImages({ db }, productId);
    if (!current) throw notFound(IMAGE_MESSAGES.productNotFound, "product_not_found");
    const edited = edit({ keys: current.keys, alts: current.alts });
    // Alt text only for photos the product still has.
    const alts = Object.fromEntries(
      edited.keys.filter((k) => edited.alts[k]).map((k) => [k, edited.alts[k] as string]),
    );
    const after = { keys: edited.keys, alts };
    const [updated] = await db.batch([
      db
        .update(products)
        .set({ imageKeys: after.keys, imageAlts: after.alts })
        .where(
          and(
            eq(products.id, productId),
            sql`${products.imageKeys} = ${current.keysJson}`,
            sql`${products.imageAlts} = ${current.altsJson}`,
          ),
        )
        .returning({ id: products.id }),
      auditIfApplied(
        db,
        actor,
        { productId, action, before: current, after },
        and(
          sql`${products.imageKeys} = ${JSON.stringify(after.keys)}`,
          sql`${products.imageAlts} = ${JSON.stringify(after.alts)}`,
        ) as SQL,
      ),
    ]);
    if (updated.length > 0) {
      // The products trigger bumped catalogue_version; let this isolate see it at once.
      noteCatalogueChange();
      return { before: current, after };
    }
  }
  throw new AppError(409, IMAGE_MESSAGES.busy, "images_busy");
}

/** Keys per reference query: well under D1's 100 bound parameters. */
const CHUNK = 50;

/** Which of `keys` a product, category, blog post or past order still points at. */
async function referencedKeys({ db }: Pick<Deps, "db">, keys: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const element = sql<string>`${sql.identifier("image")}.value`;
    const results = await db.batch([
      db
        .selectDistinct({ key: element })
        .from(sql`${products}, json_each(${products.imageKeys}) AS ${sql.identifier("image")}`)
        .where(inArray(element, chunk)),
      db
        .selectDistinct({ key: categories.imageKey })
        .from(categories)
        .where(inArray(categories.imageKey, chunk)),
      db
        .selectDistinct({ key: blogPosts.coverKey })
        .from(blogPosts)
        .where(inArray(blogPosts.coverKey, chunk)),
      // An old order still shows the picture its item had when it was bought.
      db
        .selectDistinct({ key: orderItems.imageKey })
        .from(orderItems)
        .where(inArray(orderItems.imageKey, chunk)),
    ]);
    for (const rows of results) for (const row of rows) used.add(row.key);
  }
  return used;
}

/**
 * Deletes from R2 those of `keys` nothing references any longer. Call it after the D1 change that
 * dropped them has committed. A failed delete leaves an orphan object, which costs storage but
 * breaks nothing, so it is logged rather than raised. Answers the keys deleted.
 */
export async function removeUnreferencedImages(
  { db, env }: Pick<Deps, "db" | "env">,
  keys: string[],
): Promise<string[]> {
  const candidates = [...new Set(keys)];
  if (candidates.length === 0) return [];
  const used = await referencedKeys({ db }, candidates);
  const unused = candidates.filter((k) => !used.has(k));
  if (unused.length === 0) return [];
  try {
    await env.IMAGES.delete(unused);
  } catch (err) {
    console.warn("could not delete unreferenced images", unused, err);
    return [];
  }
  return unused;
}
