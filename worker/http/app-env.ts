import type { Context } from "hono";
import type { Db } from "../db/client";
import type { Bindings } from "../env";

/** Hono's type parameters for this Worker: bindings plus what middleware puts on the context. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: { db: Db };
}

export type AppContext = Context<AppEnv>;
