// The back-office's customer care inbox (README, back-office): contact messages, the owner's
// replies, and the newsletter's confirmed subscribers as CSV.
import * as v from "valibot";
import { PageQuery } from "./admin";
import { fieldsObject } from "./admin-catalogue";
import { writtenText } from "./fields";

/** new until the owner replies (replied) or closes it (closed); either may be set by hand. */
export const MESSAGE_STATUSES = ["new", "replied", "closed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const ADMIN_MESSAGES_PAGE_SIZE = 20;
export const MAX_REPLY_LENGTH = 5000;

/** GET /api/admin/messages?status=&page= (no status: every message, newest first). */
export const MessageListQuery = v.object({
  status: v.optional(
    v.picklist(MESSAGE_STATUSES, `status must be one of ${MESSAGE_STATUSES.join(", ")}`),
  ),
  page: PageQuery,
});

/** POST /api/admin/messages/:id/reply */
export const ReplySchema = fieldsObject(
  {
    message: writtenText("message", MAX_REPLY_LENGTH, "Write the reply first"),
  },
  "reply",
);

/** POST /api/admin/messages/:id */
export const MessageStatusSchema = fieldsObject(
  {
    status: v.picklist(MESSAGE_STATUSES, `status must be one of ${MESSAGE_STATUSES.join(", ")}`),
  },
  "message",
);

export const INBOX_MESSAGES = {
  notFound: "Message not found",
  replySent: "Reply sent",
} as const;

export interface ContactReplyDto {
  _id: string;
  message: string;
  actorEmail: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface ContactMessageDto {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  message: string;
  status: MessageStatus;
  createdAt: string;
  replies: ContactReplyDto[];
}

export interface MessageListResponse {
  success: true;
  messages: ContactMessageDto[];
  total: number;
}

export interface ContactMessageResponse {
  success: true;
  message: string;
  contactMessage: ContactMessageDto;
}
