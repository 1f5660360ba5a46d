// POST /api/admin/orders/:id/refund and /cancel: refunds and cancellation through Stripe
// (modules/orders/refunds.ts, decision 0011), each answered with the order as it is now. Mounted under
// requireAdmin (routes/admin.ts).
import { Hono } from "hono";
import {
  type AdminOrderResponse,
  CancelSchema,
  type RefundResponse,
  RefundSchema,
} from "../contracts/admin-orders";
import { IdParam } from "../contracts/fields";
import { validate } from "../http/validate";
import type { Deps } from "../lib/deps";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { requireAdminOrder } from "../modules/orders/back-office";
import { cancelPaidOrder, refundOrder } from "../modules/orders/refunds";

const depsOf = (c: AppContext): Deps => ({
  env: c.env,
  db: c.var.db,
  ctx: c.executionCtx,
  actor: c.var.admin,
});

export const adminRefundRoutes = new Hono<AppEnv>()
  .post(
    "/orders/:id/refund",
    validate("param", IdParam),
    validate("json", RefundSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const refund = await refundOrder(depsOf(c), id, c.req.valid("json"));
      const order = await requireAdminOrder({ env: c.env, db: c.var.db }, id);
      return c.json<RefundResponse>({ success: true, refund, order });
    },
  )
  .post(
    "/orders/:id/cancel",
    validate("param", IdParam),
    validate("json", CancelSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      await cancelPaidOrder(depsOf(c), id, c.req.valid("json"));
      // If the order shipped while it was being cancelled, it was refunded but keeps its status:
      // the order answered says so (status, refunded, and its timeline).
      const order = await requireAdminOrder({ env: c.env, db: c.var.db }, id);
      return c.json<AdminOrderResponse>({ success: true, order });
    },
  );
