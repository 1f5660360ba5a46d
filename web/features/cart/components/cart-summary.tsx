// The cart's totals card: subtotal, shipping, tax (0.00 here; checkout adds it) and total.
import { centsToDollars } from "../../../../worker/contracts/money";
import { formatPrice } from "../../../lib/money";
import type { CartTotals } from "../cart-totals";
import "./cart-summary.css";

const show = (cents: number) => formatPrice(centsToDollars(cents));

export function CartSummary({ totals }: { totals: CartTotals }) {
  const rows = [
    { label: "Subtotal", value: show(totals.subtotalCents) },
    { label: "Shipping", value: show(totals.shippingCents) },
    { label: "Tax", value: show(totals.taxCents) },
  ];
  return (
    <dl className="cart-summary">
      {rows.map(({ label, value }) => (
        <div key={label} className="cart-summary-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="cart-summary-row is-total">
        <dt>Total</dt>
        <dd>{show(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
