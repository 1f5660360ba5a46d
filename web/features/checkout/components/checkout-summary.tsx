// The checkout's order summary (SPEC.md section 2): each held line, then subtotal, tax, shipping,
// discount and total, all from checkoutTotals so the page shows what the Worker will charge; a
// shop discount (README, "Promotions") is its own line after SPEC's discount.
import type { CartItem } from "../../../../worker/contracts/cart";
import { formatCents } from "../../../../worker/contracts/money";
import { type CheckoutTotals, lineCents } from "../../../../worker/contracts/totals";
import { SummaryList } from "../../cart/components/cart-summary";
import type { StockProblems } from "../../cart/use-stock-problems";

interface CheckoutSummaryProps {
  items: CartItem[];
  /** Lines that cannot be bought as they are, with why. */
  problems: StockProblems;
  totals: CheckoutTotals;
  /** The applied shop discount: its code or name, and what it takes off. */
  shopDiscount?: { label: string; cents: number } | null;
  loading: boolean;
}

const minus = (cents: number) => (cents > 0 ? `−${formatCents(cents)}` : formatCents(0));

export function CheckoutSummary({
  items,
  problems,
  totals,
  shopDiscount,
  loading,
}: CheckoutSummaryProps) {
  const rows = [
    { label: "Subtotal", value: formatCents(totals.subtotalCents) },
    { label: "Tax (GST 10%)", value: formatCents(totals.taxCents) },
    { label: "Shipping", value: formatCents(totals.deliveryFeeCents) },
    { label: "Discount", value: minus(totals.discountCents) },
  ];
  if (shopDiscount) {
    rows.push({ label: `Shop discount (${shopDiscount.label})`, value: minus(shopDiscount.cents) });
  }
  return (
    <>
      {items.length === 0 ? (
        <p className="checkout-summary-note" role="status">
          {loading ? "Loading your cart…" : "Your cart is empty."}
        </p>
      ) : (
        <ul className="checkout-items" aria-label="Items in this order">
          {items.map((item) => {
            const problem = problems.get(item._id);
            return (
              <li
                key={item._id}
                className={problem ? "checkout-item has-problem" : "checkout-item"}
              >
                <span className="checkout-item-image thumb">
                  {item.image ? <img src={item.image} alt="" width={56} height={56} /> : null}
                </span>
                <span className="checkout-item-name">
                  {item.name || "Product"}
                  <span className="checkout-item-quantity">Qty {item.quantity}</span>
                  {problem ? <span className="checkout-item-problem">{problem}</span> : null}
                </span>
                <span className="checkout-item-total">{formatCents(lineCents(item))}</span>
              </li>
            );
          })}
        </ul>
      )}
      <SummaryList rows={rows} total={formatCents(totals.totalCents)} />
    </>
  );
}
