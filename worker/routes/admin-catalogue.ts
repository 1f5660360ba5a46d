// /api/admin products and categories (README, back-office): every status, every SPEC field, each
// write audited in its own batch. requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import {
  type AdminProductDto,
  CategoryCreateSchema,
  CategoryUpdateSchema,
  ProductCreateSchema,
  ProductListQuery,
  ProductUpdateSchema,
} from "../contracts/admin-catalogue";
import { IdParam } from "../contracts/fields";
import type { Db } from "../db/client";
import { validate } from "../http/validate";
import type { AppEnv } from "../middleware/app-env";
import type { Actor } from "../modules/audit/audit";
import {
  archiveAdminProduct,
  createAdminCategory,
  createAdminProduct,
  getAdminProduct,
  listAdminCategories,
  listAdminProducts,
  updateAdminCategory,
  updateAdminProduct,
} from "../modules/catalogue/back-office";
import { noteCatalogueChange } from "../modules/catalogue/cache";
import { changeStock } from "../modules/catalogue/stock";

/**
 * A product create or edit that names `stock` sets the count through the stock service, so it is
 * in the ledger and the audit log like any other stock change.
 */
async function withStock(
  db: Db,
  actor: Actor,
  product: AdminProductDto,
  onHand: number | undefined,
  reason: string,
): Promise<AdminProductDto> {
  if (onHand === undefined) return product;
  const stock = await changeStock({ db, actor }, product._id, { onHand, reason });
  noteCatalogueChange();
  return { ...product, stock };
}

export const adminCatalogueRoutes = new Hono<AppEnv>()
  .get("/products", validate("query", ProductListQuery), async (c) => {
    const { products, total } = await listAdminProducts({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, products, total });
  })
  .get("/products/:id", validate("param", IdParam), async (c) => {
    const product = await getAdminProduct({ db: c.var.db }, c.req.valid("param").id);
    return c.json({ success: true as const, product });
  })
  .post("/products", validate("json", ProductCreateSchema), async (c) => {
    const input = c.req.valid("json");
    const created = await createAdminProduct({ db: c.var.db, actor: c.var.admin }, input);
    return c.json({
      success: true as const,
      product: await withStock(c.var.db, c.var.admin, created, input.stock, "opening stock"),
    });
  })
  .post(
    "/products/:id",
    validate("param", IdParam),
    validate("json", ProductUpdateSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const updated = await updateAdminProduct({ db: c.var.db, actor: c.var.admin }, id, input);
      return c.json({
        success: true as const,
        product: await withStock(c.var.db, c.var.admin, updated, input.stock, "count set on edit"),
      });
    },
  )
  .delete("/products/:id", validate("param", IdParam), async (c) => {
    const product = await archiveAdminProduct(c.var.db, c.var.admin, c.req.valid("param").id);
    return c.json({ success: true as const, product });
  })
  .get("/categories", async (c) =>
    c.json({ success: true as const, categories: await listAdminCategories({ db: c.var.db }) }),
  )
  .post("/categories", validate("json", CategoryCreateSchema), async (c) => {
    const category = await createAdminCategory(
      { db: c.var.db },
      c.env.IMAGES,
      c.var.admin,
      c.req.valid("json"),
    );
    return c.json({ success: true as const, category });
  })
  .post(
    "/categories/:id",
    validate("param", IdParam),
    validate("json", CategoryUpdateSchema),
    async (c) => {
      const category = await updateAdminCategory(
        { db: c.var.db },
        c.env.IMAGES,
        c.var.admin,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true as const, category });
    },
  );
