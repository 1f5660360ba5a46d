// /api/admin/categories: list, create, rename or re-picture (products follow), audited.
// requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import { CategoryCreateSchema, CategoryUpdateSchema } from "../../contracts/admin-catalogue";
import { IdParam } from "../../contracts/fields";
import { validate } from "../../http/validate";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import {
  createAdminCategory,
  listAdminCategories,
  updateAdminCategory,
} from "../../modules/catalogue/back-office";

export const adminCategoryRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.json({ success: true as const, categories: await listAdminCategories({ db: c.var.db }) }),
  )
  .post("/", validate("json", CategoryCreateSchema), async (c) => {
    const category = await createAdminCategory(adminDeps(c), c.req.valid("json"));
    return c.json({ success: true as const, category });
  })
  .post("/:id", validate("param", IdParam), validate("json", CategoryUpdateSchema), async (c) => {
    const category = await updateAdminCategory(
      adminDeps(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json({ success: true as const, category });
  });
