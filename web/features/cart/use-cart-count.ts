// How many items the cart holds, for the navbar badge: the guest cart in storage when signed
// out, the server cart when signed in; other tabs' changes arrive through storage events.
import { useSyncExternalStore } from "react";
import { getCartCount, subscribeCart } from "./cart-state";
import { countItems, GUEST_CART_KEY, parseGuestCart } from "./guest-cart";
import { useCartSession } from "./use-cart-session";

export { GUEST_CART_KEY };

/** Sum of quantities in a stored guest cart (productId -> { quantity, ... }); 0 if unreadable. */
export const countGuestCart = (stored: string | null): number => countItems(parseGuestCart(stored));

export function useCartCount(): number {
  useCartSession();
  return useSyncExternalStore(subscribeCart, getCartCount, () => 0);
}
