// An order's packing slip: the shop, the order number and day, where it ships and what goes in the
// parcel (quantities, never prices: the slip travels in the box, perhaps as a gift). Printing hides
// the back-office around it (orders/packing-slip.css).
import type { AdminOrderDto } from "../../../worker/contracts/admin-orders";
import { formatShopDay } from "../../../worker/contracts/shop-time";
import { LotusMark } from "../../components/icons";
import { SHOP_NAME } from "../../lib/page-title";
import { BackLink } from "../components/page-header";
import { RecordScreen, useRecord } from "../components/record-screen";
import { plural } from "../lib/format";
import { adminPaths } from "../paths";
import { fetchOrder } from "./api";
import { addressLines } from "./order-panels";
import "./packing-slip.css";

export function PackingSlipScreen() {
  const order = useRecord("orderId", fetchOrder, "The order could not be loaded.");
  return (
    <RecordScreen
      record={order}
      loadingLabel="Loading the order…"
      back={<BackLink to={adminPaths.orders}>Orders</BackLink>}
      title="Packing slip"
      titleOf={(o) => `Packing slip #${o.number}`}
      missing={{ title: "No such order", text: "There is no paid order at this address." }}
    >
      {(data) => <PackingSlip order={data} />}
    </RecordScreen>
  );
}

function PackingSlip({ order }: { order: AdminOrderDto }) {
  // Units already put back on the shelf (a refund before shipping) are not in the parcel.
  const lines = order.items.map((line) => ({ ...line, pack: line.quantity - line.restocked }));
  const units = lines.reduce((sum, line) => sum + line.pack, 0);
  return (
    <div className="admin-screen packing-slip-screen">
      <div className="packing-slip-tools">
        <BackLink to={adminPaths.order(order._id)}>Order #{order.number}</BackLink>
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      {order.status === "cancelled" ? (
        <p className="form-alert packing-slip-warning" role="alert">
          This order was cancelled: do not ship it.
        </p>
      ) : null}
      <article className="packing-slip" aria-labelledby="packing-slip-title">
        <header className="packing-slip-header">
          <div className="packing-slip-brand">
            <LotusMark />
            <span>{SHOP_NAME}</span>
          </div>
          <div className="packing-slip-order">
            <h1 id="packing-slip-title" className="packing-slip-title">
              Packing slip
            </h1>
            <p>
              Order <strong>#{order.number}</strong>
            </p>
            <p>{formatShopDay(order.paidAt ?? order.createdAt)}</p>
          </div>
        </header>
        <section className="packing-slip-ship" aria-labelledby="packing-slip-to">
          <h2 id="packing-slip-to" className="packing-slip-label">
            Ship to
          </h2>
          <address className="order-address">
            {addressLines(order.address).map((line) => (
              <span key={line}>{line}</span>
            ))}
            {order.address.phone ? <span>{order.address.phone}</span> : null}
          </address>
        </section>
        <table className="packing-slip-lines">
          <caption className="packing-slip-label">In this parcel: {plural(units, "item")}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Qty</th>
              <th scope="col">
                <span className="packing-slip-tick-head">Packed</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.productId} className={line.pack === 0 ? "is-out" : undefined}>
                <td>
                  {line.name}
                  {line.restocked > 0 ? (
                    <span className="packing-slip-note">
                      {line.quantity} ordered, {line.restocked} back in stock
                    </span>
                  ) : null}
                </td>
                <td className="packing-slip-qty">{line.pack}</td>
                <td>
                  <span className="packing-slip-tick" aria-hidden="true" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <footer className="packing-slip-footer">
          <p>Thank you for your order.</p>
        </footer>
      </article>
    </div>
  );
}
