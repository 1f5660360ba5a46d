// The GST report: the range in the address (this BAS quarter by Brisbane's calendar when none),
// the quarter presets, From and To checked with the endpoint's schema, the lines with refunds
// negative and marked, the totals, and the CSV saved through the API client (token, one refresh).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { quarterPresets } from "../../web/admin/reports/gst-report-screen";
import { attachmentName } from "../../web/lib/api-file";
import {
  captureDownloads,
  csvFile,
  json,
  makeGstLine,
  makeGstReport,
  openAdmin,
} from "./admin-helpers";
import { expectTexts, press } from "./helpers";

const GST = "/api/admin/reports/gst";
const GST_CSV = "/api/admin/reports/gst.csv";

/** The clock at an instant (only Date: the tests still wait by real timers). */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

/** A report route that echoes the asked range. */
const reportFor =
  (overrides: Parameters<typeof makeGstReport>[0] = {}) =>
  ({ query }: { query: URLSearchParams }) =>
    json(200, {
      success: true,
      report: makeGstReport({
        from: query.get("from") ?? "",
        to: query.get("to") ?? "",
        ...overrides,
      }),
    });

describe("the quarters", () => {
  it("are BAS quarters: this one and the one before, across a year's end", () => {
    expect(quarterPresets("2026-10-01").map((preset) => preset.range)).toEqual([
      { from: "2026-10-01", to: "2026-12-31" },
      { from: "2026-07-01", to: "2026-09-30" },
    ]);
    // Across a year: Jan-Mar, then Oct-Dec of the year before.
    expect(quarterPresets("2027-02-15").map((preset) => preset.range)).toEqual([
      { from: "2027-01-01", to: "2027-03-31" },
      { from: "2026-10-01", to: "2026-12-31" },
    ]);
  });

  it("open on this quarter by Brisbane's calendar, and Last quarter asks for the one before", async () => {
    clockAt("2026-09-30T15:00:00.000Z");
    const { api, router } = openAdmin("/reports/gst", {
      [`GET ${GST}`]: reportFor(),
    });
    expect(await screen.findByRole("heading", { name: "GST report" })).toBeTruthy();
    await waitFor(() => expect(api.callsTo("GET", GST)).toHaveLength(1));
    const first = api.callsTo("GET", GST)[0];
    expect(first?.query.get("from")).toBe("2026-10-01");
    expect(first?.query.get("to")).toBe("2026-12-31");
    expect(first?.headers.get("token")).toBe("admin-token");
    expect(screen.getByText(/1 Oct 2026 – 31 Dec 2026/)).toBeTruthy();
    expect(screen.getByText("BAS quarter")).toBeTruthy();
    const quarters = screen.getByRole("navigation", { name: "Quarters" });
    expect(
      within(quarters).getByRole("link", { name: "This quarter" }).getAttribute("aria-current"),
    ).toBe("true");
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2026-10-01");
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe("2026-12-31");

    fireEvent.click(within(quarters).getByRole("link", { name: "Last quarter" }));
    await waitFor(() => expect(api.callsTo("GET", GST)).toHaveLength(2));
    const last = api.callsTo("GET", GST)[1];
    expect(last?.query.get("from")).toBe("2026-07-01");
    expect(last?.query.get("to")).toBe("2026-09-30");
    expect(router.state.location.search).toBe("?from=2026-07-01&to=2026-09-30");
    expect(
      within(quarters).getByRole("link", { name: "Last quarter" }).getAttribute("aria-current"),
    ).toBe("true");
    // The form follows the address.
    await waitFor(() =>
      expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2026-07-01"),
    );
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe("2026-09-30");
  });
});

