// Hostile input on the back-office's reports and audit log (routes admin/reports, admin/audit):
// the dashboard, the GST report as JSON and CSV over any range, and the log of the admin's writes.
import fc from "fast-check";
import { expect } from "vitest";
import type { GstReportDto, SummaryDto } from "../../../worker/contracts/admin-reports";
import { asUser } from "../helpers/accounts";
import { address, paidOrder } from "../helpers/checkout";
import { parseCsv } from "../helpers/csv";
import { ORIGIN } from "../helpers/factories";
import {
  adminEndpoint,
  adminRead,
  cents,
  day,
  describeEndpoints,
  encoded,
  hexId,
  hostileText,
  page,
  param,
  query,
  queryString,
  type World,
  withQuery,
} from "../helpers/hostile";

/**
 * A paid order whose buyer named themselves a formula (for the GST report's CSV), part refunded
 * (a refund line), and a stock change for the audit log.
 */
async function given(w: World) {
  const [p0 = "", , p2 = ""] = w.products.map((p) => p.id);
  const formula = { firstName: '=HYPERLINK("http://evil.example","x")', lastName: "@SUM(1)" };
  const order = await paidOrder({ items: [{ _id: p0, quantity: 1 }], address: address(formula) });
  const orderId = order.session.metadata?.order_id ?? "";
  expect(
    (await asUser(w.admin.token, `/api/admin/orders/${orderId}/refund`, { amount: 1 })).status,
  ).toBe(200);
  expect(
    (await asUser(w.admin.token, `/api/admin/products/${p2}/stock`, { onHand: 5 })).status,
  ).toBe(200);
  return { p2, orderId, buyer: `${formula.firstName} ${formula.lastName}` };
}
type Given = Awaited<ReturnType<typeof given>>;

describeEndpoints<Given>("hostile input: the back-office's reports", {
  given,
  endpoints: [
    adminRead<Given>("/api/admin/reports/summary", 10, (a) => {
      const s = a.json?.summary as SummaryDto;
      expect(s.today.orders).toBeLessThanOrEqual(s.last7Days.orders);
      expect(s.last7Days.orders).toBeLessThanOrEqual(s.last30Days.orders);
      expect(s.overdueToShip).toBeLessThanOrEqual(s.waitingToShip);
      for (const n of [s.waitingToShip, s.lowStock, s.newMessages, s.creators.orders]) {
        expect(n).toBeGreaterThanOrEqual(0);
      }
    }),
    adminEndpoint({
      name: "GET /api/admin/reports/gst",
      runs: 25,
      method: "GET",
      downloads: true,
      path: () =>
        fc
          .tuple(
            fc.constantFrom("/api/admin/reports/gst", "/api/admin/reports/gst.csv"),
            query(param("from", day), param("to", day)),
            fc.option(queryString, { freq: 4, nil: undefined }),
          )
          .map(([path, mine, extra]) => `${path}?${[mine, extra].filter(Boolean).join("&")}`),
      valid: ({ ex }) => [
        ex("GET", "/api/admin/reports/gst"),
        ex("GET", "/api/admin/reports/gst.csv?from=2000-01-01&to=2099-12-31"),
        ex("GET", "/api/admin/reports/gst?from=2024-02-30"),
        ex("GET", "/api/admin/reports/gst?from=2025-01-02&to=2025-01-01"),
        ex("GET", "/api/admin/reports/gst.csv?from=0000-01-01&to=9999-12-31"),
      ],
      refused: () => [
        ["GET", "/api/admin/reports/gst"],
        ["GET", "/api/admin/reports/gst.csv"],
      ],
      never: (a, c, { x }) => {
        if (a.status !== 200 || c.method !== "GET") return;
        if (new URL(c.path, ORIGIN).pathname.endsWith(".csv")) {
          const rows = parseCsv(a.text);
          expect(rows[0]?.[0]).toBe("date");
          expect(rows.at(-1)?.[0]).toBe("Total");
          // The buyer who named themselves a formula is text in the report.
          const sale = rows.find((r) => r[2] === "order" && r[4] === x.orderId);
          if (sale) expect(sale[5]).toBe(`'${x.buyer}`);
          return;
        }
        const report = a.json?.report as GstReportDto;
        expect(report.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(report.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(report.from <= report.to).toBe(true);
        const t = report.totals;
        expect(cents(t.net)).toBe(cents(t.sales) + cents(t.refunds));
        expect(cents(t.sales)).toBe(
          report.lines.filter((l) => l.kind === "order").reduce((n, l) => n + cents(l.total), 0),
        );
        expect(t.refunds).toBeLessThanOrEqual(0);
        for (const l of report.lines) {
          expect(l.day >= report.from && l.day <= report.to, l.day).toBe(true);
          // GST is one eleventh of each sale and each refund, to the cent.
          expect(Math.abs(cents(l.gst))).toBe(Math.round(Math.abs(cents(l.total)) / 11));
        }
      },
      reaches: [200, 400, 401, 403],
    }),
    adminEndpoint({
      name: "GET /api/admin/audit",
      runs: 25,
      method: "GET",
      path: ({ w }) =>
        withQuery(
          "/api/admin/audit",
          query(
            param(
              "entity",
              fc.oneof(
                fc.constantFrom("product", "category", "image", "stock", "user", "payout"),
                hostileText.map(encoded),
              ),
            ),
            param(
              "id",
              fc.oneof(
                fc.constantFrom(...w.products.map((p) => p.id)),
                hexId,
                hostileText.map(encoded),
              ),
            ),
            param("page", page),
          ),
        ),
      valid: ({ ex, x }) => [ex("GET", `/api/admin/audit?entity=stock&id=${x.p2}`)],
      refused: () => [["GET", "/api/admin/audit"]],
      never: (a, c, { w }) => {
        if (a.status !== 200 || c.method !== "GET") return;
        const entries = a.json?.entries as { actor: { id: string }; at: string }[];
        for (const e of entries) expect(e.actor.id).toBe(w.admin.id);
        const times = entries.map((e) => e.at);
        expect(times).toEqual([...times].sort().reverse());
      },
    }),
  ],
});
