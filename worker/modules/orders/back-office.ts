// The back-office's orders (README, back-office): the queue to ship, an order's page with its
// timeline, moving it forward through the tracker's steps with the customer's mail, correcting a
// shipped parcel's tracking, notes, and the owner's daily list of orders waiting too long to ship. Refunds and cancellation are
// modules/orders/refunds.ts; they answer with loadAdminOrder too.

import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderDto,
  type AdminOrderSummaryDto,
  CANCELLABLE_STATUSES,
  type CarrierId,
  carrierName,
  DEFAULT_CARRIER,
  nextStatuses,
  ORDER_ADMIN_MESSAGES,
  type OrderEventDto,
  type OrderListParams,
  orderNumber,
  SHIPPED_STATUSES,
  type StatusChangeInput,
  type TrackingCorrectionInput,
  trackingUrlFor,
  UNSHIPPED_STATUSES,
} from "../../contracts/admin-orders";
import { imageUrl } from "../../contracts/catalogue";
import { centsToDollars, formatCents } from "../../contracts/money";
import { type OrderStatusName, TRACKER_STEPS } from "../../contracts/order";
import { gstIncludedCents } from "../../contracts/totals";
import { AppError, notFound } from "../../lib/app-error";
import {
  brisbaneDate,
  brisbaneDayStartOf,
  overdueCutoff,
  SHIP_WITHIN_BUSINESS_DAYS,
} from "../../lib/brisbane-time";
import type { Deps } from "../../lib/deps";
import { newId, stableId } from "../../lib/ids";
import { auditStatement, auditStatementIf } from "../audit/audit";
import { auditLog } from "../audit/schema";
import { stockMovements } from "../catalogue/schema";
import { commissions } from "../creators/schema";
import { users } from "../identity/schema";
import { deliverQueuedEmail, queueMailIf, sendEmailOnce } from "../mail/outbox";
import { emailOutbox } from "../mail/schema";
import {
  type MailedOrderStatus,
  orderStatusEmail,
  overdueToShipEmail,
  trackingCorrectedEmail,
} from "../mail/templates";
import { stripeReversals } from "../payments/schema";
import { invoiceUrl } from "./invoice";
import { creatorDiscountCents } from "./orders";
import { leftToRefundCents, toRefundDto } from "./refunds";
import { orderItems, orderRefunds, orders } from "./schema";

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const iso = (d: Date) => d.toISOString();
const buyerName = (o: Pick<OrderRow, "address">) =>
  `${o.address.firstName} ${o.address.lastName}`.trim();
const DAY_MS = 86_400_000;

const orderNotFound = () => notFound(ORDER_ADMIN_MESSAGES.notFound, "order_not_found");
const conflict = (message: string, code: string) => new AppError(409, message, code);

/** Cents a refund may still return: what is left (modules/orders/refunds.ts) less a refund still pending. */
export function refundableCents(order: OrderRow, refunds: readonly RefundRow[]): number {
  const pending = refunds
    .filter((r) => r.status === "pending")
    .reduce((sum, r) => sum + r.amountCents, 0);
  return Math.max(0, leftToRefundCents(order, refunds) - pending);
}

/** "2 × Copper bottle, 1 × Bowl" for restocked lines, by the order's own line names. */
const restockedText = (lines: RefundRow["restockLines"], items: readonly ItemRow[]) =>
  lines
    .map(
      (l) =>
        `${l.quantity} × ${items.find((i) => i.productId === l.productId)?.name ?? l.productId}`,
    )
    .join(", ");

function refundEvent(r: RefundRow, items: readonly ItemRow[]): OrderEventDto | null {
  const amount = formatCents(r.amountCents);
  const at = iso(r.updatedAt);
  const actor = r.actorEmail;
  if (r.status === "failed")
    return {
      at,
      kind: "refund_failed",
      title: `Refund of ${amount} failed`,
      ...(r.error ? { detail: r.error } : {}),
      actor,
    };
  if (r.status !== "succeeded") return null;
  const restocked = restockedText(r.restockLines, items);
  const detail = [r.reason, restocked && `Restocked ${restocked}`].filter(Boolean).join(" — ");
  return {
    at,
    kind: r.cancel ? "cancelled" : "refund",
    title: r.cancel ? `Cancelled and refunded ${amount}` : `Refunded ${amount}`,
    ...(detail ? { detail } : {}),
    actor,
  };
}

