// The back-office's creators: the applications and creators list, the
// owner's decisions (approve, reject, suspend, approve again) with the creator's mail, and each
// creator's terms (commission rate and discount) for orders from then on. Every change is one
// conditional UPDATE batched with its audit entry and its mail.

import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import {
  ADMIN_CREATORS_PAGE_SIZE,
  type AdminCreatorDto,
  bpsToPercent,
  CREATOR_ADMIN_MESSAGES,
  CREATOR_STATUS_MOVES,
  type CreatorStatus,
  type CreatorUpdateInput,
  percentToBps,
} from "../../contracts/admin-creators";
import { centsToDollars, dollarsToCents } from "../../contracts/money";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { type AuditChange, auditStatementIf } from "../audit/audit";
import { users } from "../identity/schema";
import { deliverQueuedEmail, queueMailIf } from "../mail/outbox";
import { type CreatorDecision, creatorDecisionEmail } from "../mail/templates";
import { orders } from "../orders/schema";
import { commissions, creatorProfiles } from "./schema";

/** The SPA's creator profile (web/lib/paths.ts, creatorProfile), linked from the creator's mail. */
const CREATOR_PROFILE_PATH = "/creator-profile";

const creatorNotFound = () => notFound(CREATOR_ADMIN_MESSAGES.notFound, "creator_not_found");

/** Paid orders attributed to the creator (also those paid while suspended, which earn nothing). */
const paidOrders = sql<number>`(SELECT count(*) FROM ${orders} WHERE ${orders.creatorId} = ${creatorProfiles.userId} AND ${orders.paidAt} IS NOT NULL)`;
/** Commission net of reversals, in cents. */
const earnedCents = sql<number>`(SELECT coalesce(sum(${commissions.amountCents} - ${commissions.reversedCents}), 0) FROM ${commissions} WHERE ${commissions.creatorId} = ${creatorProfiles.userId})`;

const creatorColumns = {
  id: creatorProfiles.userId,
  name: users.name,
  email: users.email,
  affiliateCode: creatorProfiles.affiliateCode,
  status: creatorProfiles.status,
  statusNote: creatorProfiles.statusNote,
  statusChangedAt: creatorProfiles.statusChangedAt,
  createdAt: creatorProfiles.createdAt,
  bio: creatorProfiles.bio,
  socials: creatorProfiles.socials,
  commissionRateBps: creatorProfiles.commissionRateBps,
  discountCents: creatorProfiles.discountCents,
  orders: paidOrders,
  earnedCents,
};

const selectCreators = (db: Db) =>
  db
    .select(creatorColumns)
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId));

type CreatorRow = Awaited<ReturnType<typeof selectCreators>>[number];

function toDto(row: CreatorRow): AdminCreatorDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    affiliateCode: row.affiliateCode,
    status: row.status,
    statusNote: row.statusNote,
    // Creators from before applications were reviewed have no change recorded: their sign-up.
    statusChangedAt: (row.statusChangedAt ?? row.createdAt).toISOString(),
    appliedAt: row.createdAt.toISOString(),
    bio: row.bio,
    socials: row.socials,
    commissionRate: bpsToPercent(row.commissionRateBps),
    discount: centsToDollars(row.discountCents),
    orders: Number(row.orders),
    earned: centsToDollars(Number(row.earnedCents)),
  };
}

/**
 * What `q` finds: a part of the name or the email, in any case, or a part of the code. instr, not
 * LIKE: a % or _ typed is matched as itself.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.toLowerCase();
  return or(
    sql`instr(lower(${users.name}), ${text}) > 0`,
    sql`instr(lower(${users.email}), ${text}) > 0`,
    sql`instr(${creatorProfiles.affiliateCode}, ${q.toUpperCase()}) > 0`,
  );
}

/** A page of creators, newest applications first, and how many match in all. */
export async function listAdminCreators(
  { db }: Pick<Deps, "db">,
  { status, q, page }: { status?: CreatorStatus; q?: string; page: number },
): Promise<{ creators: AdminCreatorDto[]; total: number }> {
  const filter = and(
    status ? eq(creatorProfiles.status, status) : undefined,
    q ? searchCondition(q) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    selectCreators(db)
      .where(filter)
      .orderBy(desc(creatorProfiles.createdAt), desc(creatorProfiles.userId))
      .limit(ADMIN_CREATORS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_CREATORS_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(creatorProfiles)
      .innerJoin(users, eq(users.id, creatorProfiles.userId))
      .where(filter),
  ]);
  return { creators: rows.map(toDto), total: totalRow?.total ?? 0 };
}

const readCreator = async ({ db }: Pick<Deps, "db">, id: string) =>
  (await selectCreators(db).where(eq(creatorProfiles.userId, id)))[0];

export async function requireAdminCreator(
  { db }: Pick<Deps, "db">,
  id: string,
): Promise<AdminCreatorDto> {
  const row = await readCreator({ db }, id);
  if (!row) throw creatorNotFound();
  return toDto(row);
}

