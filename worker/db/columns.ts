// Column helpers every module's schema shares: timestamps on the database's clock, references,
// money as whole cents, CHECKs for non-negative amounts, normalised emails and closed lists of values.
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, integer, text } from "drizzle-orm/sqlite-core";

/** The database's clock in milliseconds: the default of every timestamp column below. */
export const dbNowMs = sql`(unixepoch('subsec') * 1000)`;

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(dbNowMs);

export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(dbNowMs)
    .$onUpdate(() => new Date());

/** When a row was made and last changed. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export const belongsTo = (name: string, target: () => AnySQLiteColumn) =>
  text(name).notNull().references(target, { onDelete: "cascade" });

/** An optional reference that outlives its row: deleting that row leaves this one, with null. */
export const pointsTo = (name: string, target: () => AnySQLiteColumn) =>
  text(name).references(target, { onDelete: "set null" });

/** Money columns: whole cents, never negative. */
export const cents = (name: string) => integer(name).notNull();

export const nonNegative = (table: string, column: string) =>
  check(`${table}_${column}_non_negative`, sql.raw(`"${column}" >= 0`));

export const normalisedEmail = (table: string, column: string) =>
  check(`${table}_${column}_normalised`, sql.raw(`"${column}" = lower(trim("${column}"))`));

export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(", ")})`);
