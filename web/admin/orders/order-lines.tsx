// An order's lines (picture, name, unit price, quantity, line total, units put back in stock) and
// its totals as charged with the GST they include, then what went back and what a refund may still
// return.
import type { AdminOrderDto } from "../../../worker/contracts/admin-orders";
import { formatDollars } from "../../../worker/contracts/money";
import { TAX_LINE_LABEL } from "../../../worker/contracts/totals";
import { Card } from "../components/card";
import { Pill } from "../components/pill";
import { Thumb } from "../components/thumb";
import { plural } from "../lib/format";

export function OrderLines({ order }: { order: AdminOrderDto }) {
  const units = order.items.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Card
      title="Items"
      className="order-lines-card"
      aside={<span className="admin-muted">{plural(units, "unit")}</span>}
    >
      <table className="order-lines">
        <thead className="caps-label">
          <tr>
            <th scope="col">
              <span className="visually-hidden">Photo</span>
            </th>
            <th scope="col">Product</th>
            <th scope="col">Price</th>
            <th scope="col">Qty</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line) => (
            <tr key={line.productId}>
              <td className="order-line-photo">
                <Thumb src={line.image} size={48} />
              </td>
              <td className="order-line-name">
                <span>{line.name}</span>
                {line.restocked > 0 ? <Pill tone="ok">{line.restocked} restocked</Pill> : null}
              </td>
              <td className="order-line-price" data-label="Price">
                {formatDollars(line.unitPrice)}
              </td>
              <td className="order-line-qty" data-label="Qty">
                <span aria-hidden="true">× </span>
                {line.quantity}
              </td>
              <td className="order-line-total" data-label="Total">
                {formatDollars(line.lineTotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <OrderTotals order={order} />
    </Card>
  );
}

function OrderTotals({ order }: { order: AdminOrderDto }) {
  const rows: [string, string, string?][] = [
    ["Subtotal", formatDollars(order.subtotal)],
    [TAX_LINE_LABEL, formatDollars(order.tax)],
    ["Delivery", order.deliveryFee > 0 ? formatDollars(order.deliveryFee) : "Free"],
  ];
  if (order.discount > 0) rows.push(["Discount", `−${formatDollars(order.discount)}`]);
  return (
    <dl className="order-totals">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="is-total">
        <dt>Total</dt>
        <dd>{formatDollars(order.total)}</dd>
      </div>
      <div>
        <dt>Includes GST</dt>
        <dd>{formatDollars(order.gst)}</dd>
      </div>
      {order.refunded > 0 ? (
        <div className="is-refunded">
          <dt>Refunded</dt>
          <dd>−{formatDollars(order.refunded)}</dd>
        </div>
      ) : null}
      {order.disputed > 0 ? (
        <div className="is-refunded">
          <dt>Disputed</dt>
          <dd>{formatDollars(order.disputed)}</dd>
        </div>
      ) : null}
      <div className="is-refundable">
        <dt>Refundable</dt>
        <dd>{formatDollars(order.refundable)}</dd>
      </div>
    </dl>
  );
}
