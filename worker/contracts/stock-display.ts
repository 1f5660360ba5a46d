// What shoppers are told about stock, on the storefront and in the Worker's answers and mails.
// Free of valibot: the product page, the cards and the cart import it.

/** The product page says "Only N left" at this many or fewer. */
export const LOW_STOCK_SHOWN_AT = 5;

export const SHOPPER_STOCK_MESSAGES = {
  soldOut: (name: string) => `${name} is sold out`,
  onlyLeft: (available: number, name: string) => `Only ${available} left of ${name}`,
} as const;

interface Stocked {
  inStock: boolean;
  /** Null: not tracked (always available). */
  available: number | null;
}

/** What a product page says: sold out, "Only N left" at LOW_STOCK_SHOWN_AT or fewer, or nothing. */
export type StockNote = { kind: "sold-out" } | { kind: "low"; left: number } | null;

export function stockNote({ inStock, available }: Stocked): StockNote {
  if (!inStock || available === 0) return { kind: "sold-out" };
  if (available !== null && available <= LOW_STOCK_SHOWN_AT)
    return { kind: "low", left: available };
  return null;
}

/**
 * Why a cart line cannot be bought as it is, in the words the checkout's 409 uses, or undefined
 * when it can.
 */
export function lineStockProblem(
  name: string,
  quantity: number,
  { inStock, available }: Stocked,
): string | undefined {
  if (!inStock || available === 0) return SHOPPER_STOCK_MESSAGES.soldOut(name);
  if (available !== null && quantity > available) {
    return SHOPPER_STOCK_MESSAGES.onlyLeft(available, name);
  }
  return undefined;
}
