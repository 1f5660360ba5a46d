// Reading orders: an order with its lines, the answers' OrderDto, and which states count as paid.
import { and, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import { imageUrl } from "../../contracts/catalogue";
import { centsToDollars } from "../../contracts/money";
import { type OrderDto, TRACKER_STEPS } from "../../contracts/order";
import type { Db } from "../../db/client";
import type { Bindings } from "../../env";
import { invoiceUrl } from "./invoice";
import { orderItems, orders } from "./schema";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** The states of an order that has been paid for: the tracker's five steps. */
export const PAID_STATUSES: readonly OrderRow["status"][] = TRACKER_STEPS;

export const isPaid = (order: Pick<OrderRow, "status">) => PAID_STATUSES.includes(order.status);

async function withItems(db: Db, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((o) => o.id),
      ),
    );
  return rows.map((order) => ({
    order,
    items: lines.filter((l) => l.orderId === order.id),
  }));
}

export async function findOrder(db: Db, orderId: string): Promise<OrderWithItems | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  return (await withItems(db, rows))[0] ?? null;
}

/** The order a Stripe Checkout Session was opened for, without its lines. */
export async function orderOfSession(db: Db, sessionId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.stripeSessionId, sessionId));
  return row ?? null;
}

/**
 * A user's paid orders, newest first, including those paid and later cancelled: the buyer sees
 * "cancelled" rather than the order vanishing.
 */
export async function paidOrdersOf(db: Db, userId: string): Promise<OrderWithItems[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          inArray(orders.status, [...PAID_STATUSES]),
          and(eq(orders.status, "cancelled"), isNotNull(orders.paidAt)),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withItems(db, rows);
}

export async function toOrderDto(
  env: Bindings,
  { order, items }: OrderWithItems,
): Promise<OrderDto> {
  const dto: OrderDto = {
    _id: order.id,
    date: order.createdAt.toISOString(),
    amount: centsToDollars(order.totalCents),
    status: order.status,
    items: items.map((i) => ({
      id: i.productId,
      _id: i.productId,
      name: i.name,
      image: i.imageKey ? imageUrl(i.imageKey) : "",
      quantity: i.quantity,
      price: centsToDollars(i.unitPriceCents),
    })),
    address: { street2: "", ...order.address },
    subtotal: centsToDollars(order.subtotalCents),
    tax: centsToDollars(order.taxCents),
    deliveryFee: centsToDollars(order.deliveryFeeCents),
    discount: centsToDollars(order.discountCents),
  };
  // Paid, even if cancelled since: its invoice carries the refund's adjustment note.
  if (order.paidAt) dto.invoiceUrl = await invoiceUrl(env, order.id);
  if (order.trackingUrl) dto.trackingUrl = order.trackingUrl;
  if (order.refundedCents > 0) dto.refunded = centsToDollars(order.refundedCents);
  return dto;
}
