// Stock that never oversells. A product holds `stock_on_hand` units (null: not tracked) of which
// `stock_reserved` are held by unpaid checkouts; CHECK constraints make a negative count or more
// reserved than on hand impossible, so every change below is a plain statement in some caller's
// single D1 batch, and the database refuses the whole batch rather than oversell:
// - checkout reserves each line (reserveStatements): a line beyond what is left makes its UPDATE
//   violate products_stock_reserved_within_on_hand, and the batch (order included) rolls back;
// - expiry, failure or cancellation releases (releaseStatements), fulfilment sells
//   (saleStatements): each is conditional on the order's `stock_hold`, which the last statement of
//   the same batch moves on, so however many callers race, it happens once;
// - the back-office restocks or corrects (adjustStock).
// Every change writes a stock_movements row in the same batch. The owner's low-stock list and its
// daily mail are at the end.

import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  lte,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AuditEntity } from "../../contracts/admin";
import type { LowStockProductDto } from "../../contracts/admin-catalogue";
import { imageUrl } from "../../contracts/catalogue";
import {
  availableOf,
  STOCK_MESSAGES,
  type StockChange,
  type StockDto,
} from "../../contracts/stock";
import type { Db } from "../../db/client";
import { dbNowMs } from "../../db/columns";
import { failedConstraint } from "../../db/errors";
import { aliased } from "../../db/sql";
import { AppError } from "../../lib/app-error";
import { brisbaneDate } from "../../lib/brisbane-time";
import type { Deps } from "../../lib/deps";
import { stableId } from "../../lib/ids";
import { auditStatement } from "../audit/audit";
import { sendEmailOnce } from "../mail/outbox";
import { lowStockEmail } from "../mail/templates";
import { type OrderStatus, orderItems, orders, type StockHold } from "../orders/schema";
import { products, type StockMovementKind, stockMovements } from "./schema";

/** The constraint a reservation or correction beyond what is on hand violates. */
const WITHIN_ON_HAND = "products_stock_reserved_within_on_hand";
const ON_HAND_NON_NEGATIVE = "products_stock_on_hand_non_negative";

/** One ledger row's values, each an expression over the rows `from` selects, or a value. */
interface LedgerRow {
  productId: SQLWrapper;
  kind: StockMovementKind;
  onHandDelta: SQLWrapper | number;
  reservedDelta: SQLWrapper | number;
  reason: SQLWrapper | string;
  orderId: SQLWrapper | null;
  actorId: string | null;
}

/**
 * An INSERT of ledger rows, one per row `from` (a FROM ... WHERE ... clause) selects, with the
 * values `row` computes from it: drizzle lists every column of the table, in the schema's order,
 * so id (autoincrement) and created_at are filled in here. Built as a query builder so it can join
 * a db.batch.
 */
export const ledgerFrom = (db: Db, row: LedgerRow, from: SQL) =>
  db
    .insert(stockMovements)
    .select(
      sql`SELECT NULL, ${row.productId}, ${row.kind}, ${row.onHandDelta}, ${row.reservedDelta}, ${row.reason}, ${row.orderId}, ${row.actorId}, ${dbNowMs} ${from}`,
    );

/** Order lines and products as the stock statements' subqueries name them. */
const [oi, orderItemsOi] = aliased(orderItems, "oi");
const [p, productsP] = aliased(products, "p");
const [o, ordersO] = aliased(orders, "o");

export const isShortOfStock = (err: unknown) => failedConstraint(err, WITHIN_ON_HAND);

/** One checkout line's reservation and its ledger row. Untracked products count reserved too. */
export const reserveStatements = (
  db: Db,
  orderId: string,
  line: { productId: string; quantity: number },
) =>
  [
    db
      .update(products)
      .set({ stockReserved: sql`${products.stockReserved} + ${line.quantity}` })
      .where(eq(products.id, line.productId)),
    db.insert(stockMovements).values({
      productId: line.productId,
      kind: "reserve",
      onHandDelta: 0,
      reservedDelta: line.quantity,
      reason: "checkout started",
      orderId,
    }),
  ] as const;

/** Orders whose hold may be released: never paid and no longer payable. */
export const RELEASABLE: OrderStatus[] = ["payment_failed", "expired", "cancelled"];

