// Refunds and cancellations through Stripe (decision 0011). Money never goes out twice:
// 1. a refund is first a `pending` order_refunds row, inserted by one conditional statement only
//    while the order is paid and the amount fits what is left; the partial unique index allows one
//    pending row per order, and the request key makes a retried request find its own row;
// 2. Stripe is called with the row's id as the idempotency key, so calling again returns the same
//    refund;
// 3. one batch settles it: every statement is conditional on the row still being pending and the
//    last one moves it on, so however many requests race, the restock, the refund recorded against
//    the charge, the commission's reversal, the cancellation, the audit entry and the mail happen once.

import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import {
  CANCELLABLE_STATUSES,
  type CancelInput,
  ORDER_ADMIN_MESSAGES,
  type RefundDto,
  type RefundInput,
  refundSuggestionCents,
  SHIPPED_STATUSES,
} from "../../contracts/admin-orders";
import { centsToDollars, dollarsToCents, formatCents } from "../../contracts/money";
import type { OrderStatusName } from "../../contracts/order";
import type { Db } from "../../db/client";
import { dbNowMs } from "../../db/columns";
import { aliased } from "../../db/sql";
import { AppError, badRequest, notFound } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { newId, stableId } from "../../lib/ids";
import { type Actor, auditStatementIf } from "../audit/audit";
import { noteCatalogueChange } from "../catalogue/cache";
import { type RestockUnits, restockOrderStatements } from "../catalogue/stock";
import { deliverQueuedEmail, type EmailMessage, queueMailIf } from "../mail/outbox";
import { refundEmail } from "../mail/templates";
import { applyReversalsStatements, refundReversalStatement } from "../payments/reversals";
import { stripeClient } from "../payments/stripe";
import { findOrder, type OrderItemRow, type OrderRow } from "./orders";
import { orderItems, orderRefunds, orders, type RestockLine } from "./schema";

type RefundRow = typeof orderRefunds.$inferSelect;

/** Refunds and orders as the conditions' subqueries name them. */
const [r, orderRefundsR] = aliased(orderRefunds, "r");
const [o, ordersO] = aliased(orders, "o");

/** A pending row older than this lost its request (a Worker's request lasts far less). */
export const STALE_PENDING_MS = 2 * 60 * 1000;
/**
 * Stripe forgets an idempotency key after 24 hours; a pending row older than this is not sent
 * again (it could refund twice) but marked failed for the owner to check in Stripe's dashboard.
 */
export const STRIPE_KEY_LIFETIME_MS = 23 * 60 * 60 * 1000;
/** Identical requests without a key within this window are one request (a double click, a retry). */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

const M = ORDER_ADMIN_MESSAGES;

const notPaid = () => new AppError(409, M.notPaid, "not_paid");
const nothingToRefund = () => new AppError(409, M.nothingToRefund, "nothing_to_refund");
const tooLarge = (leftCents: number) =>
  new AppError(409, M.refundTooLarge(formatCents(leftCents)), "refund_too_large");
const inProgress = () => new AppError(409, M.refundInProgress, "refund_in_progress");
const refused = (why: string) => new AppError(409, M.refundFailed(why), "refund_failed");
const unreachable = () => new AppError(502, M.paymentProvider, "payment_provider");

/** What a refund may still return: the total less what was refunded, by Stripe or from here. */
export function leftToRefundCents(
  order: Pick<OrderRow, "totalCents" | "refundedCents">,
  refunds: readonly Pick<RefundRow, "status" | "amountCents">[],
): number {
  const succeeded = refunds
    .filter((r) => r.status === "succeeded")
    .reduce((sum, r) => sum + r.amountCents, 0);
  return Math.max(0, order.totalCents - Math.max(order.refundedCents, succeeded));
}

