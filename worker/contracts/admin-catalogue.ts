// The back-office catalogue's requests and answers (README, back-office): products and categories.
// Prices are dollars here and cents in D1; the Worker and a future admin SPA share these schemas.
import * as v from "valibot";
import { PageQuery } from "./admin";
import { boundedText, writtenText } from "./fields";
import { ID_PATTERN } from "./ids";
import { MAX_STOCK, type StockDto } from "./stock";

/** Only `active` products are on the storefront; `archived` ones stay for old orders to show. */
export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Products per page of the back-office list. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

export const MAX_PRODUCT_NAME_LENGTH = 120;
export const MAX_PRODUCT_DESCRIPTION_LENGTH = 5000;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_VARIANT_LENGTH = 60;
/** $1,000,000: far above anything the shop sells, far below where cents lose integer precision. */
export const MAX_PRICE_DOLLARS = 1_000_000;
export const MAX_CATEGORY_NAME_LENGTH = 60;
export const MAX_CATEGORY_DESCRIPTION_LENGTH = 500;
export const MAX_SEARCH_LENGTH = 100;
/**
 * At or under this many units left a product is on the owner's low-stock list; the column's default
 * (worker/db/schema.ts) is the same number.
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_LOW_STOCK_THRESHOLD = 10_000;

export const CATALOGUE_MESSAGES = {
  finalAboveOriginal: "finalPrice must not exceed originalPrice",
  unknownCategory: "category must be the id of an existing category",
  categoryNameTaken: "A category with that name already exists",
  productNotFound: "Product not found",
  categoryNotFound: "Category not found",
  imageNotFound: "imageKey must name a picture already in storage",
} as const;

/** An R2 key as /images/<key> serves it (routes/images.ts). */
const IMAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9._/-]{0,199}$/;

/**
 * A body that is a JSON object of the given fields, nothing else: valibot's object schemas let an
 * array through as an object with no keys, which would read as an empty edit.
 */
export const fieldsObject = <T extends v.ObjectEntries>(entries: T, what: string) => {
  const message = `The body must be a JSON object of ${what} fields`;
  return v.pipe(
    v.unknown(),
    v.check((x) => typeof x === "object" && x !== null && !Array.isArray(x), message),
    v.strictObject(entries, (issue) =>
      issue.expected === "never" ? `Unknown field ${String(issue.received)}` : message,
    ),
  );
};

/** Dollars with at most two decimals, from 0 to MAX_PRICE_DOLLARS. */
export const price = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number of dollars`),
    v.finite(`${label} must be a number of dollars`),
    v.minValue(0, `${label} must not be negative`),
    v.maxValue(MAX_PRICE_DOLLARS, `${label} must be at most ${MAX_PRICE_DOLLARS} dollars`),
    v.check(
      (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
      `${label} must have at most two decimals`,
    ),
  );

const flag = (label: string) => v.boolean(`${label} must be true or false`);

const tags = v.pipe(
  v.array(writtenText("Each tag", MAX_TAG_LENGTH), "tags must be a list of text"),
  v.maxLength(MAX_TAGS, `tags may hold at most ${MAX_TAGS} entries`),
  // Stored once each, in the order given.
  v.transform((list) => [...new Set(list)]),
);

/** Empty or null clears the variant. */
const variant = v.pipe(
  v.nullable(boundedText("variant", MAX_VARIANT_LENGTH)),
  v.transform((s) => (s ? s : null)),
);

const count = (label: string, max: number) =>
  v.pipe(
    v.number(`${label} must be a whole number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(0, `${label} must not be negative`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );

const stock = count("stock", MAX_STOCK);

const lowStockThreshold = count("lowStockThreshold", MAX_LOW_STOCK_THRESHOLD);

const productFields = {
  name: writtenText("name", MAX_PRODUCT_NAME_LENGTH),
  description: writtenText("description", MAX_PRODUCT_DESCRIPTION_LENGTH),
  /** The category's id: stable across renames, unlike its name. */
  category: v.pipe(
    v.string(CATALOGUE_MESSAGES.unknownCategory),
    v.regex(ID_PATTERN, CATALOGUE_MESSAGES.unknownCategory),
  ),
  tags,
  originalPrice: price("originalPrice"),
  finalPrice: price("finalPrice"),
  bestseller: flag("bestseller"),
  new: flag("new"),
  premium: flag("premium"),
  variant,
  status: v.picklist(PRODUCT_STATUSES, `status must be one of ${PRODUCT_STATUSES.join(", ")}`),
  stock,
  lowStockThreshold,
};

const finalNotAboveOriginal = <T extends { originalPrice?: number; finalPrice?: number }>(
  input: T,
) =>
  input.originalPrice === undefined ||
  input.finalPrice === undefined ||
  input.finalPrice <= input.originalPrice;

/** POST /api/admin/products. Unknown keys are refused, so a typo is not silently dropped. */
export const ProductCreateSchema = v.pipe(
  fieldsObject(
    {
      name: productFields.name,
      description: productFields.description,
      category: productFields.category,
      tags: v.optional(productFields.tags, []),
      originalPrice: productFields.originalPrice,
      finalPrice: productFields.finalPrice,
      bestseller: v.optional(productFields.bestseller, false),
      new: v.optional(productFields.new, false),
      premium: v.optional(productFields.premium, false),
      variant: v.optional(productFields.variant, null),
      status: v.optional(productFields.status, "draft"),
      stock: v.optional(productFields.stock),
      lowStockThreshold: v.optional(productFields.lowStockThreshold, DEFAULT_LOW_STOCK_THRESHOLD),
    },
    "product",
  ),
  v.forward(v.check(finalNotAboveOriginal, CATALOGUE_MESSAGES.finalAboveOriginal), ["finalPrice"]),
);
export type ProductCreateInput = v.InferOutput<typeof ProductCreateSchema>;

