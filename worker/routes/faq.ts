// /api/faq: the FAQ, served from the catalogue's answer cache (modules/catalogue/cache.ts) and
// read through D1's Sessions API, so a read replica near the shopper may answer.
import { Hono } from "hono";
import { cacheRequest } from "../http/cache-request";
import type { AppEnv } from "../middleware/app-env";
import { cachedJson } from "../modules/catalogue/cache";
import { listFaq } from "../modules/catalogue/reads";

export const faqRoutes = new Hono<AppEnv>().get("/", (c) =>
  cachedJson({ db: c.var.catalogueDb }, cacheRequest(c, "faq"), async () => ({
    success: true,
    faqs: await listFaq({ db: c.var.catalogueDb }),
  })),
);
