// /api/admin/creators (issue 18): the applications and creators list, and the owner's decisions
// and terms for one creator; /api/admin/commissions: commissions held for the owner's review. requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import {
  CommissionReviewSchema,
  CreatorListQuery,
  CreatorUpdateSchema,
  ReviewedCommissionQuery,
} from "../contracts/admin-creators";
import { IdParam } from "../contracts/fields";
import { validate } from "../http/validate";
import type { AppEnv } from "../middleware/app-env";
import { listAdminCreators, updateAdminCreator } from "../modules/creators/back-office";
import { listReviewedCommissions, reviewCommission } from "../modules/creators/review";

export const adminCreatorRoutes = new Hono<AppEnv>()
  .get("/creators", validate("query", CreatorListQuery), async (c) => {
    const { creators, total } = await listAdminCreators({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, creators, total });
  })
  .post(
    "/creators/:id",
    validate("param", IdParam),
    validate("json", CreatorUpdateSchema),
    async (c) => {
      const creator = await updateAdminCreator(
        { env: c.env, db: c.var.db, ctx: c.executionCtx, actor: c.var.admin },
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true as const, creator });
    },
  )
  .get("/commissions", validate("query", ReviewedCommissionQuery), async (c) => {
    const list = await listReviewedCommissions({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, ...list });
  })
  .post(
    "/commissions/:id/review",
    validate("param", IdParam),
    validate("json", CommissionReviewSchema),
    async (c) => {
      const commission = await reviewCommission(
        { db: c.var.db, actor: c.var.admin },
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true as const, commission });
    },
  );
