// Customer care: the contact form's messages, newest first, 20 a page, by status
// (GET /api/admin/messages), on the list kit. Choosing one shows all of it with the replies so
// far, a reply that is mailed to the sender and kept here, and Close / Reopen; the open message
// lives in the address too. Wide screens show the list beside the message; phones show one at a
// time. The newsletter's confirmed subscribers export from here as CSV.
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { toast } from "react-toastify";
import * as v from "valibot";
import {
  ADMIN_MESSAGES_PAGE_SIZE,
  type ContactMessageDto,
  INBOX_MESSAGES,
  MAX_REPLY_LENGTH,
  MessageListQuery,
  type MessageStatus,
  ReplySchema,
} from "../../../worker/contracts/admin-inbox";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { Facts } from "../../components/facts";
import { FormActions, TextField } from "../../components/form-kit";
import { useForm } from "../../lib/use-form";
import { ActionButton } from "../components/action-button";
import { DataList, paged, statusTabs } from "../components/data-list";
import { PageHeader } from "../components/page-header";
import { StatusPill, type StatusWords } from "../components/pill";
import { reportAdminFailure } from "../lib/admin-api";
import { useAdminTitle } from "../lib/use-admin-title";
import { useList } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { downloadSubscribers, fetchMessages, replyToMessage, setMessageStatus } from "./api";
import "./inbox.css";

const MESSAGE_STATUS_WORDS: Record<MessageStatus, StatusWords> = {
  new: { label: "New", tone: "new" },
  replied: { label: "Replied", tone: "ok" },
  closed: { label: "Closed", tone: "muted" },
};

/** The inbox's address: the list's own query and the open message. */
const InboxQuery = v.object({ ...MessageListQuery.entries, id: v.optional(v.string()) });

const fullName = (message: ContactMessageDto) =>
  `${message.firstName} ${message.lastName}`.trim() || message.email;

/** The message's first line that has words, for the list. */
const firstLine = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .find(Boolean) ?? "";

