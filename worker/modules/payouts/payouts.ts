// Paying creators. A payout batch takes, for every creator whose payable
// balance reaches the minimum and who has given payout details, what each of their commissions
// still owes: amount - reversed - settled, over every commission past its hold. The batch that
// takes a commission sets its settled_cents, so the next batch finds nothing left of it; a refund
// after a payout leaves it owing a negative amount, which the creator's next line takes back.
// Creating a batch is one D1 batch (one transaction, serialised with every other write), so two
// batches made at once never take the same commission. Marking paid mails each creator a
// remittance in the same batch; cancelling gives the commissions back.

import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { orderNumber } from "../../contracts/admin-orders";
import { centsToDollars, dollarsToCents, formatCents } from "../../contracts/money";
import {
  type AdminPayoutDto,
  type CreatorPayoutDto,
  DEFAULT_PAYOUT_MINIMUM_DOLLARS,
  formatAbn,
  PAYOUT_ADMIN_MESSAGES,
  PAYOUTS_PAGE_SIZE,
  type PayoutDueDto,
  type PayoutLineDto,
  type PayoutMethod,
  type PayoutStatementDto,
  type PayoutStatusDto,
  payoutDetailsDto,
  payoutStatementPath,
  type StatementLineDto,
  type WaitingCreatorDto,
} from "../../contracts/payouts";
import { gstIncludedCents } from "../../contracts/totals";
import type { Db } from "../../db/client";
import { aliased } from "../../db/sql";
import type { Bindings } from "../../env";
import { AppError } from "../../lib/app-error";
import { brisbaneDate } from "../../lib/brisbane-time";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { type Actor, auditStatement, auditStatementIf } from "../audit/audit";
import {
  markCommissionsPaidStatement,
  NOT_HELD,
  settleCommissionsStatement,
  unsettleCommissionsStatement,
} from "../creators/commissions";
import { commissions } from "../creators/schema";
import { users } from "../identity/schema";
import { deliverQueuedEmail, queueMailIf } from "../mail/outbox";
import { remittanceEmail } from "../mail/templates";
import { orders } from "../orders/schema";
import { paidTo } from "./details";
import { payoutMethod } from "./methods/registry";
import { creatorPayoutDetails, payoutItems, payoutLines, payouts } from "./schema";
import { statementNumber } from "./statement-number";

/** The minimum a batch pays by default: CREATOR_PAYOUT_MINIMUM dollars, or A$50. */
export function payoutMinimumCents(env: Pick<Bindings, "CREATOR_PAYOUT_MINIMUM">): number {
  return dollarsToCents(Number(env.CREATOR_PAYOUT_MINIMUM ?? DEFAULT_PAYOUT_MINIMUM_DOLLARS));
}

/** Tables as the statements' subqueries name them. */
const [i, payoutItemsI] = aliased(payoutItems, "i");
const [l, payoutLinesL] = aliased(payoutLines, "l");
const [p, payoutsP] = aliased(payouts, "p");
const [c, commissionsC] = aliased(commissions, "c");
const [u, usersU] = aliased(users, "u");
const [d, detailsD] = aliased(creatorPayoutDetails, "d");
/** An earlier payment of the same commission, for a statement. */
const [e, payoutItemsE] = aliased(payoutItems, "e");
const [el, payoutLinesEl] = aliased(payoutLines, "el");
const [ep, payoutsEp] = aliased(payouts, "ep");

/** What a commission still owes its creator; negative once a refund follows its payout. */
const OWED = sql`(${commissions.amountCents} - ${commissions.reversedCents} - ${commissions.settledCents})`;
/**
 * Commissions a batch takes: past the hold (approved, paid, or reversed after a payout), owing,
 * and not held for review or rejected by the owner.
 */
const TAKEN = sql`${commissions.status} <> 'pending' AND ${OWED} <> 0 AND ${NOT_HELD}`;

/** The commissions a payout batch took (a condition on `commissions`). */
const inPayout = (id: string) =>
  sql`${commissions.id} IN (SELECT ${i.commissionId} FROM ${payoutItemsI}
    JOIN ${payoutLinesL} ON ${l.id} = ${i.lineId} WHERE ${l.payoutId} = ${id})`;
