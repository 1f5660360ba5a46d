// The shared catalogue lists as screens read them. The request is shared with other components
// (catalogue/api.ts), so a screen going away only stops listening to it; the answer renders in a
// transition, so a whole list of cards renders in slices that yield to the browser.
import type { CategoryDto } from "../../../worker/contracts/catalogue";
import { useLoad } from "../../lib/use-load";
import { loadCategories, loadHighlights, type ProductHighlights } from "./api";

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

function useShared<T>(load: () => Promise<T>): Resource<T> {
  const state = useLoad(() => load(), { transition: true });
  return {
    data: state.status === "loaded" ? state.data : undefined,
    error: state.status === "failed" ? state.error : undefined,
    loading: state.status === "loading",
  };
}

/** The home page's two lists: the newest products and the newest bestsellers. */
export const useHighlights = (): Resource<ProductHighlights> => useShared(loadHighlights);

export const useCategories = (): Resource<CategoryDto[]> => useShared(loadCategories);
