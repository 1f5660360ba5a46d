// The payouts screens: what is due and the batches (the page in the address), making a batch at a
// minimum judged by the endpoint's own schema (and the Worker's 409 when nobody is owed it), a
// batch's page with its lines (account numbers masked) and statements, its two files, and Mark as
// paid and Cancel payout, each showing the batch the Worker answers with.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type {
  AdminPayoutDto,
  AdminPayoutListResponse,
  PayoutLineDto,
} from "../../worker/contracts/payouts";
import {
  backOfficeTabs,
  captureDownloads,
  json,
  openAdmin,
  type stubAdminApi,
} from "./admin-helpers";
import { expectTexts, press } from "./helpers";

const PAYOUTS = "/api/admin/payouts";
const PAYOUT_ID = "0a0b0c0d0e0f101112131415";
const OLDER_ID = "0a0b0c0d0e0f101112131400";
const ONE = `${PAYOUTS}/${PAYOUT_ID}`;
const BANK_LINE_ID = "11aa22bb33cc44dd55ee66ff";
const PAYPAL_LINE_ID = "77aa88bb99cc00dd11ee22ff";

function makeBankLine(overrides: Partial<PayoutLineDto> = {}): PayoutLineDto {
  return {
    _id: BANK_LINE_ID,
    creatorId: "u-meera",
    creatorName: "Meera Iyer",
    creatorEmail: "meera@example.com",
    amount: 130,
    commissions: 135,
    carried: -5,
    orders: 7,
    payoutDetails: {
      method: "bank",
      bsb: "062-000",
      accountNumberMasked: "••••••123",
      accountName: "MEERA IYER",
      abn: "51824753556",
      gstRegistered: true,
    },
    ...overrides,
  };
}

function makePaypalLine(overrides: Partial<PayoutLineDto> = {}): PayoutLineDto {
  return {
    _id: PAYPAL_LINE_ID,
    creatorId: "u-tom",
    creatorName: "Tom Nguyen",
    creatorEmail: "tom@example.com",
    amount: 50,
    commissions: 50,
    carried: 0,
    orders: 3,
    payoutDetails: {
      method: "paypal",
      email: "tom@paypal.example",
      abn: null,
      gstRegistered: false,
    },
    ...overrides,
  };
}

/** An open batch of a bank line and a PayPal line, made at the $50 minimum. */
function makePayout(overrides: Partial<AdminPayoutDto> = {}): AdminPayoutDto {
  return {
    _id: PAYOUT_ID,
    status: "open",
    minimum: 50,
    total: 180,
    bankTotal: 130,
    paypalTotal: 50,
    lineCount: 2,
    // 3:30 pm in Brisbane.
    createdAt: "2026-11-20T05:30:00.000Z",
    createdBy: "owner@example.com",
    paidAt: null,
    cancelledAt: null,
    lines: [makeBankLine(), makePaypalLine()],
    ...overrides,
  };
}

const summaryOf = ({ lines: _lines, ...summary }: AdminPayoutDto) => summary;

const DUE: AdminPayoutListResponse["due"] = {
  minimum: 50,
  creators: 3,
  amount: 412.5,
  withoutDetails: 2,
  waiting: [],
};

const listOf =
  (payouts: AdminPayoutDto[], { total = payouts.length, due = DUE } = {}) =>
  () =>
    json(200, { success: true, payouts: payouts.map(summaryOf), total, due });

/** A batch's page whose actions change it as the Worker would. */
function openPayout(start: AdminPayoutDto, routes: Parameters<typeof stubAdminApi>[0] = {}) {
  let stored = start;
  return openAdmin(`/payouts/${PAYOUT_ID}`, {
    [`GET ${ONE}`]: () => json(200, { success: true, payout: stored }),
    [`POST ${ONE}/paid`]: () => {
      stored = { ...stored, status: "paid", paidAt: "2026-11-23T00:30:00.000Z" };
      return json(200, { success: true, payout: stored });
    },
    [`POST ${ONE}/cancel`]: () => {
      stored = { ...stored, status: "cancelled", cancelledAt: "2026-11-23T00:30:00.000Z" };
      return json(200, { success: true, payout: stored });
    },
    ...routes,
  });
}

