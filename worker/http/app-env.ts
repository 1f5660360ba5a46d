import type { Context } from "hono";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import type { AccessClaims } from "../services/sessions";

/** Hono's type parameters for this Worker: bindings plus what middleware puts on the context. */
export interface AppEnv {
  Bindings: Bindings;
  /** `auth` is set by requireAuth; `viewer` by optionalAuth (null for a guest). */
  Variables: { db: Db; auth: AccessClaims; viewer: AccessClaims | null };
}

export type AppContext = Context<AppEnv>;
