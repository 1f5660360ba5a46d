// One product by id: the one the page's HTML was rendered with (product-frame.ts) at once; any
// other from GET /api/product/:id, painted meanwhile from the card the shopper opened when a recent
// answer showed it.
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { ApiError } from "../../lib/api-client";
import { useLoad } from "../../lib/use-load";
import { shownProduct } from "../catalogue/api";
import { fetchProduct } from "./api";
import { framedProduct } from "./product-frame";

export type ProductState =
  | { status: "loading" }
  | { status: "ready"; product: ProductDto }
  | { status: "not-found" }
  | { status: "error"; retry: () => void };

/** 404 is an unknown id, 400 a malformed one: both mean there is no such product. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export function useProduct(productId: string): ProductState {
  const framed = framedProduct(productId);
  // A transition: the page re-renders in slices that yield to the browser, not in one long task.
  // Try again keeps the error page up until the new answer.
  const answer = useLoad((signal, id) => fetchProduct(id, signal), {
    key: productId,
    enabled: framed === undefined,
    transition: true,
    keepWhileReloading: true,
  });

  if (framed)
    return framed.product ? { status: "ready", product: framed.product } : { status: "not-found" };
  if (answer.status === "loaded") return { status: "ready", product: answer.data };
  if (answer.status === "failed" && isMissing(answer.error)) return { status: "not-found" };
  const shown = shownProduct(productId);
  if (shown) return { status: "ready", product: shown };
  if (answer.status === "failed") return { status: "error", retry: answer.reload };
  return { status: "loading" };
}
