// The back-office's customer care inbox: contact messages with their replies, the owner's reply
// (stored, audited and queued for mail in one batch, then sent) and status changes.

import { asc, count, desc, eq, inArray } from "drizzle-orm";
import {
  ADMIN_MESSAGES_PAGE_SIZE,
  type ContactMessageDto,
  type ContactReplyDto,
  INBOX_MESSAGES,
  type MessageStatus,
} from "../../contracts/admin-inbox";
import { notFound } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { auditStatement } from "../audit/audit";
import { deliverQueuedEmail, queueMailStatement } from "../mail/outbox";

import { contactReplyEmail } from "../mail/templates";
import { contactMessages, contactReplies } from "./schema";

type MessageRow = typeof contactMessages.$inferSelect;
type ReplyRow = typeof contactReplies.$inferSelect;

const messageNotFound = () => notFound(INBOX_MESSAGES.notFound, "message_not_found");

const toReplyDto = (r: ReplyRow): ContactReplyDto => ({
  _id: r.id,
  message: r.body,
  actorEmail: r.actorEmail,
  createdAt: r.createdAt.toISOString(),
});

const toMessageDto = (m: MessageRow, replies: ReplyRow[]): ContactMessageDto => ({
  _id: m.id,
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  phone: m.phone,
  message: m.message,
  status: m.status,
  createdAt: m.createdAt.toISOString(),
  replies: replies.map(toReplyDto),
});

/** The replies to each of `messageIds`, oldest first. */
async function repliesOf(
  { db }: Pick<Deps, "db">,
  messageIds: string[],
): Promise<Map<string, ReplyRow[]>> {
  const byMessage = new Map<string, ReplyRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(contactReplies)
    .where(inArray(contactReplies.messageId, messageIds))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push(row);
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** A page of messages, newest first, of one status or all, each with its replies. */
export async function listMessages(
  { db }: Pick<Deps, "db">,
  { status, page }: { status?: MessageStatus; page: number },
): Promise<{ messages: ContactMessageDto[]; total: number }> {
  const filter = status ? eq(contactMessages.status, status) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(filter)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(ADMIN_MESSAGES_PAGE_SIZE)
      .offset((page - 1) * ADMIN_MESSAGES_PAGE_SIZE),
    db.select({ total: count() }).from(contactMessages).where(filter),
  ]);
  const replies = await repliesOf(
    { db },
    rows.map((r) => r.id),
  );
  return {
    messages: rows.map((r) => toMessageDto(r, replies.get(r.id) ?? [])),
    total: totalRow?.total ?? 0,
  };
}

async function messageRow({ db }: Pick<Deps, "db">, id: string): Promise<MessageRow> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw messageNotFound();
  return row;
}

/** One message with its replies; 404 when there is none. */
export async function getMessage({ db }: Pick<Deps, "db">, id: string): Promise<ContactMessageDto> {
  const row = await messageRow({ db }, id);
  const replies = await repliesOf({ db }, [id]);
  return toMessageDto(row, replies.get(id) ?? []);
}

/**
 * The owner's reply: the reply row, the message marked replied, the audit entry and the mail to
 * the sender land in one batch, so a stored reply is always a queued mail (the cron retries a send
 * that fails). The first attempt is handed to `later` (the request's waitUntil).
 */
export async function replyToMessage(
  { env, db, actor }: Pick<Deps, "env" | "db" | "actor">,
  id: string,
  body: string,
  later: (work: Promise<unknown>) => void,
): Promise<ContactMessageDto> {
  const message = await messageRow({ db }, id);
  const replyId = newId();
  const mailId = newId();
  const mail = contactReplyEmail(env.SHOP_INBOX_EMAIL, message, body);
  await db.batch([
    db.insert(contactReplies).values({
      id: replyId,
      messageId: id,
      body,
      actorId: actor.id,
      actorEmail: actor.email,
    }),
    db.update(contactMessages).set({ status: "replied" }).where(eq(contactMessages.id, id)),
    auditStatement(db, actor, {
      entity: "message",
      entityId: id,
      action: "reply",
      before: { status: message.status },
      after: { status: "replied", replyId, to: message.email },
    }),
    queueMailStatement(db, mailId, mail),
  ]);
  later(deliverQueuedEmail({ env, db }, mailId, mail));
  return getMessage({ db }, id);
}

/** Sets a message's status by hand, audited with its status before and after. */
export async function setMessageStatus(
  { db, actor }: Pick<Deps, "db" | "actor">,
  id: string,
  status: MessageStatus,
): Promise<ContactMessageDto> {
  const message = await messageRow({ db }, id);
  if (message.status !== status) {
    await db.batch([
      db.update(contactMessages).set({ status }).where(eq(contactMessages.id, id)),
      auditStatement(db, actor, {
        entity: "message",
        entityId: id,
        action: "status",
        before: { status: message.status },
        after: { status },
      }),
    ]);
  }
  return getMessage({ db }, id);
}

/** Messages waiting for the owner: the dashboard's count. */
export async function newMessageCount({ db }: Pick<Deps, "db">): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.status, "new"));
  return row?.n ?? 0;
}
