// What a screen can do to the cart: set a quantity (0 removes), add a product, empty it. Signed
// out these write the guest cart; signed in they go through the store's optimistic change.
import { type CartItem, MAX_CART_QUANTITY } from "../../../worker/contracts/cart";
import type { ProductDto } from "../../../worker/contracts/catalogue";
import { addServerItem, clearServerCart, updateServerItem } from "./cart-api";
import { changeServerCart, getCartSnapshot, isCartSignedIn, reportCartFailure } from "./cart-state";
import { clampQuantity, clearGuestCart, setGuestQuantity } from "./guest-cart";

/** Whole number 0..10; 0 removes the line. */
const cartQuantity = (quantity: number): number => (quantity < 1 ? 0 : clampQuantity(quantity));

/** Sets a line's quantity (0 removes it). Never rejects: a failure is toasted and rolled back. */
export async function setCartQuantity(productId: string, quantity: number): Promise<void> {
  if (Number.isNaN(quantity)) return;
  const wanted = cartQuantity(quantity);
  if (!isCartSignedIn()) {
    try {
      setGuestQuantity(productId, wanted);
    } catch (error) {
      reportCartFailure(error);
    }
    return;
  }
  if (!getCartSnapshot().items[productId]) return;
  try {
    await changeServerCart(
      (items) => {
        const { [productId]: line, ...rest } = items;
        return line && wanted > 0 ? { ...items, [productId]: { ...line, quantity: wanted } } : rest;
      },
      () => updateServerItem(productId, wanted),
    );
  } catch (error) {
    reportCartFailure(error);
  }
}

/** Adds to the signed-in cart; rejects on failure so the caller can say the add failed. */
export async function addServerCartItem(product: ProductDto, quantity: number): Promise<CartItem> {
  const wanted = clampQuantity(quantity);
  const items = await changeServerCart(
    (held) => ({
      ...held,
      [product._id]: {
        _id: product._id,
        name: product.name,
        price: product.finalPrice,
        quantity: Math.min(MAX_CART_QUANTITY, (held[product._id]?.quantity ?? 0) + wanted),
        image: product.image[0] ?? "",
      },
    }),
    () => addServerItem(product._id, wanted),
  );
  const line = items[product._id];
  if (!line) throw new Error("Could not add to cart");
  return line;
}

/** Empties the cart here and on the server. After an order the server has done so: forgetCart. */
export async function clearCart(): Promise<void> {
  if (!isCartSignedIn()) {
    clearGuestCart();
    return;
  }
  try {
    await changeServerCart(() => ({}), clearServerCart);
  } catch (error) {
    reportCartFailure(error);
  }
}
