// The creator's money on /creator-profile (earnings, payout details, payouts) and a payout's
// statement page (/creator-profile/payouts/:payoutId).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CreatorProfilePage } from "../../web/routes/creator-profile";
import { PayoutStatementPage } from "../../web/routes/payout-statement";
import type { CreatorDto } from "../../worker/contracts/account";
import {
  type CreatorPayoutDetailsDto,
  PAYOUT_DETAILS_CHANGE_MESSAGES,
  PAYOUT_MESSAGES,
  type PayoutStatementDto,
} from "../../worker/contracts/payouts";
import {
  callsTo,
  currentLocation,
  json,
  openScreen,
  type Route,
  renderScreen,
  sentWhenPressed,
  stubAccountApi,
} from "./account-helpers";
import { expectTexts, press, type } from "./helpers";

const BANK: CreatorPayoutDetailsDto = {
  method: "bank",
  bsb: "062-000",
  accountNumberMasked: "••••••678",
  accountName: "Meera Iyer",
  abn: "51824753556",
  gstRegistered: true,
  usableFrom: "2026-01-01T00:00:00.000Z",
};

const CREATOR: Partial<CreatorDto> = {
  name: "Meera Iyer",
  email: "meera@example.com",
  bio: "",
  socials: "",
  payoutEmail: "",
  affiliateCode: "MEERA10",
  status: "approved",
  statusNote: "",
  balance: { pending: 12.5, payable: 37.25, processing: 0, paid: 120 },
  commissions: [
    {
      // 01:30 on 3 April in Brisbane, still 2 April in UTC.
      orderNumber: "A1B2C3D4",
      paidAt: "2026-04-02T15:30:00.000Z",
      amount: 12.5,
      reversed: 0,
      status: "pending",
      review: null,
      payableAt: "2026-05-02T15:30:00.000Z",
    },
    {
      orderNumber: "E5F6G7H8",
      paidAt: "2026-02-10T01:00:00.000Z",
      amount: 40,
      reversed: 2.75,
      status: "approved",
      review: null,
      payableAt: "2026-03-12T01:00:00.000Z",
    },
  ],
  payoutDetails: null,
  payouts: [],
  payoutMinimum: 50,
};

function showCreator(creator: Partial<CreatorDto>, routes: Record<string, Route> = {}) {
  localStorage.setItem("token", "t1");
  const fetchMock = openScreen("/creator-profile", <CreatorProfilePage />, {
    "GET /api/user/me": () =>
      json(200, { success: true, user: { _id: "c1", name: "Meera", role: "creator" } }),
    "GET /api/user/creator/me": () => json(200, { success: true, creator }),
    ...routes,
  });
  return fetchMock;
}

const section = (name: string) => screen.getByRole("region", { name });

const balanceCards = () =>
  [...document.querySelectorAll(".balance-cards > div")].map((card) => [
    card.querySelector("dt")?.textContent,
    card.querySelector(".balance-amount")?.textContent,
  ]);

describe("creator profile: earnings", () => {
  it("shows the balance, the payout minimum and each commission with its Brisbane dates", async () => {
    showCreator(CREATOR);
    const earnings = await screen.findByRole("region", { name: "Earnings" });
    expect(balanceCards()).toEqual([
      ["In hold", "$12.50"],
      ["Payable", "$37.25"],
      ["Processing", "$0.00"],
      ["Paid", "$120.00"],
    ]);
    expect(
      within(earnings).getByText(/Payouts are made once your payable balance reaches \$50\b/),
    ).toBeTruthy();
    const rows = within(earnings).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const pending = rows[0] as HTMLElement;
    expectTexts(within(pending), ["#A1B2C3D4", "3 Apr 2026", "In hold", "Payable from 3 May 2026"]);
    const approved = rows[1] as HTMLElement;
    expectTexts(within(approved), ["$40.00", "-$2.75", "Payable"]);
    expect(within(approved).queryByText(/Payable from/)).toBeNull();
    expect(screen.queryByText(/You owe/)).toBeNull();
  });

  it("says a commission held for the owner's review is under review, with no payable date", async () => {
    const base = {
      paidAt: "2026-04-02T15:30:00.000Z",
      amount: 12.5,
      reversed: 0,
      status: "pending",
      payableAt: "2026-05-02T15:30:00.000Z",
    } as const;
    const held = { ...base, orderNumber: "H0LD0001", review: "held" } as const;
    const refused = { ...base, orderNumber: "N0PE0001", review: "rejected" } as const;
    showCreator({ ...CREATOR, commissions: [held, refused] });
    const earnings = await screen.findByRole("region", { name: "Earnings" });
    const [first, second] = within(earnings).getAllByRole("row").slice(1) as HTMLElement[];
    expect(within(first as HTMLElement).getByText("Under review")).toBeTruthy();
    expect(within(first as HTMLElement).queryByText(/Payable from|In hold/)).toBeNull();
    expect(within(second as HTMLElement).getByText("Not approved")).toBeTruthy();
  });

  it("explains a negative payable balance as refunds taken from the next payout", async () => {
    showCreator({ ...CREATOR, balance: { pending: 0, payable: -12.5, processing: 0, paid: 80 } });
    await screen.findByRole("region", { name: "Earnings" });
    expect(balanceCards()[1]).toEqual(["Payable", "-$12.50"]);
    expect(
      screen.getByText(
        "You owe $12.50. Refunds after your last payout; taken from your next payout.",
      ),
    ).toBeTruthy();
  });

  it("is not shown while the application is under review", async () => {
    showCreator({ ...CREATOR, status: "pending" });
    await screen.findByText("MEERA10");
    expect(screen.getByRole("heading", { name: "Application under review" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Earnings" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Payout details" })).toBeNull();
  });
});

