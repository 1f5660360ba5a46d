// The one way the shop sends mail. Every message is recorded in the email outbox first; in
// production it then goes out through Resend's HTTP API, in development and tests it is printed to
// the console and stays readable at /dev/mailbox. Sending runs after the response (waitUntil).
// A failed send stays queued and the cron retries it with backoff, transactional mail first, until
// MAX_ATTEMPTS; each attempt is claimed by one conditional UPDATE, so no mail goes out twice.
// What each mail says is modules/mail/templates.ts.

import { and, asc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dbNowMs } from "../../db/columns";
import type { Bindings } from "../../env";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import type { creatorProfiles } from "../creators/schema";
import type { users } from "../identity/schema";
import { orders } from "../orders/schema";
import type { payouts } from "../payouts/schema";
import { type EmailKind, emailOutbox } from "./schema";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers, such as a marketing mail's one-click unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /** Transactional unless said otherwise; marketing mail waits behind it on retries. */
  kind?: EmailKind;
  /** The order the mail is about: it then shows on the order's timeline in the back-office. */
  orderId?: string;
}

const RESEND_ORIGIN = "https://api.resend.com";

/** Attempts before a mail is given up as failed: the first at once, five retries over about a day. */
export const MAX_ATTEMPTS = 6;
const MINUTE_MS = 60_000;
/** The wait after the nth failed attempt (the hourly cron picks a mail up at its next run after). */
export const RETRY_DELAYS_MS = [15, 60, 120, 240, 480].map((m) => m * MINUTE_MS);
/** Mails one cron run claims at most (each is one HTTP call; a run has minutes, not hours). */
const RETRY_BATCH = 50;

/** What a production outbox row keeps of a body once the mail is sent or given up. */
export const REDACTED_BODY = "[removed after delivery]";

const retryDelay = (attempt: number) =>
  RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0] ?? MINUTE_MS;

/**
 * Resend in production; also anywhere EMAIL_API_BASE points at a stand-in (the tests' way to see
 * and fail sends). Elsewhere the mail is printed (development) or only recorded (tests).
 */
