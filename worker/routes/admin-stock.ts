// POST /api/admin/products/:id/stock: the back-office sets or adjusts a product's stock
// (modules/catalogue/stock.ts), audited as entity "stock"; GET /api/admin/stock/low: the products at or
// under their low-stock threshold. Mounted under requireAdmin (routes/admin.ts).
import { Hono } from "hono";
import type { LowStockResponse } from "../contracts/admin-catalogue";
import { IdParam } from "../contracts/fields";
import { StockChangeSchema, type StockResponse } from "../contracts/stock";
import { validate } from "../http/validate";
import type { AppEnv } from "../middleware/app-env";
import { noteCatalogueChange } from "../modules/catalogue/cache";
import { changeStock, lowStockProducts } from "../modules/catalogue/stock";

export const adminStockRoutes = new Hono<AppEnv>()
  .post(
    "/products/:id/stock",
    validate("param", IdParam),
    validate("json", StockChangeSchema),
    async (c) => {
      const stock = await changeStock(
        { db: c.var.db, actor: c.var.admin },
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      // The products triggers bumped the catalogue version; this isolate answers with it at once.
      noteCatalogueChange();
      return c.json<StockResponse>({ success: true, stock });
    },
  )
  .get("/stock/low", async (c) =>
    c.json<LowStockResponse>({ success: true, products: await lowStockProducts({ db: c.var.db }) }),
  );