export function toRefundDto(row: RefundRow): RefundDto {
  return {
    _id: row.id,
    amount: centsToDollars(row.amountCents),
    reason: row.reason,
    status: row.status,
    restockLines: row.restockLines,
    cancel: row.cancel,
    stripeRefundId: row.stripeRefundId,
    error: row.error,
    actorEmail: row.actorEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

const refundsOf = (db: Db, orderId: string) =>
  db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));

/** Paid through Stripe: there is a payment to refund. */
const paidThroughStripe = (order: OrderRow) =>
  order.paidAt !== null && order.stripePaymentIntentId !== null;

/**
 * Refuses lines that are not the order's or name more units than it sold, and a restock beyond
 * what a line has left.
 */
function checkLines(items: OrderItemRow[], lines: RestockLine[], restock: boolean): void {
  for (const line of lines) {
    const item = items.find((i) => i.productId === line.productId);
    if (!item) throw badRequest(M.unknownLine, "unknown_line");
    if (line.quantity > item.quantity) {
      throw badRequest(M.lineOverSold(item.name, item.quantity), "line_over_sold");
    }
    const left = item.quantity - item.restockedQuantity;
    if (restock && line.quantity > left) {
      throw new AppError(409, M.lineTooMany(item.name, left), "restock_too_many");
    }
  }
}

interface Wanted {
  amountCents: number;
  reason: string;
  restockLines: RestockLine[];
  notify: boolean;
  cancel: boolean;
}

/**
 * The request's key and its row, if it has one already. The client's key finds its row; a request
 * without one gets a key derived from what it asks and how many refunds the order had, so
 * identical requests arriving together make one row, and one that finds an identical request's row
 * made moments ago (pending or succeeded) is that request.
 */
async function sameRequest(
  orderId: string,
  clientKey: string | undefined,
  asked: unknown,
  rows: RefundRow[],
): Promise<{ key: string; row: RefundRow | undefined }> {
  if (clientKey) return { key: clientKey, row: rows.find((r) => r.requestKey === clientKey) };
  const prefix = `auto-${await stableId("refund-request", JSON.stringify([orderId, asked]))}-`;
  const since = Date.now() - DUPLICATE_WINDOW_MS;
  const row = rows.find(
    (r) =>
      r.requestKey.startsWith(prefix) && r.status !== "failed" && r.createdAt.getTime() > since,
  );
  return { key: `${prefix}${rows.length}`, row };
}

/** A request key is one request: used again for a different one, it is refused (as Stripe does). */
const keyReused = () => new AppError(409, M.requestKeyReused, "request_key_reused");

/** Whether `row` is what this refund request asks (no amount: its lines' worth, whatever it came to). */
const sameRefund = (row: RefundRow, input: RefundInput) =>
  !row.cancel &&
  (input.amount === undefined || dollarsToCents(input.amount) === row.amountCents) &&
  row.reason === input.reason &&
  row.notify === input.notify &&
  JSON.stringify(row.restockLines) === JSON.stringify(input.restock ? input.lines : []);

/** What a refund request asks, as its derived key sees it: no amount is "what the lines are worth". */
const refundAsked = (input: RefundInput) => ({
  amount: input.amount ?? "lines",
  lines: input.lines,
  restock: input.restock,
  reason: input.reason,
  notify: input.notify,
});

/**
 * Step 1: the pending row, inserted only if the order is paid (and, for a cancellation, still
 * cancellable) and the amount fits what is left at this moment, pending rows counted. Null when a
 * constraint or the condition refused it.
 */