/** The batch is still open: what its paid or cancelled move, made last, is conditional on. */
const isOpen = (id: string) =>
  sql`EXISTS (SELECT 1 FROM ${payoutsP} WHERE ${p.id} = ${id} AND ${p.status} = 'open')`;

const notFound = () => new AppError(404, PAYOUT_ADMIN_MESSAGES.notFound, "not_found");
const notOpen = (status: string) =>
  new AppError(409, PAYOUT_ADMIN_MESSAGES.notOpen(status), "payout_not_open");

/** What each creator owed at least `minimumCents` is owed now (a subquery: creator, owed). */
const owedAtLeast = (minimumCents: number) =>
  sql`(SELECT ${commissions.creatorId} AS creator, sum(${OWED}) AS owed FROM ${commissions} WHERE ${TAKEN}
    GROUP BY ${commissions.creatorId} HAVING sum(${OWED}) >= ${minimumCents})`;

/**
 * A batch's lines are written only when it pays what the owner confirmed: `expected` creators with
 * payout details usable at `now`, `expected` cents in all, as the preview computed them (nothing
 * asked: any).
 */
function paysAsConfirmed(minimumCents: number, now: number, expected?: PayoutExpectation): SQL {
  if (!expected) return sql`1`;
  const due = sql`(SELECT o.owed FROM ${owedAtLeast(minimumCents)} AS o
    JOIN ${detailsD} ON ${d.userId} = o.creator AND ${d.usableFrom} <= ${now})`;
  return sql`(SELECT count(*) FROM ${due}) = ${expected.creators}
    AND (SELECT coalesce(sum(owed), 0) FROM ${due}) = ${expected.totalCents}`;
}

/** The batch the owner confirmed: its total in cents and how many creators it pays. */
export interface PayoutExpectation {
  totalCents: number;
  creators: number;
}

/**
 * Makes a batch of everyone owed at least `minimumCents` (with payout details past their
 * cooling-off period) and answers it, with who was left out for new details; 409 when nobody is
 * payable, or, given `expected`, when the batch would not pay exactly that. All or nothing, in one
 * D1 batch.
 */
export async function createPayout(
  { db, actor }: Pick<Deps, "db" | "actor">,
  minimumCents: number,
  expected?: PayoutExpectation,
  now = Date.now(),
): Promise<{ payout: AdminPayoutDto; leftOut: WaitingCreatorDto[] }> {
  const id = newId(now);
  const exists = sql`EXISTS (SELECT 1 FROM ${payoutsP} WHERE ${p.id} = ${id})`;
  await db.batch([
    db.insert(payouts).values({
      id,
      minimumCents,
      createdBy: actor.id,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    }),
    // One line per creator owed at least the minimum, with their details as they are now: only
    // details past their cooling-off period (a creator whose details are new waits, and is named).
    db
      .insert(payoutLines)
      .select(sql`SELECT lower(hex(randomblob(12))), ${id}, o.creator, o.owed, ${u.name}, ${u.email},
        ${d.method}, ${d.bsb}, ${d.accountNumberSealed}, ${d.accountNumberMasked}, ${d.accountName},
        ${d.paypalEmail}, ${d.abn}, ${d.gstRegistered}, ${now}
      FROM ${owedAtLeast(minimumCents)} AS o
      JOIN ${usersU} ON ${u.id} = o.creator
      JOIN ${detailsD} ON ${d.userId} = o.creator
      WHERE ${d.usableFrom} <= ${now} AND ${paysAsConfirmed(minimumCents, now, expected)}`),
    // Each of those creators' commissions, with what this line pays of it...
    db
      .insert(payoutItems)
      .select(sql`SELECT ${l.id}, ${c.id}, ${c.amountCents} - ${c.reversedCents} - ${c.settledCents}
      FROM ${commissionsC} JOIN ${payoutLinesL}
        ON ${l.creatorId} = ${c.creatorId} AND ${l.payoutId} = ${id}
      WHERE ${c.status} <> 'pending'
        AND ${c.amountCents} - ${c.reversedCents} - ${c.settledCents} <> 0
        AND (${c.review} IS NULL OR ${c.review} = 'released')`),
    // ...which it then owes no more.
    settleCommissionsStatement(db, inPayout(id), now),
    db
      .update(payouts)
      .set({
        totalCents: sql`(SELECT coalesce(sum(${l.amountCents}), 0) FROM ${payoutLinesL} WHERE ${l.payoutId} = ${id})`,
        lineCount: sql`(SELECT count(*) FROM ${payoutLinesL} WHERE ${l.payoutId} = ${id})`,
      })
      .where(eq(payouts.id, id)),
    db.delete(payouts).where(and(eq(payouts.id, id), eq(payouts.lineCount, 0))),
    auditStatementIf(
      db,
      actor,
      { entity: "payout", entityId: id, action: "create", after: { minimumCents } },
      exists,
    ),
  ]);
  const [payout, waiting] = await Promise.all([
    findPayout({ db }, id),
    waitingCreators(db, minimumCents, now),
  ]);
  if (payout) return { payout, leftOut: waiting.map(waitingDto) };
  const due = expected ? await payoutDue({ db }, minimumCents, now) : null;
  if (due && due.creators > 0) {
    const creators = `${due.creators} ${due.creators === 1 ? "creator" : "creators"}`;
    throw new AppError(
      409,
      PAYOUT_ADMIN_MESSAGES.changed(formatCents(dollarsToCents(due.amount)), creators),
      "payout_changed",
    );
  }
  const leftOut = waiting.length > 0 ? ` ${PAYOUT_ADMIN_MESSAGES.waiting(waiting.length)}` : "";
  throw new AppError(
    409,
    `${PAYOUT_ADMIN_MESSAGES.empty(formatCents(minimumCents))}${leftOut}`,
    "nothing_to_pay",
  );
}

