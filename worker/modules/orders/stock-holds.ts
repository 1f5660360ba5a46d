// What one client may hold of the shop's stock without paying. A checkout reserves its lines for
// the 31 minutes Stripe gives the shopper (modules/catalogue/stock.ts), so unbounded, one client opening
// unpaid checkouts could keep any tracked product, one-off pieces included, "sold out" for real
// shoppers. Three rules bound it:
// - a browser holds one checkout: a new one releases that browser's (or that account's) earlier
//   unpaid checkout, after Stripe has expired its session so it can no longer be paid;
// - a network holds at most HOLD_LIMITS.checkoutsPerNetwork unpaid checkouts at once;
// - and at most HOLD_LIMITS.unitsPerProductPerNetwork units of any tracked product across them.
// The network limits are guard statements in the checkout's own batch (batch_guards): counted by
// D1's single writer with the new order already in, so concurrent checkouts cannot both slip in.

import { and, count, eq, exists, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { MAX_CART_QUANTITY } from "../../contracts/cart";
import type { Db } from "../../db/client";
import { failedConstraint } from "../../db/errors";
import { AppError } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { keyFor } from "../../lib/keys";
import { signMessage } from "../../lib/tokens";
import { products } from "../catalogue/schema";
import { RELEASABLE, releaseStatements, saleStatements } from "../catalogue/stock";
import { guardNamed, guardStatement } from "../limits/guards";
import { stripeClient } from "../payments/stripe";
import { releaseUseStatement } from "../promotions/redemptions";
import { orderItems, orders } from "./schema";

export const HOLD_LIMITS = {
  /** Unpaid checkouts one network may have open at once (a household, an office, a phone mast). */
  checkoutsPerNetwork: 3,
  /** Units of one tracked product one network may hold unpaid: one line's most. */
  unitsPerProductPerNetwork: MAX_CART_QUANTITY,
};

export const HOLD_MESSAGES = {
  tooManyCheckouts: `Too many checkouts are waiting for payment from your network. Finish one, or wait for it to lapse (about half an hour), then try again.`,
  tooManyUnits: (most: number) =>
    `Checkouts from your network already hold the most of this item any one shopper may hold (${most}). Finish that checkout, or wait for it to lapse, then try again.`,
} as const;

/** The network a checkout came from, as stored: a keyed hash, never the address. */
export const networkHash = async ({ env }: Pick<Deps, "env">, network: string) =>
  signMessage(await keyFor(env, "visitorHash"), `checkout-network:${network}`);

/** An order holds stock and can still be paid: what the network limits count. */
const holding = sql`${orders.stockHold} = 'held' AND ${orders.status} = 'pending'`;

/**
 * The checkout batch's guards for a network, evaluated after its new order `orderId` is written:
 * they insert into batch_guards, failing the batch (see db/schema.ts), when the network holds too
 * many open checkouts, or too many units of one of the order's tracked products.
 */
export function holdGuardStatements(db: Db, orderId: string, network: string) {
  const fromNetwork = and(eq(orders.clientNetworkHash, network), holding);
  const openCheckouts = db.select({ n: count() }).from(orders).where(fromNetwork);
  const thisOrdersProducts = db
    .select({ id: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return [
    guardStatement(
      db,
      db
        .select(guardNamed("network_checkouts"))
        .from(sql`(SELECT 1)`)
        .where(sql`(${openCheckouts}) > ${HOLD_LIMITS.checkoutsPerNetwork}`),
    ),
    guardStatement(
      db,
      db
        .select(guardNamed("network_units"))
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(
          and(
            fromNetwork,
            isNotNull(products.stockOnHand),
            inArray(orderItems.productId, thisOrdersProducts),
          ),
        )
        .groupBy(orderItems.productId)
        .having(sql`sum(${orderItems.quantity}) > ${HOLD_LIMITS.unitsPerProductPerNetwork}`)
        .limit(1),
    ),
  ];
}

/** The refusal a failed hold guard answers, or null when `err` is something else. */
export function holdLimitError(err: unknown): AppError | null {
  if (failedConstraint(err, "batch_guard_network_checkouts")) {
    return new AppError(429, HOLD_MESSAGES.tooManyCheckouts, "too_many_checkouts");
  }
  if (failedConstraint(err, "batch_guard_network_units")) {
    return new AppError(
      429,
      HOLD_MESSAGES.tooManyUnits(HOLD_LIMITS.unitsPerProductPerNetwork),
      "hold_limit",
    );
  }
  return null;
}

/** Whose earlier checkouts a new one replaces: the signed-in account's, or this browser's. */
export type Holder = { userId: string } | { accessTokenHashes: string[] };

/** The holder's earlier checkouts still holding stock, which a new checkout would replace. */
export async function openCheckoutsOf(
  { db }: Pick<Deps, "db">,
  holder: Holder,
): Promise<{ id: string; sessionId: string | null }[]> {
  const whose =
    "userId" in holder
      ? eq(orders.userId, holder.userId)
      : holder.accessTokenHashes.length > 0
        ? inArray(orders.accessTokenHash, holder.accessTokenHashes)
        : undefined;
  if (!whose) return [];
  return db
    .select({ id: orders.id, sessionId: orders.stripeSessionId })
    .from(orders)
    .where(and(whose, holding, isNotNull(orders.stripeSessionId)))
    .limit(10);
}

/**
 * The holder's earlier checkouts still holding stock whose Stripe sessions are now expired, so they
 * can be released: each open session is expired at Stripe first. One Stripe refuses to expire (it
 * was paid, or is being paid, meanwhile) or cannot be reached keeps its hold.
 */
export async function supersededCheckouts(
  { env, db }: Pick<Deps, "env" | "db">,
  holder: Holder,
): Promise<string[]> {
  const earlier = await openCheckoutsOf({ db }, holder);
  const stripe = stripeClient(env);
  const expired = await Promise.all(
    earlier.map(async ({ id, sessionId }) => {
      if (!sessionId) return null;
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return id;
      } catch {
        // Not open any more: only a session that expired may be released here.
        const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
        return session?.status === "expired" ? id : null;
      }
    }),
  );
  return expired.filter((id): id is string => id !== null);
}

/**
 * Marks superseded checkouts expired and gives back their stock, for the new checkout's batch, so
 * a shopper retrying with the last piece finds it free for their new order.
 */
export const releaseSupersededStatements = (db: Db, orderIds: string[]) =>
  orderIds.flatMap((id) => [
    db
      .update(orders)
      .set({ status: "expired" })
      .where(and(eq(orders.id, id), eq(orders.status, "pending"))),
    ...releaseHoldStatements(db, id, "replaced by a newer checkout from the same browser"),
  ]);

/**
 * Gives back what an order holds, once: the catalogue's ledger rows and reserved counts, the shop
 * discount's held use (modules/promotions/redemptions.ts), then the order's hold marked released.
 * All of them test the same condition, which only the last changes.
 */
export const releaseHoldStatements = (db: Db, orderId: string, reason: string) => {
  const releasable = and(
    eq(orders.id, orderId),
    eq(orders.stockHold, "held"),
    inArray(orders.status, RELEASABLE),
  );
  return [
    ...releaseStatements(db, orderId, reason),
    releaseUseStatement(
      db,
      orderId,
      exists(db.select({ id: orders.id }).from(orders).where(releasable)),
    ),
    db.update(orders).set({ stockHold: "released" }).where(releasable),
  ] as const;
};

/**
 * Turns a paid order's hold into a sale, once (for fulfilment's batch, after the statement that
 * marks it paid): the catalogue's sale statements, then the hold marked sold, which every one of
 * them tests.
 */
export const sellHoldStatements = (db: Db, orderId: string) =>
  [
    ...saleStatements(db, orderId),
    db
      .update(orders)
      .set({ stockHold: "sold" })
      .where(
        and(
          eq(orders.id, orderId),
          inArray(orders.stockHold, ["held", "released"]),
          isNotNull(orders.paidAt),
        ),
      ),
  ] as const;

/** How long after its creation a pending order's session has surely expired at Stripe. */
export const SWEEP_GRACE_MS = 10 * 60 * 1000;

/**
 * The cron's sweep: releases the holds of orders that can no longer be paid (failed, expired or
 * cancelled, or still pending well past their session's expiry, which it marks expired). Each
 * order is one batch, safe to race with the webhook: the hold is released once whoever is first.
 */
export async function releaseLapsedHolds(
  { db }: Pick<Deps, "db">,
  now: number,
  sessionLifetimeMs: number,
): Promise<number> {
  const cutoff = new Date(now - sessionLifetimeMs - SWEEP_GRACE_MS);
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.stockHold, "held"),
        sql`(${inArray(orders.status, RELEASABLE)} OR (${orders.status} = 'pending' AND ${orders.createdAt} < ${cutoff.getTime()}))`,
      ),
    )
    .limit(100);
  let released = 0;
  for (const { id } of due) {
    const results = await db.batch([
      db
        .update(orders)
        .set({ status: "expired", updatedAt: new Date(now) })
        .where(and(eq(orders.id, id), eq(orders.status, "pending"), lt(orders.createdAt, cutoff))),
      ...releaseHoldStatements(db, id, "checkout lapsed (sweep)"),
    ]);
    if (results[results.length - 1]?.meta.changes === 1) released++;
  }
  return released;
}
