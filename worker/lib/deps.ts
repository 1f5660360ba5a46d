// What a service needs besides its own input, passed as one object: `(deps, input)` everywhere.
// A service names the parts it uses (Pick<Deps, "db" | "env">), so a caller passes only those.
import type { Db } from "../db/client";
import type { Bindings } from "../env";

/** Who is making a back-office change: recorded in the audit log with it. */
export interface Actor {
  id: string;
  email: string;
}

export interface Deps {
  /** The Worker's bindings and variables. */
  env: Bindings;
  /** The primary database (drizzle over D1). */
  db: Db;
  /** The request's or the cron's execution context: work that runs after the answer. */
  ctx: ExecutionContext;
  /** The signed-in back-office account making the change. */
  actor: Actor;
}
