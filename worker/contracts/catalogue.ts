// What the catalogue and content endpoints answer (SPEC.md sections 3 and 7); web/ imports these types.
import * as v from "valibot";

export interface ProductDto {
  _id: string;
  name: string;
  description: string;
  /** Image URLs on this origin, cover first. */
  image: string[];
  /** Dollars. */
  originalPrice: number;
  finalPrice: number;
  /** The category's name. */
  category: string;
  tags: string[];
  bestseller: boolean;
  new: boolean;
  premium: boolean;
  variant?: string;
  /** False when none is left to buy (always true when stock is not tracked). */
  inStock: boolean;
  /** Units left to buy, or null when the product's stock is not tracked. */
  available: number | null;
}

export interface CategoryDto {
  _id: string;
  name: string;
  image: string;
}

export interface BlogPostDto {
  _id: string;
  title: string;
  cover: string;
  shortDescription: string;
  /** YYYY-MM-DD. */
  publishDate: string;
  /** Minutes. */
  estimatedTimeToRead: number;
  /** Comma-separated. */
  keywords: string;
  /** Article HTML. */
  content: string;
}

export interface FaqDto {
  _id: string;
  title: string;
  content: string;
  isActive: boolean;
}

export interface ProductListResponse {
  success: true;
  products: ProductDto[];
  message: string;
}
export interface ProductResponse {
  success: true;
  product: ProductDto;
}
export interface CategoryListResponse {
  success: true;
  categories: CategoryDto[];
}
export interface BlogListResponse {
  success: true;
  blogs: BlogPostDto[];
}
export interface FaqListResponse {
  success: true;
  faqs: FaqDto[];
}

/** Where the Worker serves an R2 object. */
export const imageUrl = (key: string): string => `/images/${key}`;

// ---- Search (GET /api/product/search, issue 19) ----------------------------------------------

/** SPEC.md section 9: the collection's page size; the most one answer holds. */
export const SEARCH_PAGE_SIZE = 12;
export const MAX_SEARCH_PAGE_SIZE = 48;
/** Longer than any product name the back-office takes, so nothing findable is refused. */
export const MAX_SEARCH_LENGTH = 200;
/** The deepest page asked for: 999,999 x 48 rows is past any catalogue. */
const MAX_PAGE_DIGITS = 6;

export const SORT_MODES = ["relevant", "low-high", "high-low"] as const;
export type SortMode = (typeof SORT_MODES)[number];

export const SEARCH_MESSAGES = {
  q: `q must be at most ${MAX_SEARCH_LENGTH} characters`,
  category: "category must be a category name (repeat it for more than one)",
  sort: `sort must be one of ${SORT_MODES.join(", ")}`,
  page: "page must be a whole number from 1",
  pageSize: `pageSize must be a whole number from 1 to ${MAX_SEARCH_PAGE_SIZE}`,
  flag: "premium, sale and instock are on when present (once)",
} as const;

/** A flag as the collection's address has it: present (any value, even "false") is on. */
const flag = v.pipe(
  v.optional(v.string(SEARCH_MESSAGES.flag)),
  v.transform((value) => value !== undefined),
);

/**
 * GET /api/product/search: SPEC's collection questions. `q` is a case-insensitive substring of
 * the name (spaces inside it count, runs of them as one); `category` one or more names (any
 * case); `premium`, `sale` (on sale: final below original) and `instock` are on when present.
 */
export const ProductSearchQuery = v.object({
  q: v.pipe(
    v.optional(v.string(SEARCH_MESSAGES.q), ""),
    v.transform((s) => s.trim().replace(/\s+/g, " ")),
    v.maxLength(MAX_SEARCH_LENGTH, SEARCH_MESSAGES.q),
  ),
  category: v.pipe(
    v.optional(
      v.union([v.string(), v.array(v.string())], SEARCH_MESSAGES.category),
      [] as string[],
    ),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
    v.maxLength(20, SEARCH_MESSAGES.category),
    v.check((names) => names.every((n) => n.length <= 100), SEARCH_MESSAGES.category),
    v.transform((names) => [
      ...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n !== "")),
    ]),
  ),
  premium: flag,
  sale: flag,
  instock: flag,
  sort: v.optional(v.picklist(SORT_MODES, SEARCH_MESSAGES.sort), "relevant"),
  page: v.pipe(
    v.optional(v.string(SEARCH_MESSAGES.page), "1"),
    v.regex(new RegExp(`^[1-9]\\d{0,${MAX_PAGE_DIGITS - 1}}$`), SEARCH_MESSAGES.page),
    v.transform(Number),
  ),
  pageSize: v.pipe(
    v.optional(v.string(SEARCH_MESSAGES.pageSize), String(SEARCH_PAGE_SIZE)),
    v.regex(/^[1-9]\d?$/, SEARCH_MESSAGES.pageSize),
    v.transform(Number),
    v.maxValue(MAX_SEARCH_PAGE_SIZE, SEARCH_MESSAGES.pageSize),
  ),
});
export type ProductSearch = v.InferOutput<typeof ProductSearchQuery>;

/**
 * How many products each choice would show with the other filters as they are: per category
 * (every category, 0 included, in the shop's order), and for premium and sale.
 */
export interface ProductSearchFacets {
  categories: { name: string; count: number }[];
  premium: number;
  sale: number;
}

export interface ProductSearchResponse {
  success: true;
  products: ProductDto[];
  /** Products matching, on every page. */
  total: number;
  /** As asked: a page past the last is empty. */
  page: number;
  pageSize: number;
  facets: ProductSearchFacets;
}
