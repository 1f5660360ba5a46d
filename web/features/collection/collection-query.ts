// The collection screen's state as plain data (SPEC.md section 2, /collection): read from the
// address, written back to it, and turned into the search the Worker answers. No React here, so
// every rule is unit-tested on its own.
import {
  type ProductDto,
  type ProductSearchResponse,
  SEARCH_PAGE_SIZE,
  SORT_MODES,
  type SortMode,
} from "../../../worker/contracts/catalogue";
import { isPlainText } from "../../../worker/contracts/text";

/** SPEC.md section 9: collection page size, the search endpoint's default. */
export const PAGE_SIZE = SEARCH_PAGE_SIZE;

export interface CollectionQuery {
  categories: string[];
  premium: boolean;
  sale: boolean;
  /** Leave out products with none left (`instock` in the address). */
  hideSoldOut: boolean;
  /** The applied search, not what is being typed. */
  search: string;
  sort: SortMode;
  page: number;
}

export const DEFAULT_QUERY: CollectionQuery = {
  categories: [],
  premium: false,
  sale: false,
  hideSoldOut: false,
  search: "",
  sort: "relevant",
  page: 1,
};

const isSortMode = (value: string | null): value is SortMode =>
  SORT_MODES.some((mode) => mode === value);

function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/**
 * Address -> state. Unknown or malformed values fall back to the defaults, never throw; text with
 * a control character is one the search endpoint refuses (contracts/text.ts), so it is dropped.
 */
export function parseCollectionParams(params: URLSearchParams): CollectionQuery {
  const categories = params
    .getAll("category")
    .map((name) => name.trim())
    .filter((name, index, all) => name !== "" && isPlainText(name) && all.indexOf(name) === index);
  const sort = params.get("sort");
  const search = (params.get("q") ?? "").trim();
  return {
    categories,
    // SPEC.md: any value turns these on, even "false".
    premium: params.has("premium"),
    sale: params.has("sale"),
    hideSoldOut: params.has("instock"),
    search: isPlainText(search) ? search : "",
    sort: isSortMode(sort) ? sort : "relevant",
    page: parsePage(params.get("page")),
  };
}

/** State -> address, leaving defaults out so a plain /collection stays plain. */
export function toCollectionParams(query: CollectionQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of query.categories) params.append("category", name);
  if (query.premium) params.set("premium", "true");
  if (query.sale) params.set("sale", "true");
  if (query.hideSoldOut) params.set("instock", "1");
  if (query.search) params.set("q", query.search);
  if (query.sort !== "relevant") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/**
 * Any change other than the page itself starts again at page 1 (SPEC.md: a change of filters,
 * search or data resets the page).
 */
export function updateQuery(
  query: CollectionQuery,
  change: Partial<Omit<CollectionQuery, "page">>,
): CollectionQuery {
  return { ...query, ...change, page: 1 };
}

/**
 * The requested categories spelled as the shop spells them; names the shop does not have are
 * dropped. Until the category list is known, the request is kept as it is.
 */
export function resolveCategories(requested: string[], known: string[] | undefined): string[] {
  if (!known) return requested;
  const byLowerName = new Map(known.map((name) => [name.toLowerCase(), name]));
  const resolved = requested
    .map((name) => byLowerName.get(name.toLowerCase()))
    .filter((name): name is string => name !== undefined);
  return [...new Set(resolved)];
}

/**
 * The query string of GET /api/product/search for a state whose categories are resolved: the
 * endpoint reads the address's own names (q, category, premium, sale, instock, sort, page) with the
 * same defaults, so equal states ask the same question.
 */
export const toSearchRequest = (query: CollectionQuery): string =>
  toCollectionParams(query).toString();

/** The filters of a search request without its page: the same results, paged differently. */
export function filtersOf(request: string): string {
  const params = new URLSearchParams(request);
  params.delete("page");
  return params.toString();
}

/** A page asked for past the last one: nothing on it while the filters do match products. */
export const isPastLastPage = (answer: ProductSearchResponse): boolean =>
  answer.products.length === 0 && answer.total > 0 && answer.page > 1;

/** The page a search answered, in the terms the screen shows it. */
export function answeredPage(answer: ProductSearchResponse): Page<ProductDto> {
  const { products: items, total, page, pageSize } = answer;
  const start = (page - 1) * pageSize;
  return {
    items,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    first: items.length ? start + 1 : 0,
    last: start + items.length,
    total,
  };
}

export const isOnSale = (product: ProductDto): boolean =>
  product.originalPrice > product.finalPrice;

/**
 * Filter, search and sort of a whole list, as the Worker's search does (its tests compare the
 * two); "relevant" keeps the API's newest-first order.
 */
export function selectProducts(
  products: readonly ProductDto[],
  { categories, premium, sale, hideSoldOut, search, sort }: Omit<CollectionQuery, "page">,
): ProductDto[] {
  const wanted = new Set(categories.map((name) => name.toLowerCase()));
  const needle = search.trim().toLowerCase();
  const selected = products.filter(
    (product) =>
      (wanted.size === 0 || wanted.has(product.category.toLowerCase())) &&
      (!premium || product.premium) &&
      (!sale || isOnSale(product)) &&
      (!hideSoldOut || product.inStock) &&
      (needle === "" || product.name.toLowerCase().includes(needle)),
  );
  // Array.prototype.sort is stable, so equal prices keep their newest-first order.
  if (sort === "low-high") selected.sort((a, b) => a.finalPrice - b.finalPrice);
  if (sort === "high-low") selected.sort((a, b) => b.finalPrice - a.finalPrice);
  return selected;
}

export interface Page<T> {
  items: T[];
  /** The page actually shown: a page past the end shows page 1. */
  page: number;
  pageCount: number;
  /** 1-based position of the first item shown, 0 when there are none. */
  first: number;
  last: number;
  total: number;
}

/** A whole list's page, as the Worker's search pages (its tests compare the two). */
export function paginate<T>(items: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const shown = Number.isInteger(page) && page >= 1 && page <= pageCount ? page : 1;
  const start = (shown - 1) * size;
  const pageItems = items.slice(start, start + size);
  return {
    items: pageItems,
    page: shown,
    pageCount,
    first: pageItems.length ? start + 1 : 0,
    last: start + pageItems.length,
    total: items.length,
  };
}

/** Page numbers to offer, with "gap" where a run is skipped: 1 … 4 5 6 … 12. */
export function pageList(page: number, pageCount: number): (number | "gap")[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const around = [page - 1, page, page + 1].filter((n) => n > 1 && n < pageCount);
  const list: (number | "gap")[] = [1];
  if ((around[0] ?? pageCount) > 2) list.push("gap");
  list.push(...around);
  if ((around.at(-1) ?? 1) < pageCount - 1) list.push("gap");
  list.push(pageCount);
  return list;
}
