// A payout's lines: one per creator, with where the money goes (the account number masked), how
// many orders, their commissions, what refunds after an earlier payout take back, the amount, and
// their statement. A table from 900 px; each line a card on phones.
import { formatDollars } from "../../../worker/contracts/money";
import type { AdminPayoutDto, PayoutLineDto } from "../../../worker/contracts/payouts";
import { paths } from "../../lib/paths";
import { type Column, DataTable } from "../components/data-table";
import { plural } from "../lib/format";
import { PaidTo } from "./payout-format";

const nameOf = (line: PayoutLineDto) => line.creatorName || line.creatorEmail;

const COLUMNS: Column<PayoutLineDto>[] = [
  {
    header: "Creator",
    className: "payout-cell-creator",
    cell: (line) => (
      <>
        <span className="payout-creator-name">{nameOf(line)}</span>
        <a href={`mailto:${line.creatorEmail}`} className="admin-break">
          {line.creatorEmail}
        </a>
      </>
    ),
  },
  {
    header: "Paid to",
    labelled: true,
    className: "payout-cell-to",
    cell: (line) => <PaidTo details={line.payoutDetails} />,
  },
  {
    header: "Orders",
    labelled: true,
    numeric: true,
    className: "payout-cell-orders",
    cell: (line) => line.orders.toLocaleString("en-AU"),
  },
  {
    header: "Commissions",
    labelled: true,
    numeric: true,
    className: "payout-cell-commissions",
    cell: (line) => formatDollars(line.commissions),
  },
  {
    header: "Carried",
    labelled: true,
    numeric: true,
    className: "payout-cell-carried",
    cell: (line) => (
      <span className={line.carried < 0 ? "is-negative" : undefined}>
        {formatDollars(line.carried)}
      </span>
    ),
  },
  {
    header: "Amount",
    labelled: true,
    numeric: true,
    className: "payout-cell-amount",
    cell: (line) => <strong>{formatDollars(line.amount)}</strong>,
  },
  {
    header: "Statement",
    hideHeader: true,
    className: "payout-cell-statement",
    // A page of the shop, not of the back-office: a plain link out of ADMIN_BASE.
    cell: (line) => (
      <a href={paths.creatorPayout(line._id)} target="_blank" rel="noreferrer">
        Statement
        <span className="visually-hidden"> for {nameOf(line)} (opens in a new tab)</span>
      </a>
    ),
  },
];

export function PayoutLines({ payout }: { payout: AdminPayoutDto }) {
  return (
    <section className="data-list" aria-labelledby="payout-lines-title">
      <h2 id="payout-lines-title" className="admin-card-title">
        Creators
      </h2>
      <p className="admin-count">{plural(payout.lines.length, "creator")}</p>
      <DataTable
        rows={payout.lines}
        columns={COLUMNS}
        rowKey={(line) => line._id}
        className="payout-line-table"
      />
      <p className="field-hint">
        Carried: refunds after an earlier payout, taken back from this one.
      </p>
    </section>
  );
}