type AuditRow = typeof auditLog.$inferSelect;

/** "Australia Post 33AB 1234" from an audit entry's carrier and number; undefined without one. */
function shippingText(carrier: unknown, trackingNumber: unknown): string | undefined {
  if (typeof trackingNumber !== "string" || !trackingNumber) return undefined;
  const id = (typeof carrier === "string" ? carrier : DEFAULT_CARRIER) as CarrierId;
  return `${carrierName(id)} ${trackingNumber}`;
}

/** Only status changes and notes come from the audit log; refunds and cancellations are their rows. */
function auditEvent(a: AuditRow): OrderEventDto | null {
  const after = a.after ?? {};
  const at = iso(a.createdAt);
  if (a.action === "note")
    return {
      at,
      kind: "note",
      title: "Note",
      detail: String(after.note ?? ""),
      actor: a.actorEmail,
    };
  if (a.action === "commission-release" || a.action === "commission-reject") {
    const note = String(after.note ?? "");
    return {
      at,
      kind: "commission_review",
      title:
        a.action === "commission-release"
          ? "Held commission released"
          : "Held commission rejected: never paid",
      ...(note ? { detail: note } : {}),
      actor: a.actorEmail,
    };
  }
  if (a.action === "tracking") {
    const before = a.before ?? {};
    const was = shippingText(before.carrier, before.trackingNumber);
    return {
      at,
      kind: "tracking",
      title: "Tracking corrected",
      detail: `${shippingText(after.carrier, after.trackingNumber)} (was ${was ?? "none"})`,
      actor: a.actorEmail,
    };
  }
  if (a.action !== "status") return null;
  const detail = shippingText(after.carrier, after.trackingNumber);
  return {
    at,
    kind: "status",
    title: `Marked ${String(after.status)}`,
    ...(detail ? { detail } : {}),
    actor: a.actorEmail,
  };
}

/**
 * The order's page: lines, totals, payment, attribution, shipping, refunds, stock movements and the
 * timeline. Null for an unknown order or one never paid (the back-office deals in paid orders).
 */
