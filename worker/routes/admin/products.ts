// /api/admin/products (README, back-office): every status, every SPEC field, each write audited
// in its own batch; a product's photos (/api/admin/products/:id/images, product-images.ts) and
// stock (/:id/stock). requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import {
  type AdminProductDto,
  ProductCreateSchema,
  ProductListQuery,
  ProductUpdateSchema,
} from "../../contracts/admin-catalogue";
import { IdParam } from "../../contracts/fields";
import { StockChangeSchema, type StockResponse } from "../../contracts/stock";
import { validate } from "../../http/validate";
import type { Deps } from "../../lib/deps";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import {
  archiveAdminProduct,
  createAdminProduct,
  getAdminProduct,
  listAdminProducts,
  updateAdminProduct,
} from "../../modules/catalogue/back-office";
import { noteCatalogueChange } from "../../modules/catalogue/cache";
import { changeStock } from "../../modules/catalogue/stock";
import { adminProductImageRoutes } from "./product-images";

/**
 * A product create or edit that names `stock` sets the count through the stock service, so it is
 * in the ledger and the audit log like any other stock change.
 */
async function withStock(
  { db, actor }: Pick<Deps, "db" | "actor">,
  product: AdminProductDto,
  onHand: number | undefined,
  reason: string,
): Promise<AdminProductDto> {
  if (onHand === undefined) return product;
  const stock = await changeStock({ db, actor }, product._id, { onHand, reason });
  noteCatalogueChange();
  return { ...product, stock };
}

export const adminProductRoutes = new Hono<AppEnv>()
  .route("/:id/images", adminProductImageRoutes)
  .get("/", validate("query", ProductListQuery), async (c) => {
    const { products, total } = await listAdminProducts({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, products, total });
  })
  .get("/:id", validate("param", IdParam), async (c) => {
    const product = await getAdminProduct({ db: c.var.db }, c.req.valid("param").id);
    return c.json({ success: true as const, product });
  })
  .post("/", validate("json", ProductCreateSchema), async (c) => {
    const input = c.req.valid("json");
    const created = await createAdminProduct(adminDeps(c), input);
    return c.json({
      success: true as const,
      product: await withStock(adminDeps(c), created, input.stock, "opening stock"),
    });
  })
  .post("/:id", validate("param", IdParam), validate("json", ProductUpdateSchema), async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const updated = await updateAdminProduct(adminDeps(c), id, input);
    return c.json({
      success: true as const,
      product: await withStock(adminDeps(c), updated, input.stock, "count set on edit"),
    });
  })
  .delete("/:id", validate("param", IdParam), async (c) => {
    const product = await archiveAdminProduct(adminDeps(c), c.req.valid("param").id);
    return c.json({ success: true as const, product });
  })
  .post(
    "/:id/stock",
    validate("param", IdParam),
    validate("json", StockChangeSchema),
    async (c) => {
      const stock = await changeStock(adminDeps(c), c.req.valid("param").id, c.req.valid("json"));
      // The products triggers bumped the catalogue version; this isolate answers with it at once.
      noteCatalogueChange();
      return c.json<StockResponse>({ success: true, stock });
    },
  );
