// One order on the orders page (SPEC.md section 2): short ID, when, how many items, the total and
// status, the tracker, the invoice and tracking links when the order has them, and its items. A
// cancelled order says so instead of the tracker; money given back shows under the total.

import { formatDollars } from "../../../../worker/contracts/money";
import type { OrderDto } from "../../../../worker/contracts/order";
import { Facts } from "../../../components/facts";
import { formatOrderDateTime, orderItemCount, shortOrderId } from "../order-format";
import { OrderItems } from "./order-items";
import { OrderTracker } from "./order-tracker";
import "../../../components/shapes.css";
import "./order-card.css";

/** The Worker's status for an order the shop cancelled (and refunded) before it shipped. */
const isCancelled = (status: string) => status.trim().toLowerCase() === "cancelled";

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
  const cancelled = isCancelled(order.status);
  const refunded = order.refunded ?? 0;
  return (
    <article className={latest ? "order-card is-latest" : "order-card"} aria-labelledby={titleId}>
      <header className="order-card-header">
        <h2 id={titleId} className="order-card-title">
          Order {shortOrderId(order._id)}
        </h2>
        {latest ? <span className="order-badge">Most Recent Order</span> : null}
      </header>
      <Facts
        className="order-facts"
        facts={[
          {
            term: "Placed",
            value: <time dateTime={order.date}>{formatOrderDateTime(order.date)}</time>,
          },
          { term: "Items", value: `${count} ${count === 1 ? "item" : "items"}` },
          {
            term: "Total",
            value: (
              <>
                {formatDollars(order.amount)}
                {refunded > 0 ? (
                  <span className="order-refunded">Refunded {formatDollars(refunded)}</span>
                ) : null}
              </>
            ),
          },
          {
            term: "Status",
            value: cancelled ? "Cancelled" : order.status,
            valueClass: "order-status",
          },
        ]}
      />
      {cancelled ? (
        <p className="order-cancelled edge-note">
          <strong>Cancelled</strong>
          <span>
            This order was cancelled and will not be sent.
            {refunded > 0
              ? ` ${formatDollars(refunded)} was refunded to the card you paid with.`
              : ""}
          </span>
        </p>
      ) : (
        <OrderTracker status={order.status} />
      )}
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