async function insertPending(
  { db, actor }: Pick<Deps, "db" | "actor">,
  orderId: string,
  requestKey: string,
  wanted: Wanted,
): Promise<RefundRow | null> {
  const taken = sql`(SELECT coalesce(sum(${r.amountCents}), 0) FROM ${orderRefundsR}
    WHERE ${r.orderId} = ${orders.id} AND ${r.status} IN ('pending', 'succeeded'))`;
  const [row] = await db
    .insert(orderRefunds)
    .select(
      db
        .select({
          id: sql`${newId()}`.as("id"),
          orderId: orders.id,
          requestKey: sql`${requestKey}`.as("request_key"),
          amountCents: sql`${wanted.amountCents}`.as("amount_cents"),
          reason: sql`${wanted.reason}`.as("reason"),
          restockLines: sql`${JSON.stringify(wanted.restockLines)}`.as("restock_lines"),
          notify: sql`${wanted.notify ? 1 : 0}`.as("notify"),
          cancel: sql`${wanted.cancel ? 1 : 0}`.as("cancel"),
          status: sql`'pending'`.as("status"),
          stripeRefundId: sql`NULL`.as("stripe_refund_id"),
          error: sql`NULL`.as("error"),
          actorId: sql`${actor.id}`.as("actor_id"),
          actorEmail: sql`${actor.email}`.as("actor_email"),
          createdAt: dbNowMs.as("created_at"),
          updatedAt: dbNowMs.as("updated_at"),
        })
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            sql`${orders.paidAt} IS NOT NULL AND ${orders.stripePaymentIntentId} IS NOT NULL`,
            wanted.cancel ? sql`${orders.status} IN ${CANCELLABLE_STATUSES}` : undefined,
            sql`${wanted.amountCents} <= ${orders.totalCents} - max(${orders.refundedCents}, ${taken})`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

type StripeOutcome =
  | { kind: "refunded"; refund: Stripe.Refund }
  | { kind: "refused"; message: string }
  | { kind: "busy" }
  | { kind: "unreachable" };

/** Step 2: the refund at Stripe, under the row's idempotency key. */
async function refundAtStripe({ env }: Pick<Deps, "env">, order: OrderRow, row: RefundRow) {
  try {
    const refund = await stripeClient(env).refunds.create(
      {
        payment_intent: order.stripePaymentIntentId ?? "",
        amount: row.amountCents,
        metadata: { order_id: order.id, refund_id: row.id },
      },
      { idempotencyKey: `refund-${row.id}` },
    );
    if (refund.status === "failed" || refund.status === "canceled") {
      return {
        kind: "refused",
        message: refund.failure_reason ?? `the refund was ${refund.status}`,
      } satisfies StripeOutcome;
    }
    return { kind: "refunded", refund } satisfies StripeOutcome;
  } catch (err) {
    // Another request is sending this very key right now (Stripe answers 409): it settles the row.
    if (err instanceof Stripe.errors.StripeError && err.statusCode === 409) {
      return { kind: "busy" } satisfies StripeOutcome;
    }
    // A refusal is final for this request; anything else (network, 5xx, rate limit) may be retried.
    if (
      err instanceof Stripe.errors.StripeInvalidRequestError ||
      err instanceof Stripe.errors.StripeCardError ||
      err instanceof Stripe.errors.StripeIdempotencyError
    ) {
      return { kind: "refused", message: err.message } satisfies StripeOutcome;
    }
    console.error(`refund ${row.id} of order ${order.id}: Stripe could not be reached`, err);
    return { kind: "unreachable" } satisfies StripeOutcome;
  }
}

/** The row's own condition: every settling statement runs only while it is still pending. */
const stillPending = (refundId: string) =>
  sql`EXISTS (SELECT 1 FROM ${orderRefundsR} WHERE ${r.id} = ${refundId} AND ${r.status} = 'pending')`;

const orderStatusIn = (orderId: string, statuses: readonly string[]) =>
  sql`EXISTS (SELECT 1 FROM ${ordersO} WHERE ${o.id} = ${orderId} AND ${o.status} IN ${statuses})`;

/** The actor a row is settled for: who asked for it, unless that account is gone. */
const actorOf = (row: RefundRow, caller: Actor): Actor =>
  row.actorId ? { id: row.actorId, email: row.actorEmail } : caller;

async function markFailed(
  { db, actor }: Pick<Deps, "db" | "actor">,
  row: RefundRow,
  message: string,
) {
  await db.batch([
    auditStatementIf(
      db,
      actor,
      {
        entity: "order",
        entityId: row.orderId,
        action: "refund_failed",
        after: { amount: centsToDollars(row.amountCents), reason: row.reason, error: message },
      },
      stillPending(row.id),
    ),
    db
      .update(orderRefunds)
      .set({ status: "failed", error: message.slice(0, 500), updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, "pending"))),
  ]);
}

/** Units of an order line (`item`: the table or its alias) to put back: what is asked, never beyond what is left. */
const unitsOfRefund =
  (refundId: string): RestockUnits =>
  (item) =>
    sql`min(${item.quantity} - ${item.restockedQuantity}, coalesce((SELECT sum(json_extract(j.value, '$.quantity'))
      FROM ${orderRefundsR}, json_each(${r.restockLines}) j
      WHERE ${r.id} = ${refundId} AND json_extract(j.value, '$.productId') = ${item.productId}), 0))`;
const allUnitsLeft: RestockUnits = (item) => sql`(${item.quantity} - ${item.restockedQuantity})`;

/**
 * Puts units back in stock, when `condition` holds: the catalogue's ledger rows and the tracked
 * products' on hand (both read the lines' restocked units before) and then the lines' restocked
 * units.
 */
function restockStatements(
  db: Db,
  orderId: string,
  units: RestockUnits,
  condition: SQL,
  reason: string,
  actor: Actor,
) {
  return [
    ...restockOrderStatements(db, { orderId, units, condition, reason, actorId: actor.id }),
    db
      .update(orderItems)
      .set({ restockedQuantity: sql`${orderItems.restockedQuantity} + ${units(orderItems)}` })
      .where(sql`${orderItems.orderId} = ${orderId} AND ${units(orderItems)} > 0 AND ${condition}`),
  ] as const;
}

/**
 * The refund recorded against its charge, as charge.refunded will report it: the sum of the
 * order's succeeded refunds with this one, kept as the larger of it and what was recorded, so the
 * webhook's cumulative amount converges with it (modules/payments/reversals.ts sourceStatement).
 */
function chargeRefundStatement(
  db: Db,
  order: OrderRow,
  row: RefundRow,
  refund: Stripe.Refund,
  now: number,
) {
  const charge = typeof refund.charge === "string" ? refund.charge : refund.charge?.id;
  if (!charge || !order.stripePaymentIntentId) return null;
  return refundReversalStatement(
    db,
    {
      charge,
      paymentIntentId: order.stripePaymentIntentId,
      amountCents: sql`(SELECT coalesce(sum(${r.amountCents}), 0) FROM ${orderRefundsR}
            WHERE ${r.orderId} = ${order.id} AND (${r.status} = 'succeeded' OR ${r.id} = ${row.id}))`,
      created: refund.created,
    },
    // Written only while the refund's own row is still pending.
    {
      table: orderRefunds,
      where: and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, "pending")),
    },
    now,
  );
}

