// The creator's earnings: the balance by state (in the 30-day hold, payable, in a payout being
// sent, paid), the payout minimum, and the latest commissions with the day each becomes payable.
import { useId } from "react";
import type { CreatorBalance, CreatorCommissionDto } from "../../../../worker/contracts/account";
import { formatDollars, formatWholeDollars } from "../../../../worker/contracts/money";
import { formatShopDay } from "../../../../worker/contracts/shop-time";
import "../../../components/shapes.css";

export const NEGATIVE_PAYABLE_NOTE = "Refunds after your last payout; taken from your next payout.";
export const NO_COMMISSIONS =
  "No commissions yet. They appear here once an order with your code is paid.";

const STATUS_LABEL: Record<CreatorCommissionDto["status"], string> = {
  pending: "In hold",
  approved: "Payable",
  paid: "Paid",
  reversed: "Reversed",
};

/** A commission the owner is reviewing (paid with a card of the creator's own orders), or refused. */
const REVIEW_LABEL: Record<"held" | "rejected", string> = {
  held: "Under review",
  rejected: "Not approved",
};

interface EarningsProps {
  balance: CreatorBalance;
  commissions: CreatorCommissionDto[];
  payoutMinimum: number;
}

export function Earnings({ balance, commissions, payoutMinimum }: EarningsProps) {
  const headingId = useId();
  const owed = balance.payable < 0;
  const toGo = payoutMinimum - balance.payable;
  return (
    <section className="profile-card payouts-card is-earnings" aria-labelledby={headingId}>
      <h2 id={headingId} className="payouts-title">
        Earnings
      </h2>
      <dl className="balance-cards">
        <div>
          <dt>In hold</dt>
          <dd className="balance-amount figure-number">{formatDollars(balance.pending)}</dd>
          <dd className="balance-note">For 30 days after each order</dd>
        </div>
        <div className={owed ? "is-owed" : undefined}>
          <dt>Payable</dt>
          <dd className="balance-amount figure-number">{formatDollars(balance.payable)}</dd>
          <dd className="balance-note">
            {owed
              ? `You owe ${formatDollars(-balance.payable)}. ${NEGATIVE_PAYABLE_NOTE}`
              : "Ready for your next payout"}
          </dd>
        </div>
        <div>
          <dt>Processing</dt>
          <dd className="balance-amount figure-number">{formatDollars(balance.processing)}</dd>
          <dd className="balance-note">In a payout on its way</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd className="balance-amount figure-number">{formatDollars(balance.paid)}</dd>
          <dd className="balance-note">Sent to you so far</dd>
        </div>
      </dl>
      <p className="payouts-minimum">
        Payouts are made once your payable balance reaches {formatWholeDollars(payoutMinimum)}
        {balance.payable > 0 && toGo > 0 ? ` (${formatDollars(toGo)} to go)` : ""}.
      </p>
      <h3 className="payouts-subtitle">Commissions</h3>
      {commissions.length === 0 ? (
        <p className="payouts-empty">{NO_COMMISSIONS}</p>
      ) : (
        <div className="payouts-table-wrap">
          <table className="payouts-table commissions-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Paid</th>
                <th scope="col" className="is-money">
                  Commission
                </th>
                <th scope="col" className="is-money">
                  Reversed
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {commissions.map((c) => (
                <tr key={`${c.orderNumber}-${c.paidAt}`}>
                  <th scope="row" data-label="Order">
                    #{c.orderNumber}
                  </th>
                  <td data-label="Paid">{formatShopDay(c.paidAt)}</td>
                  <td data-label="Commission" className="is-money">
                    {formatDollars(c.amount)}
                  </td>
                  <td data-label="Reversed" className="is-money">
                    {c.reversed > 0 ? formatDollars(-c.reversed) : "—"}
                  </td>
                  <td data-label="Status">
                    {c.review ? (
                      <span className={`commission-status is-${c.review}`}>
                        {REVIEW_LABEL[c.review]}
                      </span>
                    ) : (
                      <span className={`commission-status is-${c.status}`}>
                        {STATUS_LABEL[c.status]}
                      </span>
                    )}
                    {c.status === "pending" && c.review === null && c.payableAt ? (
                      <span className="commission-when">
                        Payable from {formatShopDay(c.payableAt)}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
