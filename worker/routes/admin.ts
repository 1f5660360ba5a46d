// /api/admin/*: the back-office (README, back-office). Every request passes requireAdmin, which
// reads the caller's role from D1 each time. Each area mounts its own routes here.
import { Hono } from "hono";
import { AuditQuery } from "../contracts/admin";
import { requireAdmin } from "../http/admin";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { listAudit } from "../services/audit";
import { adminCatalogueRoutes } from "./admin-catalogue";
import { adminImageRoutes } from "./admin-images";
import { adminStockRoutes } from "./admin-stock";

const auditRoutes = new Hono<AppEnv>().get("/audit", validate("query", AuditQuery), async (c) => {
  const entries = await listAudit(c.var.db, c.req.valid("query"));
  return c.json({ success: true as const, entries });
});

export const adminRoutes = new Hono<AppEnv>()
  .use("*", requireAdmin)
  .route("/", auditRoutes)
  .route("/", adminCatalogueRoutes)
  .route("/", adminImageRoutes)
  .route("/", adminStockRoutes);