const customerOf = (order: OrderRow) => ({
  id: order.id,
  email: order.email,
  firstName: order.address.firstName,
});

type Statements = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/**
 * Step 3: settles a refund Stripe made, in one batch. A cancellation also restocks and cancels only
 * while the order is still cancellable: if it shipped meanwhile, the money is refunded, the goods
 * stay with the carrier and the status stays, and the audit entry and mail say "refund".
 */
async function settle(
  deps: Deps,
  order: OrderRow,
  row: RefundRow,
  refund: Stripe.Refund,
): Promise<void> {
  const { env, db, ctx } = deps;
  const now = Date.now();
  const actor = actorOf(row, deps.actor);
  const pending = stillPending(row.id);
  const cancellable = and(pending, orderStatusIn(order.id, CANCELLABLE_STATUSES)) as SQL;
  const cancelled = and(pending, orderStatusIn(order.id, ["cancelled"])) as SQL;
  const notCancelled = and(pending, sql`NOT ${orderStatusIn(order.id, ["cancelled"])}`) as SQL;
  const source = chargeRefundStatement(db, order, row, refund, now);
  const after = {
    amount: centsToDollars(row.amountCents),
    reason: row.reason,
    restock: row.restockLines,
    stripeRefundId: refund.id,
  };
  const audit = (action: string, condition: SQL) =>
    auditStatementIf(db, actor, { entity: "order", entityId: order.id, action, after }, condition);
  const mailId = await stableId("refund-mail", row.id);
  const mails: { message: EmailMessage; condition: SQL }[] = [];
  if (row.notify) {
    const mail = (cancel: boolean) =>
      refundEmail(customerOf(order), { amountCents: row.amountCents, reason: row.reason, cancel });
    if (row.cancel) mails.push({ message: mail(true), condition: cancelled });
    mails.push({ message: mail(false), condition: row.cancel ? notCancelled : pending });
  }
  const restock = restockStatements(
    db,
    order.id,
    unitsOfRefund(row.id),
    row.cancel ? cancellable : pending,
    row.cancel ? "cancelled" : "refund",
    actor,
  );
  const statements: Statements = [
    ...restock,
    ...(source ? [source] : []),
    ...applyReversalsStatements(db, and(eq(orders.id, order.id), pending) as SQL, now),
    ...(row.cancel
      ? [
          db
            .update(orders)
            .set({ status: "cancelled", updatedAt: new Date(now) })
            .where(and(eq(orders.id, order.id), cancellable)),
          audit("cancel", cancelled),
          audit("refund", notCancelled),
        ]
      : [audit("refund", pending)]),
    ...mails.map((m) =>
      queueMailIf(db, mailId, m.message, and(eq(orders.id, order.id), m.condition)),
    ),
    db
      .update(orderRefunds)
      .set({
        status: "succeeded",
        stripeRefundId: refund.id,
        error: null,
        updatedAt: new Date(now),
      })
      .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, "pending"))),
  ];
  const results = await db.batch(statements);
  if (results.at(-1)?.meta.changes !== 1) return; // another request settled it
  if (row.restockLines.length > 0) noteCatalogueChange();
  const mailResults = results.slice(results.length - 1 - mails.length, results.length - 1);
  const queued = mails.find((_, i) => mailResults[i]?.meta.changes === 1);
  if (queued) ctx.waitUntil(deliverQueuedEmail({ env, db }, mailId, queued.message));
}

