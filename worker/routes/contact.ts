// Contact form: the message is stored, and the shop's inbox is told who wrote and how to reply.
import { Hono } from "hono";
import { CONTACT_MESSAGES, ContactSchema } from "../contracts/contact";
import { validate } from "../http/validate";
import type { AppEnv } from "../middleware/app-env";
import { clientIp, enforceLimit, LIMITS } from "../modules/limits/rate-limit";
import { sendEmailLater } from "../modules/mail/outbox";
import { contactNotificationEmail } from "../modules/mail/templates";
import { storeContactMessage } from "../modules/messages/contact";

export const contactRoutes = new Hono<AppEnv>().post(
  "/submit",
  validate("json", ContactSchema),
  async (c) => {
    const input = c.req.valid("json");
    // Each message mails the shop's inbox: limited per client and per sender's address.
    await enforceLimit(
      { env: c.env, db: c.var.db },
      LIMITS.contactPerIp,
      clientIp(c.req.raw.headers),
    );
    await enforceLimit({ env: c.env, db: c.var.db }, LIMITS.contactPerAddress, input.email);
    const phone = input.phone || null;
    await storeContactMessage({ db: c.var.db }, { ...input, phone });

    sendEmailLater(
      { ctx: c.executionCtx, env: c.env, db: c.var.db },
      contactNotificationEmail(
        c.env.SHOP_INBOX_EMAIL,
        { ...input, phone },
        `${c.env.APP_ORIGIN}/admin/inbox`,
      ),
    );
    return c.json({ success: true as const, message: CONTACT_MESSAGES.success });
  },
);
