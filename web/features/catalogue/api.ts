// Catalogue reads. The lists change rarely and several parts of a page need them (footer, home,
// product page), so each is fetched once per page load and shared; a failure is toasted once and
// forgotten so the next screen that asks tries again. The collection asks the search one page at a
// time, and its recent answers are kept so Back shows a page again without asking.
import type {
  CategoryDto,
  CategoryListResponse,
  ProductDto,
  ProductListResponse,
  ProductSearchResponse,
} from "../../../worker/contracts/catalogue";
import { api, reportFailure } from "../../lib/api-client";

/** Also fetched by the pages' HTML ahead of the scripts (app/render-shell.tsx). */
export const PRODUCT_LIST_PATH = "/api/product/list";
export const CATEGORY_LIST_PATH = "/api/category/list";
/** Preloaded, with no query, by the collection's HTML (its plain address's first page). */
export const PRODUCT_SEARCH_PATH = "/api/product/search";

export const fetchProducts = async (): Promise<ProductDto[]> =>
  (await api<ProductListResponse>(PRODUCT_LIST_PATH)).products;

export const fetchCategories = async (): Promise<CategoryDto[]> =>
  (await api<CategoryListResponse>(CATEGORY_LIST_PATH)).categories;

const inFlight = new Map<string, Promise<unknown>>();

function loadShared<T>(key: string, load: () => Promise<T>, failureMessage: string): Promise<T> {
  const known = inFlight.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = load().catch((error: unknown) => {
    inFlight.delete(key);
    reportFailure(error, failureMessage, { ignoreServerMessage: true, toastId: `load-${key}` });
    throw error;
  });
  inFlight.set(key, pending);
  return pending;
}

export const loadProducts = (): Promise<ProductDto[]> =>
  loadShared("products", fetchProducts, "Could not load products");

export const loadCategories = (): Promise<CategoryDto[]> =>
  loadShared("categories", fetchCategories, "Could not load categories");

/** Enough for a shopper's Back and Forward through pages and filters; the oldest goes first. */
const KEPT_SEARCHES = 24;

interface Search {
  answer: Promise<ProductSearchResponse>;
  /** Whoever started it may cancel it while it is out; then nobody else may wait for it. */
  signal: AbortSignal | undefined;
  answered: boolean;
}

const searches = new Map<string, Search>();

/**
 * GET /api/product/search with `query` (a query string without "?"). A search answered, or out
 * and not cancelled, is not asked again; a failed one is forgotten.
 */
export function searchProducts(
  query: string,
  signal?: AbortSignal,
): Promise<ProductSearchResponse> {
  const known = searches.get(query);
  if (known && (known.answered || !known.signal?.aborted)) return known.answer;
  const path = query ? `${PRODUCT_SEARCH_PATH}?${query}` : PRODUCT_SEARCH_PATH;
  const answer = api<ProductSearchResponse>(path, { signal });
  const search: Search = { answer, signal, answered: false };
  answer.then(
    () => {
      search.answered = true;
    },
    () => {
      if (searches.get(query) === search) searches.delete(query);
    },
  );
  searches.delete(query);
  searches.set(query, search);
  for (const oldest of searches.keys()) {
    if (searches.size <= KEPT_SEARCHES) break;
    searches.delete(oldest);
  }
  return answer;
}

const LOADS_BY_PATH: Record<string, () => Promise<unknown>> = {
  [PRODUCT_LIST_PATH]: loadProducts,
  [CATEGORY_LIST_PATH]: loadCategories,
  [PRODUCT_SEARCH_PATH]: () => searchProducts(""),
};

/**
 * Starts the shared loads of the lists the page's HTML preloads (`<link rel="preload" as="fetch">`)
 * before the app renders, so the screens' effects find them under way instead of each starting a
 * request while the page hydrates. A failure is toasted as usual.
 */
export function startPreloadedLoads(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(
    'link[rel="preload"][as="fetch"]',
  )) {
    LOADS_BY_PATH[new URL(link.href).pathname]?.().catch(() => {});
  }
}

/** The checkout learnt that stock moved: the next screen that reads the list asks again. */
export function forgetProducts(): void {
  inFlight.delete("products");
  searches.clear();
}

/** Tests start each case with an empty cache. */
export function clearCatalogueCache(): void {
  inFlight.clear();
  searches.clear();
}
