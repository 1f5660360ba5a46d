// The order's timeline: every event the Worker records (paid, each status, the emails sent,
// refunds, notes), oldest or newest first, in Brisbane time with who did it; and the owner's notes
// (POST /api/admin/orders/:id/notes), which the customer never sees.
import { useState } from "react";
import { toast } from "react-toastify";
import {
  MAX_NOTE_LENGTH,
  type OrderEventDto,
  OrderNoteSchema,
} from "../../../worker/contracts/admin-orders";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { SubmitButton, TextField } from "../../components/form-kit";
import { useForm } from "../../lib/use-form";
import { codeWords } from "../activity/audit-format";
import { Card } from "../components/card";
import { reportAdminFailure } from "../lib/admin-api";
import { addOrderNote } from "./api";
import type { OrderPanelProps } from "./order-format";

const KIND_LABELS: Record<OrderEventDto["kind"], string> = {
  created: "Created",
  paid: "Payment",
  status: "Status",
  tracking: "Tracking",
  email: "Email",
  refund: "Refund",
  refund_failed: "Refund failed",
  cancelled: "Cancelled",
  note: "Note",
  stripe_refund: "Stripe",
  dispute: "Dispute",
  commission_review: "Commission",
};

type Order = "oldest" | "newest";

/** Stripe's codes the Worker quotes ("Status: needs_response") in words. */
const detailWords = (detail: string) =>
  detail.replace(
    /\b(Status|Reason): ([a-z_]+)\b/g,
    (_, label, code) => `${label}: ${codeWords(code)}`,
  );

export function OrderTimeline({ order, onOrder }: OrderPanelProps) {
  const [sort, setSort] = useState<Order>("newest");
  // The Worker answers oldest first.
  const events = sort === "oldest" ? order.events : [...order.events].reverse();
  return (
    <Card
      title="Timeline"
      className="order-timeline-card"
      aside={
        <fieldset className="order-segmented">
          <legend className="visually-hidden">Show events</legend>
          {(["newest", "oldest"] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="order-segment"
              aria-pressed={sort === value}
              onClick={() => setSort(value)}
            >
              {value === "newest" ? "Newest first" : "Oldest first"}
            </button>
          ))}
        </fieldset>
      }
    >
      <NoteForm order={order} onOrder={onOrder} />
      <ol className="order-timeline" aria-label="Events">
        {events.map((event, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; two may share a time.
            key={`${event.at}-${event.kind}-${index}`}
            className={`order-event is-${event.kind}`}
          >
            <span className="order-event-mark" aria-hidden="true" />
            <div className="order-event-body">
              <p className="order-event-head">
                {/* A note's title already says what it is. */}
                {KIND_LABELS[event.kind] !== event.title ? (
                  <span className="order-event-kind">{KIND_LABELS[event.kind]}</span>
                ) : null}
                <strong className="order-event-title">{event.title}</strong>
              </p>
              {event.detail ? (
                <p className="order-event-detail">{detailWords(event.detail)}</p>
              ) : null}
              <p className="order-event-meta">
                <time dateTime={event.at}>{formatShopMoment(event.at)}</time>
                {event.actor ? <span> · by {event.actor}</span> : null}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function NoteForm({ order, onOrder }: OrderPanelProps) {
  const form = useForm({ note: "" }, OrderNoteSchema);
  const onSubmit = form.submit(async ({ note }) => {
    try {
      onOrder(await addOrderNote(order._id, note));
      form.reset({ note: "" });
      toast.success("Note added");
    } catch (error) {
      if (!form.showServerErrors(error)) reportAdminFailure(error, "The note could not be added.");
    }
  });
  return (
    <form
      ref={form.formRef}
      className="order-note-form"
      aria-label="Add a note"
      noValidate
      onSubmit={onSubmit}
    >
      <TextField
        label="Note"
        multiline
        rows={2}
        maxLength={MAX_NOTE_LENGTH}
        {...form.field("note")}
        hint="For the shop only: the customer never sees notes."
      />
      <SubmitButton ghost sending={form.sending} sendingLabel="Adding…">
        Add note
      </SubmitButton>
    </form>
  );
}