/**
 * Brings a row to its end and returns it: succeeded as it is; failed as its refusal; pending by
 * calling Stripe again under its idempotency key (the same refund if one was made) and settling.
 */
async function carryOut(deps: Deps, order: OrderRow, row: RefundRow): Promise<RefundRow> {
  if (row.status === "succeeded") return row;
  if (row.status === "failed") throw refused(row.error ?? "unknown reason");
  const actor = actorOf(row, deps.actor);
  if (Date.now() - row.createdAt.getTime() > STRIPE_KEY_LIFETIME_MS) {
    await markFailed(
      { db: deps.db, actor },
      row,
      "it was not confirmed within a day; check the payment in Stripe's dashboard before refunding again",
    );
  } else {
    const outcome = await refundAtStripe({ env: deps.env }, order, row);
    if (outcome.kind === "unreachable") throw unreachable();
    if (outcome.kind === "busy") throw inProgress();
    if (outcome.kind === "refused") await markFailed({ db: deps.db, actor }, row, outcome.message);
    else await settle(deps, order, row, outcome.refund);
  }
  const [now] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, row.id));
  if (!now || now.status === "pending") throw inProgress();
  if (now.status === "failed") throw refused(now.error ?? "unknown reason");
  return now;
}

/**
 * Steps 1 to 3 for one request; null when the row could not be written because the amount no
 * longer fits or the order changed (the caller names why). A pending refund of another request
 * answers 409; if its request died (older than STALE_PENDING_MS) it is carried out first.
 */
