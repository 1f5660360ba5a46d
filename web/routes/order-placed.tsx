// /order-placed (SPEC.md section 2): Stripe sends the shopper back here with ?success=true and the
// session id. Without both there is nothing to confirm, so it is back to checkout; a failed
// confirmation goes there too (the toast has said why).

import type { MetaFunction } from "react-router";
import { Navigate, useSearchParams } from "react-router-dom";
import { OrderReceipt } from "../features/checkout/components/order-receipt";
import { useOrderConfirmation } from "../features/checkout/use-order-confirmation";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { paths } from "../lib/paths";

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Order placed",
    description: "Your Tamra & Tara order: what you bought, where it goes and what happens next.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function OrderPlacedPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const valid = params.get("success") === "true" && Boolean(sessionId);
  const confirmation = useOrderConfirmation(valid ? sessionId : null);

  if (!valid || confirmation.status === "failed") {
    return <Navigate to={paths.placeOrder} replace />;
  }
  if (confirmation.status === "loading") {
    return (
      <div className="receipt-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Confirming your order…</span>
      </div>
    );
  }
  return <OrderReceipt order={confirmation.order} />;
}

export default OrderPlacedPage;
