// The limits module owns rate_limits (fixed-window counters) and batch_guards (the table whose
// CHECKs fail a batch when a guard statement inserts into it). It offers rate limiting, the
// client's network (exact and coarse), and the guard statements other batches compose.
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Never holds a row. A statement that inserts into it fails the CHECK named for the rule its
 * condition found broken, and so rolls back the db.batch it is part of: a limit that counts rows
 * the same batch writes (modules/orders/stock-holds.ts), decided by D1's single writer, never by a read
 * made before the batch.
 */
export const BATCH_GUARDS = [
  "network_checkouts",
  "network_units",
  "promotion_usage",
  "promotion_customer",
  "promotion_code_used",
] as const;

export type BatchGuard = (typeof BATCH_GUARDS)[number];

export const batchGuards = sqliteTable(
  "batch_guards",
  { guard: text("guard", { enum: BATCH_GUARDS }).primaryKey() },
  () => BATCH_GUARDS.map((g) => check(`batch_guard_${g}`, sql.raw(`"guard" <> '${g}'`))),
);

/**
 * Fixed-window request counters for rate limits, one row per (limit, subject). D1's single writer
 * makes the increment exact, under `wrangler dev` as in production.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});
