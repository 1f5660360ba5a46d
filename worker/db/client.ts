import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = DrizzleD1Database<typeof schema>;

export const createDb = (d1: D1Database): Db => drizzle(d1, { schema });

/**
 * The catalogue's reads through D1's Sessions API, unconstrained: the first query may be served by
 * the read replica nearest the shopper (docs/decisions/0012-reading-the-catalogue-near-shoppers.md).
 * Carts, checkout, accounts and the back-office use `createDb`, the primary, so they read their
 * own writes. Drizzle needs only `prepare` and `batch`, which a session has as a database does.
 */
export const createCatalogueDb = (d1: D1Database): Db =>
  drizzle(d1.withSession("first-unconstrained") as unknown as D1Database, { schema });
