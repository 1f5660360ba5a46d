// The newsletter module owns newsletter_subscribers. It offers the double opt-in subscription,
// confirmation and unsubscription, and the confirmed subscribers' list.
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, normalisedEmail } from "../../db/columns";

export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** SHA-256 of the token in the unsubscribe link. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    /** Double opt-in: a subscriber is a row confirmed and not unsubscribed; null until confirmed. */
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    /** SHA-256 of the token in the latest confirmation link (kept after use: a second click is told). */
    confirmTokenHash: text("confirm_token_hash"),
    /** When the latest confirmation mail was sent: at most one a day, its link valid for a week. */
    confirmSentAt: integer("confirm_sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(t.email),
    uniqueIndex("newsletter_subscribers_token_unique").on(t.unsubscribeTokenHash),
    uniqueIndex("newsletter_subscribers_confirm_token_unique").on(t.confirmTokenHash),
    normalisedEmail("newsletter_subscribers", "email"),
  ],
);
