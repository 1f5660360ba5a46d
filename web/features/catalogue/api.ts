// Catalogue reads, each a bounded answer: the home page's two lists, the categories, the running
// offers, a page of the collection at a time. The home lists, categories and offers are fetched
// once per page load and shared; a failure is toasted once (the offers' silently) and forgotten
// so the next screen that asks tries again. The collection's recent answers are kept so Back
// shows a page again without asking.

import type {
  CategoryDto,
  CategoryListResponse,
  ProductHighlightsResponse,
  ProductSearchResponse,
} from "../../../worker/contracts/catalogue";
import type { OfferDto, OffersResponse } from "../../../worker/contracts/promotions";
import { api, reportFailure } from "../../lib/api-client";

/** Also preloaded by the pages' HTML, ahead of their scripts (root.tsx, routes/home.tsx). */
export const PRODUCT_HIGHLIGHTS_PATH = "/api/product/highlights";
export const CATEGORY_LIST_PATH = "/api/category/list";
const PRODUCT_SEARCH_PATH = "/api/product/search";

export type ProductHighlights = Omit<ProductHighlightsResponse, "success">;

const fetchHighlights = async (): Promise<ProductHighlights> => {
  const { latest, bestsellers } = await api<ProductHighlightsResponse>(PRODUCT_HIGHLIGHTS_PATH);
  return { latest, bestsellers };
};

export const fetchCategories = async (): Promise<CategoryDto[]> =>
  (await api<CategoryListResponse>(CATEGORY_LIST_PATH)).categories;

const inFlight = new Map<string, Promise<unknown>>();

/** `failureMessage` null: a failure is forgotten without a word (an extra, not the page). */
function loadShared<T>(
  key: string,
  load: () => Promise<T>,
  failureMessage: string | null,
): Promise<T> {
  const known = inFlight.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = load().catch((error: unknown) => {
    inFlight.delete(key);
    if (failureMessage !== null) {
      reportFailure(error, failureMessage, { ignoreServerMessage: true, toastId: `load-${key}` });
    }
    throw error;
  });
  inFlight.set(key, pending);
  return pending;
}

export const loadHighlights = (): Promise<ProductHighlights> =>
  loadShared("highlights", fetchHighlights, "Could not load products");

export const loadCategories = (): Promise<CategoryDto[]> =>
  loadShared("categories", fetchCategories, "Could not load categories");

export const OFFERS_PATH = "/api/promotions/offers";

/** The automatic offers running now (README, "Promotions"); none shown when they cannot be read. */
export const loadOffers = (): Promise<OfferDto[]> =>
  loadShared("offers", async () => (await api<OffersResponse>(OFFERS_PATH)).offers, null);

/** Enough for a shopper's Back and Forward through pages and filters; the oldest goes first. */
const KEPT_SEARCHES = 24;

interface Search {
  answer: Promise<ProductSearchResponse>;
  /** Whoever started it may cancel it while it is out; then nobody else may wait for it. */
  signal: AbortSignal | undefined;
  answered: boolean;
  /** The answer, once it has come. */
  value?: ProductSearchResponse;
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
    (result) => {
      search.answered = true;
      search.value = result;
    },
    () => {
      if (searches.get(query) === search) searches.delete(query);
    },
  );
  keep(query, search);
  return answer;
}

function keep(query: string, search: Search): void {
  searches.delete(query);
  searches.set(query, search);
  for (const oldest of searches.keys()) {
    if (searches.size <= KEPT_SEARCHES) break;
    searches.delete(oldest);
  }
}

/** The answer to `query` when it has come already: a screen shows it at once. */
export const answeredSearch = (query: string): ProductSearchResponse | undefined =>
  searches.get(query)?.value;

/** The checkout learnt that stock moved: the next screen that reads products asks again. */
export function forgetProducts(): void {
  inFlight.delete("highlights");
  searches.clear();
}

/** Tests start each case with an empty cache. */
export function clearCatalogueCache(): void {
  inFlight.clear();
  searches.clear();
}