/**
 * Gives back what an order holds, once: ledger rows, then the products' reserved counts. Both test
 * the order's hold, which the orders module's statement after them marks released
 * (orders/stock-holds.ts releaseHoldStatements), so the release happens once.
 */
export function releaseStatements(db: Db, orderId: string, reason: string) {
  const holds = sql`EXISTS (SELECT 1 FROM ${ordersO} WHERE ${o.id} = ${orderId} AND ${o.stockHold} = 'held' AND ${inArray(o.status, RELEASABLE)})`;
  return [
    ledgerFrom(
      db,
      {
        productId: oi.productId,
        kind: "release",
        onHandDelta: 0,
        reservedDelta: sql`-${oi.quantity}`,
        reason,
        orderId: oi.orderId,
        actorId: null,
      },
      sql`FROM ${orderItemsOi} WHERE ${oi.orderId} = ${orderId} AND ${holds}`,
    ),
    db
      .update(products)
      .set({
        stockReserved: sql`${products.stockReserved} - (SELECT coalesce(sum(${oi.quantity}), 0) FROM ${orderItemsOi}
          WHERE ${oi.orderId} = ${orderId} AND ${oi.productId} = ${products.id})`,
      })
      .where(sql`${inArray(products.id, linesOf(db, orderId))} AND ${holds}`),
  ] as const;
}

/**
 * Turns a paid order's hold into a sale, once (for fulfilment's batch, after the statement that
 * marks it paid). Held: on hand and reserved both fall by the quantity. Released already (paid
 * after the sweep gave its units back): on hand falls by what is still free, never below what
 * others hold; a shortfall is written in the ledger's reason for the owner to resolve. Each tests
 * the order's hold, which the orders module's statement after them marks sold
 * (orders/stock-holds.ts sellHoldStatements), so the sale happens once.
 */
export function saleStatements(db: Db, orderId: string) {
  const state = (hold: StockHold) =>
    sql`EXISTS (SELECT 1 FROM ${ordersO} WHERE ${o.id} = ${orderId} AND ${o.stockHold} = ${hold} AND ${o.paidAt} IS NOT NULL)`;
  const qty = sql`(SELECT coalesce(sum(${oi.quantity}), 0) FROM ${orderItemsOi} WHERE ${oi.orderId} = ${orderId} AND ${oi.productId} = ${products.id})`;
  const lines = inArray(products.id, linesOf(db, orderId));
  const free = sql`(${p.stockOnHand} - ${p.stockReserved})`;
  const linesWithProducts = sql`FROM ${orderItemsOi} JOIN ${productsP} ON ${p.id} = ${oi.productId}`;
  return [
    ledgerFrom(
      db,
      {
        productId: oi.productId,
        kind: "sale",
        onHandDelta: sql`CASE WHEN ${p.stockOnHand} IS NULL THEN 0 ELSE -${oi.quantity} END`,
        reservedDelta: sql`-${oi.quantity}`,
        reason: "paid",
        orderId: oi.orderId,
        actorId: null,
      },
      sql`${linesWithProducts} WHERE ${oi.orderId} = ${orderId} AND ${state("held")}`,
    ),
    db
      .update(products)
      .set({
        stockOnHand: sql`${products.stockOnHand} - ${qty}`,
        stockReserved: sql`${products.stockReserved} - ${qty}`,
      })
      .where(sql`${lines} AND ${state("held")}`),
    ledgerFrom(
      db,
      {
        productId: oi.productId,
        kind: "sale",
        onHandDelta: sql`-min(${oi.quantity}, ${free})`,
        reservedDelta: 0,
        reason: sql`CASE WHEN ${oi.quantity} > ${free}
          THEN 'paid after its hold was released; short by ' || (${oi.quantity} - ${free})
          ELSE 'paid after its hold was released' END`,
        orderId: oi.orderId,
        actorId: null,
      },
      sql`${linesWithProducts}
      WHERE ${oi.orderId} = ${orderId} AND ${p.stockOnHand} IS NOT NULL AND ${state("released")}`,
    ),
    db
      .update(products)
      .set({
        stockOnHand: sql`${products.stockOnHand} - min(${qty}, ${products.stockOnHand} - ${products.stockReserved})`,
      })
      .where(sql`${lines} AND ${products.stockOnHand} IS NOT NULL AND ${state("released")}`),
  ] as const;
}

