// Customer care (README, back-office): the contact form's messages, replies and their status, and
// the newsletter's confirmed subscribers as CSV.
import type * as v from "valibot";
import type {
  ContactMessageResponse,
  MessageListQuery,
  MessageListResponse,
  MessageStatus,
} from "../../../worker/contracts/admin-inbox";
import { download, fetchList, post, recordPath } from "../lib/admin-api";

export type MessageListParams = Partial<v.InferOutput<typeof MessageListQuery>>;

export const fetchMessages = (params: MessageListParams, signal?: AbortSignal) =>
  fetchList<MessageListResponse>("/api/admin/messages", params, signal);

const messagePath = (messageId: string) => recordPath("messages", messageId);

/** Mailed to the sender and kept with the message, which comes back with it (status replied). */
export const replyToMessage = (messageId: string, input: { message: string }) =>
  post<ContactMessageResponse>(`${messagePath(messageId)}/reply`, input);

export const setMessageStatus = (messageId: string, status: MessageStatus) =>
  post<ContactMessageResponse>(messagePath(messageId), { status });

/** The newsletter's confirmed subscribers. */
export const downloadSubscribers = () => download("/api/admin/subscribers.csv", "subscribers.csv");
