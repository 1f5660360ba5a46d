// Cart lines the shop can no longer sell as they are (sold out, or more than is left), judged
// against the shared product list, in the words the checkout's 409 out_of_stock uses.
import { useMemo } from "react";
import type { CartItem } from "../../../worker/contracts/cart";
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { lineStockProblem } from "../../../worker/contracts/stock-display";
import { useProducts } from "../catalogue/use-catalogue";

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

export function useStockProblems(lines: readonly CartItem[]): StockProblems {
  const products = useProducts();
  return useMemo(() => stockProblems(lines, products.data), [lines, products.data]);
}
