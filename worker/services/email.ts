// The one way the shop sends mail. Every message is recorded in the email outbox; in production it
// then goes out through Resend's HTTP API, in development and tests it is printed to the console and
// stays readable at /dev/mailbox. Sending runs after the response (waitUntil), never before it.
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
  await db.insert(emailOutbox).values({ id, ...outboxColumns(message) });
  await deliverQueuedEmail(env, db, id, message);
}

/** The outbox row of a message, for callers that write it in their own batch. */
export const outboxColumns = (message: EmailMessage) => ({
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
});

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

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML mail bodies: everything a visitor typed goes through here. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => entities[ch] ?? ch);

/** The shop's mail layout around a body of trusted HTML. */
export function emailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#fff6e8;font-family:Georgia,serif;color:#2b1320">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;border-top:6px solid #b87333">
<tr><td style="padding:28px 32px"><p style="margin:0 0 4px;color:#8c4a22;font-size:13px;letter-spacing:2px">TAMRA &amp; TARA</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>${bodyHtml}</td></tr>
</table><p style="color:#6b4b3e;font-size:12px">Tamra &amp; Tara · Brisbane, Queensland, Australia</p></td></tr></table>
</body></html>`;
}
