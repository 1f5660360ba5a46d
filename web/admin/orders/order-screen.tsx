// One order (GET /api/admin/orders/:id), as Shopify's order page lays it out: fulfilment, items and
// totals, refunds and the timeline in the main column; customer, payment, attribution and stock
// beside it (below on phones). Every action answers with the order, which the page then shows.
import { useState } from "react";
import { Link, useLocation } from "react-router-dom";
import type { AdminOrderDto } from "../../../worker/contracts/admin-orders";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { BackLink, PageHeader } from "../components/page-header";
import { RecordScreen, useRecord } from "../components/record-screen";
import { adminPaths } from "../paths";
import { fetchOrder } from "./api";
import { CancelDialog } from "./cancel-dialog";
import { OrderFulfilment } from "./order-fulfilment";
import { OrderLines } from "./order-lines";
import {
  AttributionPanel,
  CustomerPanel,
  PaymentPanel,
  RefundsPanel,
  StockMovementsPanel,
} from "./order-panels";
import { OrderStatusPills } from "./order-status";
import { OrderTimeline } from "./order-timeline";
import type { FromQueue } from "./orders-screen";
import { RefundDialog } from "./refund-dialog";
import "./orders.css";

/** Back to the queue as it was left (its filters and page), or to the default queue. */
function BackToOrders() {
  const state = useLocation().state as Partial<FromQueue> | null;
  const to = state?.queue?.startsWith(adminPaths.orders) ? state.queue : adminPaths.orders;
  return <BackLink to={to}>Orders</BackLink>;
}

export function OrderScreen() {
  const order = useRecord("orderId", fetchOrder, "The order could not be loaded.");
  return (
    <RecordScreen
      record={order}
      loadingLabel="Loading the order…"
      back={<BackToOrders />}
      title="Order"
      titleOf={(o) => `Order #${o.number}`}
      missing={{
        title: "No such order",
        text: (
          <>
            There is no paid order at this address.{" "}
            <Link to={adminPaths.orders}>See the orders</Link>.
          </>
        ),
      }}
    >
      {(data) => <OrderPage key={order.id} order={data} onOrder={order.replace} />}
    </RecordScreen>
  );
}

type Dialog = "refund" | "cancel" | null;

function OrderPage({
  order,
  onOrder,
}: {
  order: AdminOrderDto;
  onOrder: (order: AdminOrderDto) => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <div className="admin-screen order-page">
      <PageHeader
        eyebrow={<BackToOrders />}
        title={`#${order.number}`}
        actions={
          <>
            <Link to={adminPaths.packingSlip(order._id)} className="button button-ghost">
              Packing slip
            </Link>
            {order.refundable > 0 ? (
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setDialog("refund")}
              >
                Refund
              </button>
            ) : null}
            {order.canCancel ? (
              <button
                type="button"
                className="button admin-button-danger-ghost"
                onClick={() => setDialog("cancel")}
              >
                Cancel order
              </button>
            ) : null}
          </>
        }
      >
        <p className="admin-page-meta">
          <OrderStatusPills status={order.status} refunded={order.refunded} total={order.total} />
          {order.paidAt ? (
            <span>
              Paid <time dateTime={order.paidAt}>{formatShopMoment(order.paidAt)}</time>
            </span>
          ) : null}
          <span className="admin-break">{order.email}</span>
        </p>
      </PageHeader>
      <div className="order-layout">
        <div className="order-main">
          <OrderFulfilment order={order} onOrder={onOrder} />
          <OrderLines order={order} />
          <RefundsPanel order={order} />
          <OrderTimeline order={order} onOrder={onOrder} />
        </div>
        <div className="order-side">
          <CustomerPanel order={order} />
          <PaymentPanel order={order} />
          <AttributionPanel order={order} />
          <StockMovementsPanel order={order} />
        </div>
      </div>
      {dialog === "refund" ? (
        <RefundDialog order={order} onOrder={onOrder} onClose={close} />
      ) : dialog === "cancel" ? (
        <CancelDialog order={order} onOrder={onOrder} onClose={close} />
      ) : null}
    </div>
  );
}
