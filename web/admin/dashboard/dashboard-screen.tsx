// The back-office's home (GET /api/admin/reports/summary): sales today and over the last 7 and 30
// Brisbane days, what needs doing (orders to ship, low stock, new messages, creator applications),
// the ten best sellers and the creators' share. Each figure links to the list it counts: a
// period's orders to the orders of those days, its revenue and refunds to the GST report of them,
// each to-do to its list. Applications and held commissions are the totals of the creators' and
// commissions' own lists (status=pending, review=held). One column on phones; from 900 px the
// cards sit side by side.
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type {
  BestSellerDto,
  PeriodFigures,
  SummaryDto,
} from "../../../worker/contracts/admin-reports";
import { formatDollars } from "../../../worker/contracts/money";
import { addDays, formatShopMoment, shopDate } from "../../../worker/contracts/shop-time";
import { Facts } from "../../components/facts";
import { useLoad } from "../../lib/use-load";
import { fetchReviewedCommissions } from "../commissions/api";
import { Card } from "../components/card";
import { type Column, DataTable } from "../components/data-table";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { Pill } from "../components/pill";
import { Thumb } from "../components/thumb";
import { fetchCreators } from "../creators/api";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { listAddress } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { fetchSummary } from "../reports/api";
import "./dashboard.css";

