// POST /api/admin/products/:id/stock: the back-office sets or adjusts a product's stock
// (services/stock.ts), audited as entity "stock"; mounted under requireAdmin (routes/admin.ts).
import { Hono } from "hono";
import { IdParam } from "../contracts/fields";
import { StockChangeSchema, type StockResponse } from "../contracts/stock";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { noteCatalogueChange } from "../services/catalogue-cache";
import { changeStock } from "../services/stock";

export const adminStockRoutes = new Hono<AppEnv>().post(
  "/products/:id/stock",
  validate("param", IdParam),
  validate("json", StockChangeSchema),
  async (c) => {
    const stock = await changeStock(
      c.var.db,
      c.var.admin,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    // The products triggers bumped the catalogue version; this isolate answers with it at once.
    noteCatalogueChange();
    return c.json<StockResponse>({ success: true, stock });
  },
);