async function refundOnce(
  deps: Deps,
  order: OrderRow,
  requestKey: string,
  wanted: Wanted,
): Promise<RefundRow | null> {
  const inserted = await insertPending(
    { db: deps.db, actor: deps.actor },
    order.id,
    requestKey,
    wanted,
  );
  if (inserted) return carryOut(deps, order, inserted);
  const rows = await refundsOf(deps.db, order.id);
  const own = rows.find((r) => r.requestKey === requestKey);
  if (own) return carryOut(deps, order, own);
  const other = rows.find((r) => r.status === "pending");
  if (!other) return null;
  if (Date.now() - other.createdAt.getTime() > STALE_PENDING_MS) {
    // Settled or failed now, either way the owner should look at the order before going on.
    await carryOut(deps, order, other).catch((err) => {
      if (!(err instanceof AppError)) console.error(`resuming refund ${other.id}`, err);
    });
  }
  throw inProgress();
}

/** The order as it is now, or 404. */
async function orderOrNotFound({ db }: Pick<Deps, "db">, orderId: string) {
  const found = await findOrder({ db }, orderId);
  if (!found) throw notFound(M.notFound, "not_found");
  return found;
}

/**
 * What refunding `lines` without an amount refunds, in cents: every unit of every line is all that
 * is left (delivery included, as cancelling refunds it); fewer units are their worth with GST less
 * their share of the discount (refundSuggestionCents), never more than is left.
 */
function linesWorthCents(
  order: OrderRow,
  items: OrderItemRow[],
  lines: RestockLine[],
  leftCents: number,
): number {
  const everyUnit = items.every(
    (i) => lines.find((l) => l.productId === i.productId)?.quantity === i.quantity,
  );
  if (everyUnit) return leftCents;
  return refundSuggestionCents(
    order,
    lines.map((l) => ({
      unitPriceCents: items.find((i) => i.productId === l.productId)?.unitPriceCents ?? 0,
      quantity: l.quantity,
    })),
    leftCents,
  );
}

/**
 * POST /api/admin/orders/:id/refund: refunds `amount` (dollars; none: what the named lines are
 * worth), puts the named lines back in stock when asked, and mails the customer unless told not to.
 */
export async function refundOrder(
  deps: Deps,
  orderId: string,
  input: RefundInput,
): Promise<RefundDto> {
  const { order, items } = await orderOrNotFound({ db: deps.db }, orderId);
  const rows = await refundsOf(deps.db, orderId);
  const same = await sameRequest(orderId, input.requestKey, refundAsked(input), rows);
  if (same.row) {
    if (!sameRefund(same.row, input)) throw keyReused();
    return toRefundDto(await carryOut(deps, order, same.row));
  }
  if (!paidThroughStripe(order)) throw notPaid();
  checkLines(items, input.lines, input.restock);
  const left = leftToRefundCents(order, rows);
  if (left === 0) throw nothingToRefund();
  const amountCents =
    input.amount === undefined
      ? linesWorthCents(order, items, input.lines, left)
      : dollarsToCents(input.amount);
  if (amountCents === 0) throw new AppError(409, M.linesWorthNothing, "lines_worth_nothing");
  if (amountCents > left) throw tooLarge(left);
  const wanted: Wanted = {
    amountCents,
    reason: input.reason,
    restockLines: input.restock ? input.lines : [],
    notify: input.notify,
    cancel: false,
  };
  const requestKey = same.key;
  const row = await refundOnce(deps, order, requestKey, wanted);
  if (row) return toRefundDto(row);
  // The row was refused: say why, as the order is now.
  const fresh = await orderOrNotFound({ db: deps.db }, orderId);
  if (!paidThroughStripe(fresh.order)) throw notPaid();
  const nowLeft = leftToRefundCents(fresh.order, await refundsOf(deps.db, orderId));
  throw nowLeft === 0 ? nothingToRefund() : tooLarge(nowLeft);
}

