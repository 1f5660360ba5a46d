// Catalogue reads. The lists change rarely and several parts of a page need them (footer, home,
// collection), so each is fetched once per page load and shared; a failure is toasted once and
// forgotten so the next screen that asks tries again.
import type {
  CategoryDto,
  CategoryListResponse,
  ProductDto,
  ProductListResponse,
} from "../../../worker/contracts/catalogue";
import { api, reportFailure } from "../../lib/api-client";

/** Also fetched by the pages' HTML ahead of the scripts (app/render-shell.tsx). */
export const PRODUCT_LIST_PATH = "/api/product/list";
export const CATEGORY_LIST_PATH = "/api/category/list";

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

const LOADS_BY_PATH: Record<string, () => Promise<unknown>> = {
  [PRODUCT_LIST_PATH]: loadProducts,
  [CATEGORY_LIST_PATH]: loadCategories,
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
}

/** Tests start each case with an empty cache. */
export function clearCatalogueCache(): void {
  inFlight.clear();
}
