// Contact form: the message is stored, and the shop's inbox is told who wrote and how to reply.
import { Hono } from "hono";
import { CONTACT_MESSAGES, ContactSchema } from "../contracts/forms";
import { contactMessages } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { newId } from "../lib/ids";
import { emailLayout, escapeHtml, sendEmailLater } from "../services/email";

export const contactRoutes = new Hono<AppEnv>().post(
  "/submit",
  validate("json", ContactSchema),
  async (c) => {
    const input = c.req.valid("json");
    const phone = input.phone || null;
    await c.var.db.insert(contactMessages).values({ id: newId(), ...input, phone });

    const name = `${input.firstName} ${input.lastName}`;
    const details = [`From: ${name} <${input.email}>`, `Phone: ${phone ?? "not given"}`];
    sendEmailLater(c.executionCtx, c.env, c.var.db, {
      to: c.env.SHOP_INBOX_EMAIL,
      replyTo: input.email,
      subject: `Contact form: ${name}`,
      text: `${details.join("\n")}\n\n${input.message}\n`,
      html: emailLayout(
        `New message from ${name}`,
        `<p>${details.map(escapeHtml).join("<br>")}</p>
<blockquote style="border-left:3px solid #b87333;margin:0;padding-left:12px;white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>`,
      ),
    });
    return c.json({ success: true as const, message: CONTACT_MESSAGES.success });
  },
);
