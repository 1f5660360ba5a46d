// The owner's figures (README, back-office): the dashboard's summary and the GST report.
import type {
  GstReportResponse,
  SummaryDto,
  SummaryResponse,
} from "../../../worker/contracts/admin-reports";
import { call, download, fetchList, query } from "../lib/admin-api";

export const fetchSummary = async (signal?: AbortSignal): Promise<SummaryDto> =>
  (await call<SummaryResponse>("/api/admin/reports/summary", { signal })).summary;

/** Brisbane days, YYYY-MM-DD, both included. */
export interface GstRange {
  from: string;
  to: string;
}

export const fetchGstReport = async (range: GstRange, signal?: AbortSignal) =>
  (await fetchList<GstReportResponse>("/api/admin/reports/gst", { ...range }, signal)).report;

export const downloadGstReport = ({ from, to }: GstRange) =>
  download(`/api/admin/reports/gst.csv${query({ from, to })}`, `gst-${from}-to-${to}.csv`);
