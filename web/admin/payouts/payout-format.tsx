// How the payout screens name a batch's status and where a line is paid.
import {
  formatAbn,
  type PayoutDetailsDto,
  type PayoutStatusDto,
} from "../../../worker/contracts/payouts";
import type { StatusWords } from "../components/pill";

/** Open waits for the transfers (warm), paid is done (green), cancelled is set aside (grey). */
export const PAYOUT_STATUS_WORDS: Record<PayoutStatusDto, StatusWords> = {
  open: { label: "Open", tone: "warn" },
  paid: { label: "Paid", tone: "ok" },
  cancelled: { label: "Cancelled", tone: "muted" },
};

/** Where a line's money goes: the bank account (number masked) or the PayPal email. */
export function PaidTo({ details }: { details: PayoutDetailsDto }) {
  return (
    <span className="payout-paid-to">
      {details.method === "bank" ? (
        <>
          <span>
            BSB {details.bsb} <span className="payout-account">{details.accountNumberMasked}</span>
          </span>
          <span className="admin-muted">{details.accountName}</span>
        </>
      ) : (
        <>
          <span>PayPal</span>
          <span className="admin-break">{details.email}</span>
        </>
      )}
      {details.abn ? (
        <span className="admin-muted">
          ABN {formatAbn(details.abn)}
          {details.gstRegistered ? ", GST registered" : ""}
        </span>
      ) : null}
    </span>
  );
}