/** Why an order in `status` cannot be cancelled, if it cannot. */
function cancelRefusal(status: string): AppError | null {
  if (SHIPPED_STATUSES.includes(status as OrderStatusName)) {
    return new AppError(409, M.shippedCannotCancel, "shipped_cannot_cancel");
  }
  if (!CANCELLABLE_STATUSES.includes(status as (typeof CANCELLABLE_STATUSES)[number])) {
    return new AppError(409, M.notCancellable, "not_cancellable");
  }
  return null;
}

/**
 * The cancellation of an order already refunded in full: its restock, audit entry, mail and
 * status in one batch, each conditional on the order still being cancellable with no refund
 * pending, the status last.
 */
async function cancelWithoutRefund(deps: Deps, order: OrderRow, reason: string, notify: boolean) {
  const { env, db, ctx, actor } = deps;
  const condition = and(
    orderStatusIn(order.id, CANCELLABLE_STATUSES),
    sql`NOT EXISTS (SELECT 1 FROM ${orderRefundsR} WHERE ${r.orderId} = ${order.id} AND ${r.status} = 'pending')`,
  ) as SQL;
  const mailId = await stableId("cancel-mail", order.id);
  const mail = refundEmail(customerOf(order), { amountCents: 0, reason, cancel: true });
  const results = await db.batch([
    ...restockStatements(db, order.id, allUnitsLeft, condition, "cancelled", actor),
    auditStatementIf(
      db,
      actor,
      { entity: "order", entityId: order.id, action: "cancel", after: { amount: 0, reason } },
      condition,
    ),
    ...(notify ? [queueMailIf(db, mailId, mail, and(eq(orders.id, order.id), condition))] : []),
    db
      .update(orders)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), condition)),
  ]);
  if (results.at(-1)?.meta.changes !== 1) return false;
  noteCatalogueChange();
  if (notify) ctx.waitUntil(deliverQueuedEmail({ env, db }, mailId, mail));
  return true;
}

/**
 * POST /api/admin/orders/:id/cancel: a paid order that has not shipped is refunded what is left,
 * every line's units go back in stock and its status becomes cancelled.
 */
export async function cancelPaidOrder(
  deps: Deps,
  orderId: string,
  input: CancelInput,
): Promise<void> {
  const reason = input.reason ?? "";
  const notify = input.notify ?? true;
  // What is left may change between reading it and writing the row (a webhook's refund, another
  // admin's): the order is then read again; a few rounds settle any real race.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { order, items } = await orderOrNotFound({ db: deps.db }, orderId);
    const rows = await refundsOf(deps.db, orderId);
    const same = await sameRequest(
      orderId,
      input.requestKey,
      { cancel: true, reason, notify },
      rows,
    );
    if (same.row) {
      if (!same.row.cancel || same.row.reason !== reason || same.row.notify !== notify) {
        throw keyReused();
      }
      await carryOut(deps, order, same.row);
      return;
    }
    const refusal = cancelRefusal(order.status);
    if (refusal) throw refusal;
    const left = leftToRefundCents(order, rows);
    if (left === 0) {
      if (rows.some((r) => r.status === "pending")) throw inProgress();
      if (await cancelWithoutRefund(deps, order, reason, notify)) return;
      continue;
    }
    if (!paidThroughStripe(order)) throw notPaid();
    const wanted: Wanted = {
      amountCents: left,
      reason,
      restockLines: items
        .filter((i) => i.quantity > i.restockedQuantity)
        .map((i) => ({ productId: i.productId, quantity: i.quantity - i.restockedQuantity })),
      notify,
      cancel: true,
    };
    const requestKey = same.key;
    if (await refundOnce(deps, order, requestKey, wanted)) return;
  }
  const { order } = await orderOrNotFound({ db: deps.db }, orderId);
  throw cancelRefusal(order.status) ?? inProgress();
}