export async function loadAdminOrder(
  { env, db }: Pick<Deps, "env" | "db">,
  orderId: string,
): Promise<AdminOrderDto | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.paidAt) return null;
  const paymentIntent = order.stripePaymentIntentId;
  // One round trip for the rest (single-table reads, so the batch's rows map by column name).
  const [items, refunds, movements, audits, mails, reversals, [commission], [creator]] =
    await db.batch([
      db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id)),
      db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id)),
      db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.orderId, orderId))
        .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id)),
      db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, "order"),
            eq(auditLog.entityId, orderId),
            inArray(auditLog.action, [
              "status",
              "tracking",
              "note",
              "commission-release",
              "commission-reject",
            ]),
          ),
        )
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
      db
        .select({
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.orderId, orderId))
        // Mails written in one batch share the instant: rowid keeps the order they were written in.
        .orderBy(asc(emailOutbox.createdAt), sql`rowid`),
      // No payment intent or no creator: the read matches nothing ("" is no id).
      db
        .select()
        .from(stripeReversals)
        .where(eq(stripeReversals.paymentIntentId, paymentIntent ?? ""))
        .orderBy(asc(stripeReversals.updatedAt)),
      db.select().from(commissions).where(eq(commissions.orderId, orderId)),
      db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, order.creatorId ?? "")),
    ]);

  const events: OrderEventDto[] = [
    { at: iso(order.createdAt), kind: "created", title: "Order created" },
    { at: iso(order.paidAt), kind: "paid", title: `Paid ${formatCents(order.totalCents)}` },
  ];
  for (const a of audits) {
    const event = auditEvent(a);
    if (event) events.push(event);
  }
  // order_refunds oldest first, so the timeline reads in the order things happened.
  for (const r of [...refunds].reverse()) {
    const event = refundEvent(r, items);
    if (event) events.push(event);
  }
  for (const m of mails)
    events.push({
      at: iso(m.createdAt),
      kind: "email",
      title: m.subject,
      detail: `to ${m.to} — ${m.status}`,
    });
  // What Stripe refunded beyond the back-office's own refunds was done in Stripe's dashboard.
  let explained = refunds
    .filter((r) => r.status === "succeeded")
    .reduce((sum, r) => sum + r.amountCents, 0);
  for (const s of reversals) {
    if (s.kind === "dispute") {
      events.push({
        at: iso(s.updatedAt),
        kind: "dispute",
        title: `Disputed: ${formatCents(s.amountCents)}`,
        detail: `Status: ${s.status ?? "unknown"}`,
      });
      continue;
    }
    const outside = s.amountCents - explained;
    explained = Math.max(0, explained - s.amountCents);
    if (outside > 0)
      events.push({
        at: iso(s.updatedAt),
        kind: "stripe_refund",
        title: `Refunded in Stripe: ${formatCents(outside)}`,
      });
  }
  // Stable: events at the same instant keep the order they were added in.
  events.sort((a, b) => a.at.localeCompare(b.at));

  const attribution: AdminOrderDto["attribution"] = order.affiliateCode
    ? {
        code: order.affiliateCode,
        how: order.attribution,
        creatorId: order.creatorId,
        creatorName: creator?.name ?? null,
        commission: commission
          ? {
              amount: centsToDollars(commission.amountCents),
              reversed: centsToDollars(commission.reversedCents),
              status: commission.status,
              review: commission.review,
              reviewReason: commission.reviewReason,
            }
          : null,
      }
    : null;

  return {
    _id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    createdAt: iso(order.createdAt),
    paidAt: iso(order.paidAt),
    shippedAt: order.shippedAt ? iso(order.shippedAt) : null,
    email: order.email,
    userId: order.userId,
    address: { street2: "", ...order.address },
    items: items.map((i) => ({
      productId: i.productId,
      name: i.name,
      image: i.imageKey ? imageUrl(i.imageKey) : "",
      unitPrice: centsToDollars(i.unitPriceCents),
      quantity: i.quantity,
      lineTotal: centsToDollars(i.unitPriceCents * i.quantity),
      restocked: i.restockedQuantity,
    })),
    subtotal: centsToDollars(order.subtotalCents),
    tax: centsToDollars(order.taxCents),
    deliveryFee: centsToDollars(order.deliveryFeeCents),
    discount: centsToDollars(creatorDiscountCents(order)),
    shopDiscount: centsToDollars(order.shopDiscountCents),
    promotionCode: order.promotionCode,
    total: centsToDollars(order.totalCents),
    gst: centsToDollars(gstIncludedCents(order.totalCents)),
    refunded: centsToDollars(order.refundedCents),
    disputed: centsToDollars(order.disputedCents),
    refundable: centsToDollars(refundableCents(order, refunds)),
    currency: order.currency,
    payment: {
      provider: "stripe",
      sessionId: order.stripeSessionId,
      paymentIntentId: order.stripePaymentIntentId,
    },
    attribution,
    shipping: {
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      trackingUrl: order.trackingUrl,
    },
    refunds: refunds.map(toRefundDto),
    stockMovements: movements.map((m) => ({
      productId: m.productId,
      kind: m.kind,
      onHandDelta: m.onHandDelta,
      reservedDelta: m.reservedDelta,
      reason: m.reason,
      at: iso(m.createdAt),
    })),
    events,
    nextStatuses: nextStatuses(order.status),
    canCancel: CANCELLABLE_STATUSES.includes(order.status as OrderStatusName),
    invoiceUrl: await invoiceUrl({ env }, order.id),
  };
}

/** loadAdminOrder, or the 404 of an unknown or unpaid order. */
export async function requireAdminOrder(
  { env, db }: Pick<Deps, "env" | "db">,
  orderId: string,
): Promise<AdminOrderDto> {
  const order = await loadAdminOrder({ env, db }, orderId);
  if (!order) throw orderNotFound();
  return order;
}

// ---------------------------------------------------------------------------------------------
// The queue

