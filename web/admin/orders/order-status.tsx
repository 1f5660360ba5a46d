// An order's status in words: each tracker step its own tone, from waiting (placed, packing)
// through on its way to delivered, and cancelled apart; and "Refunded" when money went back.
import type { OrderQueueFilter } from "../../../worker/contracts/admin-orders";
import type { OrderStatusName } from "../../../worker/contracts/order";
import { Pill, StatusPill, type StatusWords } from "../components/pill";

export const ORDER_STATUS_WORDS: Record<OrderStatusName | "cancelled", StatusWords> = {
  "Order Placed": { label: "Order Placed", tone: "warn" },
  Packing: { label: "Packing", tone: "copper" },
  Shipped: { label: "Shipped", tone: "info" },
  "Out for Delivery": { label: "Out for Delivery", tone: "info" },
  Delivered: { label: "Delivered", tone: "ok" },
  // The Worker's `cancelled` is the only lower-case status.
  cancelled: { label: "Cancelled", tone: "muted", struck: true },
};

export const QUEUE_FILTER_LABELS: Record<OrderQueueFilter, string> = {
  unshipped: "Unshipped",
  all: "All",
  "Order Placed": "Order Placed",
  Packing: "Packing",
  Shipped: "Shipped",
  "Out for Delivery": "Out for Delivery",
  Delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The status, and "Refunded" (or "Partly refunded") beside it once any money went back. */
export function OrderStatusPills({
  status,
  refunded = 0,
  total = 0,
}: {
  status: string;
  refunded?: number;
  total?: number;
}) {
  return (
    <span className="admin-row-pills">
      <StatusPill status={status as OrderStatusName} words={ORDER_STATUS_WORDS} />
      {refunded > 0 ? (
        <Pill tone="refund">{refunded >= total ? "Refunded" : "Partly refunded"}</Pill>
      ) : null}
    </span>
  );
}
