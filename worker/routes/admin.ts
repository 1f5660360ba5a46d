// /api/admin/*: the back-office (README, back-office). Every request passes requireAdmin, which
// reads the caller's role from D1 each time; all but the second factor's own routes then need the
// second factor where it applies (middleware/admin.ts). Each area mounts its own routes here.
import { Hono } from "hono";
import { AuditQuery } from "../contracts/admin";
import { validate } from "../http/validate";
import { requireAdmin, requireSecondFactor } from "../middleware/admin";
import type { AppEnv } from "../middleware/app-env";
import { listAudit } from "../modules/audit/audit";
import { adminCatalogueRoutes } from "./admin-catalogue";
import { adminCreatorRoutes } from "./admin-creators";
import { adminImageRoutes } from "./admin-images";
import { adminInboxRoutes } from "./admin-inbox";
import { adminOrderRoutes } from "./admin-orders";
import { adminPayoutRoutes } from "./admin-payouts";
import { adminRefundRoutes } from "./admin-refunds";
import { adminReportRoutes } from "./admin-reports";
import { adminSecondFactorRoutes } from "./admin-second-factor";
import { adminStockRoutes } from "./admin-stock";

const auditRoutes = new Hono<AppEnv>().get("/audit", validate("query", AuditQuery), async (c) => {
  const entries = await listAudit({ db: c.var.db }, c.req.valid("query"));
  return c.json({ success: true as const, entries });
});

export const adminRoutes = new Hono<AppEnv>()
  .use("*", requireAdmin)
  .route("/second-factor", adminSecondFactorRoutes)
  .use("*", requireSecondFactor)
  .route("/", auditRoutes)
  .route("/", adminCatalogueRoutes)
  .route("/", adminCreatorRoutes)
  .route("/", adminImageRoutes)
  .route("/", adminInboxRoutes)
  .route("/", adminOrderRoutes)
  .route("/", adminPayoutRoutes)
  .route("/", adminRefundRoutes)
  .route("/", adminReportRoutes)
  .route("/", adminStockRoutes);
