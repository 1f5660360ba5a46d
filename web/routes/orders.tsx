// /orders (SPEC.md section 2): the signed-in shopper's orders with loading, error and empty
// states. Without a token there is nothing to ask for, so the empty state shows straight away.
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ORDER_MESSAGES } from "../../worker/contracts/order";
import { loadUserOrders } from "../features/orders/api";
import { OrderList } from "../features/orders/components/order-list";
import { useSession } from "../features/session/session-context";
import { paths } from "../lib/paths";
import { useLoad } from "../lib/use-load";
import "../features/account/components/account.css";
import "../components/shop-page.css";
import "./orders.css";
import type { MetaFunction } from "react-router";
import { pageMeta, shopOrigin } from "../lib/page-meta";

function NoOrders({ onRefresh }: { onRefresh: () => void }) {
  return (
    <div className="shop-note orders-note">
      <p>{ORDER_MESSAGES.noOrders}</p>
      <div className="orders-note-actions">
        <button type="button" className="button button-ghost" onClick={onRefresh}>
          Refresh
        </button>
        <Link to={paths.home} className="button button-primary">
          Start Shopping
        </Link>
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Your Orders",
    description: "Your Tamra & Tara orders, their delivery progress and invoices.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function OrdersPage() {
  const { token } = useSession();
  // The server's message, or "Failed to load orders", inline and as a toast.
  const state = useLoad(loadUserOrders, {
    enabled: Boolean(token),
    failure: { fallback: ORDER_MESSAGES.loadFailed },
  });
  const { reload } = state;

  let content: ReactNode;
  if (!token) content = <NoOrders onRefresh={reload} />;
  else if (state.status === "loading") {
    content = (
      <p className="account-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading your orders…
      </p>
    );
  } else if (state.status === "failed") {
    content = (
      <div className="shop-note orders-note is-error">
        <p role="alert">{state.message}</p>
        <button type="button" className="button button-primary" onClick={reload}>
          Retry
        </button>
      </div>
    );
  } else if (state.data.length === 0) content = <NoOrders onRefresh={reload} />;
  else content = <OrderList orders={state.data} />;

  return (
    <div className="shop-page orders-page" aria-busy={Boolean(token) && state.status === "loading"}>
      <header className="shop-page-header">
        <p className="eyebrow">Your account</p>
        <h1 className="shop-page-title">Your Orders</h1>
      </header>
      {content}
    </div>
  );
}

export default OrdersPage;
