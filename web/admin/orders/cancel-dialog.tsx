// Cancelling a paid order that has not shipped (POST /api/admin/orders/:id/cancel): it refunds
// what is left in full and puts every line back in stock, so the question says exactly that. Like
// a refund, each opening is one request key.
import { useState } from "react";
import { toast } from "react-toastify";
import * as v from "valibot";
import {
  type AdminOrderDto,
  CancelSchema,
  MAX_REASON_LENGTH,
} from "../../../worker/contracts/admin-orders";
import { formatDollars } from "../../../worker/contracts/money";
import { CheckboxField, FormAlert, TextField } from "../../components/form-kit";
import { failureMessage } from "../../lib/api-client";
import { ConfirmDialog } from "../components/confirm-dialog";
import { isGateRefusal, reportAdminFailure } from "../lib/admin-api";
import { useReturnFocus } from "../lib/use-dialog-action";
import { cancelOrder } from "./api";
import { isKeySpent, newRequestKey } from "./order-format";

const CANCEL_FAILED = "The order could not be cancelled.";
const NETWORK = { sayNetworkError: true };

interface CancelDialogProps {
  order: AdminOrderDto;
  onOrder: (order: AdminOrderDto) => void;
  onClose: () => void;
}

/** Render it only while it is open. */
export function CancelDialog({ order, onOrder, onClose }: CancelDialogProps) {
  useReturnFocus();
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [reason, setReason] = useState("");
  const [notify, setNotify] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (busy) return;
    const input = v.parse(CancelSchema, { reason, notify, requestKey });
    setBusy(true);
    setFailure(null);
    try {
      const next = await cancelOrder(order._id, input);
      onOrder(next);
      if (next.status === "cancelled") {
        toast.success(
          `Order #${order.number} cancelled${notify ? "; the customer was emailed" : ""}`,
        );
      } else {
        // It shipped while being cancelled: the Worker refunded it and left its status and stock.
        toast.info(`Order #${order.number} had shipped: it was refunded, not cancelled.`);
      }
      onClose();
    } catch (error) {
      if (isKeySpent(error)) setRequestKey(newRequestKey());
      // The dialog sits above the toasts: it says the failure itself too.
      if (!isGateRefusal(error)) setFailure(failureMessage(error, CANCEL_FAILED, NETWORK));
      reportAdminFailure(error, CANCEL_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={`Cancel order #${order.number}?`}
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      danger
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>
        This refunds the rest of the order in full
        {order.refundable > 0 ? ` (${formatDollars(order.refundable)})` : ""} and puts every item
        back in stock. The order’s status becomes Cancelled; it cannot be undone.
      </p>
      <TextField
        label="Reason"
        optional
        maxLength={MAX_REASON_LENGTH}
        name="reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <CheckboxField
        label="Notify customer"
        name="notify"
        value={String(notify)}
        onChange={(event) => setNotify((event.target as HTMLInputElement).checked)}
        hint={`Emails ${order.email} that the order was cancelled and refunded.`}
      />
      <FormAlert message={failure} />
    </ConfirmDialog>
  );
}
