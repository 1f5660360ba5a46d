// What the catalogue and content endpoints answer (SPEC.md sections 3 and 7); web/ imports these types.

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
  /**
   * True when none is left only because unpaid checkouts hold the last units (they come back if
   * those checkouts expire); false when the product is in stock or sold out for good.
   */
  held: boolean;
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

/**
 * The link-preview size (Open Graph's og:image): what WhatsApp, Facebook and X show in full.
 * Their crawlers do not draw SVG, so the seed's SVG art has a JPEG copy of this size beside it.
 */
export const PREVIEW_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;

/**
 * The R2 key of the raster preview of a product's cover: `<art>.preview.jpg` beside the seed's
 * `<art>.svg` (worker/seed/seed.ts stores it, drawn by worker/scripts/raster-preview.ts); an uploaded photo is raster already, so itself.
 */
export const previewImageKey = (coverKey: string): string =>
  coverKey.endsWith(".svg") ? `${coverKey.slice(0, -".svg".length)}.preview.jpg` : coverKey;

/** Home lists (SPEC.md section 9) and related products: bounded answers, never the catalogue. */
export const HOME_LIST_SIZE = 10;
export const RELATED_LIMIT = 12;

/** GET /api/product/highlights: the home page's two lists. */
export interface ProductHighlightsResponse {
  success: true;
  /** Newest first, HOME_LIST_SIZE at most. */
  latest: ProductDto[];
  /** Bestsellers, newest first, HOME_LIST_SIZE at most. */
  bestsellers: ProductDto[];
}

/** GET /api/product/:id/related: same category, a tag in common, newest first. */
export interface RelatedProductsResponse {
  success: true;
  products: ProductDto[];
}

// ---- Search (GET /api/product/search; its schema is contracts/catalogue-search.ts, so
// shop pages that only need these names do not load valibot) ------------------------------------

/** SPEC.md section 9: the collection's page size; the most one answer holds. */
export const SEARCH_PAGE_SIZE = 12;
export const MAX_SEARCH_PAGE_SIZE = 48;
/** Longer than any product name the back-office takes, so nothing findable is refused. */
export const MAX_SEARCH_LENGTH = 200;

export const SORT_MODES = ["relevant", "low-high", "high-low"] as const;
export type SortMode = (typeof SORT_MODES)[number];
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
