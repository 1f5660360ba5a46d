// The GST report (GET /api/admin/reports/gst), on the list kit: for a range of Brisbane days, each
// paid order's total and the GST in it, each refund as a negative line with its own, and the totals
// a BAS asks for; the same as CSV. The range lives in the address; without one it is this BAS
// quarter, as the endpoint's own default.
import { Link } from "react-router-dom";
import {
  basQuarterOf,
  type GstLineDto,
  type GstReportDto,
  GstReportQuery,
} from "../../../worker/contracts/admin-reports";
import { formatDollars } from "../../../worker/contracts/money";
import { addDays, formatShopCalendarDay, shopDate } from "../../../worker/contracts/shop-time";
import { type Fact, Facts } from "../../components/facts";
import { ActionButton } from "../components/action-button";
import { DataList } from "../components/data-list";
import type { Column } from "../components/data-table";
import { PageHeader } from "../components/page-header";
import { Pill } from "../components/pill";
import { plural } from "../lib/format";
import { useAdminTitle } from "../lib/use-admin-title";
import { useList } from "../lib/use-list-query";
import { adminPaths } from "../paths";
import { downloadGstReport, fetchGstReport, type GstRange } from "./api";
import "./gst-report.css";
import { Card } from "../components/card";

/** This BAS quarter and the one before it, by Brisbane's calendar. */
export function quarterPresets(today: string): { label: string; range: GstRange }[] {
  const current = basQuarterOf(today);
  return [
    { label: "This quarter", range: current },
    { label: "Last quarter", range: basQuarterOf(addDays(current.from, -1)) },
  ];
}

const sameRange = (a: Partial<GstRange>, b: GstRange) => a.from === b.from && a.to === b.to;

const money = (pick: (line: GstLineDto) => number) => (line: GstLineDto) =>
  formatDollars(pick(line));

const COLUMNS: Column<GstLineDto>[] = [
  {
    header: "Date",
    className: "gst-cell-date",
    cell: (line) => <time dateTime={line.at}>{formatShopCalendarDay(line.day)}</time>,
  },
  {
    header: "Order",
    labelled: true,
    className: "gst-cell-order",
    cell: (line) => <Link to={adminPaths.order(line.orderId)}>#{line.number}</Link>,
  },
  {
    header: "Customer",
    labelled: true,
    className: "gst-cell-customer",
    cell: (line) => line.customer,
  },
  {
    header: "Kind",
    className: "gst-cell-kind",
    cell: (line) =>
      line.kind === "refund" ? <Pill tone="danger">Refund</Pill> : <Pill tone="copper">Sale</Pill>,
  },
  {
    header: "Total",
    labelled: true,
    numeric: true,
    className: "gst-cell-total",
    cell: money((l) => l.total),
  },
  {
    header: "GST",
    labelled: true,
    numeric: true,
    className: "gst-cell-gst",
    cell: money((l) => l.gst),
  },
];

/** A total: refunds (negative) in red, the nets in bold. */
const total = (term: string, value: number, strong = false): Fact => ({
  term,
  value: formatDollars(value),
  className: strong ? "is-strong" : undefined,
  valueClass: value < 0 ? "is-negative" : undefined,
});

function Totals({ report }: { report: GstReportDto }) {
  const { totals } = report;
  return (
    <Card title="Totals">
      <Facts
        className="admin-figures gst-totals"
        facts={[
          total("Sales", totals.sales),
          total("Refunds", totals.refunds),
          total("Net", totals.net, true),
          total("GST on sales", totals.salesGst),
          total("GST on refunds", totals.refundsGst),
          total("Net GST", totals.netGst, true),
        ]}
      />
      <p className="field-hint">
        Totals are what was paid, delivery included. GST is one eleventh of each sale and each
        refund, rounded to the cent; refunds count in the period they were made.
      </p>
    </Card>
  );
}

export function GstReportScreen() {
  useAdminTitle("GST report");
  const today = shopDate();
  const thisQuarter = basQuarterOf(today);
  const { query, list } = useList(
    GstReportQuery,
    (range, signal) => fetchGstReport(range as GstRange, signal),
    {
      path: adminPaths.reports,
      implied: () => thisQuarter,
      failed: "The GST report could not be loaded.",
    },
  );
  const range = query.params as GstRange;
  return (
    <div className="admin-screen">
      <PageHeader
        title="GST report"
        actions={
          <ActionButton
            run={() => downloadGstReport(range)}
            failed="The CSV could not be downloaded."
            busyLabel="Downloading…"
          >
            Download CSV
          </ActionButton>
        }
        eyebrow={sameRange(basQuarterOf(range.from), range) ? "BAS quarter" : "Date range"}
      >
        <p className="admin-muted">
          {formatShopCalendarDay(range.from)} – {formatShopCalendarDay(range.to)}, Brisbane days,
          both included.
        </p>
      </PageHeader>
      <DataList
        query={query}
        list={list}
        noun="line"
        loadingLabel="Loading the GST report…"
        presets={{
          label: "Quarters",
          items: quarterPresets(today).map((preset) => ({
            label: preset.label,
            to: query.address(preset.range),
            current: sameRange(preset.range, range),
          })),
        }}
        search={{
          label: "Date range",
          submitLabel: "Show",
          fields: [
            { param: "from", label: "From", type: "date", required: true },
            { param: "to", label: "To", type: "date", required: true },
          ],
        }}
        above={(report) => <Totals report={report} />}
        rows={(report) => report.lines}
        count={(report) => {
          const refunds = report.lines.filter((line) => line.kind === "refund").length;
          const sales = plural(report.lines.length - refunds, "sale");
          return refunds > 0 ? `${sales}, ${plural(refunds, "refund")}` : sales;
        }}
        columns={COLUMNS}
        rowKey={(line) => `${line.kind}-${line.orderId}-${line.at}`}
        rowClass={(line) => (line.kind === "refund" ? "is-refund" : undefined)}
        tableClass="gst-table"
        empty={() => ({ title: "No sales or refunds in this range." })}
      />
    </div>
  );
}