/** A file the Worker sends as an attachment. */
const attachment = (text: string, filename: string, type: string) =>
  new Response(text, {
    status: 200,
    headers: { "Content-Type": type, "Content-Disposition": `attachment; filename="${filename}"` },
  });

const heading = (name: string) => screen.findByRole("heading", { level: 1, name });

describe("the payouts list", () => {
  it("says what is due, and lists the batches with their totals", async () => {
    const { api } = openAdmin("/payouts", {
      [`GET ${PAYOUTS}`]: listOf([
        makePayout(),
        makePayout({
          _id: OLDER_ID,
          status: "paid",
          createdAt: "2026-10-01T00:00:00.000Z",
          paidAt: "2026-10-02T00:00:00.000Z",
          total: 1234.5,
          bankTotal: 1234.5,
          paypalTotal: 0,
          lineCount: 9,
        }),
      ]),
    });
    expect(await screen.findByText("3 creators are owed $412.50 at the $50 minimum.")).toBeTruthy();
    expect(
      screen.getByText(/^2 more are owed that much but have not given payout details/),
    ).toBeTruthy();
    expect((screen.getByLabelText("Pay everyone owed at least") as HTMLInputElement).value).toBe(
      "50.00",
    );

    const newest = screen.getByRole("link", { name: "Payout of 20 Nov 2026, 3:30 pm" });
    expect(newest.getAttribute("href")).toBe(`/payouts/${PAYOUT_ID}`);
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => within(row));
    expect(first?.getByText("Open", { selector: ".admin-pill" })).toBeTruthy();
    expect(first?.getByText("$180.00")).toBeTruthy();
    expect(first?.getByText("$130.00")).toBeTruthy();
    expect(first?.getByText("$50.00")).toBeTruthy();
    expect(first?.getByText("2")).toBeTruthy();
    expect(second?.getByText("Paid", { selector: ".admin-pill" })).toBeTruthy();
    expect(second?.getByRole("link").getAttribute("href")).toBe(`/payouts/${OLDER_ID}`);
    expect(second?.getAllByText("$1,234.50")).toHaveLength(2);
    expect(second?.getByText("$0.00")).toBeTruthy();
    expect(second?.getByText("9")).toBeTruthy();
    expect(screen.getByText("2 payouts")).toBeTruthy();

    await waitFor(() => expect(document.title).toBe("Payouts · Back-office"));
    expect(api.callsTo("GET", PAYOUTS)[0]?.query.toString()).toBe("");
    expect(api.callsTo("GET", PAYOUTS)[0]?.headers.get("token")).toBe("admin-token");
    // The tab sits after Creators.
    const tabs = backOfficeTabs();
    expect(tabs.slice(2, 4)).toEqual(["Creators", "Payouts"]);
    expect(
      screen.getByRole("link", { name: "Payouts", current: "page" }).getAttribute("href"),
    ).toBe("/payouts");
  });

  it("says when nobody is owed the minimum, and only then leaves out who lacks details", async () => {
    openAdmin("/payouts", {
      [`GET ${PAYOUTS}`]: listOf([], {
        due: {
          minimum: 75.5,
          creators: 0,
          amount: 0,
          withoutDetails: 0,
          waiting: [
            {
              creatorId: "c1",
              creatorName: "Anika Rao",
              creatorEmail: "anika@example.com",
              amount: 80,
              usableFrom: "2026-12-01T09:00:00.000Z",
            },
          ],
        },
      }),
    });
    expect(
      await screen.findByText("No creator with payout details is owed the $75.50 minimum yet."),
    ).toBeTruthy();
    // A creator whose details are new is named, with when they can be paid.
    expect(
      screen.getByText(/Anika Rao \(anika@example\.com\), owed \$80\.00: new details usable from/),
    ).toBeTruthy();
    expect(screen.queryByText(/have not given payout details/)).toBeNull();
    expect(screen.getByText("No payouts yet.")).toBeTruthy();
    expect((screen.getByLabelText("Pay everyone owed at least") as HTMLInputElement).value).toBe(
      "75.50",
    );
  });

  it("pages through the batches in the address", async () => {
    const { api, router } = openAdmin("/payouts", {
      [`GET ${PAYOUTS}`]: listOf([makePayout()], { total: 45 }),
    });
    expect(await screen.findByText("1–1 of 45 payouts")).toBeTruthy();
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    await waitFor(() => expect(api.callsTo("GET", PAYOUTS)).toHaveLength(2));
    expect(api.callsTo("GET", PAYOUTS)[1]?.query.toString()).toBe("page=2");
    expect(router.state.location.search).toBe("?page=2");
    expect(await screen.findByText("21–21 of 45 payouts")).toBeTruthy();
  });
});

