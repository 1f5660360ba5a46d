// The totals card of the cart and checkout screens: labelled rows, then the total. The cart shows
// subtotal, shipping and tax (0.00 there; checkout adds it).
import { formatCents } from "../../../../worker/contracts/money";
import type { CartTotals } from "../../../../worker/contracts/totals";
import "./cart-summary.css";

export interface SummaryRow {
  label: string;
  value: string;
}

export function SummaryList({ rows, total }: { rows: SummaryRow[]; total: string }) {
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
        <dd>{total}</dd>
      </div>
    </dl>
  );
}

export function CartSummary({ totals }: { totals: CartTotals }) {
  const rows = [
    { label: "Subtotal", value: formatCents(totals.subtotalCents) },
    { label: "Shipping", value: formatCents(totals.deliveryFeeCents) },
    { label: "Tax", value: formatCents(totals.taxCents) },
  ];
  return <SummaryList rows={rows} total={formatCents(totals.totalCents)} />;
}
