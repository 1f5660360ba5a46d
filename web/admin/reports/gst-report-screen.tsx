// The GST report (GET /api/admin/reports/gst): for a range of Brisbane days, each paid order's
// total and the GST in it, each refund as a negative line with its own, and the totals a BAS asks for;
// the same as CSV. The range lives in the address; without one it is this BAS quarter.
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import {
  basQuarterOf,
  type GstLineDto,
  type GstReportDto,
  GstReportQuery,
} from "../../../worker/contracts/admin-reports";
import { formatDollars } from "../../../worker/contracts/money";
import { addDays, formatShopCalendarDay, shopDate } from "../../../worker/contracts/shop-time";
import { Field } from "../../components/form-kit";
import { formSchema } from "../../lib/form-schema";
import { useForm } from "../../lib/use-form";
import { useLoad } from "../../lib/use-load";
import { LoadFailed, Loading } from "../components/load-state";
import { PageHeader } from "../components/page-header";
import { reportAdminFailure } from "../lib/admin-api";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { adminPaths } from "../paths";
import { downloadGstReport, fetchGstReport, type GstRange } from "./api";
import "./gst-report.css";

/** This BAS quarter and the one before it, by Brisbane's calendar. */
export function quarterPresets(today: string): { label: string; range: GstRange }[] {
  const current = basQuarterOf(today);
  return [
    { label: "This quarter", range: current },
    { label: "Last quarter", range: basQuarterOf(addDays(current.from, -1)) },
  ];
}

function reportAddress({ from, to }: GstRange): string {
  return `${adminPaths.reports}?${new URLSearchParams({ from, to })}`;
}

/** Both days are needed here (the endpoint would default a missing one). */
const GstReportForm = formSchema(
  (values) => ({ from: values.from ?? "", to: values.to ?? "" }),
  GstReportQuery,
);

const sameRange = (a: GstRange, b: GstRange) => a.from === b.from && a.to === b.to;

export function GstReportScreen() {
  useAdminTitle("GST report");
  const [search] = useSearchParams();
  const today = shopDate();
  const presets = quarterPresets(today);
  // No range in the address: this quarter, as the endpoint's own default.
  const thisQuarter = basQuarterOf(today);
  const range: GstRange = {
    from: search.get("from") || thisQuarter.from,
    to: search.get("to") || thisQuarter.to,
  };
  const report = useLoad((signal) => fetchGstReport(range, signal), {
    key: `${range.from}/${range.to}`,
    keepWhileReloading: true,
    failure: { fallback: "The GST report could not be loaded.", toast: false },
  });
  const quarter = basQuarterOf(range.from);
  const isQuarter = sameRange(quarter, range);

  return (
    <div className="admin-screen">
      <PageHeader
        title="GST report"
        actions={<DownloadCsv range={range} />}
        eyebrow={isQuarter ? "BAS quarter" : "Date range"}
      >
        <p className="admin-muted">
          {formatShopCalendarDay(range.from)} – {formatShopCalendarDay(range.to)}, Brisbane days,
          both included.
        </p>
      </PageHeader>
      <div className="admin-card gst-range">
        <nav className="admin-filters" aria-label="Quarters">
          {presets.map((preset) => (
            <Link
              key={preset.label}
              to={reportAddress(preset.range)}
              className="admin-filter"
              aria-current={sameRange(preset.range, range) ? "true" : undefined}
            >
              {preset.label}
            </Link>
          ))}
        </nav>
        <RangeForm key={`${range.from}/${range.to}`} range={range} />
      </div>
      {report.status === "loading" ? (
        <Loading label="Loading the GST report…" />
      ) : report.status === "failed" ? (
        <LoadFailed message={report.message} onRetry={report.reload} />
      ) : (
        <Report report={report.data} pending={report.pending} />
      )}
    </div>
  );
}

