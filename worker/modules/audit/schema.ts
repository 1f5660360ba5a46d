// The audit module owns audit_log. It offers statements that record a back-office write (who,
// when, what, before and after) inside that write's own batch, and the log's reads.
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AUDIT_ENTITIES } from "../../contracts/admin";
import { createdAt, inList, pointsTo } from "../../db/columns";
import { users } from "../identity/schema";

/** Every back-office write: who, when, what, and the values before and after. Never updated. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    /** The admin; kept as an email too, so the entry still says who after the account is gone. */
    actorId: pointsTo("actor_id", () => users.id),
    actorEmail: text("actor_email").notNull(),
    entity: text("entity", { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text("entity_id").notNull(),
    /** What was done, e.g. "create", "update", "archive", "upload", "reorder", "adjust". */
    action: text("action").notNull(),
    before: text("before", { mode: "json" }).$type<Record<string, unknown> | null>(),
    after: text("after", { mode: "json" }).$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt),
    index("audit_log_created_idx").on(t.createdAt),
    check("audit_log_entity_valid", inList("entity", AUDIT_ENTITIES)),
  ],
);