describe("the range", () => {
  it("refuses From after To with the endpoint's message, then asks for a range typed in", async () => {
    clockAt("2026-11-20T02:00:00.000Z");
    const { api, router } = openAdmin("/reports/gst", {
      [`GET ${GST}`]: reportFor(),
    });
    await waitFor(() => expect(api.callsTo("GET", GST)).toHaveLength(1));

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-30" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-01" } });
    await press("Show");
    expect(await screen.findByText("From must not be after to")).toBeTruthy();
    expect(screen.getByLabelText("From").getAttribute("aria-invalid")).toBe("true");
    expect(api.callsTo("GET", GST)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText("To"), { target: { value: "" } });
    await press("Show");
    expect(await screen.findByText("To must be a date as YYYY-MM-DD")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-30" } });
    await press("Show");
    await waitFor(() => expect(api.callsTo("GET", GST)).toHaveLength(2));
    expect(api.callsTo("GET", GST)[1]?.query.get("from")).toBe("2026-11-01");
    expect(api.callsTo("GET", GST)[1]?.query.get("to")).toBe("2026-11-30");
    expect(router.state.location.search).toBe("?from=2026-11-01&to=2026-11-30");
    expect(await screen.findByText("Date range")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "This quarter" }).getAttribute("aria-current"),
    ).toBeNull();
  });

  it("shows the Worker's refusal of a range from the address, with Try again", async () => {
    openAdmin("/reports/gst?from=2026-02-30&to=2026-03-31", {
      [`GET ${GST}`]: () =>
        json(400, {
          success: false,
          message: "from must be a date that exists",
          code: "invalid_input",
        }),
    });
    expect(await screen.findByText("from must be a date that exists")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("the report", () => {
  it("lists each sale and refund (refunds negative and marked) and the totals", async () => {
    openAdmin("/reports/gst?from=2026-10-01&to=2026-12-31", {
      [`GET ${GST}`]: reportFor({
        lines: [
          makeGstLine(),
          makeGstLine({
            at: "2026-10-09T03:00:00.000Z",
            day: "2026-10-09",
            orderId: "fedcba9876543210fedcba98",
            number: "10fedcba",
            customer: "O'Brien, Jo",
            total: 55.5,
            gst: 5.05,
          }),
          makeGstLine({
            kind: "refund",
            at: "2026-10-12T04:00:00.000Z",
            day: "2026-10-12",
            total: -22,
            gst: -2,
          }),
        ],
        totals: {
          sales: 165.5,
          salesGst: 15.05,
          refunds: -22,
          refundsGst: -2,
          net: 143.5,
          netGst: 13.05,
        },
      }),
    });
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const [sale, second, refund] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(sale).getByText("5 Oct 2026")).toBeTruthy();
    expect(within(sale).getByRole("link", { name: "#01234567" }).getAttribute("href")).toBe(
      "/orders/0123456789abcdef01234567",
    );
    expectTexts(within(sale), ["Priya Sharma", "Sale", "$110.00", "$10.00"]);
    expect(within(second).getByText("O'Brien, Jo")).toBeTruthy();
    expect(within(second).getByText("$5.05")).toBeTruthy();

    expect(refund.className).toContain("is-refund");
    expectTexts(within(refund), ["Refund", "-$22.00", "-$2.00"]);
    expect(screen.getByText("2 sales, 1 refund")).toBeTruthy();

    const totals = screen
      .getByRole("heading", { name: "Totals" })
      .closest("section") as HTMLElement;
    const total = (label: string) =>
      within(totals).getByText(label, { selector: "dt" }).nextElementSibling;
    expect(total("Sales")?.textContent).toBe("$165.50");
    expect(total("GST on sales")?.textContent).toBe("$15.05");
    expect(total("Refunds")?.textContent).toBe("-$22.00");
    expect(total("Refunds")?.className).toBe("is-negative");
    expect(total("GST on refunds")?.textContent).toBe("-$2.00");
    expect(total("Net")?.textContent).toBe("$143.50");
    expect(total("Net GST")?.textContent).toBe("$13.05");
    // How the figures are made: GST is one eleventh of what was paid, delivery included.
    expect(
      within(totals).getByText(/GST is one eleventh of each sale and each refund/),
    ).toBeTruthy();
    expect(within(totals).getByText(/Totals are what was paid, delivery included/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("GST report · Back-office"));
  });

  it("says when the range has no sales or refunds", async () => {
    openAdmin("/reports/gst?from=2026-10-01&to=2026-12-31", {
      [`GET ${GST}`]: reportFor(),
    });
    expect(await screen.findByText("No sales or refunds in this range.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("is reached from the Reports tab", async () => {
    const { router } = openAdmin("/dashboard", {
      "GET /api/admin/reports/summary": () => json(500, { success: false, message: "Down" }),
      [`GET ${GST}`]: reportFor(),
    });
    fireEvent.click(await screen.findByRole("link", { name: "Reports" }));
    expect(await screen.findByRole("heading", { name: "GST report" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/reports/gst");
  });
});

describe("the CSV", () => {
  it("downloads the range shown, with the token, under the Worker's file name", async () => {
    const saved = captureDownloads();
    const { api } = openAdmin("/reports/gst?from=2026-07-01&to=2026-09-30", {
      [`GET ${GST}`]: reportFor(),
      [`GET ${GST_CSV}`]: () =>
        csvFile("day,order,customer\r\n", "gst-2026-07-01-to-2026-09-30.csv"),
    });
    await screen.findByText("No sales or refunds in this range.");
    await press("Download CSV");
    await waitFor(() => expect(saved).toHaveLength(1));
    const call = api.callsTo("GET", GST_CSV)[0];
    expect(call?.query.get("from")).toBe("2026-07-01");
    expect(call?.query.get("to")).toBe("2026-09-30");
    expect(call?.headers.get("token")).toBe("admin-token");
    expect(saved[0]?.filename).toBe("gst-2026-07-01-to-2026-09-30.csv");
    expect(await saved[0]?.blob?.text()).toBe("day,order,customer\r\n");
  });

  it("renews an expired token once and retries, like every other call", async () => {
    const saved = captureDownloads();
    const { api } = openAdmin("/reports/gst?from=2026-07-01&to=2026-09-30", {
      [`GET ${GST}`]: reportFor(),
      "POST /api/refresh": () => json(200, { success: true, accessToken: "renewed-token" }),
      [`GET ${GST_CSV}`]: ({ headers }) =>
        headers.get("token") === "renewed-token"
          ? csvFile("day\r\n", "gst.csv")
          : json(401, { success: false, message: "Token expired", code: "unauthorized" }),
    });
    await screen.findByText("No sales or refunds in this range.");
    await press("Download CSV");
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo("GET", GST_CSV)).toHaveLength(2);
    expect(api.callsTo("POST", "/api/refresh")).toHaveLength(1);
    expect(localStorage.getItem("token")).toBe("renewed-token");
  });

  it("reads the file name from Content-Disposition, plain or encoded", () => {
    expect(attachmentName('attachment; filename="gst-2026-07-01-to-2026-09-30.csv"')).toBe(
      "gst-2026-07-01-to-2026-09-30.csv",
    );
    expect(attachmentName("attachment; filename=subscribers.csv")).toBe("subscribers.csv");
    expect(
      attachmentName(`attachment; filename="a.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`),
    ).toBe("résumé.csv");
    expect(attachmentName('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
    expect(attachmentName("attachment")).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});
