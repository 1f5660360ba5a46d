// /api/admin/messages (README, back-office): contact messages, the owner's replies and statuses.
// requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import {
  INBOX_MESSAGES,
  MessageListQuery,
  MessageStatusSchema,
  ReplySchema,
} from "../../contracts/admin-inbox";
import { IdParam } from "../../contracts/fields";
import { validate } from "../../http/validate";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import { listMessages, replyToMessage, setMessageStatus } from "../../modules/messages/inbox";

export const adminMessageRoutes = new Hono<AppEnv>()
  .get("/", validate("query", MessageListQuery), async (c) => {
    const { messages, total } = await listMessages({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, messages, total });
  })
  .post("/:id/reply", validate("param", IdParam), validate("json", ReplySchema), async (c) => {
    const contactMessage = await replyToMessage(
      adminDeps(c),
      c.req.valid("param").id,
      c.req.valid("json").message,
      (work) => c.executionCtx.waitUntil(work),
    );
    return c.json({ success: true as const, message: INBOX_MESSAGES.replySent, contactMessage });
  })
  .post("/:id", validate("param", IdParam), validate("json", MessageStatusSchema), async (c) => {
    const { status } = c.req.valid("json");
    const contactMessage = await setMessageStatus(adminDeps(c), c.req.valid("param").id, status);
    return c.json({
      success: true as const,
      message: `Message marked ${status}`,
      contactMessage,
    });
  });