export function InboxScreen() {
  useAdminTitle("Inbox");
  const { query, list } = useList(InboxQuery, fetchMessages, {
    path: adminPaths.inbox,
    view: ["id"],
    failed: "The messages could not be loaded.",
  });
  const { id } = query.params;
  const saved = (message: ContactMessageDto) => {
    if (list.status !== "loaded") return;
    list.replace({
      ...list.data,
      messages: list.data.messages.map((m) => (m._id === message._id ? message : m)),
    });
  };
  const openOf = (messages: ContactMessageDto[]) =>
    (id && messages.find((m) => m._id === id)) || null;

  return (
    <div className="admin-screen">
      <PageHeader
        title="Inbox"
        actions={
          <ActionButton
            run={downloadSubscribers}
            failed="The subscribers could not be exported."
            busyLabel="Exporting…"
          >
            Export subscribers (CSV)
          </ActionButton>
        }
      >
        <p className="admin-muted">Messages from the contact form, newest first.</p>
      </PageHeader>
      <DataList
        query={query}
        noun="message"
        tabs={statusTabs(MESSAGE_STATUS_WORDS)}
        {...paged(list, (answer) => answer.messages, ADMIN_MESSAGES_PAGE_SIZE)}
        countSuffix={(params) => (params.status ? ` ${params.status}` : "")}
        className={(answer) => (openOf(answer.messages) ? "inbox has-open" : "inbox")}
        empty={(params) => ({
          title: params.status ? `No ${params.status} messages.` : "No messages yet.",
        })}
        aside={(answer) => {
          const open = openOf(answer.messages);
          if (open) {
            return (
              <MessageView
                key={open._id}
                message={open}
                back={query.address({ id: undefined })}
                onSaved={saved}
              />
            );
          }
          return answer.messages.length > 0 ? (
            <p className="inbox-placeholder admin-muted">
              {id
                ? "That message is not on this page or under this filter."
                : "Choose a message to read it and reply."}
            </p>
          ) : null;
        }}
      >
        {(messages, pending) => (
          <ul className={pending ? "inbox-messages is-pending" : "inbox-messages"}>
            {messages.map((message) => (
              <li key={message._id}>
                <Link
                  to={query.address({ id: message._id })}
                  className="inbox-item"
                  aria-current={id === message._id ? "true" : undefined}
                >
                  <span className="inbox-item-head">
                    <span className="inbox-item-name">{fullName(message)}</span>
                    <StatusPill status={message.status} words={MESSAGE_STATUS_WORDS} />
                  </span>
                  <span className="inbox-item-meta">
                    <span className="admin-break">{message.email}</span>
                    <time dateTime={message.createdAt}>{formatShopMoment(message.createdAt)}</time>
                  </span>
                  <span className="inbox-item-preview">{firstLine(message.message)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </DataList>
    </div>
  );
}

function MessageView({
  message,
  back,
  onSaved,
}: {
  message: ContactMessageDto;
  back: string;
  onSaved: (message: ContactMessageDto) => void;
}) {
  const titleId = `message-${message._id}`;
  const title = useRef<HTMLHeadingElement>(null);
  // Opening a message takes the reader to it: on phones the list it was chosen from goes away.
  useEffect(() => title.current?.focus(), []);

  const move = async (status: MessageStatus) => {
    const answer = await setMessageStatus(message._id, status);
    onSaved(answer.contactMessage);
    toast.success(answer.message);
  };
  const closed = message.status === "closed";

  return (
    <article className="admin-card inbox-message" aria-labelledby={titleId}>
      <Link to={back} className="admin-back inbox-back">
        ← All messages
      </Link>
      <header className="inbox-message-head">
        <div className="inbox-message-who">
          <h2 id={titleId} ref={title} className="admin-card-title" tabIndex={-1}>
            {fullName(message)}
          </h2>
          <StatusPill status={message.status} words={MESSAGE_STATUS_WORDS} />
        </div>
        <Facts
          className="inbox-contact"
          facts={[
            { term: "Email", value: <a href={`mailto:${message.email}`}>{message.email}</a> },
            {
              term: "Phone",
              value: message.phone ? (
                <a href={`tel:${message.phone.replace(/[^0-9+]/g, "")}`}>{message.phone}</a>
              ) : (
                <span className="admin-muted">Not given</span>
              ),
            },
            {
              term: "Received",
              value: (
                <time dateTime={message.createdAt}>{formatShopMoment(message.createdAt)}</time>
              ),
            },
          ]}
        />
      </header>
      <p className="inbox-text">{message.message}</p>

      <section className="inbox-replies" aria-labelledby={`${titleId}-replies`}>
        <h3 id={`${titleId}-replies`} className="inbox-subtitle">
          {message.replies.length > 0 ? `Replies (${message.replies.length})` : "Replies"}
        </h3>
        {message.replies.length === 0 ? (
          <p className="admin-muted">No reply yet.</p>
        ) : (
          <ol className="inbox-reply-list">
            {message.replies.map((reply) => (
              <li key={reply._id} className="inbox-reply">
                <p className="inbox-reply-meta">
                  <span className="inbox-reply-who">{reply.actorEmail}</span>
                  <time dateTime={reply.createdAt}>{formatShopMoment(reply.createdAt)}</time>
                </p>
                <p className="inbox-text">{reply.message}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ReplyForm message={message} onSent={onSaved} />

      <div className="inbox-status-actions">
        <ActionButton
          className="button button-ghost button-small"
          run={() => move(closed ? "new" : "closed")}
          failed="The message's status could not be changed."
        >
          {closed ? "Reopen" : "Mark closed"}
        </ActionButton>
        <span className="field-hint">
          {closed ? "Reopening marks it new again." : "Closing files it away without a reply."}
        </span>
      </div>
    </article>
  );
}

function ReplyForm({
  message,
  onSent,
}: {
  message: ContactMessageDto;
  onSent: (message: ContactMessageDto) => void;
}) {
  const form = useForm({ message: "" }, ReplySchema);
  const onSubmit = form.submit(async (input) => {
    try {
      const answer = await replyToMessage(message._id, input);
      form.reset({ message: "" });
      onSent(answer.contactMessage);
      toast.success(INBOX_MESSAGES.replySent);
    } catch (error) {
      if (!form.showServerErrors(error)) reportAdminFailure(error, "The reply could not be sent.");
    }
  });
  return (
    <form ref={form.formRef} className="form inbox-reply-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Reply"
        multiline
        rows={6}
        {...form.field("message")}
        maxLength={MAX_REPLY_LENGTH}
        hint={`Emailed to ${message.email} and kept with the message.`}
      />
      <FormActions sending={form.sending} sendingLabel="Sending…">
        Send reply
      </FormActions>
    </form>
  );
}
