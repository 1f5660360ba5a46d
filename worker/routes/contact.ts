// Contact form: the message is stored, and the shop's inbox is told who wrote and how to reply.
import { Hono } from "hono";
import { CONTACT_MESSAGES, ContactSchema } from "../contracts/contact";
import { contactMessages } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { newId } from "../lib/ids";
import { sendEmailLater } from "../services/email";
import { contactNotificationEmail } from "../services/email-templates";
import { clientIp, enforceLimit, LIMITS } from "../services/rate-limit";

export const contactRoutes = new Hono<AppEnv>().post(
  "/submit",
  validate("json", ContactSchema),
  async (c) => {
    const input = c.req.valid("json");
    // Each message mails the shop's inbox: limited per client and per sender's address.
    await enforceLimit(c.env, c.var.db, LIMITS.contactPerIp, clientIp(c.req.raw.headers));
    await enforceLimit(c.env, c.var.db, LIMITS.contactPerAddress, input.email);
    const phone = input.phone || null;
    await c.var.db.insert(contactMessages).values({ id: newId(), ...input, phone });

    sendEmailLater(
      c.executionCtx,
      c.env,
      c.var.db,
      contactNotificationEmail(
        c.env.SHOP_INBOX_EMAIL,
        { ...input, phone },
        `${c.env.APP_ORIGIN}/admin/inbox`,
      ),
    );
    return c.json({ success: true as const, message: CONTACT_MESSAGES.success });
  },
);
