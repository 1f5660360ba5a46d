// Writes the seeded shop into D1 and its pictures into R2. Idempotent: ids and image keys derive
// from stable names and content, rows are upserted, and demo accounts are only created when absent.

import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { PREVIEW_IMAGE, previewImageKey } from "../contracts/catalogue";
import * as schema from "../db/schema";
import { aliased } from "../db/sql";
import { stableId } from "../lib/ids";
import { ledgerFrom } from "../modules/catalogue/stock";
import { hashPassword } from "../modules/identity/passwords";
import { categoryArt, coverArt, productArt } from "./artwork";
import { categories as seedCategories } from "./content/categories";
import { faq as seedFaq } from "./content/faq";
import { posts as seedPosts } from "./content/posts";
import { products as seedProducts } from "./content/products";
import { DEMO_ACCOUNTS } from "./demo-accounts";

/** Listing dates count back from this fixed day, so re-seeding never reorders the catalogue. */
const SEED_EPOCH = Date.UTC(2026, 10, 15);
const [p, productsP] = aliased(schema.products, "p");
const DAY_MS = 86_400_000;
const PRODUCT_VIEWS = [0, 1, 2] as const;
/** Every seeded picture's key derives from its content, so it can be cached for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** How many previews are rasterised at once: one per core here (sharp threads within each). */
const RASTER_CONCURRENCY = 2;

export interface SeedBindings {
  DB: D1Database;
  IMAGES: R2Bucket;
}

export interface SeedOptions {
  /**
   * Draws a seed SVG as the raster link preview: a JPEG of PREVIEW_IMAGE's size (1200x630), which
   * the seed stores under previewImageKey(coverKey) for each product's cover. Node scripts pass
   * worker/scripts/raster-preview.ts; without it (inside workerd, where sharp cannot run) the seed
   * stores no previews.
   */
  rasterize?: (svg: string) => Promise<Uint8Array>;
}

export interface SeedReport {
  categories: number;
  products: number;
  posts: number;
  faq: number;
  images: number;
  /** Product covers that have a raster preview in R2 (stored now or already there). */
  previews: number;
  accountsCreated: number;
}

/**
 * Stock levels of the seeded shop: most products have plenty, a few are low (the product page's
 * "Only N left") and two are sold out. The browser journeys buy the lotus chime and the kalash lota
 * on every run against one persisted local database, so those two have a deep shelf. With the
 * default low-stock threshold (5) the five low ones, sold out first, make the back-office's
 * low-stock list and the owner's daily mail.
 */
const SEED_STOCK: Record<string, number> = {
  "lotus-copper-wind-chime": 500,
  "copper-kalash-lota-for-puja": 500,
  "nataraja-bronze-statue-12in": 3,
  "chakra-singing-bowl-set-of-7": 2,
  "brass-kuber-oil-lamp": 5,
  "dhokra-tribal-horse-artifact": 0,
  "tibetan-tingsha-cymbals": 0,
};

/** A seeded product's stock: its listed level, or a steady 20..60 derived from its slug. */
export const seedStock = (slug: string): number =>
  SEED_STOCK[slug] ??
  20 + ([...slug].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 9973, 7) % 41);

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function contentKey(prefix: string, svg: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(svg));
  const hash = Array.from(new Uint8Array(digest).slice(0, 5), (b) =>
    b.toString(16).padStart(2, "0"),
  );
  return `${prefix}-${hash.join("")}.svg`;
}

/** Puts each picture under a content-addressed key; returns the keys in order. */
async function storeImages(
  bucket: R2Bucket,
  images: { prefix: string; svg: string }[],
): Promise<string[]> {
  return Promise.all(
    images.map(async ({ prefix, svg }) => {
      const key = await contentKey(prefix, svg);
      if (!(await bucket.head(key))) {
        await bucket.put(key, svg, {
          httpMetadata: { contentType: "image/svg+xml", cacheControl: IMMUTABLE },
        });
      }
      return key;
    }),
  );
}

/**
 * Puts the raster preview of each cover SVG beside it, unless one is there already (its key
 * derives from the SVG's, so an existing one is current). At most RASTER_CONCURRENCY at a time.
 */
async function storePreviews(
  bucket: R2Bucket,
  covers: { key: string; svg: string }[],
  rasterize: (svg: string) => Promise<Uint8Array>,
): Promise<number> {
  const queue = [...covers];
  const worker = async () => {
    for (let cover = queue.shift(); cover; cover = queue.shift()) {
      const key = previewImageKey(cover.key);
      if (key === cover.key || (await bucket.head(key))) continue;
      await bucket.put(key, await rasterize(cover.svg), {
        httpMetadata: { contentType: PREVIEW_IMAGE.type, cacheControl: IMMUTABLE },
      });
    }
  };
  await Promise.all(Array.from({ length: RASTER_CONCURRENCY }, worker));
  return covers.length;
}

