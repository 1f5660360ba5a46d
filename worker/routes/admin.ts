// /api/admin/*: the back-office (README, back-office). Every request passes requireAdmin, which
// reads the caller's role from D1 each time; all but the second factor's own routes then need the
// second factor where it applies (middleware/admin.ts). Each area is mounted at its own prefix, so
// /api/admin/<area>/... is routes/admin/<area>.ts.
import { Hono } from "hono";
import { requireAdmin, requireSecondFactor } from "../middleware/admin";
import type { AppEnv } from "../middleware/app-env";
import { adminAuditRoutes } from "./admin/audit";
import { adminCategoryRoutes } from "./admin/categories";
import { adminCommissionRoutes } from "./admin/commissions";
import { adminCreatorRoutes } from "./admin/creators";
import { adminMessageRoutes } from "./admin/messages";
import { adminOrderRoutes } from "./admin/orders";
import { adminPayoutRoutes } from "./admin/payouts";
import { adminProductRoutes } from "./admin/products";
import { adminPromotionRoutes } from "./admin/promotions";
import { adminReportRoutes } from "./admin/reports";
import { adminSecondFactorRoutes } from "./admin/second-factor";
import { adminStockRoutes } from "./admin/stock";
import { adminSubscriberRoutes } from "./admin/subscribers";

export const adminRoutes = new Hono<AppEnv>()
  .use("*", requireAdmin)
  .route("/second-factor", adminSecondFactorRoutes)
  .use("*", requireSecondFactor)
  .route("/audit", adminAuditRoutes)
  .route("/products", adminProductRoutes)
  .route("/categories", adminCategoryRoutes)
  .route("/stock", adminStockRoutes)
  .route("/orders", adminOrderRoutes)
  .route("/creators", adminCreatorRoutes)
  .route("/commissions", adminCommissionRoutes)
  .route("/payouts", adminPayoutRoutes)
  .route("/promotions", adminPromotionRoutes)
  .route("/messages", adminMessageRoutes)
  .route("/subscribers.csv", adminSubscriberRoutes)
  .route("/reports", adminReportRoutes);
