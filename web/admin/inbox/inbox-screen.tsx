// Customer care: the contact form's messages, newest first, 20 a page, by status
// (GET /api/admin/messages). Choosing one shows all of it with the replies so far, a reply that is
// mailed to the sender and kept here, and Close / Reopen. The status, the page and the open message
// live in the address. Wide screens show the list beside the message; phones show one at a time.
// The newsletter's confirmed subscribers export from here as CSV.
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import {
  ADMIN_MESSAGES_PAGE_SIZE,
  type ContactMessageDto,
  INBOX_MESSAGES,
  MAX_REPLY_LENGTH,
  MESSAGE_STATUSES,
  type MessageListResponse,
  type MessageStatus,
  ReplySchema,
} from "../../../worker/contracts/admin-inbox";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { TextField } from "../../components/form-kit";
import { useForm } from "../../lib/use-form";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { Pager } from "../components/pager";
import { reportAdminFailure } from "../lib/admin-api";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import {
  downloadSubscribers,
  fetchMessages,
  type MessageListParams,
  replyToMessage,
  setMessageStatus,
} from "./api";
import "./inbox.css";

const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  new: "New",
  replied: "Replied",
  closed: "Closed",
};

const isStatus = (value: string | null): value is MessageStatus =>
  (MESSAGE_STATUSES as readonly string[]).includes(value ?? "");

interface InboxParams extends MessageListParams {
  /** The open message. */
  id?: string | undefined;
}

function readParams(search: URLSearchParams): InboxParams {
  const status = search.get("status");
  const page = Number(search.get("page") ?? "1");
  return {
    status: isStatus(status) ? status : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    id: search.get("id") || undefined,
  };
}

/** The inbox's address with some of its parameters changed; a new filter starts at page 1. */
function inboxAddress(current: InboxParams, change: Partial<InboxParams>): string {
  const next = { ...current, ...change };
  const search = new URLSearchParams();
  if (next.status) search.set("status", next.status);
  if (next.page && next.page > 1) search.set("page", String(next.page));
  if (next.id) search.set("id", next.id);
  const text = search.toString();
  return text ? `${adminPaths.inbox}?${text}` : adminPaths.inbox;
}

