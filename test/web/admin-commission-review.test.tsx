// Commission review: the commissions held as possible self-referral (reached from the Creators
// header with the count), each with its order, creator, reason and amount; release and reject with
// an optional note, after which it leaves the list; a decision made first elsewhere (409); the
// decided tabs; the order page's word on a held commission; and the dashboard's line.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReviewedCommissionDto } from "../../worker/contracts/admin-creators";
import {
  type AdminRoute,
  json,
  makeCreator,
  makeOrder,
  makeSummary,
  ORDER_ID,
  openAdmin,
  renderAdmin,
} from "./admin-helpers";
import { expectTexts, press, textsByRole } from "./helpers";

const LIST = "/api/admin/commissions";
const FIRST_ID = "c0c0c0c0c0c0c0c0c0c0c001";
const SECOND_ID = "c0c0c0c0c0c0c0c0c0c0c002";
const SECOND_ORDER = "7a1b2c3d4e5f60718293b6c7";
const review = (id: string) => `${LIST}/${id}/review`;

const REASON = "The buyer's email is the creator's own (meera@example.com)";

function makeCommission(overrides: Partial<ReviewedCommissionDto> = {}): ReviewedCommissionDto {
  return {
    _id: FIRST_ID,
    orderId: ORDER_ID,
    orderNumber: ORDER_ID.slice(-8),
    // 15:30 UTC is the next morning in Brisbane.
    paidAt: "2026-11-20T15:30:00.000Z",
    creatorId: "5eed5eed5eed5eed5eed5e01",
    creatorName: "Meera Iyer",
    creatorEmail: "meera@example.com",
    affiliateCode: "MEERA10",
    amount: 10.25,
    reversed: 0,
    review: "held",
    reviewReason: REASON,
    ...overrides,
  };
}

const SECOND = makeCommission({
  _id: SECOND_ID,
  orderId: SECOND_ORDER,
  orderNumber: SECOND_ORDER.slice(-8),
  paidAt: "2026-11-22T01:00:00.000Z",
  creatorName: "Tom Nguyen",
  creatorEmail: "tom@example.com",
  affiliateCode: "TOM5",
  amount: 4.5,
  reversed: 1.5,
  reviewReason: "Shipped to the creator's own address",
});

const listOf =
  (commissions: ReviewedCommissionDto[], total = commissions.length) =>
  () =>
    json(200, { success: true, commissions, total });

/**
 * The back-office at `at` over a held list whose review route decides as the Worker would: the
 * decided one leaves it.
 */
function openHeld(
  start: ReviewedCommissionDto[],
  routes: Record<string, AdminRoute> = {},
  at = "/creators/review",
) {
  let held = start;
  const decide: AdminRoute = ({ path, body }) => {
    const id = path.split("/")[4];
    const found = held.find((c) => c._id === id);
    if (!found) throw new Error(`no held commission ${id}`);
    held = held.filter((c) => c._id !== id);
    const { decision } = body as { decision: "release" | "reject" };
    return json(200, {
      success: true,
      commission: { ...found, review: decision === "release" ? "released" : "rejected" },
    });
  };
  return openAdmin(at, {
    [`GET ${LIST}`]: () => listOf(held)(),
    [`POST ${review(FIRST_ID)}`]: decide,
    [`POST ${review(SECOND_ID)}`]: decide,
    ...routes,
  });
}

const row = async (order: string) =>
  (await screen.findByRole("link", { name: `Order ${order}` })).closest("tr") as HTMLElement;

