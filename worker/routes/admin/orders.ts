// /api/admin/orders (README, back-office): the queue to ship, an order's page, its status,
// tracking and notes, and its refunds and cancellation (decision 0011). requireAdmin has already
// run (routes/admin.ts).
import { Hono } from "hono";
import {
  type AdminOrderResponse,
  CancelSchema,
  OrderListQuery,
  OrderNoteSchema,
  type RefundResponse,
  RefundSchema,
  StatusChangeSchema,
  TrackingCorrectionSchema,
} from "../../contracts/admin-orders";
import { IdParam } from "../../contracts/fields";
import { validate } from "../../http/validate";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import {
  addOrderNote,
  changeOrderStatus,
  correctTracking,
  listAdminOrders,
  requireAdminOrder,
} from "../../modules/orders/back-office";
import { cancelPaidOrder, refundOrder } from "../../modules/orders/refunds";

export const adminOrderRoutes = new Hono<AppEnv>()
  .get("/", validate("query", OrderListQuery), async (c) => {
    const { orders, total } = await listAdminOrders({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, orders, total });
  })
  .get("/:id", validate("param", IdParam), async (c) => {
    const order = await requireAdminOrder({ env: c.env, db: c.var.db }, c.req.valid("param").id);
    return c.json({ success: true as const, order });
  })
  .post(
    "/:id/status",
    validate("param", IdParam),
    validate("json", StatusChangeSchema),
    async (c) => {
      const order = await changeOrderStatus(
        adminDeps(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true as const, order });
    },
  )
  .post(
    "/:id/tracking",
    validate("param", IdParam),
    validate("json", TrackingCorrectionSchema),
    async (c) => {
      const order = await correctTracking(
        adminDeps(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json({ success: true as const, order });
    },
  )
  .post("/:id/notes", validate("param", IdParam), validate("json", OrderNoteSchema), async (c) => {
    const order = await addOrderNote(
      adminDeps(c),
      c.req.valid("param").id,
      c.req.valid("json").note,
    );
    return c.json({ success: true as const, order });
  })
  .post("/:id/refund", validate("param", IdParam), validate("json", RefundSchema), async (c) => {
    const { id } = c.req.valid("param");
    const refund = await refundOrder(adminDeps(c), id, c.req.valid("json"));
    const order = await requireAdminOrder({ env: c.env, db: c.var.db }, id);
    return c.json<RefundResponse>({ success: true, refund, order });
  })
  .post("/:id/cancel", validate("param", IdParam), validate("json", CancelSchema), async (c) => {
    const { id } = c.req.valid("param");
    await cancelPaidOrder(adminDeps(c), id, c.req.valid("json"));
    // If the order shipped while it was being cancelled, it was refunded but keeps its status:
    // the order answered says so (status, refunded, and its timeline).
    const order = await requireAdminOrder({ env: c.env, db: c.var.db }, id);
    return c.json<AdminOrderResponse>({ success: true, order });
  });
