// The back-office's home (GET /api/admin/reports/summary): sales today and over the last 7 and 30
// Brisbane days, what needs doing (orders to ship, low stock, new messages), the ten best sellers
// and the creators' share, with how many of their commissions are held for review
// (GET /api/admin/commissions). One column on phones; from 900 px the cards sit side by side.
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type {
  BestSellerDto,
  PeriodFigures,
  SummaryDto,
} from "../../../worker/contracts/admin-reports";
import { formatDollars } from "../../../worker/contracts/money";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { useLoad } from "../../lib/use-load";
import { fetchReviewedCommissions } from "../commissions/api";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { Thumb } from "../components/thumb";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import { fetchSummary } from "../reports/api";
import "./dashboard.css";
import { Card } from "../components/card";

const PERIODS: { key: "today" | "last7Days" | "last30Days"; label: string }[] = [
  { key: "today", label: "Today" },
  { key: "last7Days", label: "Last 7 days" },
  { key: "last30Days", label: "Last 30 days" },
];

export function DashboardScreen() {
  useAdminTitle("Dashboard");
  const summary = useLoad(fetchSummary, {
    keepWhileReloading: true,
    failure: { fallback: "The figures could not be loaded.", toast: false },
  });
  return (
    <div className="admin-screen">
      <PageHeader
        title="Dashboard"
        actions={
          summary.status === "loaded" ? (
            <button
              type="button"
              className="button button-ghost"
              onClick={summary.reload}
              disabled={summary.pending}
            >
              {summary.pending ? "Refreshing…" : "Refresh"}
            </button>
          ) : null
        }
      >
        <p className="admin-muted">
          Days are Brisbane days.
          {summary.status === "loaded"
            ? ` Figures as at ${formatShopMoment(summary.data.generatedAt)}.`
            : null}
        </p>
      </PageHeader>
      {summary.status === "loading" ? (
        <Loading label="Loading the figures…" />
      ) : summary.status === "failed" ? (
        <LoadFailed message={summary.message} onRetry={summary.reload} />
      ) : (
        <Figures summary={summary.data} pending={summary.pending} />
      )}
    </div>
  );
}

function Figures({ summary, pending }: { summary: SummaryDto; pending: boolean }) {
  return (
    <div className={pending ? "dashboard is-pending" : "dashboard"}>
      <section className="dashboard-section" aria-labelledby="dashboard-sales">
        <h2 id="dashboard-sales" className="dashboard-section-title">
          Sales
        </h2>
        <ul className="dashboard-periods">
          {PERIODS.map(({ key, label }) => (
            <Period key={key} label={label} figures={summary[key]} />
          ))}
        </ul>
      </section>

      <section className="dashboard-section" aria-labelledby="dashboard-todo">
        <h2 id="dashboard-todo" className="dashboard-section-title">
          To do
        </h2>
        <ul className="dashboard-todo">
          <Todo
            to={adminPaths.orders}
            count={summary.waitingToShip}
            label="Orders to ship"
            linkLabel="Open the orders to ship"
            detail={
              summary.overdueToShip > 0 ? (
                <span className="admin-badge is-out">
                  {summary.overdueToShip} waiting over 2 business days
                </span>
              ) : summary.waitingToShip > 0 ? (
                "None waiting over 2 business days"
              ) : (
                "Every paid order has shipped"
              )
            }
            urgent={summary.overdueToShip > 0}
          />
          <Todo
            to={adminPaths.lowStock}
            count={summary.lowStock}
            label="Low stock"
            linkLabel="See what is running low"
            detail={
              summary.lowStock > 0 ? "At or under their alert level" : "Nothing is running low"
            }
          />
          <Todo
            to={adminPaths.inbox}
            count={summary.newMessages}
            label="New messages"
            linkLabel="Open the inbox"
            detail={summary.newMessages > 0 ? "Not yet replied to" : "All answered"}
          />
        </ul>
      </section>

      <div className="dashboard-pair">
        <Card
          title="Best sellers"
          aside={<span className="admin-muted">Units sold, last 30 days</span>}
        >
          <BestSellers products={summary.bestSellers} />
        </Card>

        <Card title="Creators" aside={<span className="admin-muted">Last 30 days</span>}>
          <p className="admin-muted">Orders that came through a creator's link or code.</p>
          <dl className="dashboard-figures">
            <div>
              <dt>Orders</dt>
              <dd>{summary.creators.orders.toLocaleString("en-AU")}</dd>
            </div>
            <div>
              <dt>Revenue</dt>
              <dd>{formatDollars(summary.creators.revenue)}</dd>
            </div>
            <div>
              <dt>Commission</dt>
              <dd>{formatDollars(summary.creators.commission)}</dd>
            </div>
          </dl>
          <HeldCommissions asOf={summary.generatedAt} />
        </Card>
      </div>
    </div>
  );
}

