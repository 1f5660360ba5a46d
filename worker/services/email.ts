// The one way the shop sends mail. Every message is recorded in the email outbox; in production it
// then goes out through Resend's HTTP API, in development and tests it is printed to the console and
// stays readable at /dev/mailbox. Sending runs after the response (waitUntil), never before it.
// What each mail says is services/email-templates.ts.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailOutbox } from "../db/schema";
import type { Bindings } from "../env";
import { newId } from "../lib/ids";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

const RESEND_ENDPOINT = "https://api.resend.com/emails";

async function deliverThroughResend(env: Bindings, message: EmailMessage): Promise<void> {
  const res = await fetch(RESEND_ENDPOINT, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.RESEND_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      from: env.EMAIL_FROM,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      reply_to: message.replyTo,
    }),
  });
  if (!res.ok)
    throw new Error(`Resend answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}

/** Records and sends one message; failures are recorded on the outbox row, never thrown. */
export async function sendEmail(env: Bindings, db: Db, message: EmailMessage): Promise<void> {
  const id = newId();
  const { to, subject, text, html } = message;
  await db.insert(emailOutbox).values({ id, to, subject, text, html });
  await deliverQueuedEmail(env, db, id, message);
}

/** Sends a message already recorded in the outbox under `id`, and records the outcome. */
export async function deliverQueuedEmail(
  env: Bindings,
  db: Db,
  id: string,
  message: EmailMessage,
): Promise<void> {
  try {
    if (env.ENVIRONMENT === "production") {
      await deliverThroughResend(env, message);
    } else if (env.ENVIRONMENT === "development") {
      console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
    }
    await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(emailOutbox.id, id));
  } catch (err) {
    console.error(`[mail] sending ${id} failed`, err);
    await db
      .update(emailOutbox)
      .set({ status: "failed", error: String(err).slice(0, 500) })
      .where(eq(emailOutbox.id, id));
  }
}

/** Sends after the response has gone: the caller never waits for mail. */
export function sendEmailLater(
  ctx: ExecutionContext,
  env: Bindings,
  db: Db,
  message: EmailMessage,
): void {
  ctx.waitUntil(sendEmail(env, db, message));
}
