// Batch guards: a statement another module puts in its own db.batch that inserts a row into
// batch_guards when a condition over that batch's writes holds. The table's CHECKs refuse every
// such row, so the insert fails and D1 rolls the whole batch back: a limit counted by the
// database's single writer, which concurrent batches cannot both slip past.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type BatchGuard, batchGuards } from "./schema";

/** The name of a guard, as the one column of the rows a guard statement would insert. */
export const guardNamed = (name: BatchGuard) => ({ guard: sql<BatchGuard>`${name}`.as("guard") });

const insertGuard = (db: Db) => db.insert(batchGuards);

/** Fails the batch it is in when `rows` (selecting guardNamed(...)) selects any row. */
export const guardStatement = (
  db: Db,
  rows: Parameters<ReturnType<typeof insertGuard>["select"]>[0],
) => insertGuard(db).select(rows);
