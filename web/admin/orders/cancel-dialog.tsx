// Cancelling a paid order that has not shipped (POST /api/admin/orders/:id/cancel): it refunds
// what is left in full and puts every line back in stock, so the question says exactly that. Like
// a refund, each opening is one request key.
import { toast } from "react-toastify";
import { CancelSchema, MAX_REASON_LENGTH } from "../../../worker/contracts/admin-orders";
import { formatDollars } from "../../../worker/contracts/money";
import { CheckboxField, FormAlert, TextField } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { ConfirmDialog } from "../components/confirm-dialog";
import { useDialogForm } from "../lib/use-dialog-action";
import { cancelOrder } from "./api";
import { type OrderDialogProps, useRequestKey } from "./order-format";

/** Render it only while it is open. */
export function CancelDialog({ order, onOrder, onClose }: OrderDialogProps) {
  const requestKey = useRequestKey();
  const { form, failure, dialog } = useDialogForm({
    initial: { reason: "", notify: "true" },
    schema: formSchema(
      (values) => ({
        reason: values.reason ?? "",
        notify: values.notify === "true",
        requestKey: requestKey.key,
      }),
      CancelSchema,
    ),
    failed: "The order could not be cancelled.",
    spent: requestKey.renewIfSpent,
    send: async (input) => {
      const next = await cancelOrder(order._id, input);
      onOrder(next);
      if (next.status === "cancelled") {
        const told = input.notify ? "; the customer was emailed" : "";
        toast.success(`Order #${order.number} cancelled${told}`);
      } else {
        // It shipped while being cancelled: the Worker refunded it and left its status and stock.
        toast.info(`Order #${order.number} had shipped: it was refunded, not cancelled.`);
      }
      onClose();
    },
  });

  return (
    <ConfirmDialog
      title={`Cancel order #${order.number}?`}
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      danger
      {...dialog}
      onCancel={onClose}
    >
      <p>
        This refunds the rest of the order in full
        {order.refundable > 0 ? ` (${formatDollars(order.refundable)})` : ""} and puts every item
        back in stock. The order’s status becomes Cancelled; it cannot be undone.
      </p>
      <TextField label="Reason" optional maxLength={MAX_REASON_LENGTH} {...form.field("reason")} />
      <CheckboxField
        label="Notify customer"
        {...form.field("notify")}
        hint={`Emails ${order.email} that the order was cancelled and refunded.`}
      />
      <FormAlert message={failure} />
    </ConfirmDialog>
  );
}
