// What shoppers are told about stock, on the storefront and in the Worker's answers and mails.
// Free of valibot: the product page, the cards and the cart import it.

/** The product page says "Only N left" at this many or fewer. */
export const LOW_STOCK_SHOWN_AT = 5;

export const SHOPPER_STOCK_MESSAGES = {
  soldOut: (name: string) => `${name} is sold out`,
  held: (name: string) =>
    `The last of ${name} is in another shopper's checkout. It may come back soon if they do not pay.`,
  onlyLeft: (available: number, name: string) => `Only ${available} left of ${name}`,
} as const;

/** What product answers say of stock (worker/modules/catalogue/reads.ts stockFields). */
export interface Stocked {
  inStock: boolean;
  /** Null: not tracked (always available). */
  available: number | null;
  /**
   * True when none is left to buy only because unpaid checkouts hold the last units: they come
   * back if those checkouts expire, unlike a piece that sold.
   */
  held?: boolean;
}

/** The stock fields of a product answer, from its on-hand (null: not tracked) and reserved counts. */
export function stockFields(onHand: number | null, reserved: number): Required<Stocked> {
  const available = onHand === null ? null : Math.max(0, onHand - reserved);
  return { inStock: available !== 0, available, held: available === 0 && reserved > 0 };
}

/**
 * What a product page says: held in checkouts (may come back), sold out, "Only N left" at
 * LOW_STOCK_SHOWN_AT or fewer, or nothing.
 */
export type StockNote =
  | { kind: "held" }
  | { kind: "sold-out" }
  | { kind: "low"; left: number }
  | null;

export function stockNote({ inStock, available, held }: Stocked): StockNote {
  if (!inStock || available === 0) return held ? { kind: "held" } : { kind: "sold-out" };
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
  { inStock, available, held }: Stocked,
): string | undefined {
  if (!inStock || available === 0) {
    return held ? SHOPPER_STOCK_MESSAGES.held(name) : SHOPPER_STOCK_MESSAGES.soldOut(name);
  }
  if (available !== null && quantity > available) {
    return SHOPPER_STOCK_MESSAGES.onlyLeft(available, name);
  }
  return undefined;
}