describe("creator profile: payout details", () => {
  const saved = (payoutDetails: CreatorPayoutDetailsDto) => () =>
    json(200, { success: true, payoutDetails });
  /** Confirms with the password and saves: the bodies sent, once the screen says they saved. */
  const saveDetails = (fetchMock: ReturnType<typeof showCreator>) => {
    type(/^Current password/, "creator password");
    return sentWhenPressed(
      fetchMock,
      "POST /api/user/creator/payout-details",
      "Save payout details",
      "Payout details saved",
    );
  };

  it("asks for details when there are none, then saves a bank account and shows it masked", async () => {
    const fetchMock = showCreator(CREATOR, {
      "POST /api/user/creator/payout-details": saved(BANK),
    });
    await screen.findByText("Add your payout details so we can pay you.");
    await press("Add payout details");
    expect(screen.getByLabelText("Australian bank account")).toHaveProperty("checked", true);
    type(/^BSB/, "062 000");
    type(/^Account number/, "1234 5678");
    type(/^Account name/, "Meera Iyer");
    type(/^ABN/, "51 824 753 556");
    fireEvent.click(screen.getByLabelText("Registered for GST"));
    expect(await saveDetails(fetchMock)).toEqual([
      {
        method: "bank",
        bsb: "062-000",
        accountNumber: "12345678",
        accountName: "Meera Iyer",
        abn: "51824753556",
        gstRegistered: true,
        currentPassword: "creator password",
      },
    ]);
    const details = section("Payout details");
    expectTexts(within(details), ["••••••678", "51 824 753 556", "Registered for GST"]);
    expect(document.body.textContent).not.toMatch(/12345678|1234 5678/);
  });

  it("saves PayPal with only the email and the tax fields", async () => {
    const paypal: CreatorPayoutDetailsDto = {
      method: "paypal",
      email: "meera@paypal.example",
      abn: null,
      gstRegistered: false,
      usableFrom: new Date(Date.now() + 72 * 3_600_000).toISOString(),
    };
    const fetchMock = showCreator(CREATOR, {
      "POST /api/user/creator/payout-details": saved(paypal),
    });
    await press("Add payout details");
    type(/^Account number/, "99999999");
    fireEvent.click(screen.getByLabelText("PayPal"));
    expect(screen.queryByLabelText(/^BSB/)).toBeNull();
    type(/^PayPal email/, " Meera@PayPal.example ");
    expect(await saveDetails(fetchMock)).toEqual([
      {
        method: "paypal",
        email: "meera@paypal.example",
        abn: null,
        gstRegistered: false,
        currentPassword: "creator password",
      },
    ]);
    const details = section("Payout details");
    expect(within(details).getByText("meera@paypal.example")).toBeTruthy();
    // New details wait: the profile says from when they are used.
    expect(within(details).getByRole("note").textContent).toMatch(
      /^For your safety, new payout details are used for payouts made from .+ \(Brisbane time\)\.$/,
    );
  });

  it("checks the fields with the endpoint's own messages before sending", async () => {
    const fetchMock = showCreator(CREATOR);
    await press("Add payout details");
    type(/^BSB/, "62000");
    type(/^ABN/, "12 345 678 901");
    await press("Save payout details");
    expect(screen.getByText(PAYOUT_MESSAGES.bsb)).toBeTruthy();
    expect(screen.getByText(PAYOUT_MESSAGES.accountNumber)).toBeTruthy();
    expect(screen.getByText(PAYOUT_MESSAGES.accountName)).toBeTruthy();
    expect(screen.getByText(PAYOUT_MESSAGES.abn)).toBeTruthy();
    type(/^ABN/, "");
    fireEvent.click(screen.getByLabelText("Registered for GST"));
    await press("Save payout details");
    expect(screen.getByText(PAYOUT_MESSAGES.gstWithoutAbn)).toBeTruthy();
    expect(screen.getByText(PAYOUT_DETAILS_CHANGE_MESSAGES.passwordRequired)).toBeTruthy();
    expect(callsTo(fetchMock, "POST /api/user/creator/payout-details")).toHaveLength(0);
  });

  it("shows the Worker's field errors under their fields", async () => {
    const refusal = "That BSB is not an Australian bank branch.";
    showCreator(CREATOR, {
      "POST /api/user/creator/payout-details": () =>
        json(400, {
          success: false,
          message: refusal,
          code: "invalid_input",
          issues: [{ path: "bsb", message: refusal }],
        }),
    });
    await press("Add payout details");
    type(/^BSB/, "999-999");
    type(/^Account number/, "12345678");
    type(/^Account name/, "Meera Iyer");
    type(/^Current password/, "creator password");
    await press("Save payout details");
    const bsb = screen.getByLabelText(/^BSB/);
    await waitFor(() => expect(bsb.getAttribute("aria-invalid")).toBe("true"));
    const errorId = bsb
      .getAttribute("aria-describedby")
      ?.split(" ")
      .find((id) => id.endsWith("-error"));
    expect(document.getElementById(errorId ?? "")?.textContent).toBe(refusal);
    // Still editing, nothing saved.
    expect(screen.getByRole("button", { name: "Save payout details" })).toBeTruthy();
  });

  it("never fills in the account number: it shows the masked one and asks for it again", async () => {
    showCreator({ ...CREATOR, payoutDetails: BANK });
    const details = await screen.findByRole("region", { name: "Payout details" });
    expect(within(details).getByText("••••••678")).toBeTruthy();
    expect(within(details).getByText("062-000")).toBeTruthy();
    await press("Change payout details");
    expect((screen.getByLabelText(/^BSB/) as HTMLInputElement).value).toBe("062-000");
    expect((screen.getByLabelText(/^Account name/) as HTMLInputElement).value).toBe("Meera Iyer");
    expect((screen.getByLabelText(/^Account number/) as HTMLInputElement).value).toBe("");
    expect(screen.getByText(/Saved: ••••••678\. We never show it in full/)).toBeTruthy();
    expect((screen.getByLabelText("Registered for GST") as HTMLInputElement).checked).toBe(true);
    await press("Cancel");
    expect(screen.getByRole("button", { name: "Change payout details" })).toBeTruthy();
  });
});

