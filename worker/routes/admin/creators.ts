// /api/admin/creators: the applications and creators list, and the owner's decisions and terms
// for one creator. requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import { CreatorListQuery, CreatorUpdateSchema } from "../../contracts/admin-creators";
import { IdParam } from "../../contracts/fields";
import { validate } from "../../http/validate";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import { listAdminCreators, updateAdminCreator } from "../../modules/creators/back-office";

export const adminCreatorRoutes = new Hono<AppEnv>()
  .get("/", validate("query", CreatorListQuery), async (c) => {
    const { creators, total } = await listAdminCreators({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, creators, total });
  })
  .post("/:id", validate("param", IdParam), validate("json", CreatorUpdateSchema), async (c) => {
    const creator = await updateAdminCreator(
      adminDeps(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json({ success: true as const, creator });
  });
