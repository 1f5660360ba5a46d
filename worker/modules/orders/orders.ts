// Reading orders: an order with its lines, the answers' OrderDto, and which states count as paid.

import {
  and,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  type SQL,
} from "drizzle-orm";
import { imageUrl } from "../../contracts/catalogue";
import { centsToDollars } from "../../contracts/money";
import { type OrderDto, TRACKER_STEPS } from "../../contracts/order";
import type { Db } from "../../db/client";
import type { Deps } from "../../lib/deps";
import { commissions } from "../creators/schema";
import { users } from "../identity/schema";
import { stripeReversals } from "../payments/schema";
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

/** States of an order nobody has paid for: what retention may delete once old. */
const UNPAID_STATUSES = ["pending", "payment_failed", "expired"] as const;

export const isPaid = (order: Pick<OrderRow, "status">) => PAID_STATUSES.includes(order.status);

/** The creator code's discount: what discount_cents holds besides the shop's. */
export const creatorDiscountCents = (
  order: Pick<OrderRow, "discountCents" | "shopDiscountCents">,
) => order.discountCents - order.shopDiscountCents;

async function withItems({ db }: Pick<Deps, "db">, rows: OrderRow[]): Promise<OrderWithItems[]> {
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

export async function findOrder(
  { db }: Pick<Deps, "db">,
  orderId: string,
): Promise<OrderWithItems | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  return (await withItems({ db }, rows))[0] ?? null;
}

/** The order a Stripe Checkout Session was opened for, without its lines. */
export async function orderOfSession(
  { db }: Pick<Deps, "db">,
  sessionId: string,
): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.stripeSessionId, sessionId));
  return row ?? null;
}

/**
 * A user's paid orders, newest first, including those paid and later cancelled: the buyer sees
 * "cancelled" rather than the order vanishing.
 */
export async function paidOrdersOf(
  { db }: Pick<Deps, "db">,
  userId: string,
): Promise<OrderWithItems[]> {
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
  return withItems({ db }, rows);
}

export async function toOrderDto(
  { env }: Pick<Deps, "env">,
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
    discount: centsToDollars(creatorDiscountCents(order)),
    shopDiscount: centsToDollars(order.shopDiscountCents),
    promotionCode: order.promotionCode,
  };
  // Paid, even if cancelled since: its invoice carries the refund's adjustment note.
  if (order.paidAt) dto.invoiceUrl = await invoiceUrl({ env }, order.id);
  if (order.trackingUrl) dto.trackingUrl = order.trackingUrl;
  if (order.refundedCents > 0) dto.refunded = centsToDollars(order.refundedCents);
  return dto;
}

/**
 * Retention's daily statement: unpaid orders created before `before`. Never a paid order, and never
 * one anything else still points at (a commission, or money Stripe reported taken back for its
 * payment); its items go with it (cascade). The deleted ids are returned.
 */
export const pruneUnpaidOrdersStatement = (db: Db, before: Date) =>
  db
    .delete(orders)
    .where(
      and(
        inArray(orders.status, UNPAID_STATUSES),
        isNull(orders.paidAt),
        lte(orders.createdAt, before),
        not(
          exists(
            db
              .select({ id: commissions.id })
              .from(commissions)
              .where(eq(commissions.orderId, orders.id)),
          ),
        ),
        not(
          exists(
            db
              .select({ id: stripeReversals.id })
              .from(stripeReversals)
              .where(eq(stripeReversals.paymentIntentId, orders.stripePaymentIntentId)),
          ),
        ),
      ),
    )
    .returning({ id: orders.id });

/**
 * The money taken back from the paid orders `which` selects, as payments computes it from Stripe's
 * refunds and disputes (payments/reversals.ts applyReversalsStatements).
 */
export const setReversedFiguresStatement = (
  db: Db,
  which: SQL,
  figures: { refunded: SQL; disputed: SQL },
  now: number,
) =>
  db
    .update(orders)
    .set({
      refundedCents: figures.refunded,
      disputedCents: figures.disputed,
      updatedAt: new Date(now),
    })
    .where(which);

/** The orders of these emails: placed with one, or by the account of one. */
export const ordersOfPeople = (db: Db, emails: string[]) =>
  or(
    inArray(orders.email, emails),
    inArray(
      orders.userId,
      db.select({ id: users.id }).from(users).where(inArray(users.email, emails)),
    ),
  );

/** Removes the orders `which` selects (their lines and refunds cascade). */
export const forgetOrdersStatement = (db: Db, which: SQL | undefined) =>
  db.delete(orders).where(which);
