// /api/admin/reports (README, back-office): the dashboard's figures and the GST report, as JSON and
// as CSV (each download audited). requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import { GstReportQuery } from "../../contracts/admin-reports";
import { validate } from "../../http/validate";
import { csvResponse } from "../../lib/csv";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import { recordExport } from "../../modules/audit/audit";
import {
  gstRange,
  gstReport,
  gstReportCsv,
  gstReportDto,
  summary,
} from "../../modules/reports/reports";

export const adminReportRoutes = new Hono<AppEnv>()
  .get("/summary", async (c) =>
    c.json({ success: true as const, summary: await summary({ db: c.var.db }) }),
  )
  .get("/gst", validate("query", GstReportQuery), async (c) => {
    const report = await gstReport({ db: c.var.db }, gstRange(c.req.valid("query")));
    return c.json({ success: true as const, report: gstReportDto(report) });
  })
  .get("/gst.csv", validate("query", GstReportQuery), async (c) => {
    const range = gstRange(c.req.valid("query"));
    const report = await gstReport({ db: c.var.db }, range);
    const file = `gst-${range.from}-to-${range.to}.csv`;
    // Customers' names: who took them home is recorded.
    await recordExport(adminDeps(c), "gst", {
      file,
      rows: report.lines.length,
      ...range,
    });
    return csvResponse(gstReportCsv(report), file);
  });
