// Catalogue reads. The lists change rarely and several parts of a page need them (footer, home,
// collection), so each is fetched once per page load and shared; a failure is toasted once and
// forgotten so the next screen that asks tries again.
import { toast } from "react-toastify";
import type {
  CategoryDto,
  CategoryListResponse,
  ProductDto,
  ProductListResponse,
} from "../../../worker/contracts/catalogue";
import { api } from "../../lib/api-client";

export const fetchProducts = async (): Promise<ProductDto[]> =>
  (await api<ProductListResponse>("/api/product/list")).products;

export const fetchCategories = async (): Promise<CategoryDto[]> =>
  (await api<CategoryListResponse>("/api/category/list")).categories;

const inFlight = new Map<string, Promise<unknown>>();

function loadShared<T>(key: string, load: () => Promise<T>, failureMessage: string): Promise<T> {
  const known = inFlight.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = load().catch((error: unknown) => {
    inFlight.delete(key);
    toast.error(failureMessage, { toastId: `load-${key}` });
    throw error;
  });
  inFlight.set(key, pending);
  return pending;
}

export const loadProducts = (): Promise<ProductDto[]> =>
  loadShared("products", fetchProducts, "Could not load products");

export const loadCategories = (): Promise<CategoryDto[]> =>
  loadShared("categories", fetchCategories, "Could not load categories");

/** Tests start each case with an empty cache. */
export function clearCatalogueCache(): void {
  inFlight.clear();
}