describe("creator profile: payouts", () => {
  it("lists each paid payout with a link to its statement", async () => {
    showCreator({
      ...CREATOR,
      payouts: [
        {
          _id: "line2",
          paidAt: "2026-03-31T14:30:00.000Z",
          amount: 86.4,
          method: "bank",
          paidTo: "BSB 062-000, account ••••••678",
          orders: 3,
        },
        {
          _id: "line1",
          paidAt: "2026-02-01T02:00:00.000Z",
          amount: 52,
          method: "paypal",
          paidTo: "PayPal meera@paypal.example",
          orders: 1,
        },
      ],
    });
    const list = await screen.findByRole("region", { name: "Payouts" });
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/creator-profile/payouts/line2",
      "/creator-profile/payouts/line1",
    ]);
    const first = links[0] as HTMLElement;
    expectTexts(within(first), [
      "1 Apr 2026",
      "$86.40",
      "BSB 062-000, account ••••••678 · 3 orders",
    ]);
  });

  it("says so when there are none yet", async () => {
    showCreator(CREATOR);
    const list = await screen.findByRole("region", { name: "Payouts" });
    expect(within(list).queryAllByRole("link")).toHaveLength(0);
    expect(within(list).getByText(/No payouts yet/)).toBeTruthy();
  });
});

const AGREEMENT =
  "Tamra & Tara (ABN 53 004 085 616) issues this recipient created tax invoice for the creator's services under their written agreement.";

