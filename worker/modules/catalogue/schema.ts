// The catalogue module owns products (with their stock: on hand and reserved), categories, blog
// posts, FAQ entries, the stock ledger (stock_movements) and app_meta (the versions the catalogue
// triggers bump, which the answer cache reads). It offers others the catalogue's reads and search,
// the answer cache, the back-office's catalogue writes and photos, and stock: statements that
// reserve, release, sell and restock units inside another module's batch (stock.ts).
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PRODUCT_STATUSES } from "../../contracts/admin-catalogue";
import { cents, createdAt, inList, nonNegative, pointsTo, timestamps } from "../../db/columns";
import { users } from "../identity/schema";

export const STOCK_MOVEMENT_KINDS = [
  "reserve",
  "release",
  "sale",
  "restock",
  "correction",
] as const;

export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const categories = sqliteTable(
  "categories",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** R2 key of the tile picture. */
    imageKey: text("image_key").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("categories_name_unique").on(t.name),
    /** Names are unique regardless of case: "Wind Chimes" and "wind chimes" would be one tile. */
    uniqueIndex("categories_name_lower_unique").on(sql`lower(${t.name})`),
    index("categories_sort_idx").on(t.sortOrder),
  ],
);

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** JSON array of R2 keys, first is the cover. */
    imageKeys: text("image_keys", { mode: "json" }).$type<string[]>().notNull(),
    /**
     * Alt text by R2 key, for the keys in `image_keys` that have one. Kept on the row that holds the
     * order, so an image change is one conditional UPDATE (routes/admin/product-images.ts).
     */
    imageAlts: text("image_alts", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    originalPriceCents: cents("original_price_cents"),
    finalPriceCents: cents("final_price_cents"),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    bestseller: integer("bestseller", { mode: "boolean" }).notNull().default(false),
    isNew: integer("is_new", { mode: "boolean" }).notNull().default(false),
    premium: integer("premium", { mode: "boolean" }).notNull().default(false),
    variant: text("variant"),
    /** Only `active` products are on the storefront; archived ones stay for old orders. */
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("active"),
    /**
     * Units the shop holds, sold or not yet; null means stock is not tracked (always available).
     * What a shopper can buy is on hand minus reserved (modules/catalogue/stock.ts).
     */
    stockOnHand: integer("stock_on_hand"),
    /** Units held by checkouts not yet paid: taken at checkout, released on expiry, sold on payment. */
    stockReserved: integer("stock_reserved").notNull().default(0),
    /** At or under this many available units the product is on the owner's low-stock list. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    /** When the product was listed; "newest first" sorts by it. */
    listedAt: integer("listed_at", { mode: "timestamp_ms" }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("products_slug_unique").on(t.slug),
    index("products_category_idx").on(t.categoryId),
    index("products_listed_idx").on(t.listedAt),
    index("products_bestseller_idx").on(t.bestseller, t.listedAt),
    index("products_final_price_idx").on(t.finalPriceCents),
    nonNegative("products", "original_price_cents"),
    nonNegative("products", "final_price_cents"),
    check("products_final_not_above_original", sql`"final_price_cents" <= "original_price_cents"`),
    check("products_status_valid", inList("status", PRODUCT_STATUSES)),
    check("products_stock_on_hand_non_negative", sql`"stock_on_hand" >= 0`),
    nonNegative("products", "stock_reserved"),
    nonNegative("products", "low_stock_threshold"),
    check(
      "products_stock_reserved_within_on_hand",
      sql`"stock_on_hand" IS NULL OR "stock_reserved" <= "stock_on_hand"`,
    ),
  ],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    coverKey: text("cover_key").notNull(),
    shortDescription: text("short_description").notNull(),
    /** Article HTML; sanitised again before it reaches a page. */
    content: text("content").notNull(),
    publishDate: text("publish_date").notNull(),
    estimatedTimeToRead: integer("estimated_time_to_read").notNull(),
    keywords: text("keywords").notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_unique").on(t.slug),
    index("blog_posts_publish_idx").on(t.publishDate),
  ],
);

export const faqEntries = sqliteTable(
  "faq_entries",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("faq_entries_sort_idx").on(t.sortOrder)],
);

/**
 * Small key/value facts about the data, bumped by triggers (the custom migrations 0001 and 0026):
 * `catalogue_version` whenever what the storefront shows of products, categories, blog posts or FAQ
 * entries changes, and `stock_version` whenever a product's stock counts change. The catalogue
 * caches rebuild content on the first and re-read only stock figures on the second.
 */
export const appMeta = sqliteTable("app_meta", {
  key: text("key").primaryKey(),
  value: integer("value").notNull(),
});

/**
 * The stock ledger: one row per change of a product's on-hand or reserved count, written in the
 * same batch as the change (modules/catalogue/stock.ts). Never updated.
 */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: text("product_id").notNull(),
    kind: text("kind", { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    /** Change of on hand (0 when the product's stock is not tracked). */
    onHandDelta: integer("on_hand_delta").notNull(),
    /** Change of reserved. */
    reservedDelta: integer("reserved_delta").notNull(),
    reason: text("reason").notNull().default(""),
    orderId: text("order_id"),
    /** The admin who made a restock or correction; null for checkout, expiry and sale. */
    actorId: pointsTo("actor_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_product_idx").on(t.productId, t.createdAt),
    index("stock_movements_order_idx").on(t.orderId),
    check("stock_movements_kind_valid", inList("kind", STOCK_MOVEMENT_KINDS)),
  ],
);