/** Each period's first Brisbane day, counted back from the day the figures were made. */
const PERIODS: { key: "today" | "last7Days" | "last30Days"; label: string; days: number }[] = [
  { key: "today", label: "Today", days: 1 },
  { key: "last7Days", label: "Last 7 days", days: 7 },
  { key: "last30Days", label: "Last 30 days", days: 30 },
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

/** A list's total, asked again with the figures (a new `asOf`); null until known (or if not). */
function useTotal(asOf: string, load: (signal: AbortSignal) => Promise<{ total: number }>) {
  const answer = useLoad(load, { key: asOf });
  return answer.status === "loaded" ? answer.data.total : null;
}

function Figures({ summary, pending }: { summary: SummaryDto; pending: boolean }) {
  const asOf = summary.generatedAt;
  const today = shopDate(Date.parse(asOf));
  const applications = useTotal(asOf, (signal) => fetchCreators({ status: "pending" }, signal));
  const held = useTotal(asOf, (signal) => fetchReviewedCommissions({ review: "held" }, signal));
  return (
    <div className={pending ? "dashboard is-pending" : "dashboard"}>
      <DashboardSection title="Sales">
        <ul className="dashboard-periods">
          {PERIODS.map(({ key, label, days }) => (
            <Period
              key={key}
              label={label}
              figures={summary[key]}
              from={addDays(today, 1 - days)}
              to={today}
            />
          ))}
        </ul>
      </DashboardSection>

      <DashboardSection title="To do">
        <ul className="dashboard-todo">
          <Todo
            to={adminPaths.orders}
            count={summary.waitingToShip}
            label="Orders to ship"
            linkLabel="Open the orders to ship"
            detail={
              summary.overdueToShip > 0 ? (
                <Pill tone="danger">{summary.overdueToShip} waiting over 2 business days</Pill>
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
            to={listAddress(adminPaths.inbox, { status: "new" })}
            count={summary.newMessages}
            label="New messages"
            linkTo={adminPaths.inbox}
            linkLabel="Open the inbox"
            detail={summary.newMessages > 0 ? "Not yet replied to" : "All answered"}
          />
          {applications === null ? null : (
            <Todo
              to={listAddress(adminPaths.creators, { status: "pending" })}
              count={applications}
              label="Creator applications"
              linkLabel="Review the applications"
              detail={applications > 0 ? "Waiting for your decision" : "None waiting"}
            />
          )}
        </ul>
      </DashboardSection>

      <div className="dashboard-pair">
        <Card
          title="Best sellers"
          aside={<span className="admin-muted">Units sold, last 30 days</span>}
        >
          <BestSellers products={summary.bestSellers} />
        </Card>

        <Card title="Creators" aside={<span className="admin-muted">Last 30 days</span>}>
          <p className="admin-muted">Orders that came through a creator's link or code.</p>
          <Facts
            className="dashboard-figures"
            facts={[
              { term: "Orders", value: summary.creators.orders.toLocaleString("en-AU") },
              { term: "Revenue", value: formatDollars(summary.creators.revenue) },
              { term: "Commission", value: formatDollars(summary.creators.commission) },
            ]}
          />
          {held === null ? null : held === 0 ? (
            <p className="admin-muted">No commissions held for review.</p>
          ) : (
            <p className="dashboard-held">
              <Link to={adminPaths.commissionReview}>
                {plural(held, "commission")} held for review
              </Link>
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}

function DashboardSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="dashboard-section" aria-label={title}>
      <h2 className="dashboard-section-title">{title}</h2>
      {children}
    </section>
  );
}

/** A figure that is a link to the list it counts; its name says what it counts, and how many. */
function FigureLink({ to, name, children }: { to: string; name: string; children: ReactNode }) {
  return (
    <Link to={to} className="dashboard-figure-link" aria-label={name}>
      {children}
    </Link>
  );
}

function Period({
  label,
  figures,
  from,
  to,
}: {
  label: string;
  figures: PeriodFigures;
  from: string;
  to: string;
}) {
  const orders = listAddress(adminPaths.orders, { status: "all", from, to });
  const report = listAddress(adminPaths.reports, { from, to });
  const when = label.toLowerCase();
  const revenue = formatDollars(figures.revenue);
  const refunds = formatDollars(figures.refunds);
  return (
    <li className="admin-card dashboard-period">
      <h3 className="dashboard-period-title caps-label">{label}</h3>
      <p className="dashboard-revenue figure-number">
        <FigureLink to={report} name={`Revenue ${when}: ${revenue}`}>
          {revenue}
        </FigureLink>
      </p>
      <Facts
        className="dashboard-figures"
        facts={[
          {
            term: "Orders",
            value: (
              <FigureLink to={orders} name={`${plural(figures.orders, "order")} ${when}`}>
                {figures.orders.toLocaleString("en-AU")}
              </FigureLink>
            ),
          },
          {
            term: "Refunded",
            value: (
              <FigureLink to={report} name={`Refunded ${when}: ${refunds}`}>
                {refunds}
              </FigureLink>
            ),
            valueClass: figures.refunds > 0 ? "is-refund" : undefined,
          },
        ]}
      />
    </li>
  );
}

function Todo({
  to,
  count,
  label,
  linkTo = to,
  linkLabel,
  detail,
  urgent = false,
}: {
  /** The list the count counts. */
  to: string;
  count: number;
  label: string;
  /** Where the link below goes, when not to that list (the whole inbox). */
  linkTo?: string;
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
      <p className="dashboard-todo-label caps-label">{label}</p>
      <p className="dashboard-count figure-number">
        <FigureLink to={to} name={`${count.toLocaleString("en-AU")} ${label.toLowerCase()}`}>
          {count.toLocaleString("en-AU")}
        </FigureLink>
      </p>
      <p className="dashboard-todo-detail">{detail}</p>
      <Link to={linkTo} className="dashboard-todo-link">
        {linkLabel}
      </Link>
    </li>
  );
}

const BEST_COLUMNS: Column<BestSellerDto & { rank: number }>[] = [
  {
    header: "Rank and photo",
    hideHeader: true,
    className: "dashboard-best-photo",
    cell: (product) => (
      <>
        <span className="dashboard-rank">{product.rank}</span>
        <Thumb src={product.image} size={40} />
      </>
    ),
  },
  {
    header: "Product",
    className: "dashboard-best-name",
    cell: (product) => (
      <Link to={adminPaths.product(product.productId)} className="admin-row-title">
        {product.name}
      </Link>
    ),
  },
  {
    header: "Units",
    numeric: true,
    className: "dashboard-best-units",
    cell: (product) => (
      <>
        {product.units.toLocaleString("en-AU")}
        <span className="dashboard-phone-only"> {product.units === 1 ? "unit" : "units"}</span>
      </>
    ),
  },
  {
    header: "Revenue",
    numeric: true,
    className: "dashboard-best-revenue",
    cell: (product) => formatDollars(product.revenue),
  },
];

function BestSellers({ products }: { products: BestSellerDto[] }) {
  if (products.length === 0) {
    return <p className="admin-muted">No sales in the last 30 days.</p>;
  }
  return (
    <DataTable
      rows={products.map((product, index) => ({ ...product, rank: index + 1 }))}
      columns={BEST_COLUMNS}
      rowKey={(product) => product.productId}
      className="dashboard-best"
      plain
    />
  );
}
