// What worker/routes/cart.ts accepts (SPEC.md section 7), and the quantity rule checkout's
// lines share. Apart from cart.ts so that the bounds reach the SPA without valibot.
import * as v from "valibot";
import { MAX_CART_QUANTITY, MIN_CART_QUANTITY, quantityMessage } from "./cart";
import { ID_PATTERN } from "./ids";

/** A whole number from `min` (0 where zero removes a line) to the cap. */
export const cartQuantity = (min: number) => {
  const message = quantityMessage(min);
  return v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(MAX_CART_QUANTITY, message),
  );
};

const ItemId = v.pipe(
  v.string("itemId is required"),
  v.regex(ID_PATTERN, "itemId must be a product id"),
);

export const CartAddSchema = v.object({
  itemId: ItemId,
  quantity: cartQuantity(MIN_CART_QUANTITY),
});
export const CartUpdateSchema = v.object({ itemId: ItemId, quantity: cartQuantity(0) });

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

export const CartMergeSchema = v.object({
  cartData: v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, "cartData must be an object"),
    v.record(
      v.pipe(v.string(), v.maxLength(64)),
      v.looseObject({ quantity: cartQuantity(0) }),
      "cartData must be an object",
    ),
    v.check((r) => Object.keys(r).length <= 100, "cartData has too many lines"),
  ),
});
