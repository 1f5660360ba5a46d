// A payout's lines: one per creator, with where the money goes (the account number masked), how
// many orders, their commissions, what refunds after an earlier payout take back, the amount, and
// their statement. A table from 900 px; each line a card on phones.
import { formatDollars } from "../../../worker/contracts/money";
import type { AdminPayoutDto, PayoutLineDto } from "../../../worker/contracts/payouts";
import { paths } from "../../lib/paths";
import { plural } from "../lib/format";
import { PaidTo } from "./payout-format";

export function PayoutLines({ payout }: { payout: AdminPayoutDto }) {
  return (
    <section className="payout-lines" aria-labelledby="payout-lines-title">
      <h2 id="payout-lines-title" className="admin-card-title">
        Creators
      </h2>
      <p className="admin-count">{plural(payout.lines.length, "creator")}</p>
      <table className="admin-table payout-line-table">
        <thead>
          <tr>
            <th scope="col">Creator</th>
            <th scope="col">Paid to</th>
            <th scope="col" className="is-number">
              Orders
            </th>
            <th scope="col" className="is-number">
              Commissions
            </th>
            <th scope="col" className="is-number">
              Carried
            </th>
            <th scope="col" className="is-number">
              Amount
            </th>
            <th scope="col">
              <span className="visually-hidden">Statement</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payout.lines.map((line) => (
            <Line key={line._id} line={line} />
          ))}
        </tbody>
      </table>
      <p className="field-hint">
        Carried: refunds after an earlier payout, taken back from this one.
      </p>
    </section>
  );
}

function Line({ line }: { line: PayoutLineDto }) {
  const name = line.creatorName || line.creatorEmail;
  return (
    <tr>
      <td className="payout-cell-creator">
        <span className="payout-creator-name">{name}</span>
        <a href={`mailto:${line.creatorEmail}`} className="admin-break">
          {line.creatorEmail}
        </a>
      </td>
      <td className="payout-cell-to" data-label="Paid to">
        <PaidTo details={line.payoutDetails} />
      </td>
      <td className="payout-cell-orders is-number" data-label="Orders">
        {line.orders.toLocaleString("en-AU")}
      </td>
      <td className="payout-cell-commissions is-number" data-label="Commissions">
        {formatDollars(line.commissions)}
      </td>
      <td
        className={
          line.carried < 0
            ? "payout-cell-carried is-number is-negative"
            : "payout-cell-carried is-number"
        }
        data-label="Carried"
      >
        {formatDollars(line.carried)}
      </td>
      <td className="payout-cell-amount is-number" data-label="Amount">
        <strong>{formatDollars(line.amount)}</strong>
      </td>
      <td className="payout-cell-statement">
        {/* A page of the shop, not of the back-office: a plain link out of ADMIN_BASE. */}
        <a href={paths.creatorPayout(line._id)} target="_blank" rel="noreferrer">
          Statement
          <span className="visually-hidden"> for {name} (opens in a new tab)</span>
        </a>
      </td>
    </tr>
  );
}
