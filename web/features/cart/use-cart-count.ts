// How many items the cart holds, for the navbar badge. For now only the guest cart in
// localStorage exists; the cart issue replaces this source with the shared cart state.
import { useSyncExternalStore } from "react";

export const GUEST_CART_KEY = "guestCart";

/** Sum of quantities in a stored guest cart (productId -> { quantity, ... }); 0 if unreadable. */
export function countGuestCart(stored: string | null): number {
  if (!stored) return 0;
  let cart: unknown;
  try {
    cart = JSON.parse(stored);
  } catch {
    return 0;
  }
  if (typeof cart !== "object" || cart === null) return 0;
  let count = 0;
  for (const item of Object.values(cart)) {
    const quantity = (item as { quantity?: unknown } | null)?.quantity;
    if (typeof quantity === "number" && Number.isFinite(quantity) && quantity > 0) {
      count += quantity;
    }
  }
  return count;
}

function readCount(): number {
  try {
    return countGuestCart(window.localStorage.getItem(GUEST_CART_KEY));
  } catch {
    return 0; // storage disabled (private mode, blocked cookies)
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
