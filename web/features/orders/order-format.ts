// How an order reads on screen (SPEC.md section 9): the short ID, its date, its item count.
import type { OrderDto } from "../../../worker/contracts/order";

const dateFormat = new Intl.DateTimeFormat("en-AU", { dateStyle: "long" });
const dateTimeFormat = new Intl.DateTimeFormat("en-AU", {
  dateStyle: "medium",
  timeStyle: "short",
});

/** "#" and the last 8 characters of the id. */
export const shortOrderId = (id: string): string => `#${id.slice(-8)}`;

function format(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

/** "14 July 2026", in the shopper's own time zone. */
export const formatOrderDate = (iso: string): string => format(iso, dateFormat);

/** "14 Jul 2026, 3:05 pm", in the shopper's own time zone. */
export const formatOrderDateTime = (iso: string): string => format(iso, dateTimeFormat);

/** Units across the order's lines. */
export const orderItemCount = (order: Pick<OrderDto, "items">): number =>
  order.items.reduce((sum, item) => sum + item.quantity, 0);

const time = (order: OrderDto): number => Date.parse(order.date) || 0;

/** Newest first; orders placed at the same moment keep the server's order. */
export const newestFirst = (orders: readonly OrderDto[]): OrderDto[] =>
  [...orders].sort((a, b) => time(b) - time(a));