const FILTERS: { status: MessageStatus | undefined; label: string }[] = [
  { status: undefined, label: "All" },
  ...MESSAGE_STATUSES.map((status) => ({ status, label: MESSAGE_STATUS_LABELS[status] })),
];

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
  const [search] = useSearchParams();
  const params = readParams(search);
  const list = useLoad((signal) => fetchMessages(params, signal), {
    key: inboxAddress(params, { id: undefined }),
    keepWhileReloading: true,
    failure: { fallback: "The messages could not be loaded.", toast: false },
  });

  const saved = (message: ContactMessageDto) => {
    if (list.status !== "loaded") return;
    list.replace({
      ...list.data,
      messages: list.data.messages.map((m) => (m._id === message._id ? message : m)),
    });
  };

  const open =
    list.status === "loaded" && params.id
      ? (list.data.messages.find((m) => m._id === params.id) ?? null)
      : null;

  return (
    <div className="admin-screen">
      <PageHeader title="Inbox" actions={<ExportSubscribers />}>
        <p className="admin-muted">Messages from the contact form, newest first.</p>
      </PageHeader>
      <nav className="admin-filters" aria-label="Filter by status">
        {FILTERS.map(({ status, label }) => (
          <Link
            key={label}
            to={inboxAddress(params, { status, page: 1, id: undefined })}
            className="admin-filter"
            aria-current={params.status === status ? "true" : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      {list.status === "loading" ? (
        <Loading label="Loading messages…" />
      ) : list.status === "failed" ? (
        <LoadFailed message={list.message} onRetry={list.reload} />
      ) : (
        <div className={open ? "inbox has-open" : "inbox"}>
          <MessageList answer={list.data} params={params} pending={list.pending} />
          {open ? (
            <MessageView
              key={open._id}
              message={open}
              back={inboxAddress(params, { id: undefined })}
              onSaved={saved}
            />
          ) : list.data.messages.length > 0 ? (
            <p className="inbox-placeholder admin-muted">
              {params.id
                ? "That message is not on this page or under this filter."
                : "Choose a message to read it and reply."}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

function MessageList({
  answer,
  params,
  pending,
}: {
  answer: MessageListResponse;
  params: InboxParams;
  pending: boolean;
}) {
  const { messages, total } = answer;
  const page = params.page ?? 1;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_MESSAGES_PAGE_SIZE));
  if (messages.length === 0) {
    return (
      <div className="admin-empty inbox-list">
        <p>
          {params.status
            ? `No ${MESSAGE_STATUS_LABELS[params.status].toLowerCase()} messages.`
            : "No messages yet."}
        </p>
      </div>
    );
  }
  return (
    <div className="inbox-list">
      <p className="admin-count" aria-live="polite">
        {plural(total, "message")}
        {params.status ? ` ${MESSAGE_STATUS_LABELS[params.status].toLowerCase()}` : ""}
      </p>
      <ul className={pending ? "inbox-messages is-pending" : "inbox-messages"}>
        {messages.map((message) => (
          <li key={message._id}>
            <Link
              to={inboxAddress(params, { id: message._id })}
              className="inbox-item"
              aria-current={params.id === message._id ? "true" : undefined}
            >
              <span className="inbox-item-head">
                <span className="inbox-item-name">{fullName(message)}</span>
                <MessageStatusPill status={message.status} />
              </span>
              <span className="inbox-item-meta">
                <span className="inbox-item-email">{message.email}</span>
                <time dateTime={message.createdAt}>{formatShopMoment(message.createdAt)}</time>
              </span>
              <span className="inbox-item-preview">{firstLine(message.message)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pageCount={pageCount}
        hasNext={page < pageCount}
        to={(target) => inboxAddress(params, { page: target, id: undefined })}
      />
    </div>
  );
}

function MessageStatusPill({ status }: { status: MessageStatus }) {
  return (
    <span className={`admin-pill inbox-pill is-${status}`}>{MESSAGE_STATUS_LABELS[status]}</span>
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
  const [moving, setMoving] = useState(false);
  const titleId = `message-${message._id}`;
  const title = useRef<HTMLHeadingElement>(null);
  // Opening a message takes the reader to it: on phones the list it was chosen from goes away.
  useEffect(() => title.current?.focus(), []);

  const move = async (status: MessageStatus) => {
    setMoving(true);
    try {
      const answer = await setMessageStatus(message._id, status);
      onSaved(answer.contactMessage);
      toast.success(answer.message);
    } catch (error) {
      reportAdminFailure(error, "The message's status could not be changed.");
    } finally {
      setMoving(false);
    }
  };

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
          <MessageStatusPill status={message.status} />
        </div>
        <dl className="inbox-contact">
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${message.email}`}>{message.email}</a>
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              {message.phone ? (
                <a href={`tel:${message.phone.replace(/[^0-9+]/g, "")}`}>{message.phone}</a>
              ) : (
                <span className="admin-muted">Not given</span>
              )}
            </dd>
          </div>
          <div>
            <dt>Received</dt>
            <dd>
              <time dateTime={message.createdAt}>{formatShopMoment(message.createdAt)}</time>
            </dd>
          </div>
        </dl>
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
        {message.status === "closed" ? (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => move("new")}
            disabled={moving}
          >
            Reopen
          </button>
        ) : (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => move("closed")}
            disabled={moving}
          >
            Mark closed
          </button>
        )}
        <span className="field-hint">
          {message.status === "closed"
            ? "Reopening marks it new again."
            : "Closing files it away without a reply."}
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
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? "Sending…" : "Send reply"}
        </button>
      </div>
    </form>
  );
}

function ExportSubscribers() {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadSubscribers();
    } catch (error) {
      reportAdminFailure(error, "The subscribers could not be exported.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button-ghost" onClick={exportCsv} disabled={busy}>
      {busy ? "Exporting…" : "Export subscribers (CSV)"}
    </button>
  );
}