/** From and To: checked with the endpoint's own query schema, then put in the address. */
function RangeForm({ range }: { range: GstRange }) {
  const navigate = useNavigate();
  const form = useForm({ ...range }, GstReportForm);
  // The schema has judged both days; the address takes them as typed.
  const onSubmit = form.submit(async (_input, values) => navigate(reportAddress(values)));
  const dateField = (name: keyof GstRange, label: string) => {
    const { error, ...control } = form.field(name);
    return (
      <Field label={label} error={error}>
        {(aria) => <input className="field-input" type="date" required {...aria} {...control} />}
      </Field>
    );
  };
  return (
    <form ref={form.formRef} className="gst-range-form" noValidate onSubmit={onSubmit}>
      {dateField("from", "From")}
      {dateField("to", "To")}
      <button type="submit" className="button button-primary">
        Show
      </button>
    </form>
  );
}

function DownloadCsv({ range }: { range: GstRange }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadGstReport(range);
    } catch (error) {
      reportAdminFailure(error, "The CSV could not be downloaded.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button-ghost" onClick={download} disabled={busy}>
      {busy ? "Downloading…" : "Download CSV"}
    </button>
  );
}

function Report({ report, pending }: { report: GstReportDto; pending: boolean }) {
  const { totals, lines } = report;
  const refunds = lines.filter((line) => line.kind === "refund").length;
  return (
    <div className={pending ? "gst-report is-pending" : "gst-report"}>
      <section className="admin-card" aria-labelledby="gst-totals">
        <h2 id="gst-totals" className="admin-card-title">
          Totals
        </h2>
        <dl className="gst-totals">
          <Total label="Sales" value={totals.sales} />
          <Total label="Refunds" value={totals.refunds} />
          <Total label="Net" value={totals.net} strong />
          <Total label="GST on sales" value={totals.salesGst} />
          <Total label="GST on refunds" value={totals.refundsGst} />
          <Total label="Net GST" value={totals.netGst} strong />
        </dl>
        <p className="field-hint">
          Totals are what was paid, delivery included. GST is one eleventh of each sale and each
          refund, rounded to the cent; refunds count in the period they were made.
        </p>
      </section>
      {lines.length === 0 ? (
        <div className="admin-empty">
          <p>No sales or refunds in this range.</p>
        </div>
      ) : (
        <section className="gst-lines" aria-labelledby="gst-lines-title">
          <h2 id="gst-lines-title" className="visually-hidden">
            Sales and refunds
          </h2>
          <p className="admin-count">
            {plural(lines.length - refunds, "sale")}
            {refunds > 0 ? `, ${plural(refunds, "refund")}` : ""}
          </p>
          <table className="admin-table gst-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Kind</th>
                <th scope="col" className="is-number">
                  Total
                </th>
                <th scope="col" className="is-number">
                  GST
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <Line key={`${line.kind}-${line.orderId}-${line.at}`} line={line} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function Total({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={strong ? "gst-total is-strong" : "gst-total"}>
      <dt>{label}</dt>
      <dd className={value < 0 ? "is-negative" : undefined}>{formatDollars(value)}</dd>
    </div>
  );
}

function Line({ line }: { line: GstLineDto }) {
  const refund = line.kind === "refund";
  return (
    <tr className={refund ? "is-refund" : undefined}>
      <td className="gst-cell-date" data-label="Date">
        <time dateTime={line.at}>{formatShopCalendarDay(line.day)}</time>
      </td>
      <td className="gst-cell-order" data-label="Order">
        <Link to={adminPaths.order(line.orderId)}>#{line.number}</Link>
      </td>
      <td className="gst-cell-customer" data-label="Customer">
        {line.customer}
      </td>
      <td className="gst-cell-kind" data-label="Kind">
        <span className={refund ? "admin-pill gst-pill is-refund" : "admin-pill gst-pill"}>
          {refund ? "Refund" : "Sale"}
        </span>
      </td>
      <td className="gst-cell-total is-number" data-label="Total">
        {formatDollars(line.total)}
      </td>
      <td className="gst-cell-gst is-number" data-label="GST">
        {formatDollars(line.gst)}
      </td>
    </tr>
  );
}
