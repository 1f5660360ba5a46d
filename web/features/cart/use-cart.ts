// The cart for a screen: lines, totals and the actions, kept in step with the session.
import { useMemo, useSyncExternalStore } from "react";
import { cartTotals } from "../../../worker/contracts/totals";
import { clearCart, setCartQuantity } from "./cart-actions";
import {
  type CartSnapshot,
  getCartSnapshot,
  getServerRenderSnapshot,
  reloadCart,
  subscribeCart,
} from "./cart-state";
import { useCartSession } from "./use-cart-session";

export function useCartSnapshot(): CartSnapshot {
  return useSyncExternalStore(subscribeCart, getCartSnapshot, getServerRenderSnapshot);
}

const removeFromCart = (productId: string) => setCartQuantity(productId, 0);

export function useCart() {
  const token = useCartSession();
  const cart = useCartSnapshot();
  const lines = useMemo(() => Object.values(cart.items), [cart.items]);
  const totals = useMemo(() => cartTotals(lines), [lines]);
  // Until the store has seen the token (the first render after signing in), it is still loading.
  const status = token && !cart.signedIn ? "loading" : cart.status;
  return {
    signedIn: cart.signedIn,
    status,
    lines,
    totals,
    setQuantity: setCartQuantity,
    remove: removeFromCart,
    clear: clearCart,
    reload: reloadCart,
  };
}