/** A product's stock as the back-office sees it; null when there is no such product. */
export async function stockOf(
  { db }: Pick<Deps, "db">,
  productId: string,
): Promise<StockDto | null> {
  const row = await db
    .select({ onHand: products.stockOnHand, reserved: products.stockReserved })
    .from(products)
    .where(eq(products.id, productId))
    .get();
  return row ? { ...row, available: availableOf(row.onHand, row.reserved) } : null;
}

/** Stock of several products, for naming the line a refused checkout was short of. */
export async function stockLevels({ db }: Pick<Deps, "db">, ids: string[]) {
  if (ids.length === 0) return new Map<string, StockDto>();
  const rows = await db
    .select({ id: products.id, onHand: products.stockOnHand, reserved: products.stockReserved })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { onHand: r.onHand, reserved: r.reserved, available: availableOf(r.onHand, r.reserved) },
    ]),
  );
}

export type AdjustOutcome =
  | { ok: true; stock: StockDto }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "below_reserved"; reserved: number }
  | { ok: false; reason: "below_zero" };

const STOCK_ENTITY: AuditEntity = "stock";

/**
 * The back-office's change: set the count (`onHand`, null stops tracking) or add to it (`delta`,
 * restock when positive, correction when negative). One batch: the ledger row (its delta read from
 * the row as it is then), the change, and the audit entry; the CHECKs refuse a count below zero or
 * below what checkouts hold, and nothing is written.
 */
export async function adjustStock(
  { db, actor }: Pick<Deps, "db" | "actor">,
  productId: string,
  change: StockChange,
): Promise<AdjustOutcome> {
  const before = await stockOf({ db }, productId);
  if (!before) return { ok: false, reason: "not_found" };
  const setting = "onHand" in change;
  const newOnHand = setting
    ? change.onHand
    : sql`coalesce(${products.stockOnHand}, 0) + ${change.delta}`;
  const kind = setting || change.delta < 0 ? "correction" : "restock";
  const reason =
    change.reason ||
    (setting
      ? change.onHand === null
        ? "stock no longer tracked"
        : `count set to ${change.onHand}`
      : "");
  const expectedAfter = setting ? change.onHand : (before.onHand ?? 0) + change.delta;
  const onHandDelta = setting
    ? sql`${change.onHand ?? 0} - coalesce(${products.stockOnHand}, 0)`
    : sql`${change.delta}`;
  try {
    await db.batch([
      ledgerFrom(
        db,
        {
          productId: products.id,
          kind,
          onHandDelta,
          reservedDelta: 0,
          reason,
          orderId: null,
          actorId: actor.id,
        },
        sql`FROM ${products} WHERE ${products.id} = ${productId}`,
      ),
      db.update(products).set({ stockOnHand: newOnHand }).where(eq(products.id, productId)),
      auditStatement(db, actor, {
        entity: STOCK_ENTITY,
        entityId: productId,
        action: setting ? "set" : "adjust",
        before: { ...before },
        after: {
          onHand: expectedAfter,
          ...(setting ? {} : { delta: change.delta }),
          reason,
        },
      }),
    ]);
  } catch (err) {
    if (failedConstraint(err, WITHIN_ON_HAND)) {
      const now = await stockOf({ db }, productId);
      return { ok: false, reason: "below_reserved", reserved: now?.reserved ?? before.reserved };
    }
    if (failedConstraint(err, ON_HAND_NON_NEGATIVE)) return { ok: false, reason: "below_zero" };
    throw err;
  }
  const stock = await stockOf({ db }, productId);
  if (!stock) return { ok: false, reason: "not_found" };
  return { ok: true, stock };
}

/**
 * adjustStock for a back-office request: the new stock, or the refusal as the error it answers
 * (404 unknown product, 409 below what checkouts hold or below zero).
 */
export async function changeStock(
  { db, actor }: Pick<Deps, "db" | "actor">,
  productId: string,
  change: StockChange,
): Promise<StockDto> {
  const outcome = await adjustStock({ db, actor }, productId, change);
  if (outcome.ok) return outcome.stock;
  if (outcome.reason === "not_found") throw new AppError(404, STOCK_MESSAGES.notFound, "not_found");
  throw new AppError(
    409,
    outcome.reason === "below_reserved"
      ? STOCK_MESSAGES.belowReserved(outcome.reserved)
      : STOCK_MESSAGES.belowZero,
    outcome.reason,
  );
}