describe("the held list", () => {
  it("shows each held commission: order, paid day, creator, reason, amount, decisions", async () => {
    const { api } = openHeld([makeCommission(), SECOND]);
    const first = within(await row("#8293a4b5"));
    expect(first.getByRole("link", { name: "Order #8293a4b5" }).getAttribute("href")).toBe(
      `/orders/${ORDER_ID}`,
    );
    expect(first.getByText("21 Nov 2026")).toBeTruthy();
    expect(first.getByText("Meera Iyer")).toBeTruthy();
    expect(first.getByRole("link", { name: "meera@example.com" }).getAttribute("href")).toBe(
      "mailto:meera@example.com",
    );
    expect(first.getByText("MEERA10")).toBeTruthy();
    expect(first.getByText(REASON)).toBeTruthy();
    expect(first.getByText("$10.25")).toBeTruthy();
    expect(
      first.getByRole("button", { name: "Release the commission on order #8293a4b5" }),
    ).toBeTruthy();
    expect(
      first.getByRole("button", { name: "Reject the commission on order #8293a4b5" }),
    ).toBeTruthy();

    const second = within(await row("#8293b6c7"));
    expectTexts(second, ["22 Nov 2026", "TOM5", "$4.50", "$1.50 reversed by refunds"]);

    expect(screen.getByText("2 commissions held")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Commission review · Back-office"));
    const get = api.callsTo("GET", LIST)[0];
    expect(get?.query.toString()).toBe("review=held");
    expect(get?.headers.get("token")).toBe("admin-token");
    // Under Creators in the tabs.
    expect(
      screen.getByRole("link", { name: "Creators", current: "page" }).getAttribute("href"),
    ).toBe("/creators");
  });

  it("is linked from the Creators header with how many are held", async () => {
    const { api, router } = openHeld(
      [makeCommission(), SECOND],
      {
        [`GET ${LIST}`]: listOf([makeCommission(), SECOND], 23),
        "GET /api/admin/creators": () =>
          json(200, { success: true, creators: [makeCreator()], total: 1 }),
      },
      "/creators",
    );
    const link = await screen.findByRole("link", { name: "Held for review 23 commissions" });
    expect(api.callsTo("GET", LIST)[0]?.query.toString()).toBe("review=held");
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/creators/review"));
    expect(await screen.findByText("1–2 of 23 commissions held")).toBeTruthy();
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
  });

  it("says when nothing is held", async () => {
    openHeld([]);
    expect(await screen.findByText("Nothing held for review.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("decisions", () => {
  it("releases with a note: posts it, takes the commission off the list and says so", async () => {
    const { api } = openHeld([makeCommission(), SECOND]);
    await row("#8293a4b5");
    await press("Release the commission on order #8293a4b5");
    const dialog = within(
      await screen.findByRole("dialog", { name: "Release the commission on order #8293a4b5?" }),
    );
    expect(dialog.getByText(/Meera Iyer earns this \$10\.25/)).toBeTruthy();
    expect(dialog.getByText(`Held because: ${REASON}`)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Note/), {
      target: { value: "  Her sister ordered it  " },
    });
    fireEvent.click(dialog.getByRole("button", { name: "Release" }));
    expect(await screen.findByText("Commission on order #8293a4b5 released")).toBeTruthy();
    expect(api.callsTo("POST", review(FIRST_ID)).map((call) => call.body)).toEqual([
      { decision: "release", note: "Her sister ordered it" },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(screen.queryByRole("link", { name: "Order #8293a4b5" })).toBeNull());
    expect(screen.getByRole("link", { name: "Order #8293b6c7" })).toBeTruthy();
    expect(screen.getByText("1 commission held")).toBeTruthy();
    // The answer is enough: the list is not asked again.
    expect(api.callsTo("GET", LIST)).toHaveLength(1);
  });

  it("rejects without a note, and the last one leaves the list empty", async () => {
    const { api } = openHeld([makeCommission()]);
    await row("#8293a4b5");
    await press("Reject the commission on order #8293a4b5");
    const dialog = within(
      await screen.findByRole("dialog", { name: "Reject the commission on order #8293a4b5?" }),
    );
    expect(dialog.getByText("Meera Iyer is never paid this $10.25.")).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Commission on order #8293a4b5 rejected")).toBeTruthy();
    expect(api.callsTo("POST", review(FIRST_ID)).map((call) => call.body)).toEqual([
      { decision: "reject", note: "" },
    ]);
    expect(await screen.findByText("Nothing held for review.")).toBeTruthy();
  });

  it("Cancel sends nothing, and a note longer than the contract allows is refused", async () => {
    const { api } = openHeld([makeCommission()]);
    await row("#8293a4b5");
    await press("Reject the commission on order #8293a4b5");
    const dialog = within(await screen.findByRole("dialog"));
    const note = dialog.getByLabelText(/^Note/);
    fireEvent.change(note, { target: { value: "x".repeat(1001) } });
    fireEvent.click(dialog.getByRole("button", { name: "Reject" }));
    expect(await dialog.findByText("Note must be at most 1000 characters")).toBeTruthy();
    expect(note.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST", review(FIRST_ID))).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Order #8293a4b5" })).toBeTruthy();
  });

  it("on a 409 shows the Worker's message, then asks for the list again on Close", async () => {
    const message =
      "This commission is rejected: only a held commission can be released or rejected.";
    let held = [makeCommission()];
    const { api } = openAdmin("/creators/review", {
      [`GET ${LIST}`]: () => listOf(held)(),
      [`POST ${review(FIRST_ID)}`]: () => {
        held = [];
        return json(409, { success: false, message, code: "not_held" });
      },
    });
    await row("#8293a4b5");
    await press("Release the commission on order #8293a4b5");
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Release" }));
    expect(await dialog.findByText(message, { selector: ".form-alert" })).toBeTruthy();
    // Still listed while the owner reads why.
    expect(screen.getByRole("link", { name: "Order #8293a4b5" })).toBeTruthy();
    expect(api.callsTo("GET", LIST)).toHaveLength(1);
    fireEvent.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(api.callsTo("GET", LIST)).toHaveLength(2));
    expect(await screen.findByText("Nothing held for review.")).toBeTruthy();
  });
});

describe("the decided tabs", () => {
  it("lists released commissions without decisions, by the address", async () => {
    const { api, router } = openAdmin("/creators/review", {
      [`GET ${LIST}`]: ({ query }) =>
        query.get("review") === "released"
          ? listOf([makeCommission({ review: "released" })])()
          : listOf([makeCommission(), SECOND])(),
    });
    await row("#8293b6c7");
    const tabs = screen.getByRole("navigation", { name: "Filter by decision" });
    expect(textsByRole(tabs, "link")).toEqual(["Held", "Released", "Rejected"]);
    fireEvent.click(within(tabs).getByRole("link", { name: "Released" }));
    await waitFor(() => expect(api.callsTo("GET", LIST)).toHaveLength(2));
    expect(api.callsTo("GET", LIST)[1]?.query.toString()).toBe("review=released");
    expect(router.state.location.search).toBe("?review=released");
    expect(await screen.findByText("1 commission released")).toBeTruthy();
    const released = within(await row("#8293a4b5"));
    expect(released.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("link", { name: "Order #8293b6c7" })).toBeNull();
  });
});

describe("the order page", () => {
  const openOrder = (commission: NonNullable<ReturnType<typeof makeOrder>["attribution"]>) => {
    openAdmin(`/orders/${ORDER_ID}`, {
      [`GET /api/admin/orders/${ORDER_ID}`]: () =>
        json(200, { success: true, order: makeOrder({ attribution: commission }) }),
    });
  };
  const attributionOf = (review: "held" | "released" | "rejected" | null) => {
    const base = makeOrder().attribution;
    if (!base?.commission) throw new Error("the fixture has no commission");
    return { ...base, commission: { ...base.commission, review, reviewReason: REASON } };
  };
  const attributionCard = async () =>
    within(
      (await screen.findByRole("heading", { name: "Attribution" })).closest(
        "section",
      ) as HTMLElement,
    );

  it("says a held commission is held for review, why, and links to the review", async () => {
    openOrder(attributionOf("held"));
    const card = await attributionCard();
    expect(card.getByText("Held for review")).toBeTruthy();
    expect(card.getByText(REASON)).toBeTruthy();
    expect(card.getByRole("link", { name: "Review held commissions" }).getAttribute("href")).toBe(
      "/creators/review",
    );
  });

  it.each([
    ["released", "Released after review"],
    ["rejected", "Rejected after review: never paid"],
  ] as const)("says a %s commission was so decided", async (state, words) => {
    openOrder(attributionOf(state));
    const card = await attributionCard();
    expect(card.getByText(words)).toBeTruthy();
    expect(card.queryByText("Held for review")).toBeNull();
    expect(card.queryByRole("link", { name: "Review held commissions" })).toBeNull();
  });

  it("says nothing of review for a commission never held", async () => {
    openOrder(attributionOf(null));
    const card = await attributionCard();
    expect(card.getByText("$10.25")).toBeTruthy();
    expect(card.queryByText(/review/i)).toBeNull();
  });
});

describe("the dashboard", () => {
  const SUMMARY = "/api/admin/reports/summary";

  it("links to the held commissions when any are held, and says when none are", async () => {
    let total = 3;
    const { api, unmount } = openAdmin("/dashboard", {
      [`GET ${SUMMARY}`]: () => json(200, { success: true, summary: makeSummary() }),
      [`GET ${LIST}`]: () => listOf([makeCommission()], total)(),
    });
    const link = await screen.findByRole("link", { name: "3 commissions held for review" });
    expect(link.getAttribute("href")).toBe("/creators/review");
    expect(api.callsTo("GET", LIST)[0]?.query.toString()).toBe("review=held");
    unmount();

    total = 0;
    renderAdmin("/dashboard");
    expect(await screen.findByText("No commissions held for review.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /held for review/ })).toBeNull();
  });
});
