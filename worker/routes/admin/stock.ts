// /api/admin/stock/low: the products at or under their low-stock threshold. requireAdmin has
// already run (routes/admin.ts).
import { Hono } from "hono";
import type { LowStockResponse } from "../../contracts/admin-catalogue";
import type { AppEnv } from "../../middleware/app-env";
import { lowStockProducts } from "../../modules/catalogue/stock";

export const adminStockRoutes = new Hono<AppEnv>().get("/low", async (c) =>
  c.json<LowStockResponse>({ success: true, products: await lowStockProducts({ db: c.var.db }) }),
);
