// One order on the orders page (SPEC.md section 2): short ID, when, how many items, the total and
// status, the tracker, the invoice and tracking links when the order has them, and its items.

import { formatDollars } from "../../../../worker/contracts/money";
import type { OrderDto } from "../../../../worker/contracts/order";
import { formatOrderDateTime, orderItemCount, shortOrderId } from "../order-format";
import { OrderItems } from "./order-items";
import { OrderTracker } from "./order-tracker";

/** Opens outside the shop, in a new tab, without handing it this page. */
function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="button button-ghost" href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function OrderCard({ order, latest }: { order: OrderDto; latest: boolean }) {
  const titleId = `order-${order._id}-title`;
  const count = orderItemCount(order);
  return (
    <article className={latest ? "order-card is-latest" : "order-card"} aria-labelledby={titleId}>
      <header className="order-card-header">
        <h2 id={titleId} className="order-card-title">
          Order {shortOrderId(order._id)}
        </h2>
        {latest ? <span className="order-badge">Most Recent Order</span> : null}
      </header>
      <dl className="order-facts">
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={order.date}>{formatOrderDateTime(order.date)}</time>
          </dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>
            {count} {count === 1 ? "item" : "items"}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatDollars(order.amount)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className="order-status">{order.status}</dd>
        </div>
      </dl>
      <OrderTracker status={order.status} />
      {order.invoiceUrl || order.trackingUrl ? (
        <div className="order-links">
          {order.invoiceUrl ? (
            <ExternalLink href={order.invoiceUrl}>Download Invoice</ExternalLink>
          ) : null}
          {order.trackingUrl ? (
            <ExternalLink href={order.trackingUrl}>Track Order</ExternalLink>
          ) : null}
        </div>
      ) : null}
      <OrderItems items={order.items} withLinks />
    </article>
  );
}
