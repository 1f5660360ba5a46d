// /api/admin/commissions: commissions held for the owner's review, released or rejected.
// requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import { CommissionReviewSchema, ReviewedCommissionQuery } from "../../contracts/admin-creators";
import { IdParam } from "../../contracts/fields";
import { validate } from "../../http/validate";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import { listReviewedCommissions, reviewCommission } from "../../modules/creators/review";

export const adminCommissionRoutes = new Hono<AppEnv>()
  .get("/", validate("query", ReviewedCommissionQuery), async (c) => {
    const list = await listReviewedCommissions({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, ...list });
  })
  .post(
    "/:id/review",
    validate("param", IdParam),
    validate("json", CommissionReviewSchema),
    async (c) => {
      const commission = await reviewCommission(
        adminDeps(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true as const, commission });
    },
  );
