import type { Context } from "hono";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import type { SecondFactorState } from "../modules/identity/second-factor";
import type { AccessClaims } from "../modules/identity/sessions";

/** Hono's type parameters for this Worker: bindings plus what middleware puts on the context. */
export interface AppEnv {
  Bindings: Bindings;
  /**
   * `auth` is set by requireAuth (and requireAdmin); `viewer` by optionalAuth (null for a guest);
   * `admin` by requireAdmin: the back-office account as D1 has it now, and `secondFactor` what its
   * sign-in has passed (middleware/admin.ts).
   */
  Variables: {
    /** The primary: every read that must see the request's own or the last writes. */
    db: Db;
    /** Catalogue reads, which a nearby read replica may serve (db/client.ts createCatalogueDb). */
    catalogueDb: Db;
    auth: AccessClaims;
    viewer: AccessClaims | null;
    admin: { id: string; email: string };
    secondFactor: SecondFactorState;
  };
}

export type AppContext = Context<AppEnv>;
