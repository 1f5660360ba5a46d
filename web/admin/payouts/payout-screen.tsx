// One payout (GET /api/admin/payouts/:id): its status and totals, the files to send (the bank's
// ABA file for a processing day, PayPal's CSV), each creator's line with where it is paid and a
// link to their statement, and, while it is open, Mark as paid and Cancel payout. Every action
// answers with the payout, which the page then shows.
import { useState } from "react";
import { Link } from "react-router-dom";
import { formatDollars, formatWholeDollars } from "../../../worker/contracts/money";
import type { AdminPayoutDto } from "../../../worker/contracts/payouts";
import { formatShopDay, formatShopMoment } from "../../../worker/contracts/shop-time";
import { Facts } from "../../components/facts";
import { BackLink, PageHeader } from "../components/page-header";
import { StatusPill } from "../components/pill";
import { RecordScreen, useRecord } from "../components/record-screen";
import { adminPaths } from "../paths";
import { fetchPayout } from "./api";
import { CancelPayoutDialog, MarkPaidDialog } from "./payout-dialogs";
import { PayoutFiles } from "./payout-files";
import { PAYOUT_STATUS_WORDS } from "./payout-format";
import { PayoutLines } from "./payout-lines";
import "./payouts.css";
import { Card } from "../components/card";

const payoutTitle = (payout: AdminPayoutDto) => `Payout of ${formatShopDay(payout.createdAt)}`;

export function PayoutScreen() {
  const payout = useRecord("payoutId", fetchPayout, "The payout could not be loaded.", {
    // A refused change asks again: the page (and the dialog that says why) stays meanwhile.
    keepWhileReloading: true,
  });
  return (
    <RecordScreen
      record={payout}
      loadingLabel="Loading the payout…"
      back={<BackLink to={adminPaths.payouts}>Payouts</BackLink>}
      title="Payout"
      titleOf={payoutTitle}
      missing={{
        title: "No such payout",
        text: (
          <>
            There is no payout at this address. <Link to={adminPaths.payouts}>See the payouts</Link>
            .
          </>
        ),
      }}
    >
      {(data) => (
        <PayoutPage
          key={payout.id}
          payout={data}
          onPayout={payout.replace}
          onStale={payout.reload}
        />
      )}
    </RecordScreen>
  );
}

type Dialog = "paid" | "cancel" | null;

function PayoutPage({
  payout,
  onPayout,
  onStale,
}: {
  payout: AdminPayoutDto;
  onPayout: (payout: AdminPayoutDto) => void;
  onStale: () => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const open = payout.status === "open";
  return (
    <div className="admin-screen payout-page">
      <PageHeader
        eyebrow={<BackLink to={adminPaths.payouts}>Payouts</BackLink>}
        title={payoutTitle(payout)}
        actions={
          open ? (
            <>
              <button
                type="button"
                className="button button-primary"
                onClick={() => setDialog("paid")}
              >
                Mark as paid
              </button>
              <button
                type="button"
                className="button admin-button-danger-ghost"
                onClick={() => setDialog("cancel")}
              >
                Cancel payout
              </button>
            </>
          ) : null
        }
      >
        <p className="admin-page-meta">
          <StatusPill status={payout.status} words={PAYOUT_STATUS_WORDS} />
          <span>
            Made <time dateTime={payout.createdAt}>{formatShopMoment(payout.createdAt)}</time>
            {payout.createdBy ? ` by ${payout.createdBy}` : ""}
          </span>
          {payout.paidAt ? (
            <span>
              Paid <time dateTime={payout.paidAt}>{formatShopMoment(payout.paidAt)}</time>
            </span>
          ) : null}
          {payout.cancelledAt ? (
            <span>
              Cancelled{" "}
              <time dateTime={payout.cancelledAt}>{formatShopMoment(payout.cancelledAt)}</time>
            </span>
          ) : null}
        </p>
      </PageHeader>
      <PayoutTotals payout={payout} />
      {payout.status === "cancelled" ? (
        <p className="admin-muted">
          This payout was cancelled: its commissions are owed again and go into the next payout.
        </p>
      ) : (
        <PayoutFiles payout={payout} />
      )}
      <PayoutLines payout={payout} />
      {dialog === "paid" ? (
        <MarkPaidDialog payout={payout} onPayout={onPayout} onStale={onStale} onClose={close} />
      ) : dialog === "cancel" ? (
        <CancelPayoutDialog payout={payout} onPayout={onPayout} onStale={onStale} onClose={close} />
      ) : null}
    </div>
  );
}

function PayoutTotals({ payout }: { payout: AdminPayoutDto }) {
  return (
    <Card title="Totals">
      <Facts
        className="admin-figures"
        facts={[
          { term: "Total", value: formatDollars(payout.total), className: "is-strong" },
          { term: "By bank transfer", value: formatDollars(payout.bankTotal) },
          { term: "By PayPal", value: formatDollars(payout.paypalTotal) },
          { term: "Creators", value: payout.lineCount.toLocaleString("en-AU") },
          { term: "Minimum", value: formatWholeDollars(payout.minimum) },
        ]}
      />
    </Card>
  );
}
