// One payout (GET /api/admin/payouts/:id): its status and totals, the files to send (the bank's
// ABA file for a processing day, PayPal's CSV), each creator's line with where it is paid and a
// link to their statement, and, while it is open, Mark as paid and Cancel payout. Every action
// answers with the payout, which the page then shows.
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { formatDollars, formatWholeDollars } from "../../../worker/contracts/money";
import type { AdminPayoutDto } from "../../../worker/contracts/payouts";
import { formatShopDay, formatShopMoment } from "../../../worker/contracts/shop-time";
import { ApiError } from "../../lib/api-client";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import { fetchPayout } from "./api";
import { CancelPayoutDialog, MarkPaidDialog } from "./payout-dialogs";
import { PayoutFiles } from "./payout-files";
import { PayoutStatusPill } from "./payout-format";
import { PayoutLines } from "./payout-lines";
import "./payouts.css";

function BackToPayouts() {
  return (
    <Link to={adminPaths.payouts} className="admin-back">
      <span aria-hidden="true">← </span>Payouts
    </Link>
  );
}

const payoutTitle = (payout: AdminPayoutDto) => `Payout of ${formatShopDay(payout.createdAt)}`;

export function PayoutScreen() {
  const { payoutId = "" } = useParams();
  const payout = useLoad((signal, id: string) => fetchPayout(id, signal), {
    key: payoutId,
    // A refused change asks again: the page (and the dialog that says why) stays meanwhile.
    keepWhileReloading: true,
    failure: { fallback: "The payout could not be loaded.", toast: false },
  });
  useAdminTitle(payout.status === "loaded" ? payoutTitle(payout.data) : "Payout");
  if (payout.status === "loading") {
    return (
      <div className="admin-screen">
        <Loading label="Loading the payout…" />
      </div>
    );
  }
  if (payout.status === "failed") {
    const missing = payout.error instanceof ApiError && payout.error.status === 404;
    return (
      <div className="admin-screen">
        <PageHeader eyebrow={<BackToPayouts />} title={missing ? "No such payout" : "Payout"} />
        {missing ? (
          <p>
            There is no payout at this address. <Link to={adminPaths.payouts}>See the payouts</Link>
            .
          </p>
        ) : (
          <LoadFailed message={payout.message} onRetry={payout.reload} />
        )}
      </div>
    );
  }
  return (
    <PayoutPage
      key={payoutId}
      payout={payout.data}
      onPayout={payout.replace}
      onStale={payout.reload}
    />
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
        eyebrow={<BackToPayouts />}
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
          <PayoutStatusPill status={payout.status} />
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
    <section className="admin-card" aria-labelledby="payout-totals-title">
      <h2 id="payout-totals-title" className="admin-card-title">
        Totals
      </h2>
      <dl className="payout-totals">
        <div className="is-strong">
          <dt>Total</dt>
          <dd>{formatDollars(payout.total)}</dd>
        </div>
        <div>
          <dt>By bank transfer</dt>
          <dd>{formatDollars(payout.bankTotal)}</dd>
        </div>
        <div>
          <dt>By PayPal</dt>
          <dd>{formatDollars(payout.paypalTotal)}</dd>
        </div>
        <div>
          <dt>Creators</dt>
          <dd>{payout.lineCount.toLocaleString("en-AU")}</dd>
        </div>
        <div>
          <dt>Minimum</dt>
          <dd>{formatWholeDollars(payout.minimum)}</dd>
        </div>
      </dl>
    </section>
  );
}
