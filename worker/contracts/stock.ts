// Stock: what the storefront and the back-office say about it (worker/modules/catalogue/stock.ts).
import * as v from "valibot";
import { SHOPPER_STOCK_MESSAGES, stockFields } from "./stock-display";

export { LOW_STOCK_SHOWN_AT, stockFields } from "./stock-display";
export const MAX_STOCK = 1_000_000;

export const STOCK_MESSAGES = {
  ...SHOPPER_STOCK_MESSAGES,
  belowReserved: (reserved: number) =>
    `On hand cannot be below the ${reserved} reserved by checkouts in progress.`,
  belowZero: "On hand cannot go below zero.",
  notFound: "Product not found",
} as const;

/** What a shopper can still buy: null when the product's stock is not tracked. */
export const availableOf = (onHand: number | null, reserved: number): number | null =>
  stockFields(onHand, reserved).available;

export interface StockDto {
  /** Null: not tracked (always available). */
  onHand: number | null;
  reserved: number;
  available: number | null;
}

const count = v.pipe(
  v.number("onHand must be a number"),
  v.integer("onHand must be a whole number"),
  v.minValue(0, "onHand cannot be negative"),
  v.maxValue(MAX_STOCK, `onHand must be at most ${MAX_STOCK}`),
);

/** `{ onHand }` sets the count (null stops tracking); `{ delta, reason }` adds or removes. */
export const StockChangeSchema = v.union(
  [
    v.strictObject({
      onHand: v.nullable(count),
      reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
    }),
    v.strictObject({
      delta: v.pipe(
        v.number("delta must be a number"),
        v.integer("delta must be a whole number"),
        v.minValue(-MAX_STOCK, "delta is too large"),
        v.maxValue(MAX_STOCK, "delta is too large"),
        v.check((d) => d !== 0, "delta cannot be zero"),
      ),
      reason: v.pipe(
        v.string("reason is required with delta"),
        v.trim(),
        v.minLength(1, "reason is required with delta"),
        v.maxLength(200, "reason must be at most 200 characters"),
      ),
    }),
  ],
  "Send { onHand } or { delta, reason }",
);
export type StockChange = v.InferOutput<typeof StockChangeSchema>;

export interface StockResponse {
  success: true;
  stock: StockDto;
}
