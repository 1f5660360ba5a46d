// Where the order is on the SPEC's tracker, how it ships, and moving it on (POST
// /api/admin/orders/:id/status): only the steps the Worker says are next; Shipped asks for the
// carrier and tracking number and shows the link the customer will get; the steps the customer is
// mailed about offer "Notify customer", ticked. A move that ships the parcel is confirmed first, in a
// dialog that repeats the carrier, the number and whether the customer is mailed; once shipped,
// "Correct tracking" fixes a mistyped number (tracking-dialog.tsx).
import { useState } from "react";
import { toast } from "react-toastify";
import {
  type AdminOrderDto,
  carrierName,
  DEFAULT_CARRIER,
  SHIPPED_STATUSES,
  type StatusChangeInput,
  StatusChangeSchema,
  trackingUrlFor,
} from "../../../worker/contracts/admin-orders";
import { type OrderStatusName, TRACKER_STEPS } from "../../../worker/contracts/order";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { CheckboxField, SelectField } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { Card } from "../components/card";
import { ConfirmDialog } from "../components/confirm-dialog";
import { reportAdminFailure } from "../lib/admin-api";
import { useReturnFocus } from "../lib/use-dialog-action";
import { changeOrderStatus } from "./api";
import type { OrderPanelProps } from "./order-format";
import { OrderStatusPills } from "./order-status";
import { TrackingDialog } from "./tracking-dialog";
import { TrackingFields } from "./tracking-fields";

/** The steps the customer is emailed about (Packing is the shop's own business). */
const MAILED: readonly string[] = ["Shipped", "Out for Delivery", "Delivered"];

const afterShipped = (status: string) =>
  TRACKER_STEPS.indexOf(status as OrderStatusName) > TRACKER_STEPS.indexOf("Shipped");

const hasShipped = (status: string) => SHIPPED_STATUSES.includes(status as OrderStatusName);

/**
 * The tracking fields are asked for when marking Shipped, and offered when a later step skips
 * Shipped on an order that has no tracking number yet.
 */
const asksTracking = (status: string, order: AdminOrderDto) =>
  status === "Shipped" || (afterShipped(status) && !order.shipping.trackingNumber);

/** What the customer's mail about `status` tells them. */
const mailNews = (status: string) =>
  status === "Shipped" ? "has shipped, with the tracking link" : `is ${status.toLowerCase()}`;