async function deliver({ env }: Pick<Deps, "env">, message: EmailMessage): Promise<void> {
  if (env.ENVIRONMENT !== "production" && !env.EMAIL_API_BASE) {
    if (env.ENVIRONMENT === "development")
      console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
    return;
  }
  const res = await fetch(`${env.EMAIL_API_BASE ?? RESEND_ORIGIN}/emails`, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.RESEND_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      from: env.EMAIL_FROM,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      reply_to: message.replyTo,
      headers: message.headers,
    }),
  });
  if (!res.ok)
    throw new Error(`Resend answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}

/**
 * Production keeps no reset links, tokens, invoice links or addresses in stored bodies once they
 * are no longer needed to send: a queued mail keeps its body (a retry must send it), a sent or
 * given-up one loses it in the same statement that records the outcome. Development keeps bodies
 * for the mailbox.
 */
const finalBody = (env: Bindings, now: number) =>
  env.ENVIRONMENT === "production"
    ? { text: REDACTED_BODY, html: "", headers: null, redactedAt: new Date(now) }
    : {};

/** Records and sends one message; failures are recorded on the outbox row, never thrown. */
export async function sendEmail(
  { env, db }: Pick<Deps, "env" | "db">,
  message: EmailMessage,
): Promise<void> {
  await sendEmailOnce({ env, db }, newId(), message);
}

/**
 * sendEmail under an outbox id the caller derives from what the mail is about (stableId): the
 * first call records and sends it, any later call with the same id finds the row taken and does
 * nothing, however many race. True when this call recorded the mail.
 */
export async function sendEmailOnce(
  { env, db }: Pick<Deps, "env" | "db">,
  id: string,
  message: EmailMessage,
  now = Date.now(),
): Promise<boolean> {
  const { to, subject, text, html, replyTo, headers, kind = "transactional", orderId } = message;
  const [recorded] = await db
    .insert(emailOutbox)
    .values({ id, to, subject, text, html, replyTo, headers, kind, orderId })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  if (!recorded) return false;
  await deliverQueuedEmail({ env, db }, id, message, now);
  return true;
}

/**
 * The first attempt at a message already recorded in the outbox under `id`. It goes out only if
 * this call claims it (no attempt yet): a cron run that got there first has sent it already.
 */
export async function deliverQueuedEmail(
  { env, db }: Pick<Deps, "env" | "db">,
  id: string,
  message: EmailMessage,
  now = Date.now(),
): Promise<void> {
  const claimed = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now + retryDelay(1)),
    })
    .where(
      and(eq(emailOutbox.id, id), eq(emailOutbox.status, "queued"), eq(emailOutbox.attempts, 0)),
    )
    .returning({ attempts: emailOutbox.attempts });
  const attempt = claimed[0]?.attempts;
  if (attempt === undefined) return;
  await attemptDelivery({ env, db }, id, attempt, message, now);
}

/** One attempt whose claim this caller holds; records sent, or the error and what comes next. */
async function attemptDelivery(
  { env, db }: Pick<Deps, "env" | "db">,
  id: string,
  attempt: number,
  message: EmailMessage,
  now: number,
): Promise<boolean> {
  try {
    await deliver({ env }, message);
  } catch (err) {
    console.error(`[mail] attempt ${attempt} at ${id} failed`, err);
    const giveUp = attempt >= MAX_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set({
        error: String(err).slice(0, 500),
        ...(giveUp ? { status: "failed" as const, ...finalBody(env, now) } : {}),
      })
      .where(eq(emailOutbox.id, id));
    return false;
  }
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date(now), error: null, ...finalBody(env, now) })
    .where(eq(emailOutbox.id, id));
  return true;
}

/**
 * The cron's retry run: claims the queued mails that are due, transactional first and oldest due
 * first, in one conditional UPDATE (a concurrent run finds them claimed: their next attempt moved
 * forward), then tries each in that order. Returns how many went out and how many failed again.
 */
export async function retryDueEmails(
  { env, db }: Pick<Deps, "env" | "db">,
  now = Date.now(),
): Promise<{ sent: number; failed: number }> {
  const due = and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, new Date(now)));
  const order = [
    sql`CASE ${emailOutbox.kind} WHEN 'transactional' THEN 0 ELSE 1 END`,
    asc(emailOutbox.nextAttemptAt),
    asc(emailOutbox.createdAt),
  ];
  const claimed = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      // The backoff after this attempt, should it fail: the row is not due again before then.
      nextAttemptAt: sql`${now} + CASE ${sql.join(
        RETRY_DELAYS_MS.map((ms, i) => sql`WHEN ${emailOutbox.attempts} + 1 = ${i + 1} THEN ${ms}`),
        sql` `,
      )} ELSE ${RETRY_DELAYS_MS.at(-1) ?? 0} END`,
    })
    .where(
      and(
        due,
        inArray(
          emailOutbox.id,
          db
            .select({ id: emailOutbox.id })
            .from(emailOutbox)
            .where(due)
            .orderBy(...order)
            .limit(RETRY_BATCH),
        ),
      ),
    )
    .returning();
  const rank = (kind: EmailKind) => (kind === "transactional" ? 0 : 1);
  claimed.sort(
    (a, b) =>
      rank(a.kind) - rank(b.kind) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id.localeCompare(b.id),
  );
  let sent = 0;
  for (const row of claimed) {
    const { to, subject, text, html } = row;
    const message = {
      to,
      subject,
      text,
      html,
      replyTo: row.replyTo ?? undefined,
      headers: row.headers ?? undefined,
    };
    if (await attemptDelivery({ env, db }, row.id, row.attempts, message, now)) sent++;
  }
  return { sent, failed: claimed.length - sent };
}

/** Sends after the response has gone: the caller never waits for mail. */
export function sendEmailLater(
  { ctx, env, db }: Pick<Deps, "ctx" | "env" | "db">,
  message: EmailMessage,
): void {
  ctx.waitUntil(sendEmail({ env, db }, message));
}

/**
 * The insert of a mail into the outbox under `id`, for a batch: one row when `condition` (about
 * `about`, naming one row of it: an order by default, a creator's profile, a payout or an
 * account) holds when it runs, none otherwise, and none if the id is taken. The caller sends it
 * with deliverQueuedEmail once the batch shows its change happened.
 */
export function queueMailIf(
  db: Db,
  id: string,
  mail: EmailMessage,
  condition: SQL | undefined,
  about: typeof orders | typeof creatorProfiles | typeof payouts | typeof users = orders,
) {
  return db
    .insert(emailOutbox)
    .select(
      db
        .select({
          id: sql`${id}`.as("id"),
          to: sql`${mail.to}`.as("to"),
          subject: sql`${mail.subject}`.as("subject"),
          text: sql`${mail.text}`.as("text"),
          html: sql`${mail.html}`.as("html"),
          replyTo: sql`${mail.replyTo ?? null}`.as("reply_to"),
          headers: sql`${mail.headers ? JSON.stringify(mail.headers) : null}`.as("headers"),
          kind: sql`${mail.kind ?? "transactional"}`.as("kind"),
          status: sql`'queued'`.as("status"),
          attempts: sql`0`.as("attempts"),
          error: sql`NULL`.as("error"),
          // Due at once: the first attempt follows the batch, the cron retries it if that fails.
          nextAttemptAt: sql`0`.as("next_attempt_at"),
          createdAt: dbNowMs.as("created_at"),
          sentAt: sql`NULL`.as("sent_at"),
          redactedAt: sql`NULL`.as("redacted_at"),
          orderId: sql`${mail.orderId ?? null}`.as("order_id"),
        })
        .from(about)
        .where(condition),
    )
    .onConflictDoNothing();
}

/** Retention's daily statement: outbox rows written before `before` (their ids returned). */
export const pruneOutboxStatement = (db: Db, before: Date) =>
  db
    .delete(emailOutbox)
    .where(lte(emailOutbox.createdAt, before))
    .returning({ id: emailOutbox.id });

/**
 * The insert of a transactional mail into the outbox under `id`, for a batch whose change is
 * certain (no condition): the caller sends it with deliverQueuedEmail after the batch.
 */
export const queueMailStatement = (db: Db, id: string, mail: EmailMessage) =>
  db.insert(emailOutbox).values({
    id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo,
    kind: "transactional",
  });

/** Removes the mail about the orders `orders` selects, then every mail to these addresses. */
export const forgetMailStatements = (db: Db, whose: { orders: SQL | undefined; to: string[] }) =>
  [
    db
      .delete(emailOutbox)
      .where(
        inArray(emailOutbox.orderId, db.select({ id: orders.id }).from(orders).where(whose.orders)),
      ),
    db.delete(emailOutbox).where(inArray(emailOutbox.to, whose.to)),
  ] as const;
