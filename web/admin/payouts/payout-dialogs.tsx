// The two questions before an open payout changes for good: Mark as paid (POST .../paid), once the
// transfers have gone out, which emails every creator a remittance; and Cancel payout
// (POST .../cancel), for a batch never sent, which puts its commissions back for the next one.
import { useState } from "react";
import { toast } from "react-toastify";
import { formatDollars } from "../../../worker/contracts/money";
import type { AdminPayoutDto } from "../../../worker/contracts/payouts";
import { ApiError, failureMessage } from "../../lib/api-client";
import { cancelPayout, isGateRefusal, markPayoutPaid, reportAdminFailure } from "../api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { FormAlert } from "../components/field";
import { plural } from "../format";
import { useReturnFocus } from "../orders/use-return-focus";

interface PayoutDialogProps {
  payout: AdminPayoutDto;
  onPayout: (payout: AdminPayoutDto) => void;
  /** Someone else changed it first (409): the page asks for it again. */
  onStale: () => void;
  onClose: () => void;
}

/** Sends `change`, shows its answer and says `done`; a failure is said in the dialog and a toast. */
function usePayoutChange(
  { onPayout, onStale, onClose }: PayoutDialogProps,
  change: () => Promise<AdminPayoutDto>,
  failed: string,
) {
  useReturnFocus();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = (done: (payout: AdminPayoutDto) => string) => async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const next = await change();
      onPayout(next);
      toast.success(done(next));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onStale();
      // The dialog sits above the toasts: it says the failure itself too.
      if (!isGateRefusal(error)) {
        setFailure(failureMessage(error, failed, { sayNetworkError: true }));
      }
      reportAdminFailure(error, failed);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, confirm };
}

/** Render it only while it is open. */
export function MarkPaidDialog(props: PayoutDialogProps) {
  const { payout, onClose } = props;
  const { busy, failure, confirm } = usePayoutChange(
    props,
    () => markPayoutPaid(payout._id),
    "The payout could not be marked as paid.",
  );
  const creators = plural(payout.lineCount, "creator");
  return (
    <ConfirmDialog
      title="Mark this payout as paid?"
      confirmLabel="Mark as paid"
      busy={busy}
      onConfirm={confirm(() => `Payout marked as paid: ${creators} emailed`)}
      onCancel={onClose}
    >
      <p>
        Do this once the bank transfers and PayPal payments ({formatDollars(payout.total)} in all)
        have gone out.
      </p>
      <p>
        Each of the {creators} is emailed a remittance with the amount and a link to their
        statement, and their commissions show as paid. It cannot be undone.
      </p>
      <FormAlert message={failure} />
    </ConfirmDialog>
  );
}

/** Render it only while it is open. */
export function CancelPayoutDialog(props: PayoutDialogProps) {
  const { payout, onClose } = props;
  const { busy, failure, confirm } = usePayoutChange(
    props,
    () => cancelPayout(payout._id),
    "The payout could not be cancelled.",
  );
  return (
    <ConfirmDialog
      title="Cancel this payout?"
      confirmLabel="Cancel payout"
      cancelLabel="Keep payout"
      danger
      busy={busy}
      onConfirm={confirm(() => "Payout cancelled: its commissions go into the next payout")}
      onCancel={onClose}
    >
      <p>
        Only cancel a payout whose bank file and PayPal payments were never sent. Nobody is emailed;
        the {formatDollars(payout.total)} it holds is owed to the creators again and goes into the
        next payout.
      </p>
      <FormAlert message={failure} />
    </ConfirmDialog>
  );
}
