// Where the order is on the SPEC's tracker, how it ships, and moving it on (POST
// /api/admin/orders/:id/status): only the steps the Worker says are next; Shipped asks for the
// carrier and tracking number and shows the link the customer will get; the steps the customer is
// mailed about offer "Notify customer", ticked.
import { toast } from "react-toastify";
import {
  type AdminOrderDto,
  CARRIERS,
  type CarrierId,
  carrierName,
  DEFAULT_CARRIER,
  MAX_TRACKING_NUMBER_LENGTH,
  StatusChangeSchema,
  trackingUrlFor,
} from "../../../worker/contracts/admin-orders";
import { type OrderStatusName, TRACKER_STEPS } from "../../../worker/contracts/order";
import { useForm } from "../../lib/use-form";
import { changeOrderStatus, reportAdminFailure } from "../api";
import { CheckboxField, SelectField, TextField } from "../components/field";
import { formSchema } from "../form-schema";
import { formatWhen } from "../format";
import { orderWords } from "./order-format";
import { OrderStatusPill } from "./order-status-pill";

/** The steps the customer is emailed about (Packing is the shop's own business). */
const MAILED: readonly string[] = ["Shipped", "Out for Delivery", "Delivered"];

const CARRIER_OPTIONS = CARRIERS.map((carrier) => ({ value: carrier.id, label: carrier.name }));

const afterShipped = (status: string) =>
  TRACKER_STEPS.indexOf(status as OrderStatusName) > TRACKER_STEPS.indexOf("Shipped");

/**
 * The tracking fields are asked for when marking Shipped, and offered when a later step skips
 * Shipped on an order that has no tracking number yet.
 */
const asksTracking = (status: string, order: AdminOrderDto) =>
  status === "Shipped" || (afterShipped(status) && !order.shipping.trackingNumber);

interface FulfilmentProps {
  order: AdminOrderDto;
  onOrder: (order: AdminOrderDto) => void;
}

export function OrderFulfilment({ order, onOrder }: FulfilmentProps) {
  const { shipping } = order;
  return (
    <section className="admin-card order-fulfilment" aria-labelledby="order-fulfilment-title">
      <div className="admin-card-heading">
        <h2 id="order-fulfilment-title" className="admin-card-title">
          Fulfilment
        </h2>
        <OrderStatusPill status={order.status} />
      </div>
      {shipping.trackingNumber ? (
        <dl className="order-details">
          <div>
            <dt>Carrier</dt>
            <dd>{shipping.carrier ? carrierName(shipping.carrier) : "—"}</dd>
          </div>
          <div>
            <dt>Tracking number</dt>
            <dd className="order-mono">{shipping.trackingNumber}</dd>
          </div>
          {order.shippedAt ? (
            <div>
              <dt>Shipped</dt>
              <dd>{formatWhen(order.shippedAt)}</dd>
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
    </section>
  );
}

function AdvanceStatus({ order, onOrder }: FulfilmentProps) {
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
  const { status, carrier, trackingNumber, notify } = form.values;
  const tracking = asksTracking(status, order);
  const typed = trackingNumber.trim();
  const preview = typed ? trackingUrlFor(carrier as CarrierId, typed) : null;

  const onSubmit = form.submit(async (input) => {
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
  });

  const trackingBinding = form.field("trackingNumber");
  return (
    <form
      ref={form.formRef}
      className="admin-form order-status-form"
      aria-label="Advance status"
      noValidate
      onSubmit={onSubmit}
    >
      <SelectField
        label="Move to"
        binding={form.field("status")}
        options={order.nextStatuses.map((next) => ({ value: next, label: next }))}
        hint={
          order.nextStatuses.length > 1
            ? "A later step may skip the ones between; an order never goes back."
            : "An order never goes back."
        }
      />
      {tracking ? (
        <div className="admin-field-row">
          <SelectField label="Carrier" binding={form.field("carrier")} options={CARRIER_OPTIONS} />
          <TextField
            label="Tracking number"
            optional={status !== "Shipped"}
            binding={{ ...trackingBinding, error: orderWords(trackingBinding.error) }}
            maxLength={MAX_TRACKING_NUMBER_LENGTH}
            autoComplete="off"
            hint={
              preview ? (
                <>
                  The customer’s link:{" "}
                  <a
                    href={preview}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="order-tracking-preview"
                  >
                    {preview}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </>
              ) : (
                `The customer gets the ${carrierName(carrier as CarrierId)} tracking link.`
              )
            }
          />
        </div>
      ) : null}
      {MAILED.includes(status) ? (
        <CheckboxField
          label="Notify customer"
          binding={form.field("notify")}
          hint={
            notify === "true"
              ? `Emails ${order.email} that the order ${status === "Shipped" ? "has shipped, with the tracking link" : `is ${status.toLowerCase()}`}.`
              : "No email: the customer sees the new status on their orders page."
          }
        />
      ) : (
        <p className="admin-hint">The customer is not emailed about this step.</p>
      )}
      <button type="submit" className="button button-primary" disabled={form.sending}>
        {form.sending ? "Saving…" : `Mark ${status}`}
      </button>
    </form>
  );
}
