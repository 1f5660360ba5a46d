// The messages module owns the contact form's messages (contact_messages) and the owner's replies
// (contact_replies). It offers the contact form's write and the back-office's inbox.
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { MESSAGE_STATUSES } from "../../contracts/admin-inbox";
import { belongsTo, createdAt, inList, normalisedEmail, pointsTo } from "../../db/columns";
import { users } from "../identity/schema";

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    /** The inbox's state: new until the owner replies or closes it. */
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("new"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_status_idx").on(t.status, t.createdAt),
    normalisedEmail("contact_messages", "email"),
    check("contact_messages_status_valid", inList("status", MESSAGE_STATUSES)),
  ],
);

/** The owner's replies to a contact message, each mailed to its sender. Never updated. */
export const contactReplies = sqliteTable(
  "contact_replies",
  {
    id: text("id").primaryKey(),
    messageId: belongsTo("message_id", () => contactMessages.id),
    body: text("body").notNull(),
    actorId: pointsTo("actor_id", () => users.id),
    actorEmail: text("actor_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);