export async function seedShop(env: SeedBindings, options: SeedOptions = {}): Promise<SeedReport> {
  const db = drizzle(env.DB, { schema });
  const statements: Parameters<typeof db.batch>[0][number][] = [];
  let images = 0;
  const covers: { key: string; svg: string }[] = [];

  const categoryIds = new Map<string, string>();
  for (const [i, category] of seedCategories.entries()) {
    const id = await stableId("category", category.name);
    categoryIds.set(category.name, id);
    const [imageKey = ""] = await storeImages(env.IMAGES, [
      {
        prefix: `categories/${slugify(category.name)}`,
        svg: categoryArt(category.artwork, i * 47),
      },
    ]);
    images++;
    const row = { name: category.name, description: category.description, imageKey, sortOrder: i };
    statements.push(
      db
        .insert(schema.categories)
        .values({ id, ...row })
        .onConflictDoUpdate({ target: schema.categories.id, set: row }),
    );
  }

  for (const product of seedProducts) {
    const id = await stableId("product", product.slug);
    const categoryId = categoryIds.get(product.category);
    if (!categoryId)
      throw new Error(`Seed product ${product.slug} names unknown category ${product.category}`);
    const views = PRODUCT_VIEWS.map((view) => ({
      prefix: `products/${product.slug}-${view + 1}`,
      svg: productArt({ kind: product.artwork, hue: product.hue, view, label: product.name }),
    }));
    const imageKeys = await storeImages(env.IMAGES, views);
    images += imageKeys.length;
    const [coverKey] = imageKeys;
    const [cover] = views;
    if (coverKey && cover) covers.push({ key: coverKey, svg: cover.svg });
    const row = {
      slug: product.slug,
      name: product.name,
      description: product.description,
      imageKeys,
      originalPriceCents: product.originalPriceCents,
      finalPriceCents: product.finalPriceCents,
      categoryId,
      tags: product.tags,
      bestseller: product.bestseller,
      isNew: product.isNew,
      premium: product.premium,
      variant: product.variant ?? null,
      listedAt: new Date(SEED_EPOCH - product.listedDaysAgo * DAY_MS),
    };
    statements.push(
      db
        .insert(schema.products)
        .values({ id, ...row, stockOnHand: seedStock(product.slug) })
        // Re-seeding never overwrites a count; it only starts tracking a product that had none,
        // never below what checkouts hold.
        .onConflictDoUpdate({
          target: schema.products.id,
          set: {
            ...row,
            stockOnHand: sql`coalesce(${schema.products.stockOnHand}, max(excluded.stock_on_hand, ${schema.products.stockReserved}))`,
          },
        }),
    );
  }

  // The opening count of each tracked product is its first ledger row (once, however often seeded).
  statements.push(
    ledgerFrom(
      db,
      {
        productId: p.id,
        kind: "restock",
        onHandDelta: p.stockOnHand,
        reservedDelta: 0,
        reason: "seeded",
        orderId: null,
        actorId: null,
      },
      sql`FROM ${productsP}
      WHERE ${p.stockOnHand} IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${schema.stockMovements} WHERE ${schema.stockMovements.productId} = ${p.id})`,
    ),
  );

  for (const post of seedPosts) {
    const id = await stableId("post", post.slug);
    const [coverKey = ""] = await storeImages(env.IMAGES, [
      { prefix: `blog/${post.slug}`, svg: coverArt(post.coverArtwork, post.coverHue) },
    ]);
    images++;
    const row = {
      slug: post.slug,
      title: post.title,
      coverKey,
      shortDescription: post.shortDescription,
      content: post.contentHtml,
      publishDate: post.publishDate,
      estimatedTimeToRead: post.estimatedTimeToRead,
      keywords: post.keywords,
    };
    statements.push(
      db
        .insert(schema.blogPosts)
        .values({ id, ...row })
        .onConflictDoUpdate({ target: schema.blogPosts.id, set: row }),
    );
  }

  for (const [i, entry] of seedFaq.entries()) {
    const id = await stableId("faq", entry.title);
    const row = {
      title: entry.title,
      content: entry.content,
      isActive: entry.isActive,
      sortOrder: i,
    };
    statements.push(
      db
        .insert(schema.faqEntries)
        .values({ id, ...row })
        .onConflictDoUpdate({ target: schema.faqEntries.id, set: row }),
    );
  }

  // Demo accounts keep whatever a developer changed (password, profile) on later seeds.
  const existing = await db.select({ email: schema.users.email }).from(schema.users);
  const taken = new Set(existing.map((u) => u.email));
  let accountsCreated = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (taken.has(account.email)) continue;
    const id = await stableId("user", account.email);
    statements.push(
      db.insert(schema.users).values({
        id,
        name: account.name,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        role: account.role,
      }),
    );
    if (account.affiliateCode) {
      statements.push(
        db.insert(schema.creatorProfiles).values({
          userId: id,
          affiliateCode: account.affiliateCode,
          bio: "I share slow-living rituals, copper care tips and home altar ideas with 40k followers.",
          socials: "https://www.instagram.com/priya.rituals, https://www.tiktok.com/@priya.rituals",
          payoutEmail: account.email,
        }),
      );
    }
    accountsCreated++;
  }

  const previews = options.rasterize
    ? await storePreviews(env.IMAGES, covers, options.rasterize)
    : 0;

  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return {
    categories: seedCategories.length,
    products: seedProducts.length,
    posts: seedPosts.length,
    faq: seedFaq.length,
    images,
    previews,
    accountsCreated,
  };
}

/** True when the catalogue has no products yet (what `npm start` checks before seeding). */
export async function isEmpty(env: Pick<SeedBindings, "DB">): Promise<boolean> {
  const db = drizzle(env.DB, { schema });
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(schema.products);
  return (row?.n ?? 0) === 0;
}
