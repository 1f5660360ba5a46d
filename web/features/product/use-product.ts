// One product by id. The shared list, when already loaded, paints the page at once; the request
// by id still runs, so a deep link works without the list and a removed product says so.
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { ApiError } from "../../lib/api-client";
import { useLoad } from "../../lib/use-load";
import { fetchProduct } from "./api";

export type ProductState =
  | { status: "loading" }
  | { status: "ready"; product: ProductDto }
  | { status: "not-found" }
  | { status: "error"; retry: () => void };

/** 404 is an unknown id, 400 a malformed one: both mean there is no such product. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export function useProduct(
  productId: string,
  list: readonly ProductDto[] | undefined,
): ProductState {
  // A transition: the page re-renders in slices that yield to the browser, not in one long task.
  // Try again keeps the error page up until the new answer.
  const answer = useLoad((signal, id) => fetchProduct(id, signal), {
    key: productId,
    transition: true,
    keepWhileReloading: true,
  });

  if (answer.status === "loaded") return { status: "ready", product: answer.data };
  if (answer.status === "failed" && isMissing(answer.error)) return { status: "not-found" };
  const listed = list?.find((product) => product._id === productId);
  if (listed) return { status: "ready", product: listed };
  if (answer.status === "failed") return { status: "error", retry: answer.reload };
  return { status: "loading" };
}
