// /api/admin/orders (README, back-office): the queue to ship, an order's page with its timeline,
// moving it forward with the customer's mail, correcting a shipped order's tracking, and notes.
// requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import {
  OrderListQuery,
  OrderNoteSchema,
  StatusChangeSchema,
  TrackingCorrectionSchema,
} from "../contracts/admin-orders";
import { IdParam } from "../contracts/fields";
import { validate } from "../http/validate";
import type { AppEnv } from "../middleware/app-env";
import {
  addOrderNote,
  changeOrderStatus,
  correctTracking,
  listAdminOrders,
  requireAdminOrder,
} from "../modules/orders/back-office";

export const adminOrderRoutes = new Hono<AppEnv>()
  .get("/orders", validate("query", OrderListQuery), async (c) => {
    const { orders, total } = await listAdminOrders({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, orders, total });
  })
  .get("/orders/:id", validate("param", IdParam), async (c) => {
    const order = await requireAdminOrder({ env: c.env, db: c.var.db }, c.req.valid("param").id);
    return c.json({ success: true as const, order });
  })
  .post(
    "/orders/:id/status",
    validate("param", IdParam),
    validate("json", StatusChangeSchema),
    async (c) => {
      const order = await changeOrderStatus(
        { env: c.env, db: c.var.db, ctx: c.executionCtx, actor: c.var.admin },
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true as const, order });
    },
  )
  .post(
    "/orders/:id/tracking",
    validate("param", IdParam),
    validate("json", TrackingCorrectionSchema),
    async (c) => {
      const order = await correctTracking(
        { env: c.env, db: c.var.db, ctx: c.executionCtx, actor: c.var.admin },
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true as const, order });
    },
  )
  .post(
    "/orders/:id/notes",
    validate("param", IdParam),
    validate("json", OrderNoteSchema),
    async (c) => {
      const order = await addOrderNote(
        { env: c.env, db: c.var.db, actor: c.var.admin },
        c.req.valid("param").id,
        c.req.valid("json").note,
      );
      return c.json({ success: true as const, order });
    },
  );
