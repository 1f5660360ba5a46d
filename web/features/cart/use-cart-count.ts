// How many items the cart holds, for the navbar badge. For now only the guest cart in
// localStorage exists; the accounts issue adds the server cart for signed-in shoppers.
import { useSyncExternalStore } from "react";
import { countItems, GUEST_CART_KEY, parseGuestCart, subscribeGuestCart } from "./guest-cart";

export { GUEST_CART_KEY };

/** Sum of quantities in a stored guest cart (productId -> { quantity, ... }); 0 if unreadable. */
export const countGuestCart = (stored: string | null): number => countItems(parseGuestCart(stored));

function readCount(): number {
  try {
    return countGuestCart(window.localStorage.getItem(GUEST_CART_KEY));
  } catch {
    return 0; // storage disabled (private mode, blocked cookies)
  }
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribeGuestCart, readCount, () => 0);
}
