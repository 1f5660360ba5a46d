// One product by id. The shared list, when already loaded, paints the page at once; the request
// by id still runs, so a deep link works without the list and a removed product says so.
import { startTransition, useEffect, useState } from "react";
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { ApiError } from "../../lib/api-client";
import { fetchProduct } from "./api";

export type ProductState =
  | { status: "loading" }
  | { status: "ready"; product: ProductDto }
  | { status: "not-found" }
  | { status: "error"; retry: () => void };

type Answer = { id: string; product: ProductDto } | { id: string; error: unknown };

/** 404 is an unknown id, 400 a malformed one: both mean there is no such product. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export function useProduct(
  productId: string,
  list: readonly ProductDto[] | undefined,
): ProductState {
  const [answer, setAnswer] = useState<Answer>();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) asks again.
  useEffect(() => {
    const controller = new AbortController();
    // A transition: the page re-renders in slices that yield to the browser, not in one long task.
    const settle = (next: Answer) =>
      startTransition(() => {
        if (!controller.signal.aborted) setAnswer(next);
      });
    fetchProduct(productId, controller.signal).then(
      (product) => settle({ id: productId, product }),
      (error: unknown) => settle({ id: productId, error }),
    );
    return () => controller.abort();
  }, [productId, attempt]);

  const current = answer?.id === productId ? answer : undefined;
  if (current && "product" in current) return { status: "ready", product: current.product };
  if (current && isMissing(current.error)) return { status: "not-found" };
  const listed = list?.find((product) => product._id === productId);
  if (listed) return { status: "ready", product: listed };
  if (current) return { status: "error", retry: () => setAttempt((n) => n + 1) };
  return { status: "loading" };
}
