// /api/admin/subscribers.csv: the newsletter's confirmed subscribers as CSV, each download
// audited. requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import { brisbaneDate } from "../../lib/brisbane-time";
import { csvResponse, toCsv } from "../../lib/csv";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import { recordExport } from "../../modules/audit/audit";
import { confirmedSubscribers } from "../../modules/newsletter/subscribers";

export const adminSubscriberRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const rows = await confirmedSubscribers({ db: c.var.db });
  const csv = toCsv(
    ["email", "confirmed_at"],
    rows.map((r) => [r.email, r.confirmedAt.toISOString()]),
  );
  const file = `subscribers-${brisbaneDate(Date.now())}.csv`;
  await recordExport(adminDeps(c), "subscribers", {
    file,
    rows: rows.length,
  });
  return csvResponse(csv, file);
});