/** POST /api/admin/products/:id: any subset of the fields; prices are checked against the stored ones too. */
export const ProductUpdateSchema = v.pipe(
  fieldsObject(
    {
      name: v.optional(productFields.name),
      description: v.optional(productFields.description),
      category: v.optional(productFields.category),
      tags: v.optional(productFields.tags),
      originalPrice: v.optional(productFields.originalPrice),
      finalPrice: v.optional(productFields.finalPrice),
      bestseller: v.optional(productFields.bestseller),
      new: v.optional(productFields.new),
      premium: v.optional(productFields.premium),
      variant: v.optional(productFields.variant),
      status: v.optional(productFields.status),
      stock: v.optional(productFields.stock),
      lowStockThreshold: v.optional(productFields.lowStockThreshold),
    },
    "product",
  ),
  v.forward(v.check(finalNotAboveOriginal, CATALOGUE_MESSAGES.finalAboveOriginal), ["finalPrice"]),
);
export type ProductUpdateInput = v.InferOutput<typeof ProductUpdateSchema>;

/** GET /api/admin/products?status=&q=&page= */
export const ProductListQuery = v.object({
  status: v.optional(
    v.picklist(PRODUCT_STATUSES, `status must be one of ${PRODUCT_STATUSES.join(", ")}`),
  ),
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters`),
    ),
  ),
  page: PageQuery,
});
export type ProductListQueryInput = v.InferOutput<typeof ProductListQuery>;

const imageKey = v.pipe(
  v.string("imageKey must be text"),
  v.regex(IMAGE_KEY_PATTERN, "imageKey must be a storage key such as categories/name.svg"),
  v.check((k) => !k.includes("..") && !k.includes("//"), "imageKey must be a storage key"),
);

const categoryFields = {
  name: writtenText("name", MAX_CATEGORY_NAME_LENGTH),
  description: boundedText("description", MAX_CATEGORY_DESCRIPTION_LENGTH),
  imageKey,
};

/** POST /api/admin/categories. The picture is a key already in R2; without one the tile has none. */
export const CategoryCreateSchema = fieldsObject(
  {
    name: categoryFields.name,
    description: v.optional(categoryFields.description, ""),
    imageKey: v.optional(categoryFields.imageKey),
  },
  "category",
);
export type CategoryCreateInput = v.InferOutput<typeof CategoryCreateSchema>;

/** POST /api/admin/categories/:id: rename (products follow: they hold the id), describe, re-picture. */
export const CategoryUpdateSchema = fieldsObject(
  {
    name: v.optional(categoryFields.name),
    description: v.optional(categoryFields.description),
    imageKey: v.optional(categoryFields.imageKey),
  },
  "category",
);
export type CategoryUpdateInput = v.InferOutput<typeof CategoryUpdateSchema>;

export interface AdminImageDto {
  key: string;
  url: string;
  /** Empty when none was set. */
  alt: string;
}

export interface AdminProductDto {
  _id: string;
  slug: string;
  name: string;
  description: string;
  /** The category's name, as the storefront shows it, and its id, as the back-office sets it. */
  category: string;
  categoryId: string;
  tags: string[];
  /** Dollars. */
  originalPrice: number;
  finalPrice: number;
  bestseller: boolean;
  new: boolean;
  premium: boolean;
  variant: string | null;
  status: ProductStatus;
  /** Cover first. */
  images: AdminImageDto[];
  /** On hand (null: not tracked), reserved by checkouts in progress, and what is left to sell. */
  stock: StockDto;
  /** At or under this many available units the product is on the low-stock list. */
  lowStockThreshold: number;
  /** ISO 8601. */
  listedAt: string;
  updatedAt: string;
}

export interface AdminCategoryDto {
  _id: string;
  name: string;
  description: string;
  imageKey: string;
  /** Null when the category has no picture yet. */
  image: string | null;
  /** How many products (of any status) are in it. */
  productCount: number;
}

export interface AdminProductListResponse {
  success: true;
  products: AdminProductDto[];
  total: number;
}
export interface AdminProductResponse {
  success: true;
  product: AdminProductDto;
}
/** A tracked, unarchived product at or under its low-stock threshold (GET /api/admin/stock/low). */
export interface LowStockProductDto {
  id: string;
  name: string;
  slug: string;
  status: ProductStatus;
  /** The cover's URL; null when the product has no picture. */
  image: string | null;
  onHand: number;
  reserved: number;
  /** On hand less reserved: 0 is sold out. */
  available: number;
  lowStockThreshold: number;
}

/** Sold out first, then fewest left, then by name. */
export interface LowStockResponse {
  success: true;
  products: LowStockProductDto[];
}
export interface AdminCategoryListResponse {
  success: true;
  categories: AdminCategoryDto[];
}
export interface AdminCategoryResponse {
  success: true;
  category: AdminCategoryDto;
}
