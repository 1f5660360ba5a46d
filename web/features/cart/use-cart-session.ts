// Keeps the cart store in step with the session. Its own module so the navbar's badge does not
// bring the cart's totals (and the checkout contract behind them) into the entry chunk.
import { useEffect } from "react";
import { useSession } from "../session/session-context";
import { syncCartSession } from "./cart-state";

/**
 * Hands the session's token to the cart store. Any component that shows the cart calls it (the
 * navbar always does), so the merge and load start on the first screen after signing in.
 */
export function useCartSession(): string | null {
  const { token } = useSession();
  useEffect(() => syncCartSession(token), [token]);
  return token;
}
