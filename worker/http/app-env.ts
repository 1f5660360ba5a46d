import type { Context } from "hono";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import type { AccessClaims } from "../services/sessions";

/** Hono's type parameters for this Worker: bindings plus what middleware puts on the context. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: { db: Db; auth: AccessClaims };
}

export type AppContext = Context<AppEnv>;
