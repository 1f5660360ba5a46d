// The owner's review of commissions held as possible self-referral: the
// queue, and release or rejection, each one conditional batch with its audit entry on the order
// (so the order's timeline shows it). A held commission is never approved or paid out
// (modules/creators/commissions.ts NOT_HELD) until it is released.

import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  ADMIN_CREATORS_PAGE_SIZE,
  COMMISSION_REVIEW_MESSAGES,
  type CommissionReviewState,
  type ReviewedCommissionDto,
} from "../../contracts/admin-creators";
import { orderNumber } from "../../contracts/admin-orders";
import { centsToDollars } from "../../contracts/money";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { auditStatementIf } from "../audit/audit";
import { users } from "../identity/schema";
import { orders } from "../orders/schema";
import { commissions, creatorProfiles } from "./schema";

const selectReviewed = (db: Db) =>
  db
    .select({
      id: commissions.id,
      orderId: commissions.orderId,
      paidAt: orders.paidAt,
      creatorId: commissions.creatorId,
      creatorName: users.name,
      creatorEmail: users.email,
      affiliateCode: creatorProfiles.affiliateCode,
      amountCents: commissions.amountCents,
      reversedCents: commissions.reversedCents,
      review: commissions.review,
      reviewReason: commissions.reviewReason,
    })
    .from(commissions)
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .innerJoin(users, eq(users.id, commissions.creatorId))
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, commissions.creatorId));

type ReviewedRow = Awaited<ReturnType<typeof selectReviewed>>[number];

const toDto = (row: ReviewedRow): ReviewedCommissionDto => ({
  _id: row.id,
  orderId: row.orderId,
  orderNumber: orderNumber(row.orderId),
  paidAt: row.paidAt?.toISOString() ?? null,
  creatorId: row.creatorId,
  creatorName: row.creatorName,
  creatorEmail: row.creatorEmail,
  affiliateCode: row.affiliateCode,
  amount: centsToDollars(row.amountCents),
  reversed: centsToDollars(row.reversedCents),
  review: row.review ?? "held",
  reviewReason: row.reviewReason ?? "",
});

/** Commissions in one review state (held by default), oldest paid first so none waits long. */
export async function listReviewedCommissions(
  { db }: Pick<Deps, "db">,
  { review, page }: { review: CommissionReviewState; page: number },
): Promise<{ commissions: ReviewedCommissionDto[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    selectReviewed(db)
      .where(eq(commissions.review, review))
      .orderBy(review === "held" ? orders.paidAt : desc(orders.paidAt), commissions.id)
      .limit(ADMIN_CREATORS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_CREATORS_PAGE_SIZE),
    db.select({ n: count() }).from(commissions).where(eq(commissions.review, review)),
  ]);
  return { commissions: rows.map(toDto), total: total?.n ?? 0 };
}

/** Releases or rejects a held commission; a decision already made is a 409. */
export async function reviewCommission(
  { db, actor }: Pick<Deps, "db" | "actor">,
  id: string,
  { decision, note }: { decision: "release" | "reject"; note: string },
): Promise<ReviewedCommissionDto> {
  const [before] = await selectReviewed(db).where(eq(commissions.id, id));
  if (!before) throw notFound(COMMISSION_REVIEW_MESSAGES.notFound, "not_found");
  const notHeld = (review: string | null) =>
    new AppError(409, COMMISSION_REVIEW_MESSAGES.notHeld(review), "not_held");
  if (before.review !== "held") throw notHeld(before.review);
  const to = decision === "release" ? "released" : "rejected";
  const stillHeld = and(eq(commissions.id, id), eq(commissions.review, "held"));
  // The audit entry first, on the condition the update then changes: of two racing decisions,
  // one finds it held.
  await db.batch([
    auditStatementIf(
      db,
      actor,
      {
        entity: "order",
        entityId: before.orderId,
        action: `commission-${decision}`,
        before: { review: "held", reason: before.reviewReason },
        after: { review: to, note },
      },
      sql`EXISTS ${db.select({ id: commissions.id }).from(commissions).where(stillHeld)}`,
    ),
    db.update(commissions).set({ review: to, updatedAt: new Date() }).where(stillHeld),
  ]);
  // Two racing decisions alike both see theirs; a different one that got there first is a 409.
  const [after] = await selectReviewed(db).where(eq(commissions.id, id));
  if (!after || after.review !== to) throw notHeld(after?.review ?? null);
  return toDto(after);
}