/**
 * The owner's low-stock list: tracked products not archived whose available units (on hand less
 * reserved, never negative by the CHECKs) are at or under their threshold, sold out first, then
 * fewest left, then by name. One statement over the catalogue (hundreds of rows), no index needed.
 */
const available = sql<number>`${products.stockOnHand} - ${products.stockReserved}`;
/** What puts a product on the low-stock list. */
const isLowStock = and(
  isNotNull(products.stockOnHand),
  ne(products.status, "archived"),
  lte(available, products.lowStockThreshold),
);

export async function lowStockProducts({ db }: Pick<Deps, "db">): Promise<LowStockProductDto[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      status: products.status,
      imageKeys: products.imageKeys,
      onHand: sql<number>`${products.stockOnHand}`,
      reserved: products.stockReserved,
      available,
      lowStockThreshold: products.lowStockThreshold,
    })
    .from(products)
    .where(isLowStock)
    .orderBy(asc(available), asc(products.name), asc(products.id));
  return rows.map(({ imageKeys, ...row }) => ({
    ...row,
    image: imageKeys[0] ? imageUrl(imageKeys[0]) : null,
  }));
}

/** How many products are on the low-stock list (the dashboard's figure), without reading them. */
export const lowStockCount = (db: Db) => db.select({ n: count() }).from(products).where(isLowStock);

/**
 * The daily cron's mail to the shop's inbox listing the low-stock products, when there are any.
 * Its outbox id derives from the Brisbane day, so however often the cron runs that day (a retry, a
 * second trigger, two at once) the first run that finds products low sends the one mail and every
 * other finds the id taken. Returns how many products the mail this call sent listed (0: none).
 */
export async function mailLowStock(
  { env, db }: Pick<Deps, "env" | "db">,
  now = Date.now(),
): Promise<number> {
  const low = await lowStockProducts({ db });
  if (low.length === 0) return 0;
  const day = brisbaneDate(now);
  const message = lowStockEmail(env.SHOP_INBOX_EMAIL, day, low, `${env.APP_ORIGIN}/admin/stock`);
  const sent = await sendEmailOnce(
    { env, db },
    await stableId("low-stock-mail", day),
    message,
    now,
  );
  return sent ? low.length : 0;
}

/** Units of an order line (`item`: the order_items table, or an alias of it) going back in stock. */
export type RestockUnits = (item: OrderLineColumns) => SQL;

/** The columns of order_items a restock's units read, through the table or an alias of it. */
export type OrderLineColumns = Record<
  "orderId" | "productId" | "quantity" | "restockedQuantity",
  AnySQLiteColumn
>;

/**
 * Puts an order's units back in stock, when `condition` holds (for the orders module's refund and
 * cancellation batches): the ledger rows, then the tracked products' on hand. Both read the
 * lines' restocked units as they are before the caller's next statement moves them.
 */
export function restockOrderStatements(
  db: Db,
  restock: {
    orderId: string;
    units: RestockUnits;
    condition: SQL;
    reason: string;
    actorId: string;
  },
) {
  const { orderId, units, condition, reason, actorId } = restock;
  return [
    ledgerFrom(
      db,
      {
        productId: oi.productId,
        kind: "restock",
        onHandDelta: units(oi),
        reservedDelta: 0,
        reason,
        orderId: oi.orderId,
        actorId,
      },
      sql`FROM ${orderItemsOi} JOIN ${productsP} ON ${p.id} = ${oi.productId}
      WHERE ${oi.orderId} = ${orderId} AND ${p.stockOnHand} IS NOT NULL AND ${units(oi)} > 0 AND ${condition}`,
    ),
    db
      .update(products)
      .set({
        stockOnHand: sql`${products.stockOnHand} + coalesce((SELECT ${units(oi)} FROM ${orderItemsOi}
          WHERE ${oi.orderId} = ${orderId} AND ${oi.productId} = ${products.id}), 0)`,
      })
      .where(
        sql`${products.stockOnHand} IS NOT NULL AND ${products.id} IN (SELECT ${oi.productId}
          FROM ${orderItemsOi} WHERE ${oi.orderId} = ${orderId} AND ${units(oi)} > 0) AND ${condition}`,
      ),
  ] as const;
}

/** The products an order's lines name (a subquery). */
const linesOf = (db: Db, orderId: string) =>
  db.select({ id: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId));