/** The mail a move sends: approval the first time, or again after a suspension. */
function decisionOf(from: CreatorStatus, to: CreatorStatus): CreatorDecision | null {
  if (to === "approved") return from === "suspended" ? "reapproved" : "approved";
  if (to === "rejected" || to === "suspended") return to;
  return null;
}

const conflict = (message: string, code: string) => new AppError(409, message, code);

/** Why a move cannot be made from `from`; null when it can. */
function moveRefusal(from: CreatorStatus, to: CreatorStatus): AppError | null {
  if (from === to) return conflict(CREATOR_ADMIN_MESSAGES.notAllowed(from, to), "same_status");
  if (!CREATOR_STATUS_MOVES[from].includes(to))
    return conflict(CREATOR_ADMIN_MESSAGES.notAllowed(from, to), "status_not_allowed");
  return null;
}

/**
 * The owner's decision and/or new terms for one creator. One batch: the audit entries and the
 * creator's mail, each only if the creator is still as read, then the UPDATE under the same
 * condition; a request that lost a race changes, records and mails nothing and is told why.
 * New terms apply to orders from then on: an order keeps the discount it was priced with, and a
 * commission row the rate it was computed at.
 */
export async function updateAdminCreator(
  { env, db, ctx, actor }: Pick<Deps, "env" | "db" | "ctx" | "actor">,
  id: string,
  input: CreatorUpdateInput,
): Promise<AdminCreatorDto> {
  const read = await readCreator({ db }, id);
  if (!read) throw creatorNotFound();
  const to = input.status;
  if (to) {
    const refused = moveRefusal(read.status, to);
    if (refused) throw refused;
  }
  const rateBps =
    input.commissionRate === undefined ? undefined : percentToBps(input.commissionRate);
  const discountCents = input.discount === undefined ? undefined : dollarsToCents(input.discount);
  const termsChange =
    (rateBps !== undefined && rateBps !== read.commissionRateBps) ||
    (discountCents !== undefined && discountCents !== read.discountCents);
  if (!to && !termsChange) return toDto(read);

  const unchanged = and(
    eq(creatorProfiles.userId, id),
    eq(creatorProfiles.status, read.status),
    eq(creatorProfiles.commissionRateBps, read.commissionRateBps),
    eq(creatorProfiles.discountCents, read.discountCents),
  );
  const stillAsRead = sql`EXISTS ${db.select({ id: creatorProfiles.userId }).from(creatorProfiles).where(unchanged)}`;
  const note = to ? (input.note ?? "") : undefined;
  const audit = (action: string, before: AuditChange["before"], after: AuditChange["after"]) =>
    auditStatementIf(
      db,
      actor,
      { entity: "creator", entityId: id, action, before, after },
      stillAsRead,
    );
  const audits = [
    ...(to
      ? [audit("status", { status: read.status, note: read.statusNote }, { status: to, note })]
      : []),
    ...(termsChange
      ? [
          audit(
            "terms",
            {
              commissionRate: bpsToPercent(read.commissionRateBps),
              discount: centsToDollars(read.discountCents),
            },
            {
              commissionRate: bpsToPercent(rateBps ?? read.commissionRateBps),
              discount: centsToDollars(discountCents ?? read.discountCents),
            },
          ),
        ]
      : []),
  ];

  const decision = to ? decisionOf(read.status, to) : null;
  const mail = decision
    ? creatorDecisionEmail(
        { email: read.email, name: read.name, code: read.affiliateCode },
        decision,
        {
          shareUrl: `${env.APP_ORIGIN}/r/${read.affiliateCode}`,
          profileUrl: `${env.APP_ORIGIN}${CREATOR_PROFILE_PATH}`,
        },
        note ?? "",
      )
    : null;
  const mailId = mail ? newId() : null;
  const queued = mail && mailId ? [queueMailIf(db, mailId, mail, unchanged, creatorProfiles)] : [];

  const update = db
    .update(creatorProfiles)
    .set({
      ...(to ? { status: to, statusNote: note, statusChangedAt: new Date() } : {}),
      ...(rateBps !== undefined ? { commissionRateBps: rateBps } : {}),
      ...(discountCents !== undefined ? { discountCents } : {}),
    })
    .where(unchanged);
  const [first, ...rest] = audits;
  if (!first) throw new Error("a change without an audit entry");
  const results = await db.batch([first, ...rest, ...queued, update]);
  if (results.at(-1)?.meta.changes !== 1) {
    // Someone else changed the creator meanwhile: the move may no longer be allowed.
    const current = await readCreator({ db }, id);
    if (!current) throw creatorNotFound();
    if (to) throw moveRefusal(current.status, to) ?? changedMeanwhile();
    throw changedMeanwhile();
  }

  if (mail && mailId) ctx.waitUntil(deliverQueuedEmail({ env, db }, mailId, mail));
  return requireAdminCreator({ db }, id);
}

const changedMeanwhile = () =>
  conflict(
    "This creator was changed by someone else meanwhile. Reload and try again.",
    "creator_changed",
  );
