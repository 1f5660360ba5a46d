// /api/admin/creators (issue 18): the applications and creators list, and the owner's decisions
// and terms for one creator. requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import { CreatorListQuery, CreatorUpdateSchema } from "../contracts/admin-creators";
import { IdParam } from "../contracts/fields";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { listAdminCreators, updateAdminCreator } from "../services/admin-creators";

export const adminCreatorRoutes = new Hono<AppEnv>()
  .get("/creators", validate("query", CreatorListQuery), async (c) => {
    const { creators, total } = await listAdminCreators(c.var.db, c.req.valid("query"));
    return c.json({ success: true as const, creators, total });
  })
  .post(
    "/creators/:id",
    validate("param", IdParam),
    validate("json", CreatorUpdateSchema),
    async (c) => {
      const creator = await updateAdminCreator(
        c.env,
        c.var.db,
        c.executionCtx,
        c.var.admin,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true as const, creator });
    },
  );