describe("making a payout", () => {
  const PREVIEW = `${PAYOUTS}/preview`;
  const previewOf =
    (...answers: AdminPayoutListResponse["due"][]) =>
    () =>
      json(200, { success: true, due: answers.length > 1 ? answers.shift() : answers[0] });

  it("asks the Worker what the batch would pay, confirms that total, then opens the new batch", async () => {
    const due = { minimum: 75.5, creators: 2, amount: 180, withoutDetails: 0, waiting: [] };
    const { api, router } = openAdmin("/payouts", {
      [`GET ${PAYOUTS}`]: listOf([]),
      [`GET ${PREVIEW}`]: previewOf(due),
      [`POST ${PAYOUTS}`]: () =>
        json(200, { success: true, payout: makePayout({ minimum: 75.5 }) }),
      [`GET ${ONE}`]: () => json(200, { success: true, payout: makePayout({ minimum: 75.5 }) }),
    });
    const minimum = await screen.findByLabelText("Pay everyone owed at least");
    fireEvent.change(minimum, { target: { value: " $75.50 " } });
    await press("Make payout");
    const dialog = within(await screen.findByRole("dialog", { name: "Create this payout?" }));
    expect(api.callsTo("GET", PREVIEW).map((call) => call.query.toString())).toEqual([
      "minimum=75.50",
    ]);
    expect(
      dialog.getByText(
        "It pays $180.00 to 2 creators: everyone with payout details owed at least $75.50.",
      ),
    ).toBeTruthy();
    expect(api.callsTo("POST", PAYOUTS)).toHaveLength(0);
    fireEvent.click(dialog.getByRole("button", { name: "Create batch of $180.00 for 2 creators" }));
    expect(await heading("Payout of 20 Nov 2026")).toBeTruthy();
    expect(api.callsTo("POST", PAYOUTS).map((call) => call.body)).toEqual([
      { minimum: 75.5, expected: { total: 180, creators: 2 } },
    ]);
    expect(router.state.location.pathname).toBe(`/payouts/${PAYOUT_ID}`);
    expect(await screen.findByText("Payout made: 2 creators, $180.00")).toBeTruthy();
    expect(await screen.findByText("Meera Iyer")).toBeTruthy();
  });

  it("makes nothing when the owner does not confirm", async () => {
    const { api } = openAdmin("/payouts", {
      [`GET ${PAYOUTS}`]: listOf([]),
      [`GET ${PREVIEW}`]: previewOf({ ...DUE, creators: 1, amount: 59 }),
    });
    await press("Make payout");
    const dialog = within(await screen.findByRole("dialog", { name: "Create this payout?" }));
    expect(
      dialog.getByRole("button", { name: "Create batch of $59.00 for 1 creator" }),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST", PAYOUTS)).toHaveLength(0);
  });

  it("refuses a minimum the endpoint would refuse, without asking", async () => {
    const { api } = openAdmin("/payouts", {
      [`GET ${PAYOUTS}`]: listOf([]),
    });
    const minimum = await screen.findByLabelText("Pay everyone owed at least");
    for (const typed of ["0", "12.345", "fifty", ""]) {
      fireEvent.change(minimum, { target: { value: typed } });
      await press("Make payout");
      expect(
        await screen.findByText(
          "Minimum must be a number of dollars from 0.01 to 100000, with at most 2 decimals",
        ),
      ).toBeTruthy();
      expect(minimum.getAttribute("aria-invalid")).toBe("true");
    }
    expect(api.callsTo("GET", `${PAYOUTS}/preview`)).toHaveLength(0);
    expect(api.callsTo("POST", PAYOUTS)).toHaveLength(0);
  });

  it("says so when nobody is owed the minimum, asks for the figures again, and offers nothing to confirm", async () => {
    const message =
      "No creator with payout details has a payable balance of $500.00 or more, so there is nothing to pay.";
    const { api, router } = openAdmin("/payouts", {
      [`GET ${PAYOUTS}`]: listOf([]),
      [`GET ${PREVIEW}`]: previewOf({
        minimum: 500,
        creators: 0,
        amount: 0,
        withoutDetails: 1,
        waiting: [],
      }),
    });
    fireEvent.change(await screen.findByLabelText("Pay everyone owed at least"), {
      target: { value: "500" },
    });
    await press("Make payout");
    expect(await screen.findByText(message, { selector: ".form-alert" })).toBeTruthy();
    // And as a toast.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.callsTo("POST", PAYOUTS)).toHaveLength(0);
    await waitFor(() => expect(api.callsTo("GET", PAYOUTS)).toHaveLength(2));
    expect(router.state.location.pathname).toBe("/payouts");
  });

  it("when the figures changed before the confirmation, says so and shows the new ones to confirm", async () => {
    const changed =
      "What the creators are owed has changed since you looked: a payout now would pay $200.00 to 3 creators. Check the figures and confirm again.";
    const answers = [
      () => json(409, { success: false, message: changed, code: "payout_changed" }),
      () => json(200, { success: true, payout: makePayout({ total: 200, lineCount: 3 }) }),
    ];
    const { api, router } = openAdmin("/payouts", {
      [`GET ${PAYOUTS}`]: listOf([]),
      [`GET ${PREVIEW}`]: previewOf(
        { minimum: 50, creators: 2, amount: 180, withoutDetails: 0, waiting: [] },
        { minimum: 50, creators: 3, amount: 200, withoutDetails: 0, waiting: [] },
      ),
      [`POST ${PAYOUTS}`]: () => (answers.shift() as () => Response)(),
      [`GET ${ONE}`]: () => json(200, { success: true, payout: makePayout() }),
    });
    await press("Make payout");
    const dialog = within(await screen.findByRole("dialog", { name: "Create this payout?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Create batch of $180.00 for 2 creators" }));
    expect(await dialog.findByText(changed)).toBeTruthy();
    fireEvent.click(
      await dialog.findByRole("button", { name: "Create batch of $200.00 for 3 creators" }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payouts/${PAYOUT_ID}`));
    expect(api.callsTo("POST", PAYOUTS).map((call) => call.body)).toEqual([
      { minimum: 50, expected: { total: 180, creators: 2 } },
      { minimum: 50, expected: { total: 200, creators: 3 } },
    ]);
  });

  it("shows the Worker's own field error on a 400", async () => {
    openAdmin("/payouts", {
      [`GET ${PAYOUTS}`]: listOf([]),
      [`GET ${PAYOUTS}/preview`]: () =>
        json(400, {
          success: false,
          message: "Invalid payout",
          issues: [{ path: "minimum", message: "minimum is too large for today" }],
        }),
    });
    await press("Make payout");
    expect(await screen.findByText("Minimum is too large for today")).toBeTruthy();
  });
});

describe("a payout's page", () => {
  it("shows its status, totals and lines, account numbers masked, with statements", async () => {
    openPayout(makePayout());
    expect(await heading("Payout of 20 Nov 2026")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Payout of 20 Nov 2026 · Back-office"));
    expect(screen.getByText("Open", { selector: ".admin-page-meta .admin-pill" })).toBeTruthy();
    expect(
      screen.getByText("20 Nov 2026, 3:30 pm", { selector: ".admin-page-meta time" }),
    ).toBeTruthy();
    expect(screen.getByText(/by owner@example\.com/)).toBeTruthy();

    const totals = within(screen.getByRole("region", { name: "Totals" }));
    const total = (label: string) => totals.getByText(label).nextElementSibling?.textContent;
    expect(total("Total")).toBe("$180.00");
    expect(total("By bank transfer")).toBe("$130.00");
    expect(total("By PayPal")).toBe("$50.00");
    expect(total("Creators")).toBe("2");
    expect(total("Minimum")).toBe("$50");

    const lines = within(screen.getByRole("region", { name: "Creators" }));
    const rows = lines.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const meera = within(rows[0] as HTMLElement);
    expect(meera.getByText("Meera Iyer")).toBeTruthy();
    expect(meera.getByRole("link", { name: "meera@example.com" }).getAttribute("href")).toBe(
      "mailto:meera@example.com",
    );
    expect(
      meera.getByText((_, node) => node?.textContent === "BSB 062-000 ••••••123"),
    ).toBeTruthy();
    expectTexts(meera, [
      "MEERA IYER",
      "ABN 51 824 753 556, GST registered",
      "7",
      "$135.00",
      "-$5.00",
      "$130.00",
    ]);
    const statement = meera.getByRole("link", {
      name: "Statement for Meera Iyer (opens in a new tab)",
    });
    expect(statement.getAttribute("href")).toBe(`/creator-profile/payouts/${BANK_LINE_ID}`);
    expect(statement.getAttribute("target")).toBe("_blank");

    const tom = within(rows[1] as HTMLElement);
    expect(tom.getByText("PayPal")).toBeTruthy();
    expect(tom.getByText("tom@paypal.example")).toBeTruthy();
    expect(tom.queryByText(/^ABN/)).toBeNull();
    expect(tom.getByText("$0.00")).toBeTruthy();
    expect(
      tom
        .getByRole("link", { name: "Statement for Tom Nguyen (opens in a new tab)" })
        .getAttribute("href"),
    ).toBe(`/creator-profile/payouts/${PAYPAL_LINE_ID}`);

    expect(screen.getByRole("button", { name: "Mark as paid" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel payout" })).toBeTruthy();
    expect(screen.getByText("Payouts", { selector: "a.admin-back" }).getAttribute("href")).toBe(
      "/payouts",
    );
  });

  it.each(["paid", "cancelled"] as const)("offers no changes once %s", async (status) => {
    openPayout(
      makePayout({
        status,
        paidAt: status === "paid" ? "2026-11-23T00:30:00.000Z" : null,
        cancelledAt: status === "cancelled" ? "2026-11-23T00:30:00.000Z" : null,
      }),
    );
    await heading("Payout of 20 Nov 2026");
    expect(
      screen.getByText(status === "paid" ? "Paid" : "Cancelled", {
        selector: ".admin-page-meta .admin-pill",
      }),
    ).toBeTruthy();
    expect(
      screen.getByText("23 Nov 2026, 10:30 am", { selector: ".admin-page-meta time" }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark as paid" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel payout" })).toBeNull();
    // A cancelled batch has no files to send; a paid one keeps them.
    expect(screen.queryByRole("button", { name: "Download PayPal CSV" }) !== null).toBe(
      status === "paid",
    );
  });

  it("says so when there is no such payout", async () => {
    openAdmin(`/payouts/${PAYOUT_ID}`);
    expect(await heading("No such payout")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the payouts" }).getAttribute("href")).toBe(
      "/payouts",
    );
  });
});

describe("a payout's files", () => {
  it("downloads the bank file for the processing date chosen, and the PayPal CSV", async () => {
    const saved = captureDownloads();
    const { api } = openPayout(makePayout(), {
      [`GET ${ONE}/aba`]: () =>
        attachment("0                 01CBA\r\n", "payout-12131415-2026-11-24.aba", "text/plain"),
      [`GET ${ONE}/paypal.csv`]: () =>
        attachment("tom@paypal.example,50.00,AUD\r\n", "payout-12131415-paypal.csv", "text/csv"),
    });
    const date = (await screen.findByLabelText("Processing date")) as HTMLInputElement;
    // Today in Brisbane (UTC+10 all year).
    expect(date.value).toBe(new Date(Date.now() + 36_000_000).toISOString().slice(0, 10));
    fireEvent.change(date, { target: { value: "2026-11-24" } });
    await press("Download bank file (ABA)");
    await waitFor(() => expect(saved).toHaveLength(1));
    const aba = api.callsTo("GET", `${ONE}/aba`);
    expect(aba.map((call) => call.query.toString())).toEqual(["date=2026-11-24"]);
    expect(aba[0]?.headers.get("token")).toBe("admin-token");
    expect(saved[0]?.filename).toBe("payout-12131415-2026-11-24.aba");
    expect(await saved[0]?.blob?.text()).toBe("0                 01CBA\r\n");

    await press("Download PayPal CSV");
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(api.callsTo("GET", `${ONE}/paypal.csv`)).toHaveLength(1);
    expect(saved[1]?.filename).toBe("payout-12131415-paypal.csv");
  });

  it("refuses a date that is not a day, without asking", async () => {
    const { api } = openPayout(makePayout());
    fireEvent.change(await screen.findByLabelText("Processing date"), { target: { value: "" } });
    await press("Download bank file (ABA)");
    expect(
      await screen.findByText("Date must be a day from 2000 to 2099, as YYYY-MM-DD"),
    ).toBeTruthy();
    expect(api.callsTo("GET", `${ONE}/aba`)).toHaveLength(0);
  });

  it("toasts the Worker's 409 message and saves nothing", async () => {
    const saved = captureDownloads();
    const message =
      'Set the shop\'s bank details to export a bank file: SHOP_BANK_USER_ID (README, "Paying creators").';
    openPayout(makePayout(), {
      [`GET ${ONE}/aba`]: () => json(409, { success: false, message, code: "bank_not_configured" }),
    });
    await press("Download bank file (ABA)");
    expect(await screen.findByText(message)).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it("offers only the file for the ways its creators are paid", async () => {
    openPayout(makePayout({ lines: [makePaypalLine()], bankTotal: 0, total: 50, lineCount: 1 }));
    expect(await screen.findByRole("button", { name: "Download PayPal CSV" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Download bank file (ABA)" })).toBeNull();
    expect(screen.queryByLabelText("Processing date")).toBeNull();
  });
});

describe("marking paid and cancelling", () => {
  it("marks paid after saying each creator is emailed, then shows it paid", async () => {
    const { api } = openPayout(makePayout());
    await heading("Payout of 20 Nov 2026");
    await press("Mark as paid");
    const dialog = within(await screen.findByRole("dialog", { name: "Mark this payout as paid?" }));
    expect(dialog.getByText(/Each of the 2 creators is emailed a remittance/)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Mark as paid" }));
    expect(await screen.findByText("Payout marked as paid: 2 creators emailed")).toBeTruthy();
    expect(api.callsTo("POST", `${ONE}/paid`)).toHaveLength(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("Paid", { selector: ".admin-page-meta .admin-pill" })).toBeTruthy();
    expect(
      screen.getByText("23 Nov 2026, 10:30 am", { selector: ".admin-page-meta time" }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark as paid" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel payout" })).toBeNull();
    // The answer is shown; the payout is not asked for again.
    expect(api.callsTo("GET", ONE)).toHaveLength(1);
  });

  it("on a 409 says why in the dialog and shows the payout as it now is", async () => {
    let status: AdminPayoutDto["status"] = "open";
    const message = "This payout is cancelled: only an open payout can change.";
    const { api } = openAdmin(`/payouts/${PAYOUT_ID}`, {
      [`GET ${ONE}`]: () => json(200, { success: true, payout: makePayout({ status }) }),
      [`POST ${ONE}/paid`]: () => {
        status = "cancelled";
        return json(409, { success: false, message, code: "payout_not_open" });
      },
    });
    await heading("Payout of 20 Nov 2026");
    await press("Mark as paid");
    const dialog = within(await screen.findByRole("dialog", { name: "Mark this payout as paid?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Mark as paid" }));
    expect(await dialog.findByText(message, { selector: ".form-alert" })).toBeTruthy();
    await waitFor(() => expect(api.callsTo("GET", ONE)).toHaveLength(2));
    expect(
      await screen.findByText("Cancelled", { selector: ".admin-page-meta .admin-pill" }),
    ).toBeTruthy();
  });

  it("cancels after asking, and Keep payout sends nothing", async () => {
    const { api } = openPayout(makePayout());
    await heading("Payout of 20 Nov 2026");
    await press("Cancel payout");
    let dialog = within(await screen.findByRole("dialog", { name: "Cancel this payout?" }));
    expect(dialog.getByText(/never sent/)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Keep payout" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST", `${ONE}/cancel`)).toHaveLength(0);

    await press("Cancel payout");
    dialog = within(await screen.findByRole("dialog", { name: "Cancel this payout?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Cancel payout" }));
    expect(
      await screen.findByText("Payout cancelled: its commissions go into the next payout"),
    ).toBeTruthy();
    expect(api.callsTo("POST", `${ONE}/cancel`)).toHaveLength(1);
    expect(
      screen.getByText("Cancelled", { selector: ".admin-page-meta .admin-pill" }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel payout" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Download bank file (ABA)" })).toBeNull();
    expect(api.callsTo("POST", `${ONE}/paid`)).toHaveLength(0);
  });
});
