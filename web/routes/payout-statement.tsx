// A paid payout's statement (GET /api/payouts/:id/statement), as a printable document: a recipient
// created tax invoice when the creator gave an ABN and is registered for GST, otherwise a
// commission statement. Signed-out visitors go to /login; someone else's payout is "not found".
import { Link, Navigate, useParams } from "react-router-dom";
import { formatDollars } from "../../worker/contracts/money";
import type { PayoutStatementDto } from "../../worker/contracts/payouts";
import { formatShopCalendarDay, formatShopDay } from "../../worker/contracts/shop-time";
import { fetchPayoutStatement } from "../features/creator-payouts/api";
import { useSession } from "../features/session/session-context";
import { ApiError } from "../lib/api-client";
import { paths } from "../lib/paths";
import { useLoad } from "../lib/use-load";
import { NotFoundPage } from "./not-found";
import "./payout-statement.css";
import type { MetaFunction } from "react-router";
import { PageLoading } from "../components/page-loading";
import { pageMeta, shopOrigin } from "../lib/page-meta";
import { useSessionKnown } from "../lib/stored-session";

export const STATEMENT_MESSAGES = {
  loading: "Loading your statement…",
  loadFailed: "Your statement could not be loaded.",
} as const;

async function loadStatement(signal: AbortSignal, id: string): Promise<PayoutStatementDto> {
  const answer = await fetchPayoutStatement(id, signal);
  if (!answer?.success || !answer.statement) throw new Error(STATEMENT_MESSAGES.loadFailed);
  return answer.statement;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Payout statement",
    description: "A creator payout's statement: the orders it pays and the commission on each.",
    path: location.pathname,
    origin: shopOrigin(matches),
    noindex: true,
  });

export function PayoutStatementPage() {
  const session = useSession();
  const known = useSessionKnown();
  const id = useParams().payoutId ?? "";
  const state = useLoad(loadStatement, {
    key: id,
    enabled: Boolean(session.token) && id !== "",
    failure: { fallback: STATEMENT_MESSAGES.loadFailed, toast: false },
  });

  if (!session.token) {
    if (!known) return <PageLoading />;
    return session.leaving ? null : <Navigate to={paths.login} replace />;
  }
  if (state.status === "failed" && isNotFound(state.error)) return <NotFoundPage />;
  if (state.status !== "loaded") {
    const failed = state.status === "failed";
    return (
      <div className="statement-page">
        <p className={failed ? "statement-alert" : "statement-loading"} role="status">
          {failed ? state.message : STATEMENT_MESSAGES.loading}
        </p>
        <div className="statement-tools">
          {failed ? (
            <button type="button" className="button button-primary" onClick={state.reload}>
              Retry
            </button>
          ) : null}
          <Link className="button button-ghost" to={paths.creatorProfile}>
            Back to profile
          </Link>
        </div>
      </div>
    );
  }
  return <Statement statement={state.data} />;
}

function Statement({ statement: s }: { statement: PayoutStatementDto }) {
  const gst = s.isTaxInvoice && s.gst !== null ? s.gst : null;
  return (
    <div className="statement-page">
      <div className="statement-tools">
        <Link className="button button-ghost" to={paths.creatorProfile}>
          Back to profile
        </Link>
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <article
        className={s.isTaxInvoice ? "statement is-tax-invoice" : "statement"}
        aria-labelledby="statement-title"
      >
        <header className="statement-head">
          <h1 id="statement-title" className="statement-title">
            {s.title}
          </h1>
          <dl className="statement-facts">
            <div>
              <dt>Number</dt>
              <dd>{s.number}</dd>
            </div>
            <div>
              <dt>Date issued</dt>
              <dd>{s.issuedAt ? formatShopDay(s.issuedAt) : "Not yet issued"}</dd>
            </div>
            <div>
              <dt>Period</dt>
              <dd>
                {formatShopCalendarDay(s.period.from)} to {formatShopCalendarDay(s.period.to)}
              </dd>
            </div>
          </dl>
        </header>
        <div className="statement-parties">
          <section aria-labelledby="statement-from">
            <h2 id="statement-from" className="statement-label">
              {s.isTaxInvoice ? "Issued by (recipient)" : "From"}
            </h2>
            <p className="statement-party">{s.shop.name}</p>
            <p>ABN {s.shop.abn}</p>
            <p>{s.shop.address}</p>
          </section>
          <section aria-labelledby="statement-to">
            <h2 id="statement-to" className="statement-label">
              {s.isTaxInvoice ? "Supplier (creator)" : "Creator"}
            </h2>
            <p className="statement-party">{s.creator.name}</p>
            <p>{s.creator.email}</p>
            <p>{s.creator.abn ? `ABN ${s.creator.abn}` : "No ABN given"}</p>
            {s.creator.gstRegistered && s.creator.abn ? <p>Registered for GST</p> : null}
          </section>
          <section aria-labelledby="statement-paid-to">
            <h2 id="statement-paid-to" className="statement-label">
              Paid to
            </h2>
            <p>{s.paidTo}</p>
          </section>
        </div>
        <div className="statement-table-wrap">
          <table className="statement-lines">
            <caption className="visually-hidden">Commission by order</caption>
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
                <th scope="col" className="is-money">
                  Paid earlier
                </th>
                <th scope="col" className="is-money">
                  This payout
                </th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((line) => (
                <tr key={`${line.orderNumber}-${line.paidAt}`}>
                  <th scope="row">#{line.orderNumber}</th>
                  <td data-label="Paid">{formatShopDay(line.paidAt)}</td>
                  <td data-label="Commission" className="is-money">
                    {formatDollars(line.commission)}
                  </td>
                  <td data-label="Reversed" className="is-money">
                    {line.reversed ? formatDollars(-line.reversed) : "—"}
                  </td>
                  <td data-label="Paid earlier" className="is-money">
                    {line.earlierPaid ? formatDollars(line.earlierPaid) : "—"}
                  </td>
                  <td data-label="This payout" className="is-money">
                    {formatDollars(line.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="statement-totals">
          <div>
            <dt>Commission, less paid earlier</dt>
            <dd>{formatDollars(s.totalCommission)}</dd>
          </div>
          <div>
            <dt>Reversed (refunds and disputes)</dt>
            <dd>{s.totalReversed ? formatDollars(-s.totalReversed) : formatDollars(0)}</dd>
          </div>
          <div className="is-total">
            <dt>{gst !== null ? "Total paid (GST inclusive)" : "Total paid"}</dt>
            <dd>{formatDollars(s.total)}</dd>
          </div>
        </dl>
        {gst !== null ? <p className="statement-gst">GST included: {formatDollars(gst)}</p> : null}
        {s.agreement ? <p className="statement-agreement">{s.agreement}</p> : null}
      </article>
    </div>
  );
}

export default PayoutStatementPage;