export function OrderFulfilment({ order, onOrder }: OrderPanelProps) {
  const { shipping } = order;
  const [correcting, setCorrecting] = useState(false);
  return (
    <Card
      title="Fulfilment"
      className="order-fulfilment"
      aside={<OrderStatusPills status={order.status} />}
    >
      {shipping.trackingNumber ? (
        <dl className="order-details caps-terms">
          <div>
            <dt>Carrier</dt>
            <dd>{shipping.carrier ? carrierName(shipping.carrier) : "—"}</dd>
          </div>
          <div>
            <dt>Tracking number</dt>
            <dd className="admin-mono">{shipping.trackingNumber}</dd>
          </div>
          {order.shippedAt ? (
            <div>
              <dt>Shipped</dt>
              <dd>{formatShopMoment(order.shippedAt)}</dd>
            </div>
          ) : null}
          {shipping.trackingUrl ? (
            <div className="order-details-wide">
              <dt>Tracking link</dt>
              <dd>
                <a href={shipping.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {shipping.trackingUrl}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {hasShipped(order.status) ? (
        <p>
          <button type="button" className="button button-ghost" onClick={() => setCorrecting(true)}>
            Correct tracking
          </button>
        </p>
      ) : null}
      {order.nextStatuses.length > 0 ? (
        // A new status starts the form again from the steps that are next from there.
        <AdvanceStatus key={order.status} order={order} onOrder={onOrder} />
      ) : (
        <p className="admin-muted">
          {order.status === "cancelled"
            ? "This order was cancelled; it will not ship."
            : "Delivered: there is no further step."}
        </p>
      )}
      {correcting ? (
        <TrackingDialog order={order} onOrder={onOrder} onClose={() => setCorrecting(false)} />
      ) : null}
    </Card>
  );
}

function AdvanceStatus({ order, onOrder }: OrderPanelProps) {
  const StatusForm = formSchema((values) => {
    const status = values.status ?? "";
    const number = (values.trackingNumber ?? "").trim();
    const tracking =
      status === "Shipped" || (asksTracking(status, order) && number)
        ? { carrier: values.carrier, trackingNumber: values.trackingNumber ?? "" }
        : {};
    const notify = MAILED.includes(status) ? { notify: values.notify === "true" } : {};
    return { status, ...tracking, ...notify };
  }, StatusChangeSchema);
  const form = useForm(
    {
      status: order.nextStatuses[0] ?? "",
      carrier: order.shipping.carrier ?? DEFAULT_CARRIER,
      trackingNumber: "",
      notify: "true",
    },
    StatusForm,
  );
  // A move that ships the parcel waits here for the owner's confirmation.
  const [confirming, setConfirming] = useState<StatusChangeInput | null>(null);
  const [busy, setBusy] = useState(false);
  const { status, notify } = form.values;

  const move = async (input: StatusChangeInput) => {
    try {
      const next = await changeOrderStatus(order._id, input);
      onOrder(next);
      const told =
        input.notify && MAILED.includes(input.status) ? "; the customer was emailed" : "";
      toast.success(`Marked ${input.status}${told}`);
    } catch (error) {
      if (!form.showServerErrors(error)) {
        reportAdminFailure(error, "The order's status could not be changed.");
      }
    }
  };

  const onSubmit = form.submit(async (input) => {
    if (!hasShipped(order.status) && hasShipped(input.status)) setConfirming(input);
    else await move(input);
  });

  const confirm = async () => {
    if (!confirming || busy) return;
    setBusy(true);
    try {
      await move(confirming);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <>
      <form
        ref={form.formRef}
        className="form order-status-form"
        aria-label="Advance status"
        noValidate
        onSubmit={onSubmit}
      >
        <SelectField
          label="Move to"
          {...form.field("status")}
          options={order.nextStatuses.map((next) => ({ value: next, label: next }))}
          hint={
            order.nextStatuses.length > 1
              ? "A later step may skip the ones between; an order never goes back."
              : "An order never goes back."
          }
        />
        {asksTracking(status, order) ? (
          <TrackingFields
            carrier={form.field("carrier")}
            trackingNumber={form.field("trackingNumber")}
            optional={status !== "Shipped"}
          />
        ) : null}
        {MAILED.includes(status) ? (
          <CheckboxField
            label="Notify customer"
            {...form.field("notify")}
            hint={
              notify === "true"
                ? `Emails ${order.email} that the order ${mailNews(status)}.`
                : "No email: the customer sees the new status on their orders page."
            }
          />
        ) : (
          <p className="field-hint">The customer is not emailed about this step.</p>
        )}
        <button type="submit" className="button button-primary" disabled={form.sending || busy}>
          {form.sending || busy ? "Saving…" : `Mark ${status}`}
        </button>
      </form>
      {confirming ? (
        <ConfirmShipping
          order={order}
          input={confirming}
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}

/** The question before a move that ships the parcel: what the customer will be told, and how. */
function ConfirmShipping({
  order,
  input,
  busy,
  onConfirm,
  onCancel,
}: {
  order: AdminOrderDto;
  input: StatusChangeInput;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  useReturnFocus();
  const carrier = input.carrier ?? DEFAULT_CARRIER;
  return (
    <ConfirmDialog
      title={`Mark order #${order.number} ${input.status}?`}
      confirmLabel={busy ? "Saving…" : `Mark ${input.status}`}
      cancelLabel="Go back"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {input.trackingNumber ? (
        <dl className="order-details caps-terms">
          <div>
            <dt>Carrier</dt>
            <dd>{carrierName(carrier)}</dd>
          </div>
          <div>
            <dt>Tracking number</dt>
            <dd className="admin-mono">{input.trackingNumber}</dd>
          </div>
          <div className="order-details-wide">
            <dt>Tracking link</dt>
            <dd className="admin-break">{trackingUrlFor(carrier, input.trackingNumber)}</dd>
          </div>
        </dl>
      ) : (
        <p>No tracking number: the customer gets no tracking link.</p>
      )}
      <p>
        {input.notify
          ? `The customer is emailed at ${order.email} that the order ${mailNews(input.status)}.`
          : "The customer is not emailed: they see the new status on their orders page."}
      </p>
    </ConfirmDialog>
  );
}
