import { startTransition, useEffect, useState } from "react";
import type { CategoryDto, ProductDto } from "../../../worker/contracts/catalogue";
import { loadCategories, loadProducts } from "./api";

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

function useShared<T>(load: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<Resource<T>>({
    data: undefined,
    error: undefined,
    loading: true,
  });

  useEffect(() => {
    // The request is shared with other components, so unmounting must not cancel it;
    // the controller only tells this component to stop listening.
    const controller = new AbortController();
    // A transition: a whole list of cards then renders in slices that yield to the browser.
    const settle = (next: Resource<T>) =>
      startTransition(() => {
        if (!controller.signal.aborted) setState(next);
      });
    load().then(
      (data) => settle({ data, error: undefined, loading: false }),
      (error: unknown) => settle({ data: undefined, error, loading: false }),
    );
    return () => controller.abort();
  }, [load]);

  return state;
}

/** Every product, newest first. */
export const useProducts = (): Resource<ProductDto[]> => useShared(loadProducts);

export const useCategories = (): Resource<CategoryDto[]> => useShared(loadCategories);
