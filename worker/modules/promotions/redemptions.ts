// A promotion's uses, as statements the orders module puts in its own batches: checkout holds a
// use with guards that fail the whole batch when the promotion's usage limit, the customer's limit
// or a single-use code's one use would be exceeded (counted by D1's single writer with the new use
// already in, so concurrent checkouts for the last use cannot both get it); payment turns the use
// into used; an expired, failed or cancelled checkout releases it, once.
import { and, count, eq, exists, inArray, or, type SQL, sql } from "drizzle-orm";
import { DISCOUNT_MESSAGES, type DiscountRefusal } from "../../contracts/promotions";
import type { Db } from "../../db/client";
import { failedConstraint } from "../../db/errors";
import { AppError } from "../../lib/app-error";
import { newId } from "../../lib/ids";
import { guardNamed, guardStatement } from "../limits/guards";
import { promotionCodes, promotionRedemptions, promotions } from "./schema";

/** Uses that count against limits: held by an open checkout, or paid. */
export const COUNTED = inArray(promotionRedemptions.state, ["held", "used"]);

/** Who is using it: the account when signed in, and the checkout's email. */
export interface Customer {
  userId: string | null;
  email: string | null;
}

/** The customer's own uses among redemptions (the account's, or those under the email). */
export const customerUses = ({ userId, email }: Customer) =>
  or(
    userId ? eq(promotionRedemptions.userId, userId) : undefined,
    email ? eq(promotionRedemptions.email, email) : undefined,
  ) ?? sql`0`;

/** A use the checkout's batch holds for its new order. */
export interface HeldUse {
  orderId: string;
  promotionId: string;
  codeId: string | null;
  userId: string | null;
  email: string;
  amountCents: number;
}

/** Fails the batch when the select finds a row (a limit exceeded with the new use in). */
const guardWhen = (db: Db, name: Parameters<typeof guardNamed>[0], condition: SQL | undefined) =>
  guardStatement(db, db.select(guardNamed(name)).from(sql`(SELECT 1)`).where(condition));

/**
 * The use's row, then its guards: the promotion's usage limit, the customer's limit and, for a
 * single-use code, its one use, each read from D1 as the batch runs (a null limit never fails).
 */
export function holdUseStatements(db: Db, use: HeldUse) {
  const ofPromotion = and(eq(promotionRedemptions.promotionId, use.promotionId), COUNTED);
  const used = db.select({ n: count() }).from(promotionRedemptions).where(ofPromotion);
  const usedByCustomer = db
    .select({ n: count() })
    .from(promotionRedemptions)
    .where(and(ofPromotion, customerUses({ userId: use.userId, email: use.email })));
  const limitOf = (column: typeof promotions.usageLimit | typeof promotions.perCustomerLimit) =>
    db.select({ limit: column }).from(promotions).where(eq(promotions.id, use.promotionId));
  const statements = [
    db.insert(promotionRedemptions).values({ id: newId(), ...use, state: "held" }),
    guardWhen(db, "promotion_usage", sql`(${used}) > (${limitOf(promotions.usageLimit)})`),
    guardWhen(
      db,
      "promotion_customer",
      sql`(${usedByCustomer}) > (${limitOf(promotions.perCustomerLimit)})`,
    ),
  ];
  if (!use.codeId) return statements;
  const usedCode = db
    .select({ n: count() })
    .from(promotionRedemptions)
    .where(and(eq(promotionRedemptions.codeId, use.codeId), COUNTED));
  const singleUse = db
    .select({ one: sql`1` })
    .from(promotionCodes)
    .where(and(eq(promotionCodes.id, use.codeId), eq(promotionCodes.singleUse, true)));
  return [
    ...statements,
    guardWhen(db, "promotion_code_used", and(sql`(${usedCode}) > 1`, exists(singleUse))),
  ];
}

/** The answer a failed use guard means, or null when `err` is something else. */
export function promotionLimitError(err: unknown): AppError | null {
  if (
    failedConstraint(err, "batch_guard_promotion_usage") ||
    failedConstraint(err, "batch_guard_promotion_code_used")
  ) {
    return refusalError("used_up");
  }
  if (failedConstraint(err, "batch_guard_promotion_customer")) return refusalError("already_used");
  return null;
}

/** A refused code's message (contracts/promotions.ts DISCOUNT_MESSAGES). */
export function refusalMessage(reason: DiscountRefusal, minSpendCents = 0): string {
  switch (reason) {
    case "unknown":
      return DISCOUNT_MESSAGES.unknown;
    case "expired":
      return DISCOUNT_MESSAGES.expired;
    case "not_started":
      return DISCOUNT_MESSAGES.notStarted;
    case "minimum_not_met":
      return DISCOUNT_MESSAGES.minimumNotMet(minSpendCents);
    case "used_up":
      return DISCOUNT_MESSAGES.usedUp;
    case "already_used":
      return DISCOUNT_MESSAGES.alreadyUsed;
    case "not_applicable":
      return DISCOUNT_MESSAGES.notApplicable;
    case "creator_better":
      return DISCOUNT_MESSAGES.creatorBetter;
  }
}

/** Checkout's answer to a refused code: a 400 with the message and the reason as its code. */
export const refusalError = (reason: DiscountRefusal, minSpendCents = 0) =>
  new AppError(400, refusalMessage(reason, minSpendCents), reason);

/**
 * Payment's statement (fulfilment's batch): the order's use becomes used once `paid` holds. A use
 * released because the checkout lapsed first is used again: the shopper paid with it.
 */
export const markUsedStatement = (db: Db, orderId: string, paid: SQL) =>
  db
    .update(promotionRedemptions)
    .set({ state: "used" })
    .where(
      and(
        eq(promotionRedemptions.orderId, orderId),
        inArray(promotionRedemptions.state, ["held", "released"]),
        paid,
      ),
    );

/**
 * A lapsed, failed or cancelled checkout's statement (in the batch that releases its stock): the
 * order's held use is released once, while `releasable` holds, so the use is free again.
 */
export const releaseUseStatement = (db: Db, orderId: string, releasable: SQL) =>
  db
    .update(promotionRedemptions)
    .set({ state: "released" })
    .where(
      and(
        eq(promotionRedemptions.orderId, orderId),
        eq(promotionRedemptions.state, "held"),
        releasable,
      ),
    );