/**
 * "3 commissions held for review", linked to them, or that none are; nothing if the count could
 * not be had. Asked again with the figures (a new `asOf`).
 */
function HeldCommissions({ asOf }: { asOf: string }) {
  const held = useLoad((signal) => fetchReviewedCommissions({ review: "held", page: 1 }, signal), {
    key: asOf,
  });
  if (held.status !== "loaded") return null;
  if (held.data.total === 0) {
    return <p className="admin-muted">No commissions held for review.</p>;
  }
  return (
    <p className="dashboard-held">
      <Link to={adminPaths.commissionReview}>
        {plural(held.data.total, "commission")} held for review
      </Link>
    </p>
  );
}

function Period({ label, figures }: { label: string; figures: PeriodFigures }) {
  return (
    <li className="admin-card dashboard-period">
      <h3 className="dashboard-period-title">{label}</h3>
      <p className="dashboard-revenue">
        <span className="visually-hidden">Revenue </span>
        {formatDollars(figures.revenue)}
      </p>
      <dl className="dashboard-figures">
        <div>
          <dt>Orders</dt>
          <dd>{figures.orders.toLocaleString("en-AU")}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd className={figures.refunds > 0 ? "is-refund" : undefined}>
            {formatDollars(figures.refunds)}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Todo({
  to,
  count,
  label,
  linkLabel,
  detail,
  urgent = false,
}: {
  to: string;
  count: number;
  label: string;
  linkLabel: string;
  detail: ReactNode;
  urgent?: boolean;
}) {
  return (
    <li
      className={
        urgent ? "admin-card dashboard-todo-item is-urgent" : "admin-card dashboard-todo-item"
      }
    >
      <p className="dashboard-todo-label">{label}</p>
      <p className="dashboard-count">{count.toLocaleString("en-AU")}</p>
      <p className="dashboard-todo-detail">{detail}</p>
      <Link to={to} className="dashboard-todo-link">
        {linkLabel}
      </Link>
    </li>
  );
}

function BestSellers({ products }: { products: BestSellerDto[] }) {
  if (products.length === 0) {
    return <p className="admin-muted">No sales in the last 30 days.</p>;
  }
  return (
    <table className="dashboard-best">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Rank and photo</span>
          </th>
          <th scope="col">Product</th>
          <th scope="col" className="is-number">
            Units
          </th>
          <th scope="col" className="is-number">
            Revenue
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((product, index) => (
          <tr key={product.productId}>
            <td className="dashboard-best-photo">
              <span className="dashboard-rank">{index + 1}</span>
              <Thumb src={product.image} size={40} />
            </td>
            <td className="dashboard-best-name">
              <Link to={adminPaths.product(product.productId)}>{product.name}</Link>
            </td>
            <td className="dashboard-best-units is-number">
              {product.units.toLocaleString("en-AU")}
              <span className="dashboard-phone-only">
                {" "}
                {product.units === 1 ? "unit" : "units"}
              </span>
            </td>
            <td className="dashboard-best-revenue is-number">{formatDollars(product.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
