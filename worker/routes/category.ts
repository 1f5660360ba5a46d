// /api/category/list: the categories, served from the catalogue's answer cache (modules/catalogue/cache.ts) and
// read through D1's Sessions API, so a read replica near the shopper may answer.
import { Hono } from "hono";
import { cacheRequest } from "../http/cache-request";
import type { AppEnv } from "../middleware/app-env";
import { cachedJson } from "../modules/catalogue/cache";
import { listCategories } from "../modules/catalogue/reads";

export const categoryRoutes = new Hono<AppEnv>().get("/list", (c) =>
  cachedJson({ db: c.var.catalogueDb }, cacheRequest(c, "categories"), async () => ({
    success: true,
    categories: await listCategories({ db: c.var.catalogueDb }),
  })),
);
