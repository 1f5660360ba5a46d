// The queue's orders: a table from 900 px, each row a card on phones (number and status, then the
// customer, then when, how many and how much). Each opens the order's page, which can come back
// to this very view of the queue.
import { Link, useLocation } from "react-router-dom";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderListResponse,
  type AdminOrderSummaryDto,
} from "../../../worker/contracts/admin-orders";
import { formatDollars } from "../../../worker/contracts/money";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { Pager } from "../components/pager";
import { plural } from "../lib/format";
import { adminPaths } from "../paths";
import { QUEUE_FILTER_LABELS } from "./order-format";
import { OrderStatusPill, RefundedBadge } from "./order-status-pill";
import { DEFAULT_QUEUE, type QueueParams, queueAddress } from "./queue-params";

/** What the order's page links back to: the queue as it was left. */
export interface FromQueue {
  queue: string;
}

export function QueueList({
  answer,
  params,
  pending,
}: {
  answer: AdminOrderListResponse;
  params: QueueParams;
  pending: boolean;
}) {
  const location = useLocation();
  const { orders, total } = answer;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  if (orders.length === 0) return <EmptyQueue params={params} />;
  const first = (params.page - 1) * ADMIN_ORDERS_PAGE_SIZE + 1;
  const from: FromQueue = { queue: `${location.pathname}${location.search}` };
  return (
    <>
      <p className="admin-count" aria-live="polite">
        {total > orders.length
          ? `${first}–${first + orders.length - 1} of ${plural(total, "order")}`
          : plural(total, "order")}
        {params.q ? ` matching “${params.q}”` : ""}
      </p>
      <table className={pending ? "admin-table order-table is-pending" : "admin-table order-table"}>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Paid</th>
            <th scope="col">Customer</th>
            <th scope="col">Items</th>
            <th scope="col">Total</th>
            <th scope="col">Status</th>
            <th scope="col">Code</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <OrderRow key={order._id} order={order} from={from} />
          ))}
        </tbody>
      </table>
      <Pager
        page={params.page}
        pageCount={pageCount}
        hasNext={params.page < pageCount}
        to={(page) => queueAddress(params, { page })}
      />
    </>
  );
}

function OrderRow({ order, from }: { order: AdminOrderSummaryDto; from: FromQueue }) {
  const paid = order.paidAt ?? order.createdAt;
  return (
    <tr>
      <td className="order-cell-number">
        <Link
          to={adminPaths.order(order._id)}
          state={from}
          className="order-number-link"
          aria-label={`Order #${order.number}`}
        >
          #{order.number}
        </Link>
      </td>
      <td className="order-cell-paid" data-label="Paid">
        <time dateTime={paid}>{formatShopMoment(paid)}</time>
      </td>
      <td className="order-cell-customer">
        <span className="order-customer-name">{order.name || "—"}</span>
        <span className="admin-muted order-customer-email">{order.email}</span>
      </td>
      <td className="order-cell-items" data-label="Items">
        {plural(order.itemCount, "item")}
      </td>
      <td className="order-cell-total" data-label="Total">
        <strong>{formatDollars(order.total)}</strong>
        {order.refunded > 0 ? (
          <span className="admin-muted">−{formatDollars(order.refunded)} refunded</span>
        ) : null}
      </td>
      <td className="order-cell-status">
        <span className="admin-row-pills">
          <OrderStatusPill status={order.status} />
          <RefundedBadge refunded={order.refunded} total={order.total} />
        </span>
      </td>
      <td className="order-cell-code" data-label="Code">
        {order.affiliateCode ? (
          <span className="order-code">{order.affiliateCode}</span>
        ) : (
          <span className="admin-muted">
            —<span className="visually-hidden">no code</span>
          </span>
        )}
      </td>
    </tr>
  );
}

function EmptyQueue({ params }: { params: QueueParams }) {
  const searched = Boolean(params.q || params.from || params.to);
  const later = params.page > 1;
  if (searched || later) {
    return (
      <div className="admin-empty">
        <p>{later ? "No more orders." : "No orders match."}</p>
        <Link
          to={later ? queueAddress(params, { page: 1 }) : queueAddress(DEFAULT_QUEUE)}
          className="button button-ghost"
        >
          {later ? "Back to the first page" : "Clear the search and filters"}
        </Link>
      </div>
    );
  }
  if (params.status === "all") {
    return (
      <div className="admin-empty">
        <p>No orders yet.</p>
        <span>Paid orders appear here.</span>
      </div>
    );
  }
  return (
    <div className="admin-empty">
      <p>
        {params.status === "unshipped"
          ? "Nothing waiting to ship."
          : `No orders with the status “${QUEUE_FILTER_LABELS[params.status]}”.`}
      </p>
      {params.status === "unshipped" ? (
        <span>Paid orders that have not shipped yet appear here, oldest first.</span>
      ) : null}
      <Link to={queueAddress(params, { status: "all" })} className="button button-ghost">
        See all orders
      </Link>
    </div>
  );
}
