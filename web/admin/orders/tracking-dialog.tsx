// Correcting a shipped order's tracking (POST /api/admin/orders/:id/tracking): the carrier and the
// number as the move to Shipped asks for them, starting from what the order has, and whether the
// customer is mailed the new number and Track Order link.
import { toast } from "react-toastify";
import { DEFAULT_CARRIER, TrackingCorrectionSchema } from "../../../worker/contracts/admin-orders";
import { CheckboxField, FormAlert } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { ConfirmDialog } from "../components/confirm-dialog";
import { useDialogForm } from "../lib/use-dialog-action";
import { correctTracking } from "./api";
import type { OrderDialogProps } from "./order-format";
import { TrackingFields } from "./tracking-fields";

const TrackingForm = formSchema(
  (values) => ({
    carrier: values.carrier,
    trackingNumber: values.trackingNumber ?? "",
    notify: values.notify === "true",
  }),
  TrackingCorrectionSchema,
);

/** Render it only while it is open. */
export function TrackingDialog({ order, onOrder, onClose }: OrderDialogProps) {
  const { form, failure, dialog } = useDialogForm({
    initial: {
      carrier: order.shipping.carrier ?? DEFAULT_CARRIER,
      trackingNumber: order.shipping.trackingNumber ?? "",
      notify: "true",
    },
    schema: TrackingForm,
    failed: "The tracking could not be corrected.",
    send: async (input) => {
      onOrder(await correctTracking(order._id, input));
      toast.success(`Tracking corrected${input.notify ? "; the customer was emailed" : ""}`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={`Correct the tracking of order #${order.number}`}
      confirmLabel={form.sending ? "Saving…" : "Save tracking"}
      {...dialog}
      onCancel={onClose}
    >
      <TrackingFields
        carrier={form.field("carrier")}
        trackingNumber={form.field("trackingNumber")}
      />
      <CheckboxField
        label="Notify customer"
        {...form.field("notify")}
        hint={
          form.values.notify === "true"
            ? `Emails ${order.email} the new tracking number and its link.`
            : "No email: the customer’s Track Order link changes without a word."
        }
      />
      <FormAlert message={failure} />
    </ConfirmDialog>
  );
}
