// /api/admin customer care (README, back-office): contact messages, the owner's replies and
// statuses, and the newsletter's subscribers as CSV (each download audited). requireAdmin has
// already run (routes/admin.ts).
import { Hono } from "hono";
import {
  INBOX_MESSAGES,
  MessageListQuery,
  MessageStatusSchema,
  ReplySchema,
} from "../contracts/admin-inbox";
import { IdParam } from "../contracts/fields";
import { validate } from "../http/validate";
import { brisbaneDate } from "../lib/brisbane-time";
import { csvResponse, toCsv } from "../lib/csv";
import type { AppEnv } from "../middleware/app-env";
import { auditExport } from "../modules/audit/audit";
import {
  confirmedSubscribers,
  listMessages,
  replyToMessage,
  setMessageStatus,
} from "../modules/messages/inbox";

export const adminInboxRoutes = new Hono<AppEnv>()
  .get("/messages", validate("query", MessageListQuery), async (c) => {
    const { messages, total } = await listMessages({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, messages, total });
  })
  .post(
    "/messages/:id/reply",
    validate("param", IdParam),
    validate("json", ReplySchema),
    async (c) => {
      const contactMessage = await replyToMessage(
        { env: c.env, db: c.var.db, actor: c.var.admin },
        c.req.valid("param").id,
        c.req.valid("json").message,
        (work) => c.executionCtx.waitUntil(work),
      );
      return c.json({ success: true as const, message: INBOX_MESSAGES.replySent, contactMessage });
    },
  )
  .post(
    "/messages/:id",
    validate("param", IdParam),
    validate("json", MessageStatusSchema),
    async (c) => {
      const { status } = c.req.valid("json");
      const contactMessage = await setMessageStatus(
        { db: c.var.db, actor: c.var.admin },
        c.req.valid("param").id,
        status,
      );
      return c.json({
        success: true as const,
        message: `Message marked ${status}`,
        contactMessage,
      });
    },
  )
  .get("/subscribers.csv", async (c) => {
    const rows = await confirmedSubscribers({ db: c.var.db });
    const csv = toCsv(
      ["email", "confirmed_at"],
      rows.map((r) => [r.email, r.confirmedAt.toISOString()]),
    );
    const file = `subscribers-${brisbaneDate(Date.now())}.csv`;
    await auditExport(c.var.db, c.var.admin, "subscribers", { file, rows: rows.length });
    return csvResponse(csv, file);
  });
