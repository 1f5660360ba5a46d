// The mail module owns email_outbox. It offers the one way the shop sends mail: statements that
// queue a mail inside another module's batch, sending after the response, retries, and every
// template.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "../../db/columns";

/** Transactional mail (orders, resets, confirmations) is retried before marketing mail. */
export const EMAIL_KINDS = ["transactional", "marketing"] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * Every mail the shop sends, whatever the transport: the development mailbox reads it. "queued" is
 * pending: sent at once, then retried by the cron with backoff (modules/mail/outbox.ts). In production
 * the bodies are removed once a mail is sent or given up (`redacted_at`).
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    replyTo: text("reply_to"),
    /** Extra mail headers as JSON (a marketing mail's List-Unsubscribe), removed with the body. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull().default("transactional"),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    /** Sending attempts so far; each claim counts one. */
    attempts: integer("attempts").notNull().default(0),
    /** The last attempt's error. */
    error: text("error"),
    /**
     * When a queued mail may next be tried; 0 is at once. A claim pushes it forward, so no other
     * run takes the mail meanwhile. (SQLite cannot add a column whose default is the clock.)
     */
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull().default(sql`0`),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    redactedAt: integer("redacted_at", { mode: "timestamp_ms" }),
    /** The order a mail is about, for the order's timeline in the back-office. */
    orderId: text("order_id"),
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt),
    index("email_outbox_order_idx").on(t.orderId),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
