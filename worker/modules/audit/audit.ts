// The audit log: every back-office write records who, when, what, and the values before and after.
// A write hands `auditStatement` to the same db.batch that makes the change, so the change and its
// entry land together or not at all.

import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { AUDIT_PAGE_SIZE, type AuditEntity, type AuditEntryDto } from "../../contracts/admin";
import type { Db } from "../../db/client";
import { dbNowMs } from "../../db/columns";
import type { Actor, Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { users } from "../identity/schema";
import { auditLog } from "./schema";

export type { Actor } from "../../lib/deps";

export interface AuditChange {
  entity: AuditEntity;
  entityId: string;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The insert of one entry, to run in the batch that makes the change. */
export const auditStatement = (db: Db, actor: Actor, change: AuditChange) =>
  db.insert(auditLog).values({
    id: newId(),
    actorId: actor.id,
    actorEmail: actor.email,
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
  });

/**
 * The insert of one entry only if `condition` holds when it runs: for a batch whose change is
 * itself conditional, so a change that did not happen (a race lost) leaves no entry either.
 */
export const auditStatementIf = (db: Db, actor: Actor, change: AuditChange, condition: SQL) =>
  db.insert(auditLog).select(
    sql`SELECT ${newId()}, ${actor.id}, ${actor.email}, ${change.entity}, ${change.entityId},
        ${change.action}, ${json(change.before)}, ${json(change.after)}, ${dbNowMs} WHERE ${condition}`,
  );

/**
 * The entry of a back-office export of personal data that belongs to no one record (the
 * newsletter's subscribers, the GST report's customers): under the downloading admin's own
 * account, with the file's name and what it held, never the data itself.
 */
export async function recordExport(
  { db, actor }: Pick<Deps, "db" | "actor">,
  kind: "subscribers" | "gst",
  after: { file: string; rows: number } & Record<string, unknown>,
): Promise<void> {
  await auditStatement(db, actor, {
    entity: "account",
    entityId: actor.id,
    action: `export.${kind}`,
    after,
  });
}

/**
 * The entry of an admin's sign-in (middleware/session-cookie.ts), for the batch that starts the session:
 * written only if the account is an admin when it runs, under its email as D1 has it then.
 */
export const adminSignInStatement = (db: Db, userId: string, network: string) =>
  db.insert(auditLog).select(
    db
      .select({
        id: sql`${newId()}`.as("id"),
        actorId: users.id,
        actorEmail: users.email,
        entity: sql`${"account" satisfies AuditEntity}`.as("entity"),
        entityId: users.id,
        action: sql`${"sign_in"}`.as("action"),
        before: sql`NULL`.as("before"),
        after: sql`${json({ network })}`.as("after"),
        createdAt: dbNowMs.as("created_at"),
      })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, "admin"))),
  );

const json = (value: Record<string, unknown> | null | undefined) =>
  value ? JSON.stringify(value) : null;

/** A page of entries, newest first; optionally one entity kind, or one record of it. */
export async function listAudit(
  { db }: Pick<Deps, "db">,
  { entity, id, page }: { entity?: AuditEntity; id?: string; page: number },
): Promise<AuditEntryDto[]> {
  const where: SQL[] = [];
  if (entity) where.push(eq(auditLog.entity, entity));
  if (id) where.push(eq(auditLog.entityId, id));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return rows.map((r) => ({
    id: r.id,
    actor: { id: r.actorId, email: r.actorEmail },
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    before: r.before,
    after: r.after,
    at: r.createdAt.toISOString(),
  }));
}

/**
 * The insert of one entry selected from the row `source` names, so only while that row is as the
 * caller's condition says: for a conditional change whose race lost must leave no entry behind.
 */
export function auditStatementFromRow(
  db: Db,
  actor: Actor,
  change: AuditChange,
  source: { table: SQLiteTable; where: SQL | undefined },
) {
  const value = (name: string, v: unknown) => sql`${v}`.as(name);
  const json = (name: string, v: unknown) => sql`${JSON.stringify(v)}`.as(name);
  return db.insert(auditLog).select(
    db
      .select({
        id: value("id", newId()),
        actorId: value("actor_id", actor.id),
        actorEmail: value("actor_email", actor.email),
        entity: value("entity", change.entity),
        entityId: value("entity_id", change.entityId),
        action: value("action", change.action),
        before: json("before", change.before),
        after: json("after", change.after),
        createdAt: dbNowMs.as("created_at"),
      })
      .from(source.table)
      .where(source.where),
  );
}
