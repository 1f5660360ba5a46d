// The checkout screen's state (SPEC.md sections 2, 5 and 8): the held cart lines and their totals,
// the address form, the affiliate and discount code boxes, and Place Order, which starts a Stripe payment and sends
// the browser to it. An empty cart goes back to /cart once the cart has loaded.
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { centsToDollars } from "../../../worker/contracts/money";
import { AddressSchema, ORDER_MESSAGES } from "../../../worker/contracts/order";
import { DISCOUNT_REFUSALS, type DiscountRefusal } from "../../../worker/contracts/promotions";
import { type CheckoutTotals, checkoutTotals, pricedLine } from "../../../worker/contracts/totals";
import { ApiError, failureMessage, isSessionExpired } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { useForm, useFormFailure } from "../../lib/use-form";
import { answerMessage } from "../account/messages";
import { useCart } from "../cart/use-cart";
import { type StockProblems, useStockProblems } from "../cart/use-stock-problems";
import { forgetProducts } from "../catalogue/api";
import { useSession } from "../session/session-context";
import { checkAddress, emptyAddress, prefillAddress } from "./address-form";
import { createStripeSession } from "./api";
import { type CheckoutDraft, readCheckoutDraft, saveCheckoutDraft } from "./checkout-draft";
import { useAffiliateCode } from "./use-affiliate-code";
import type { SavedCode } from "./use-code-box";
import { useDiscountCode } from "./use-discount-code";

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

/** The shop code's refusal a 4xx from createStripeSession named (`code`), if it was one. */
const discountRefusal = (error: unknown): DiscountRefusal | undefined =>
  error instanceof ApiError && DISCOUNT_REFUSALS.includes(error.code as DiscountRefusal)
    ? (error.code as DiscountRefusal)
    : undefined;

/**
 * SPEC.md section 9's totals with the creator code's discount, then the shop discount after them
 * as its own figure. The server computes what is charged; this is what the page shows.
 */
function withShopDiscount(
  totals: CheckoutTotals,
  shopDiscountCents: number,
): CheckoutTotals & { shopDiscountCents: number } {
  const shop = Math.max(0, shopDiscountCents);
  return { ...totals, shopDiscountCents: shop, totalCents: Math.max(0, totals.totalCents - shop) };
}

export function usePlaceOrder() {
  const { user } = useSession();
  const cart = useCart();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cancelled = params.get("cancel") === "true";
  // Back from a cancelled payment: what was typed before Place Order, read after the first render
  // (the server's HTML has an empty form, and hydration must match it).
  const draft = useRef<CheckoutDraft | null | undefined>(undefined);
  const takeDraft = () => {
    if (draft.current === undefined) draft.current = cancelled ? readCheckoutDraft() : null;
    return draft.current;
  };
  const affiliate = useAffiliateCode(() => takeDraft()?.affiliate ?? null);
  const form = useForm(emptyAddress(), AddressSchema, checkAddress);
  const { failure, fail, clearFailure } = useFormFailure();
  const [redirecting, setRedirecting] = useState(false);
  // What the Worker said was short when Place Order was last pressed; it outranks the list.
  const [refused, setRefused] = useState<StockProblems>(new Map());

  const items = useMemo(() => cart.lines.filter((line) => line.quantity > 0), [cart.lines]);
  const discount = useDiscountCode({
    items,
    affiliateCode: affiliate.appliedCode,
    email: form.values.email,
  });
  // A shop code that replaces the creator code's discount leaves SPEC's discount at nothing.
  const creatorCents = discount.replacesCreator ? 0 : affiliate.discountCents;
  const totals = useMemo(
    () =>
      withShopDiscount(
        checkoutTotals(items.map(pricedLine), creatorCents),
        discount.shopDiscountCents,
      ),
    [items, creatorCents, discount.shopDiscountCents],
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

  // The draft's discount code waits for the restored email and the cart's lines it is checked with.
  const [savedDiscount, setSavedDiscount] = useState<SavedCode | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: puts the draft back once, after the first render.
  useEffect(() => {
    const saved = takeDraft();
    if (!saved) return;
    form.reset(user ? prefillAddress(saved.address, user) : saved.address);
    setSavedDiscount(saved.discount);
  }, []);

  const discountRestored = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the code or the cart arrives.
  useEffect(() => {
    if (!savedDiscount || loading || items.length === 0 || discountRestored.current) return;
    // Once, however often React runs the effect (StrictMode runs it twice).
    discountRestored.current = true;
    setSavedDiscount(null);
    discount.restore(savedDiscount);
  }, [savedDiscount, loading, items.length]);

  const placeOrder = form.submit(async (address, values) => {
    clearFailure();
    saveCheckoutDraft({ address: values, affiliate: affiliate.saved, discount: discount.saved });
    if (items.length === 0) return fail(ORDER_MESSAGES.emptyCart);
    try {
      const answer = await createStripeSession({
        address,
        items,
        amount: centsToDollars(totals.totalCents),
        affiliateCode: affiliate.appliedCode,
        tax: centsToDollars(totals.taxCents),
        discountCode: discount.appliedCode,
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
      // The server refused the shop code after all: the box shows why, and takes it off.
      if (discountRefusal(error)) discount.refuse(startFailure(error), false);
      if (!isSessionExpired(error)) fail(startFailure(error));
    }
  });

  return {
    form,
    affiliate,
    discount,
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
