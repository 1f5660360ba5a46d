// What the shopper sees once the order is confirmed (SPEC.md section 2): the order's ID, date,
// total and items, where it is going, and the ways on.
import { Link } from "react-router-dom";
import { formatDollars } from "../../../../worker/contracts/money";
import { ORDER_MESSAGES, type OrderDto } from "../../../../worker/contracts/order";
import { Facts } from "../../../components/facts";
import { paths } from "../../../lib/paths";
import { CheckoutSteps } from "../../cart/components/checkout-steps";
import { OrderItems } from "../../orders/components/order-items";
import { formatOrderDate, shortOrderId } from "../../orders/order-format";
import "../../../components/shapes.css";
import "./order-receipt.css";

function ShippingAddress({ address }: { address: OrderDto["address"] }) {
  const place = [address.city, address.state, address.zipcode].filter(Boolean).join(" ");
  return (
    <address className="receipt-address">
      <strong>
        {address.firstName} {address.lastName}
      </strong>
      <span>{address.street}</span>
      {address.street2 ? <span>{address.street2}</span> : null}
      <span>{place}</span>
      <span>{address.country}</span>
      <span>Phone: {address.phone}</span>
      <span>Email: {address.email}</span>
    </address>
  );
}

export function OrderReceipt({ order }: { order: OrderDto }) {
  return (
    <div className="receipt-page">
      <CheckoutSteps current="placed" />
      <section className="receipt-card paper-card" aria-labelledby="receipt-title">
        <span className="receipt-tick" aria-hidden="true">
          ✓
        </span>
        <h1 id="receipt-title" className="receipt-title">
          {ORDER_MESSAGES.placedTitle}
        </h1>
        <p className="receipt-intro">
          Thank you. An email confirmation will be sent to <strong>{order.address.email}</strong>.
        </p>
        <Facts
          className="receipt-facts caps-terms"
          facts={[
            { term: "Order ID", value: shortOrderId(order._id) },
            {
              term: "Date",
              value: <time dateTime={order.date}>{formatOrderDate(order.date)}</time>,
            },
            { term: "Total", value: formatDollars(order.amount) },
          ]}
        />
        <div className="receipt-columns">
          <section aria-labelledby="receipt-items-title">
            <h2 id="receipt-items-title" className="receipt-subtitle caps-label">
              Items
            </h2>
            <OrderItems items={order.items} />
          </section>
          <section aria-labelledby="receipt-address-title">
            <h2 id="receipt-address-title" className="receipt-subtitle caps-label">
              Shipping to
            </h2>
            <ShippingAddress address={order.address} />
          </section>
        </div>
        <div className="receipt-actions">
          <Link to={paths.orders} className="button button-primary">
            View All Orders
          </Link>
          <Link to={paths.collection} className="button button-ghost">
            Continue Shopping
          </Link>
        </div>
      </section>
    </div>
  );
}
