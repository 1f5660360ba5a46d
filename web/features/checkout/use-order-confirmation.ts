// Confirms the Stripe payment the shopper came back from (SPEC.md section 4): once per session id,
// however often React runs the effect (StrictMode runs it twice) or the page is revisited. The
// first answer empties this tab's cart and checkout draft, schedules the signed-in cart's re-fetch
// and says so.
import { toast } from "react-toastify";
import { ORDER_MESSAGES, type OrderDto } from "../../../worker/contracts/order";
import { reportFailure } from "../../lib/api-client";
import { useLoad } from "../../lib/use-load";
import { forgetCart, isCartSignedIn, reloadCart } from "../cart/cart-state";
import { useCartSession } from "../cart/use-cart-session";
import { confirmStripeOrder } from "./api";
import { clearCheckoutDraft } from "./checkout-draft";

/** SPEC.md section 9: the server cart is fetched again a second after the order is placed. */
export const CART_REFETCH_DELAY_MS = 1000;

export type Confirmation =
  | { status: "loading" }
  | { status: "confirmed"; order: OrderDto }
  | { status: "failed" };

const confirmations = new Map<string, Promise<OrderDto>>();

async function confirm(sessionId: string): Promise<OrderDto> {
  try {
    const answer = await confirmStripeOrder(sessionId);
    if (!answer.success || !answer.order) throw new Error(ORDER_MESSAGES.confirmFailed);
    forgetCart();
    clearCheckoutDraft();
    if (isCartSignedIn()) setTimeout(() => void reloadCart(), CART_REFETCH_DELAY_MS);
    toast.success(ORDER_MESSAGES.confirmed);
    return answer.order;
  } catch (error) {
    reportFailure(error, ORDER_MESSAGES.confirmFailed, { ignoreServerMessage: true });
    throw error;
  }
}

function confirmOnce(sessionId: string): Promise<OrderDto> {
  let pending = confirmations.get(sessionId);
  if (!pending) {
    pending = confirm(sessionId);
    confirmations.set(sessionId, pending);
  }
  return pending;
}

/** Null `sessionId` (a visit without one) confirms nothing. */
export function useOrderConfirmation(sessionId: string | null): Confirmation {
  // The store must know who is signed in before the cart can be emptied and re-fetched.
  useCartSession();
  // The confirmation is shared by every run for this session id, so leaving only stops listening.
  const state = useLoad((_signal, id) => confirmOnce(id ?? ""), {
    key: sessionId,
    enabled: Boolean(sessionId),
  });
  if (state.status === "loaded") return { status: "confirmed", order: state.data };
  if (state.status === "failed") return { status: "failed" };
  return { status: "loading" };
}
