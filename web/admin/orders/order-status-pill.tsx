// An order's status as a pill (the products' StatusPill for orders): each tracker step its own
// colour, from waiting (placed, packing) through on its way to delivered, and cancelled apart.
import { orderStatusLabel } from "./order-format";

const TONES: Record<string, string> = {
  "Order Placed": "is-placed",
  Packing: "is-packing",
  Shipped: "is-shipped",
  "Out for Delivery": "is-shipped",
  Delivered: "is-delivered",
  cancelled: "is-cancelled",
};

export function OrderStatusPill({ status }: { status: string }) {
  return (
    <span className={`admin-pill order-pill ${TONES[status] ?? ""}`.trim()}>
      {orderStatusLabel(status)}
    </span>
  );
}

/** "Refunded" beside the status when any money went back; the amount when it is worth saying. */
export function RefundedBadge({ refunded, total }: { refunded: number; total: number }) {
  if (refunded <= 0) return null;
  return (
    <span className="admin-badge order-refunded-badge">
      {refunded >= total ? "Refunded" : "Partly refunded"}
    </span>
  );
}
