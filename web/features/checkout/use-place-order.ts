// The checkout screen's state (SPEC.md sections 2, 5 and 8): the held cart lines and their totals,
// the address form, the affiliate box, and Place Order, which starts a Stripe payment and sends
// the browser to it. An empty cart goes back to /cart once the cart has loaded.
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { centsToDollars } from "../../../worker/contracts/money";
import { AddressSchema, ORDER_MESSAGES } from "../../../worker/contracts/order";
import { checkoutTotals, pricedLine } from "../../../worker/contracts/totals";
import { ApiError, failureMessage, isSessionExpired } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { useForm, useFormFailure } from "../../lib/use-form";
import { answerMessage } from "../account/messages";
import { useCart } from "../cart/use-cart";
import { type StockProblems, useStockProblems } from "../cart/use-stock-problems";
import { forgetProducts } from "../catalogue/api";
import { useSession } from "../session/session-context";
import { emptyAddress, prefillAddress } from "./address-form";
import { createStripeSession } from "./api";
import { useAffiliateCode } from "./use-affiliate-code";

/** The server's message, that the shop could not be reached, or "Could not start payment.". */
const startFailure = (error: unknown): string =>
  failureMessage(error, ORDER_MESSAGES.startFailed, { sayNetworkError: true });

/** The lines a 409 out_of_stock named (`issues: [{ path: productId, message }]`). */
function outOfStockLines(error: unknown): Map<string, string> | undefined {
  if (!(error instanceof ApiError) || error.code !== "out_of_stock") return undefined;
  const named = new Map<string, string>();
  for (const issue of error.issues ?? []) {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path === "string" && typeof message === "string") named.set(path, message);
  }
  return named;
}

export function usePlaceOrder() {
  const { user } = useSession();
  const cart = useCart();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cancelled = params.get("cancel") === "true";
  const affiliate = useAffiliateCode();
  const form = useForm(emptyAddress(), AddressSchema);
  const { failure, fail, clearFailure } = useFormFailure();
  const [redirecting, setRedirecting] = useState(false);
  // What the Worker said was short when Place Order was last pressed; it outranks the list.
  const [refused, setRefused] = useState<StockProblems>(new Map());

  const items = useMemo(() => cart.lines.filter((line) => line.quantity > 0), [cart.lines]);
  const totals = useMemo(
    () => checkoutTotals(items.map(pricedLine), affiliate.discountCents),
    [items, affiliate.discountCents],
  );
  const loading = cart.status === "loading";
  const listed = useStockProblems(items);
  const problems = useMemo(() => new Map([...listed, ...refused]), [listed, refused]);

  useEffect(() => {
    if (!loading && items.length === 0) navigate(paths.cart, { replace: true });
  }, [loading, items.length, navigate]);

  useEffect(() => {
    // The id keeps StrictMode's second run (and a re-render) from stacking a second toast.
    if (cancelled) toast.info(ORDER_MESSAGES.cancelled, { toastId: "payment-cancelled" });
  }, [cancelled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the blanks once the user arrives.
  useEffect(() => {
    if (user) form.reset(prefillAddress(form.values, user));
  }, [user]);

  const placeOrder = form.submit(async (address) => {
    clearFailure();
    if (items.length === 0) return fail(ORDER_MESSAGES.emptyCart);
    try {
      const answer = await createStripeSession({
        address,
        items,
        amount: centsToDollars(totals.totalCents),
        affiliateCode: affiliate.appliedCode,
        tax: centsToDollars(totals.taxCents),
      });
      if (answer.success && answer.session_url) {
        setRedirecting(true);
        window.location.assign(answer.session_url);
        return;
      }
      fail(answerMessage(answer, ORDER_MESSAGES.startFailed));
    } catch (error) {
      const short = outOfStockLines(error);
      if (short) {
        setRefused(short);
        // Stock moved since the list was read: the cart reads it afresh.
        forgetProducts();
      }
      if (!isSessionExpired(error)) fail(startFailure(error));
    }
  });

  return {
    form,
    affiliate,
    items,
    problems,
    totals,
    loading,
    cancelled,
    failure,
    placeOrder,
    busy: form.sending || redirecting,
  };
}

export type PlaceOrder = ReturnType<typeof usePlaceOrder>;
