// Cart lines the shop can no longer sell as they are (sold out, or more than is left), judged
// against each line's product as the catalogue has it now, in the words the checkout's 409
// out_of_stock uses.
import { useMemo } from "react";
import type { CartItem } from "../../../worker/contracts/cart";
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { lineStockProblem } from "../../../worker/contracts/stock-display";
import { ApiError } from "../../lib/api-client";
import { useLoad } from "../../lib/use-load";
import { fetchProduct } from "../product/api";

/** Product id -> what is wrong with its line. */
export type StockProblems = ReadonlyMap<string, string>;

const NONE: StockProblems = new Map();

/** Nothing is flagged until the list is known; a product missing from it is left to the server. */
export function stockProblems(
  lines: readonly CartItem[],
  products: readonly ProductDto[] | undefined,
): StockProblems {
  if (!products) return NONE;
  const byId = new Map(products.map((product) => [product._id, product]));
  const problems = new Map<string, string>();
  for (const line of lines) {
    const product = byId.get(line._id);
    const problem = product && lineStockProblem(product.name, line.quantity, product);
    if (problem) problems.set(line._id, problem);
  }
  return problems;
}

/** The cart's products, one bounded read each; one no longer on sale is left out. */
async function fetchCartProducts(ids: string, signal: AbortSignal): Promise<ProductDto[]> {
  const products = await Promise.all(
    ids
      .split(",")
      .filter(Boolean)
      .map((id) =>
        fetchProduct(id, signal).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
      ),
  );
  return products.filter((product) => product !== null);
}

/** The cart's products as the catalogue has them now, once read; undefined until then. */
export function useCartProducts(lines: readonly CartItem[]): ProductDto[] | undefined {
  const ids = useMemo(() => [...new Set(lines.map((line) => line._id))].sort().join(","), [lines]);
  const products = useLoad((signal, key) => fetchCartProducts(key, signal), {
    key: ids,
    transition: true,
  });
  return products.status === "loaded" ? products.data : undefined;
}

export function useStockProblems(lines: readonly CartItem[]): StockProblems {
  const products = useCartProducts(lines);
  return useMemo(() => stockProblems(lines, products), [lines, products]);
}
