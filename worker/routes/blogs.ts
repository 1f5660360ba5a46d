// /api/blogs: the blog posts, served from the catalogue's answer cache (modules/catalogue/cache.ts) and
// read through D1's Sessions API, so a read replica near the shopper may answer.
import { Hono } from "hono";
import { cacheRequest } from "../http/cache-request";
import type { AppEnv } from "../middleware/app-env";
import { cachedJson } from "../modules/catalogue/cache";
import { listBlogPosts } from "../modules/catalogue/reads";

export const blogRoutes = new Hono<AppEnv>().get("/", (c) =>
  cachedJson({ db: c.var.catalogueDb }, cacheRequest(c, "blogs"), async () => ({
    success: true,
    blogs: await listBlogPosts({ db: c.var.catalogueDb }),
  })),
);
