// Names in sql`` fragments come from the schema's objects, so a rename in a schema file breaks the
// fragment at compile time, never at run time. drizzle renders a column as "table"."column"; a
// subquery that reads a table under another name (an alias) needs that name in its FROM, which
// `aliased` gives with the alias's columns; `excluded` names an upsert's proposed value.
import { type SQL, sql } from "drizzle-orm";
import { type AnySQLiteColumn, type AnySQLiteTable, alias } from "drizzle-orm/sqlite-core";

/**
 * A table under another name: its columns (`"oi"."quantity"`) and its FROM entry
 * (`"order_items" "oi"`). drizzle renders an alias alone as its name only.
 */
export const aliased = <T extends AnySQLiteTable, A extends string>(table: T, name: A) =>
  [alias(table, name), sql`${table} ${sql.identifier(name)}`] as const;

/** The value an INSERT ... ON CONFLICT DO UPDATE proposed for `column`: excluded."column". */
export const excluded = (column: AnySQLiteColumn): SQL =>
  sql`excluded.${sql.identifier(column.name)}`;