const TAX_INVOICE: PayoutStatementDto = {
  _id: "line2",
  status: "paid",
  title: "Recipient created tax invoice",
  isTaxInvoice: true,
  number: "AB12CD34",
  issuedAt: "2026-03-31T14:30:00.000Z",
  period: { from: "2026-02-03", to: "2026-03-01" },
  shop: { name: "Tamra & Tara", abn: "53 004 085 616", address: "Brisbane, Queensland, Australia" },
  creator: {
    name: "Meera Iyer",
    email: "meera@example.com",
    abn: "51 824 753 556",
    gstRegistered: true,
  },
  paidTo: "BSB 062-000, account ••••••678",
  lines: [
    {
      orderNumber: "A1B2C3D4",
      paidAt: "2026-02-03T01:00:00.000Z",
      commission: 80,
      reversed: 0,
      earlierPaid: 0,
      amount: 80,
    },
    {
      orderNumber: "E5F6G7H8",
      paidAt: "2026-03-01T01:00:00.000Z",
      commission: 40,
      reversed: 10,
      earlierPaid: 0,
      amount: 30,
    },
  ],
  totalCommission: 120,
  totalReversed: 10,
  total: 110,
  gst: 10,
  agreement: AGREEMENT,
};

const STATEMENT: PayoutStatementDto = {
  ...TAX_INVOICE,
  title: "Commission statement",
  isTaxInvoice: false,
  creator: { ...TAX_INVOICE.creator, abn: null, gstRegistered: false },
  gst: null,
  agreement: null,
};

function showStatement(answer: () => Response, signedIn = true) {
  if (signedIn) localStorage.setItem("token", "t1");
  const fetchMock = stubAccountApi({
    "GET /api/user/me": () =>
      json(200, { success: true, user: { _id: "c1", name: "Meera", role: "creator" } }),
    "GET /api/payouts/line2/statement": answer,
  });
  renderScreen(
    "/creator-profile/payouts/:payoutId",
    <PayoutStatementPage />,
    "/creator-profile/payouts/line2",
  );
  return fetchMock;
}

describe("payout statement page", () => {
  it("renders a recipient created tax invoice: title, both ABNs, lines, totals, GST, agreement", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    showStatement(() => json(200, { success: true, statement: TAX_INVOICE }));
    const title = await screen.findByRole("heading", { level: 1 });
    expect(title.textContent).toBe("Recipient created tax invoice");
    const doc = screen.getByRole("article");
    expectTexts(within(doc), [
      "AB12CD34",
      "1 Apr 2026",
      "3 Feb 2026 to 1 Mar 2026",
      "ABN 53 004 085 616",
      "ABN 51 824 753 556",
      "BSB 062-000, account ••••••678",
    ]);
    const rows = within(doc).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "#A1B2C3D43 Feb 2026$80.00——$80.00",
      "#E5F6G7H81 Mar 2026$40.00-$10.00—$30.00",
    ]);
    expect(within(doc).getByText("$110.00")).toBeTruthy();
    expect(within(doc).getByText("GST included: $10.00")).toBeTruthy();
    expect(within(doc).getByText(AGREEMENT)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to profile" }).getAttribute("href")).toBe(
      "/creator-profile",
    );
    await press("Print");
    expect(print).toHaveBeenCalledOnce();
  });

  it("renders a commission statement without GST or agreement", async () => {
    showStatement(() => json(200, { success: true, statement: STATEMENT }));
    const title = await screen.findByRole("heading", { level: 1 });
    expect(title.textContent).toBe("Commission statement");
    expect(screen.getByText("No ABN given")).toBeTruthy();
    expect(screen.queryByText(/GST/)).toBeNull();
    expect(screen.queryByText(/recipient created tax invoice/i)).toBeNull();
    expect(screen.getByText("$110.00")).toBeTruthy();
  });

  it("shows the not-found page when the statement is not the creator's", async () => {
    showStatement(() => json(404, { success: false, message: "Statement not found" }));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("says when it could not load, and tries again", async () => {
    let answer = () => json(500, { success: false, message: "Database unavailable" });
    const fetchMock = showStatement(() => answer());
    expect(await screen.findByText("Database unavailable")).toBeTruthy();
    answer = () => json(200, { success: true, statement: STATEMENT });
    await press("Retry");
    expect(await screen.findByRole("heading", { name: "Commission statement" })).toBeTruthy();
    expect(callsTo(fetchMock, "GET /api/payouts/line2/statement")).toHaveLength(2);
  });

  it("sends signed-out visitors to /login", async () => {
    const fetchMock = showStatement(
      () => json(200, { success: true, statement: STATEMENT }),
      false,
    );
    await waitFor(() => expect(currentLocation()).toBe("/login"));
    expect(callsTo(fetchMock, "GET /api/payouts/line2/statement")).toHaveLength(0);
  });
});
