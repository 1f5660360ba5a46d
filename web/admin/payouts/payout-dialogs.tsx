// The questions before a payout is made or changes for good: Create batch (POST /api/admin/payouts),
// with the total and creators the Worker's preview computed, which the batch must then pay; Mark as
// paid (POST .../paid), once the transfers have gone out, which emails every creator a remittance;
// and Cancel payout (POST .../cancel), for a batch never sent, which puts its commissions back for
// the next one.
import { useState } from "react";
import { toast } from "react-toastify";
import { formatDollars, formatWholeDollars } from "../../../worker/contracts/money";
import type {
  AdminPayoutDto,
  PayoutDueDto,
  WaitingCreatorDto,
} from "../../../worker/contracts/payouts";
import { FormAlert } from "../../components/form-kit";
import { ConfirmDialog } from "../components/confirm-dialog";
import { plural } from "../lib/format";
import { useDialogAction } from "../lib/use-dialog-action";
import { cancelPayout, createPayout, markPayoutPaid, previewPayout } from "./api";

const CREATE_FAILED = "The payout could not be created.";

/** "Create batch of $412.50 for 3 creators": the batch as the owner confirms it. */
export const createBatchLabel = (due: PayoutDueDto) =>
  `Create batch of ${formatDollars(due.amount)} for ${plural(due.creators, "creator")}`;

interface CreatePayoutDialogProps {
  /** The Worker's preview at the minimum asked. */
  preview: PayoutDueDto;
  onCreated: (made: { payout: AdminPayoutDto; leftOut: WaitingCreatorDto[] }) => void;
  /** What is owed changed (409): the page asks for its figures again. */
  onStale: () => void;
  onClose: () => void;
}

/**
 * Render it only while it is open. It sends the figures it shows, and the Worker makes the batch
 * only if it pays exactly those; if they changed, the dialog shows the new ones to confirm.
 */
export function CreatePayoutDialog({
  preview,
  onCreated,
  onStale,
  onClose,
}: CreatePayoutDialogProps) {
  const [shown, setShown] = useState(preview);
  const { busy, failure, run } = useDialogAction(CREATE_FAILED, async (error) => {
    onStale();
    if (error.code === "payout_changed") {
      setShown(await previewPayout(shown.minimum).catch(() => shown));
    }
  });
  const expected = { total: shown.amount, creators: shown.creators };
  const confirm = () =>
    run(async () => onCreated(await createPayout({ minimum: shown.minimum, expected })));
  return (
    <ConfirmDialog
      title="Create this payout?"
      confirmLabel={busy ? "Creating the payout…" : createBatchLabel(shown)}
      busy={busy}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>
        It pays {formatDollars(shown.amount)} to {plural(shown.creators, "creator")}: everyone with
        payout details owed at least {formatWholeDollars(shown.minimum)}.
      </p>
      <p>Their commissions are set aside until you mark it paid, or cancel it to put them back.</p>
      <FormAlert message={failure} />
    </ConfirmDialog>
  );
}

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
  const { busy, failure, run } = useDialogAction(failed, onStale);
  const confirm = (done: (payout: AdminPayoutDto) => string) => () =>
    run(async () => {
      const next = await change();
      onPayout(next);
      toast.success(done(next));
      onClose();
    });
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