type PayoutRow = typeof payouts.$inferSelect;

function payoutSummary(row: PayoutRow, bankCents: number, creatorEmail: string | null) {
  return {
    _id: row.id,
    status: row.status as PayoutStatusDto,
    minimum: centsToDollars(row.minimumCents),
    total: centsToDollars(row.totalCents),
    bankTotal: centsToDollars(bankCents),
    paypalTotal: centsToDollars(row.totalCents - bankCents),
    lineCount: row.lineCount,
    createdAt: row.createdAt.toISOString(),
    createdBy: creatorEmail,
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

const bankCentsOf = (payoutId: SQL | string) =>
  sql<number>`(SELECT coalesce(sum(${l.amountCents}), 0) FROM ${payoutLinesL} WHERE ${l.payoutId} = ${payoutId} AND ${l.method} = 'bank')`.mapWith(
    Number,
  );

/** A batch with its lines, or null. */
export async function findPayout(
  { db }: Pick<Deps, "db">,
  id: string,
): Promise<AdminPayoutDto | null> {
  const [found, lines] = await db.batch([
    db
      .select({ payout: payouts, bankCents: bankCentsOf(id), createdBy: users.email })
      .from(payouts)
      .leftJoin(users, eq(users.id, payouts.createdBy))
      .where(eq(payouts.id, id)),
    db
      .select({
        line: payoutLines,
        commissionCents:
          sql<number>`coalesce(sum(CASE WHEN ${payoutItems.amountCents} > 0 THEN ${payoutItems.amountCents} END), 0)`.mapWith(
            Number,
          ),
        carriedCents:
          sql<number>`coalesce(sum(CASE WHEN ${payoutItems.amountCents} < 0 THEN ${payoutItems.amountCents} END), 0)`.mapWith(
            Number,
          ),
        orders: count(payoutItems.commissionId),
      })
      .from(payoutLines)
      .leftJoin(payoutItems, eq(payoutItems.lineId, payoutLines.id))
      .where(eq(payoutLines.payoutId, id))
      .groupBy(payoutLines.id)
      .orderBy(payoutLines.creatorName, payoutLines.id),
  ]);
  const head = found[0];
  if (!head) return null;
  return {
    ...payoutSummary(head.payout, head.bankCents, head.createdBy),
    lines: lines.map(
      ({ line, commissionCents, carriedCents, orders: n }): PayoutLineDto => ({
        _id: line.id,
        creatorId: line.creatorId,
        creatorName: line.creatorName,
        creatorEmail: line.creatorEmail,
        amount: centsToDollars(line.amountCents),
        commissions: centsToDollars(commissionCents),
        carried: centsToDollars(carriedCents),
        orders: n,
        payoutDetails: payoutDetailsDto(line),
      }),
    ),
  };
}

export async function getPayout({ db }: Pick<Deps, "db">, id: string): Promise<AdminPayoutDto> {
  const payout = await findPayout({ db }, id);
  if (!payout) throw notFound();
  return payout;
}

/**
 * What a batch at `minimumCents` would pay now: how many creators, how much, and how many more are
 * owed that much but have given no payout details (a query, for a batch of reads).
 */
function dueQuery(db: Db, minimumCents: number, now: number) {
  const owed = owedByCreator(db);
  const usable = sql`${creatorPayoutDetails.userId} IS NOT NULL AND ${creatorPayoutDetails.usableFrom} <= ${now}`;
  return db
    .select({
      withDetails: sql<number>`count(${creatorPayoutDetails.userId})`.mapWith(Number),
      usable: sql<number>`coalesce(sum(CASE WHEN ${usable} THEN 1 END), 0)`.mapWith(Number),
      creators: count(),
      amountCents: sql<number>`coalesce(sum(CASE WHEN ${usable} THEN ${owed.owed} END), 0)`.mapWith(
        Number,
      ),
    })
    .from(owed)
    .leftJoin(creatorPayoutDetails, eq(creatorPayoutDetails.userId, owed.creatorId))
    .where(sql`${owed.owed} >= ${minimumCents}`);
}

function dueOf(
  rows: Awaited<ReturnType<typeof dueQuery>>,
  waiting: Awaited<ReturnType<typeof waitingCreators>>,
  minimumCents: number,
): PayoutDueDto {
  const summary = rows[0] ?? { withDetails: 0, usable: 0, creators: 0, amountCents: 0 };
  return {
    minimum: centsToDollars(minimumCents),
    creators: summary.usable,
    amount: centsToDollars(summary.amountCents),
    withoutDetails: summary.creators - summary.withDetails,
    waiting: waiting.map(waitingDto),
  };
}

/** GET /api/admin/payouts/preview: what a batch at `minimumCents` would pay now. */
export async function payoutDue(
  { db }: Pick<Deps, "db">,
  minimumCents: number,
  now = Date.now(),
): Promise<PayoutDueDto> {
  const [due, waiting] = await db.batch([
    dueQuery(db, minimumCents, now),
    waitingCreators(db, minimumCents, now),
  ]);
  return dueOf(due, waiting, minimumCents);
}

/** A page of batches, newest first, and what a batch at the default minimum would pay now. */
export async function listPayouts(
  { db }: Pick<Deps, "db">,
  page: number,
  minimumCents: number,
  now = Date.now(),
) {
  const [rows, [counted], due, waiting] = await db.batch([
    db
      .select({
        payout: payouts,
        bankCents: bankCentsOf(sql`${payouts.id}`),
        createdBy: users.email,
      })
      .from(payouts)
      .leftJoin(users, eq(users.id, payouts.createdBy))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(PAYOUTS_PAGE_SIZE)
      .offset((page - 1) * PAYOUTS_PAGE_SIZE),
    db.select({ n: count() }).from(payouts),
    dueQuery(db, minimumCents, now),
    waitingCreators(db, minimumCents, now),
  ]);
  return {
    payouts: rows.map((r) => payoutSummary(r.payout, r.bankCents, r.createdBy)),
    total: counted?.n ?? 0,
    due: dueOf(due, waiting, minimumCents),
  };
}

/** What each creator is owed by the commissions a batch would take. */
const owedByCreator = (db: Db) =>
  db
    .select({
      creatorId: commissions.creatorId,
      owed: sql<number>`sum(${OWED})`.as("owed"),
    })
    .from(commissions)
    .where(TAKEN)
    .groupBy(commissions.creatorId)
    .as("owed_by_creator");

/**
 * Creators owed at least `minimumCents` whose payout details are still in their cooling-off
 * period at `now` (modules/payouts/details.ts): a batch made now leaves them out.
 */
function waitingCreators(db: Db, minimumCents: number, now: number) {
  const owed = owedByCreator(db);
  return db
    .select({
      creatorId: owed.creatorId,
      creatorName: users.name,
      creatorEmail: users.email,
      owedCents: sql<number>`${owed.owed}`.mapWith(Number),
      usableFrom: creatorPayoutDetails.usableFrom,
    })
    .from(owed)
    .innerJoin(creatorPayoutDetails, eq(creatorPayoutDetails.userId, owed.creatorId))
    .innerJoin(users, eq(users.id, owed.creatorId))
    .where(sql`${owed.owed} >= ${minimumCents} AND ${creatorPayoutDetails.usableFrom} > ${now}`)
    .orderBy(creatorPayoutDetails.usableFrom, users.name);
}

const waitingDto = (row: {
  creatorId: string;
  creatorName: string;
  creatorEmail: string;
  owedCents: number;
  usableFrom: Date;
}): WaitingCreatorDto => ({
  creatorId: row.creatorId,
  creatorName: row.creatorName,
  creatorEmail: row.creatorEmail,
  amount: centsToDollars(row.owedCents),
  usableFrom: row.usableFrom.toISOString(),
});

/**
 * Marks an open batch paid, the owner having made the transfers: its commissions become paid, and
 * each creator is mailed a remittance with a link to their statement, in the same batch. Marking
 * a paid batch paid again changes nothing and answers it; a cancelled one is a 409.
 */
export async function markPayoutPaid(
  { env, db, ctx, actor }: Pick<Deps, "env" | "db" | "ctx" | "actor">,
  id: string,
  now = Date.now(),
): Promise<AdminPayoutDto> {
  const before = await getPayout({ db }, id);
  if (before.status === "paid") return before;
  if (before.status !== "open") throw notOpen(before.status);
  const stillOpen = and(eq(payouts.id, id), eq(payouts.status, "open"));
  const mails = before.lines.map((line) => ({
    id: newId(now),
    mail: remittanceEmail(
      { name: line.creatorName, email: line.creatorEmail },
      {
        amountCents: dollarsToCents(line.amount),
        paidTo: paidTo(line.payoutDetails),
        orders: line.orders,
        statementUrl: `${env.APP_ORIGIN}${payoutStatementPath(line._id)}`,
      },
    ),
  }));
  // Everything conditional on the batch still being open, and the move to paid last: of calls
  // racing (D1 runs each batch whole, one after another), only the first finds it open.
  await db.batch([
    markCommissionsPaidStatement(db, sql`${isOpen(id)} AND ${inPayout(id)}`, now),
    ...mails.map((m) => queueMailIf(db, m.id, m.mail, stillOpen, payouts)),
    auditStatementIf(
      db,
      actor,
      {
        entity: "payout",
        entityId: id,
        action: "paid",
        before: { status: "open" },
        after: { status: "paid", totalCents: dollarsToCents(before.total) },
      },
      isOpen(id),
    ),
    db
      .update(payouts)
      .set({ status: "paid", paidAt: new Date(now), updatedAt: new Date(now) })
      .where(stillOpen),
  ]);
  const after = await getPayout({ db }, id);
  if (after.status === "cancelled") throw notOpen(after.status);
  // Only the mails this call queued exist to be claimed; the cron retries any that fail.
  ctx.waitUntil(
    Promise.all(mails.map((m) => deliverQueuedEmail({ env, db }, m.id, m.mail, now))).then(
      () => undefined,
    ),
  );
  return after;
}

/**
 * Cancels an open batch (a bank file that was never sent): its commissions owe again what it
 * took, for the next batch. Cancelling a cancelled batch changes nothing; a paid one is a 409.
 */
export async function cancelPayout(
  { db, actor }: Pick<Deps, "db" | "actor">,
  id: string,
  now = Date.now(),
): Promise<AdminPayoutDto> {
  const before = await getPayout({ db }, id);
  if (before.status === "cancelled") return before;
  if (before.status !== "open") throw notOpen(before.status);
  // As marking paid: conditional on the batch being open, the move to cancelled last.
  await db.batch([
    unsettleCommissionsStatement(
      db,
      {
        taken: sql`(SELECT ${i.amountCents} FROM ${payoutItemsI}
          JOIN ${payoutLinesL} ON ${l.id} = ${i.lineId}
          WHERE ${l.payoutId} = ${id} AND ${i.commissionId} = ${commissions.id})`,
        which: sql`${isOpen(id)} AND ${inPayout(id)}`,
      },
      now,
    ),
    auditStatementIf(
      db,
      actor,
      {
        entity: "payout",
        entityId: id,
        action: "cancel",
        before: { status: "open" },
        after: { status: "cancelled" },
      },
      isOpen(id),
    ),
    db
      .update(payouts)
      .set({ status: "cancelled", cancelledAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(payouts.id, id), eq(payouts.status, "open"))),
  ]);
  const after = await getPayout({ db }, id);
  if (after.status !== "cancelled") throw notOpen(after.status);
  return after;
}

/** The lines of a batch that pay by `method`, with their sealed numbers (bank only). */
async function linesBy({ db }: Pick<Deps, "db">, id: string, method: PayoutMethod) {
  const payout = await getPayout({ db }, id);
  if (payout.status === "cancelled") throw notOpen(payout.status);
  const lines = await db
    .select()
    .from(payoutLines)
    .where(and(eq(payoutLines.payoutId, id), eq(payoutLines.method, method)))
    .orderBy(payoutLines.creatorName, payoutLines.id);
  return { payout, lines };
}

/**
 * The audit entry of a payout file handed to `actor`: which file, how many payments and their
 * total; never an account number or an address.
 */
const auditPayoutFile = (
  db: Db,
  actor: Actor,
  id: string,
  file: { filename: string; format: string; lines: { amountCents: number }[] },
  details: Record<string, unknown> = {},
) =>
  auditStatement(db, actor, {
    entity: "payout",
    entityId: id,
    action: `export.${file.format}`,
    after: {
      file: file.filename,
      lines: file.lines.length,
      totalCents: file.lines.reduce((sum, line) => sum + line.amountCents, 0),
      ...details,
    },
  });

/**
 * The batch's file for the lines of one payout method (the bank's ABA file, the PayPal CSV; see
 * methods/), recorded in the audit log as downloaded by `actor`. 409 when the method refuses (the
 * shop's bank settings missing) or no line pays by it. `processingDate` (YYYY-MM-DD, Brisbane;
 * default today) is when a bank releases the transfers.
 */
export async function payoutFile(
  { env, db, actor }: Pick<Deps, "env" | "db" | "actor">,
  id: string,
  method: PayoutMethod,
  processingDate = brisbaneDate(Date.now()),
): Promise<{ text: string; filename: string; contentType?: string }> {
  const handler = payoutMethod(method);
  const refusal = handler.file.refusal?.(env);
  if (refusal) throw refusal;
  const { lines } = await linesBy({ db }, id, method);
  if (lines.length === 0) throw handler.file.noLines();
  const file = await handler.file.write(env, { id, lines }, { processingDate });
  await auditPayoutFile(
    db,
    actor,
    id,
    { filename: file.filename, format: handler.file.format, lines },
    file.audited,
  );
  return { text: file.text, filename: file.filename, contentType: handler.file.contentType };
}

/** The creator's paid payouts, newest first. */
export async function creatorPayouts(
  { db }: Pick<Deps, "db">,
  creatorId: string,
): Promise<CreatorPayoutDto[]> {
  const rows = await db
    .select({
      line: payoutLines,
      paidAt: payouts.paidAt,
      orders:
        sql<number>`(SELECT count(*) FROM ${payoutItemsI} WHERE ${i.lineId} = ${payoutLines.id})`.mapWith(
          Number,
        ),
    })
    .from(payoutLines)
    .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(and(eq(payoutLines.creatorId, creatorId), eq(payouts.status, "paid")))
    .orderBy(desc(payouts.paidAt), desc(payoutLines.id));
  return rows.map(({ line, paidAt, orders: n }) => ({
    _id: line.id,
    paidAt: (paidAt ?? line.createdAt).toISOString(),
    amount: centsToDollars(line.amountCents),
    method: line.method,
    paidTo: paidTo(payoutDetailsDto(line)),
    orders: n,
  }));
}

export const RCTI_TITLE = "Recipient created tax invoice";
export const STATEMENT_TITLE = "Commission statement";

/**
 * A payout line's statement, for the creator it pays once the batch is paid, and for admins (the
 * route checks them as /api/admin does) at any time; null for anyone else, so the route answers
 * 404 and an id reveals nothing.
 */
export async function payoutStatement(
  { env, db }: Pick<Deps, "env" | "db">,
  lineId: string,
  viewer: { userId: string; admin: boolean },
): Promise<PayoutStatementDto | null> {
  // Not one db.batch: D1 batches map columns by name, and these joins repeat names (id, status).
  const [[found], items] = await Promise.all([
    db
      .select({ line: payoutLines, payout: payouts })
      .from(payoutLines)
      .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
      .where(eq(payoutLines.id, lineId)),
    db
      .select({
        commissionId: payoutItems.commissionId,
        amountCents: payoutItems.amountCents,
        commissionCents: commissions.amountCents,
        orderId: commissions.orderId,
        paidAt: orders.paidAt,
        // What earlier, not cancelled, batches paid of the same commission.
        earlierCents: sql<number>`(SELECT coalesce(sum(${e.amountCents}), 0) FROM ${payoutItemsE}
          JOIN ${payoutLinesEl} ON ${el.id} = ${e.lineId} JOIN ${payoutsEp} ON ${ep.id} = ${el.payoutId}
          WHERE ${e.commissionId} = ${payoutItems.commissionId} AND ${ep.status} <> 'cancelled'
            AND ${el.createdAt} < (SELECT ${l.createdAt} FROM ${payoutLinesL} WHERE ${l.id} = ${lineId}))`.mapWith(
          Number,
        ),
      })
      .from(payoutItems)
      .innerJoin(commissions, eq(commissions.id, payoutItems.commissionId))
      .innerJoin(orders, eq(orders.id, commissions.orderId))
      .where(eq(payoutItems.lineId, lineId))
      .orderBy(orders.paidAt, orders.id),
  ]);
  if (!found) return null;
  const { line, payout } = found;
  const isOwnPaid = line.creatorId === viewer.userId && payout.status === "paid";
  if (!viewer.admin && !isOwnPaid) return null;

  const statementLines: StatementLineDto[] = items.map((item) => ({
    orderNumber: orderNumber(item.orderId),
    paidAt: (item.paidAt ?? line.createdAt).toISOString(),
    commission: centsToDollars(item.commissionCents),
    reversed: centsToDollars(item.commissionCents - item.earlierCents - item.amountCents),
    earlierPaid: centsToDollars(item.earlierCents),
    amount: centsToDollars(item.amountCents),
  }));
  const paidTimes = items.map((i) => (i.paidAt ?? line.createdAt).getTime());
  const isTaxInvoice = line.gstRegistered && line.abn !== null;
  const totalCommission = items.reduce((sum, i) => sum + i.commissionCents - i.earlierCents, 0);
  return {
    _id: line.id,
    status: payout.status as PayoutStatusDto,
    title: isTaxInvoice ? RCTI_TITLE : STATEMENT_TITLE,
    isTaxInvoice,
    number: statementNumber(line.id),
    issuedAt: payout.paidAt?.toISOString() ?? null,
    period: {
      from: brisbaneDate(Math.min(...paidTimes, line.createdAt.getTime())),
      to: brisbaneDate(Math.max(...paidTimes, 0) || line.createdAt.getTime()),
    },
    shop: {
      name: env.SELLER_NAME,
      abn: formatAbn(env.SELLER_ABN),
      address: "Brisbane, Queensland, Australia",
    },
    creator: {
      name: line.creatorName,
      email: line.creatorEmail,
      abn: line.abn ? formatAbn(line.abn) : null,
      gstRegistered: line.gstRegistered,
    },
    paidTo: paidTo(payoutDetailsDto(line)),
    lines: statementLines,
    totalCommission: centsToDollars(totalCommission),
    totalReversed: centsToDollars(totalCommission - line.amountCents),
    total: centsToDollars(line.amountCents),
    gst: isTaxInvoice ? centsToDollars(gstIncludedCents(line.amountCents)) : null,
    agreement: isTaxInvoice
      ? `${env.SELLER_NAME} (ABN ${formatAbn(env.SELLER_ABN)}) issues this recipient created tax invoice for the creator's services under their written agreement: the creator will not issue a tax invoice for these supplies, and will tell ${env.SELLER_NAME} at once if they stop being registered for GST. Amounts include GST.`
      : null,
  };
}

/** Every batch's totals recomputed from the lines left (after accounts went), and empty ones gone. */
export const retotalPayoutsStatements = (db: Db) =>
  [
    db.update(payouts).set({
      totalCents: sql`(SELECT coalesce(sum(${l.amountCents}), 0) FROM ${payoutLinesL} WHERE ${l.payoutId} = ${payouts.id})`,
      lineCount: sql`(SELECT count(*) FROM ${payoutLinesL} WHERE ${l.payoutId} = ${payouts.id})`,
    }),
    db.delete(payouts).where(eq(payouts.lineCount, 0)),
  ] as const;