/**
 * What `q` finds: the order number as the shopper sees it (with or without #) or any tail of the
 * id, a part of the email, or a part of the buyer's "first last" name; any case. instr, not LIKE:
 * a % or _ typed is matched as itself.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.toLowerCase();
  const tail = text.replace(/^#/, "");
  const name = sql`lower(json_extract(${orders.address}, '$.firstName') || ' ' || json_extract(${orders.address}, '$.lastName'))`;
  const matches = [sql`instr(${orders.email}, ${text}) > 0`, sql`instr(${name}, ${text}) > 0`];
  if (tail) matches.push(sql`substr(${orders.id}, -length(${tail})) = ${tail}`);
  return or(...matches);
}

/** A page of paid orders under the queue's filters, and how many there are in all. */
export async function listAdminOrders(
  { db }: Pick<Deps, "db">,
  { status, q, from, to, sort, page }: OrderListParams,
): Promise<{ orders: AdminOrderSummaryDto[]; total: number }> {
  const where: (SQL | undefined)[] = [isNotNull(orders.paidAt)];
  if (status === "unshipped") where.push(inArray(orders.status, UNSHIPPED_STATUSES));
  else if (status !== "all") where.push(eq(orders.status, status));
  if (from) where.push(gte(orders.paidAt, new Date(brisbaneDayStartOf(from))));
  if (to) where.push(lt(orders.paidAt, new Date(brisbaneDayStartOf(to) + DAY_MS)));
  if (q) where.push(searchCondition(q));
  const filter = and(...where);
  // The queue to ship reads oldest first (who has waited longest); any other view newest first.
  const oldestFirst = (sort ?? (status === "unshipped" ? "oldest" : "newest")) === "oldest";
  const direction = oldestFirst ? asc : desc;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(filter)
      .orderBy(direction(orders.paidAt), direction(orders.id))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(filter),
  ]);
  const units = rows.length
    ? await db
        .select({ orderId: orderItems.orderId, count: sql<number>`sum(${orderItems.quantity})` })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((o) => o.id),
          ),
        )
        .groupBy(orderItems.orderId)
    : [];
  return {
    orders: rows.map((order) => ({
      _id: order.id,
      number: orderNumber(order.id),
      status: order.status,
      createdAt: iso(order.createdAt),
      paidAt: order.paidAt ? iso(order.paidAt) : null,
      email: order.email,
      name: buyerName(order),
      itemCount: units.find((u) => u.orderId === order.id)?.count ?? 0,
      total: centsToDollars(order.totalCents),
      refunded: centsToDollars(order.refundedCents),
      affiliateCode: order.affiliateCode,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
    })),
    total: totalRow?.total ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Status and notes

const MAILED: readonly MailedOrderStatus[] = ["Shipped", "Out for Delivery", "Delivered"];
const isMailed = (status: OrderStatusName): status is MailedOrderStatus =>
  (MAILED as readonly string[]).includes(status);

/** Why a move to `to` changed nothing, read from the order as it is now. */
function refusal(order: OrderRow | undefined, to: OrderStatusName): AppError {
  if (!order) return orderNotFound();
  if (order.status === "cancelled")
    return conflict(ORDER_ADMIN_MESSAGES.cancelled, "order_cancelled");
  if (!order.paidAt || !TRACKER_STEPS.includes(order.status as OrderStatusName))
    return conflict(ORDER_ADMIN_MESSAGES.notPaid, "order_not_paid");
  if (order.status === to) return conflict(ORDER_ADMIN_MESSAGES.sameStatus(to), "same_status");
  return conflict(ORDER_ADMIN_MESSAGES.backwards(order.status, to), "status_backwards");
}

const readOrder = async ({ db }: Pick<Deps, "db">, orderId: string) =>
  (await db.select().from(orders).where(eq(orders.id, orderId)))[0];

/**
 * Moves a paid order forward to `input.status` (skipping steps is allowed, going back is not).
 * One batch: the audit entry and the customer's mail, each only if the order is still before the
 * new step, then the UPDATE on that same condition. Two admins making the same move at once make
 * one change, one entry and one mail; the loser is told why from the order as it is then.
 */
export async function changeOrderStatus(
  { env, db, ctx, actor }: Pick<Deps, "env" | "db" | "ctx" | "actor">,
  orderId: string,
  input: StatusChangeInput,
): Promise<AdminOrderDto> {
  const order = await readOrder({ db }, orderId);
  if (!order) throw orderNotFound();
  const to = input.status;
  const earlier = TRACKER_STEPS.slice(0, TRACKER_STEPS.indexOf(to));
  const movable = and(
    eq(orders.id, orderId),
    isNotNull(orders.paidAt),
    inArray(orders.status, earlier),
  );
  const now = Date.now();
  const carrier = input.carrier ?? DEFAULT_CARRIER;
  const tracking = input.trackingNumber
    ? {
        carrier,
        trackingNumber: input.trackingNumber,
        trackingUrl: trackingUrlFor(carrier, input.trackingNumber),
      }
    : null;
  // A parcel past Shipped has shipped, whether or not the owner marked that step.
  const shipped = TRACKER_STEPS.indexOf(to) >= TRACKER_STEPS.indexOf("Shipped");

  const audit = auditStatementIf(
    db,
    actor,
    {
      entity: "order",
      entityId: orderId,
      action: "status",
      before: { status: order.status },
      after: {
        status: to,
        carrier: tracking?.carrier ?? null,
        trackingNumber: tracking?.trackingNumber ?? null,
      },
    },
    sql`EXISTS ${db.select({ id: orders.id }).from(orders).where(movable)}`,
  );
  const mail =
    input.notify && isMailed(to)
      ? orderStatusEmail(
          { id: order.id, email: order.email, firstName: order.address.firstName },
          to,
          tracking ?? storedTracking(order),
          `${env.APP_ORIGIN}/orders`,
        )
      : null;
  // The mail's id names the order and the step: however often the step is asked for, one mail.
  const mailId = mail ? await stableId("order-status-mail", `${orderId}:${to}`) : null;
  const update = db
    .update(orders)
    .set({
      status: to,
      updatedAt: new Date(now),
      ...(tracking ?? {}),
      ...(shipped ? { shippedAt: sql`coalesce(${orders.shippedAt}, ${now})` } : {}),
    })
    .where(movable);
  const queued = mail && mailId ? [queueMailIf(db, mailId, mail, movable)] : [];
  const results = await db.batch([audit, ...queued, update]);
  if (results.at(-1)?.meta.changes !== 1) throw refusal(await readOrder({ db }, orderId), to);

  if (mail && mailId) ctx.waitUntil(deliverQueuedEmail({ env, db }, mailId, mail));
  return requireAdminOrder({ env, db }, orderId);
}

/** The tracking the order already has, for a mail about a later step. */
function storedTracking(order: OrderRow) {
  return order.carrier && order.trackingNumber && order.trackingUrl
    ? {
        carrier: order.carrier,
        trackingNumber: order.trackingNumber,
        trackingUrl: order.trackingUrl,
      }
    : null;
}

/** Why the tracking of `order` cannot be corrected to `wanted`; null when it can. */
function trackingRefusal(
  order: OrderRow | undefined,
  wanted: { carrier: CarrierId; trackingNumber: string },
): AppError | null {
  if (!order) return orderNotFound();
  if (order.status === "cancelled")
    return conflict(ORDER_ADMIN_MESSAGES.cancelled, "order_cancelled");
  if (!order.paidAt || !TRACKER_STEPS.includes(order.status as OrderStatusName))
    return conflict(ORDER_ADMIN_MESSAGES.notPaid, "order_not_paid");
  if (!SHIPPED_STATUSES.includes(order.status as OrderStatusName))
    return conflict(ORDER_ADMIN_MESSAGES.notShipped, "order_not_shipped");
  if (order.carrier === wanted.carrier && order.trackingNumber === wanted.trackingNumber)
    return conflict(ORDER_ADMIN_MESSAGES.sameTracking, "same_tracking");
  return null;
}

/**
 * Corrects the tracking of an order that has shipped: the carrier (the order's own unless given),
 * the number and the Track Order link. One batch, every statement conditional on the order still
 * being shipped with the tracking this request read (so the audit's "before" is exact): the audit
 * entry, the customer's mail unless told not to, then the UPDATE. Two admins sending the same
 * correction at once make one change, one entry and one mail; the other is told why.
 */
export async function correctTracking(
  { env, db, ctx, actor }: Pick<Deps, "env" | "db" | "ctx" | "actor">,
  orderId: string,
  input: TrackingCorrectionInput,
): Promise<AdminOrderDto> {
  const order = await readOrder({ db }, orderId);
  const carrier = input.carrier ?? order?.carrier ?? DEFAULT_CARRIER;
  const tracking = {
    carrier,
    trackingNumber: input.trackingNumber,
    trackingUrl: trackingUrlFor(carrier, input.trackingNumber),
  };
  const refused = trackingRefusal(order, tracking);
  if (refused || !order) throw refused ?? orderNotFound();
  const unchanged = and(
    eq(orders.id, orderId),
    isNotNull(orders.paidAt),
    inArray(orders.status, SHIPPED_STATUSES),
    order.carrier === null ? isNull(orders.carrier) : eq(orders.carrier, order.carrier),
    order.trackingNumber === null
      ? isNull(orders.trackingNumber)
      : eq(orders.trackingNumber, order.trackingNumber),
  );
  const audit = auditStatementIf(
    db,
    actor,
    {
      entity: "order",
      entityId: orderId,
      action: "tracking",
      before: { carrier: order.carrier, trackingNumber: order.trackingNumber },
      after: { carrier, trackingNumber: tracking.trackingNumber },
    },
    sql`EXISTS ${db.select({ id: orders.id }).from(orders).where(unchanged)}`,
  );
  const mail = input.notify
    ? trackingCorrectedEmail(
        { id: order.id, email: order.email, firstName: order.address.firstName },
        tracking,
        `${env.APP_ORIGIN}/orders`,
      )
    : null;
  // The batch's condition lets one request through, so a fresh id is one mail.
  const mailId = newId();
  const update = db
    .update(orders)
    .set({ ...tracking, updatedAt: new Date() })
    .where(unchanged);
  const queued = mail ? [queueMailIf(db, mailId, mail, unchanged)] : [];
  const results = await db.batch([audit, ...queued, update]);
  if (results.at(-1)?.meta.changes !== 1) {
    throw (
      trackingRefusal(await readOrder({ db }, orderId), tracking) ??
      conflict(ORDER_ADMIN_MESSAGES.trackingChanged, "tracking_changed")
    );
  }
  if (mail) ctx.waitUntil(deliverQueuedEmail({ env, db }, mailId, mail));
  return requireAdminOrder({ env, db }, orderId);
}

/** A note on the order's timeline: an audit entry, never shown to the buyer. */
export async function addOrderNote(
  { env, db, actor }: Pick<Deps, "env" | "db" | "actor">,
  orderId: string,
  note: string,
): Promise<AdminOrderDto> {
  const order = await readOrder({ db }, orderId);
  if (!order?.paidAt) throw orderNotFound();
  await auditStatement(db, actor, {
    entity: "order",
    entityId: orderId,
    action: "note",
    before: null,
    after: { note },
  });
  return requireAdminOrder({ env, db }, orderId);
}

// ---------------------------------------------------------------------------------------------
// The owner's daily list

/**
 * The daily cron's mail to the shop's inbox of the paid orders still waiting to ship more than 2
 * business days after payment (lib/brisbane-time.ts), oldest first. Its outbox id derives from
 * the Brisbane day, so however often the cron runs that day, one mail. Returns how many orders the
 * mail this call sent listed (0: none, or already sent today).
 */
export async function mailOverdueToShip(
  { env, db }: Pick<Deps, "env" | "db">,
  now = Date.now(),
): Promise<number> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        isNotNull(orders.paidAt),
        inArray(orders.status, UNSHIPPED_STATUSES),
        lte(orders.paidAt, new Date(overdueCutoff(now))),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id));
  if (rows.length === 0) return 0;
  const day = brisbaneDate(now);
  const message = overdueToShipEmail(
    env.SHOP_INBOX_EMAIL,
    day,
    SHIP_WITHIN_BUSINESS_DAYS,
    rows.map((o) => ({
      id: o.id,
      name: buyerName(o),
      email: o.email,
      status: o.status,
      paidAt: o.paidAt ?? o.createdAt,
      totalCents: o.totalCents,
      link: `${env.APP_ORIGIN}/admin/orders/${o.id}`,
    })),
  );
  const sent = await sendEmailOnce(
    { env, db },
    await stableId("ship-overdue-mail", day),
    message,
    now,
  );
  return sent ? rows.length : 0;
}
