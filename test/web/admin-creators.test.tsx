// The creators screen: the list by status, search and page (all in the address), each creator's
// details as text, the decisions CREATOR_STATUS_MOVES allows with their notes, a refused move
// (409), and the terms form judged by the endpoint's own schema; every change shows the answer.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminCreatorDto, CreatorStatus } from "../../worker/contracts/admin-creators";
import {
  backOfficeTabs,
  CREATOR_ID,
  json,
  makeCreator,
  openAdmin,
  openThroughTryAgain,
} from "./admin-helpers";
import { expectTexts, press, textsByRole } from "./helpers";

const CREATORS = "/api/admin/creators";
const ONE = `${CREATORS}/${CREATOR_ID}`;
const OTHER_ID = "5eed5eed5eed5eed5eed5e02";

const listOf =
  (creators: AdminCreatorDto[], total = creators.length) =>
  () =>
    json(200, { success: true, creators, total });

/** A list of one creator whom the update route changes as the Worker would. */
function openCreators(start: AdminCreatorDto) {
  let stored = start;
  return openAdmin("/creators", {
    [`GET ${CREATORS}`]: () => listOf([stored])(),
    [`POST ${ONE}`]: ({ body }) => {
      const input = body as {
        status?: CreatorStatus;
        note?: string;
        commissionRate?: number;
        discount?: number;
      };
      stored = {
        ...stored,
        ...(input.status
          ? {
              status: input.status,
              statusNote: input.note ?? "",
              statusChangedAt: "2026-11-23T00:30:00.000Z",
            }
          : {}),
        ...(input.commissionRate !== undefined ? { commissionRate: input.commissionRate } : {}),
        ...(input.discount !== undefined ? { discount: input.discount } : {}),
      };
      return json(200, { success: true, creator: stored });
    },
  });
}

const card = (name: string) => screen.findByRole("article", { name });

describe("the creators list", () => {
  it("shows each creator's details as text, with the token", async () => {
    const { api } = openAdmin("/creators", {
      [`GET ${CREATORS}`]: listOf([
        makeCreator({
          // 15:30 UTC is the next morning in Brisbane.
          appliedAt: "2026-11-20T15:30:00.000Z",
          bio: "<b>Copper</b> & calm\nTwo lines.",
          socials: '<img src=x onerror="alert(1)">, instagram.com/meera',
        }),
        makeCreator({
          _id: OTHER_ID,
          name: "Tom Nguyen",
          email: "tom@example.com",
          affiliateCode: "TOM5",
          status: "approved",
          statusChangedAt: "2026-11-02T00:00:00.000Z",
          appliedAt: "2026-10-30T00:00:00.000Z",
          statusNote: "Welcome aboard",
          commissionRate: 7.5,
          discount: 12.5,
          orders: 12,
          earned: 98.04,
          bio: "",
          socials: "",
        }),
      ]),
    });
    const meera = within(await card("Meera Iyer"));
    expect(meera.getByText("Pending")).toBeTruthy();
    expect(meera.getByRole("link", { name: "meera@example.com" }).getAttribute("href")).toBe(
      "mailto:meera@example.com",
    );
    expect(meera.getByText("MEERA10")).toBeTruthy();
    expect(meera.getByText("21 Nov 2026")).toBeTruthy();
    // What the creator wrote is text: markup shows as typed, nothing is rendered from it.
    expect(
      meera.getByText((_, node) => node?.textContent === "<b>Copper</b> & calm\nTwo lines."),
    ).toBeTruthy();
    expect(meera.getByText('<img src=x onerror="alert(1)">, instagram.com/meera')).toBeTruthy();
    expect(document.querySelector("article b, article img")).toBeNull();
    expect(meera.getByText("10%")).toBeTruthy();
    expect(meera.getByText("$10.00 off")).toBeTruthy();

    const tom = within(await card("Tom Nguyen"));
    expect(tom.getByText("Approved", { selector: ".admin-pill" })).toBeTruthy();
    expectTexts(tom, [
      "30 Oct 2026",
      "2 Nov 2026",
      "12",
      "$98.04",
      "7.5%",
      "$12.50 off",
      "Welcome aboard",
    ]);
    expect(tom.getAllByText("Not given")).toHaveLength(2);

    expect(screen.getByText("2 creators")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Creators · Back-office"));
    const get = api.callsTo("GET", CREATORS)[0];
    expect(get?.query.toString()).toBe("");
    expect(get?.headers.get("token")).toBe("admin-token");
    // The tab sits after Orders.
    const tabs = backOfficeTabs();
    expect(tabs.slice(1, 3)).toEqual(["Orders", "Creators"]);
    expect(
      screen.getByRole("link", { name: "Creators", current: "page" }).getAttribute("href"),
    ).toBe("/creators");
  });

  it("filters by status, searches and pages, all in the address", async () => {
    const { api, router } = openAdmin("/creators", {
      [`GET ${CREATORS}`]: listOf([makeCreator()], 45),
    });
    await card("Meera Iyer");
    const filters = screen.getByRole("navigation", { name: "Filter by status" });
    expect(textsByRole(filters, "link")).toEqual([
      "All",
      "Pending",
      "Approved",
      "Suspended",
      "Rejected",
    ]);
    expect(within(filters).getByRole("link", { name: "All" }).getAttribute("aria-current")).toBe(
      "true",
    );

    fireEvent.click(within(filters).getByRole("link", { name: "Pending" }));
    await waitFor(() => expect(api.callsTo("GET", CREATORS)).toHaveLength(2));
    expect(api.callsTo("GET", CREATORS)[1]?.query.toString()).toBe("status=pending");

    fireEvent.change(screen.getByLabelText("Name, email or code"), {
      target: { value: "  meera  " },
    });
    await press("Search");
    await waitFor(() => expect(api.callsTo("GET", CREATORS)).toHaveLength(3));
    expect(api.callsTo("GET", CREATORS)[2]?.query.toString()).toBe("status=pending&q=meera");
    expect(await screen.findByText("1–1 of 45 creators pending matching “meera”")).toBeTruthy();

    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    await waitFor(() => expect(api.callsTo("GET", CREATORS)).toHaveLength(4));
    expect(api.callsTo("GET", CREATORS)[3]?.query.toString()).toBe("status=pending&q=meera&page=2");
    expect(router.state.location.search).toBe("?status=pending&q=meera&page=2");
  });

  it("refuses a search longer than the endpoint takes, without asking", async () => {
    const { api } = openAdmin("/creators", {
      [`GET ${CREATORS}`]: listOf([makeCreator()]),
    });
    await card("Meera Iyer");
    fireEvent.change(screen.getByLabelText("Name, email or code"), {
      target: { value: "x".repeat(101) },
    });
    await press("Search");
    expect(await screen.findByText("Q must be at most 100 characters")).toBeTruthy();
    expect(api.callsTo("GET", CREATORS)).toHaveLength(1);
  });

  it("says when a status has no creators, and shows a failed load with Try again", async () => {
    await openThroughTryAgain("/creators?status=suspended", CREATORS, listOf([]));
    expect(await screen.findByText("No suspended creators.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See all creators" }).getAttribute("href")).toBe(
      "/creators",
    );
  });
});

describe("decisions", () => {
  it.each([
    ["pending", ["Approve", "Reject"]],
    ["approved", ["Suspend"]],
    ["suspended", ["Re-approve"]],
    ["rejected", ["Approve"]],
  ] as const)("offers a %s creator only the moves the contract allows", async (status, moves) => {
    openAdmin("/creators", {
      [`GET ${CREATORS}`]: listOf([makeCreator({ status })]),
    });
    const meera = within(await card("Meera Iyer"));
    const buttons = meera
      .getAllByRole("button")
      .filter((button) => !/Change terms/.test(button.textContent ?? ""))
      .map((button) => button.textContent);
    expect(buttons).toEqual(moves.map((move) => `${move} Meera Iyer`));
  });

  it("approves with a note: sends it, shows the answer and says so", async () => {
    const { api } = openCreators(makeCreator());
    await card("Meera Iyer");
    await press("Approve Meera Iyer");
    const dialog = within(await screen.findByRole("dialog", { name: "Approve Meera Iyer?" }));
    expect(dialog.getByText(/Their code MEERA10 and share link work from now on/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Note to the creator/), {
      target: { value: "  Welcome aboard!  " },
    });
    fireEvent.click(dialog.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Meera Iyer approved")).toBeTruthy();
    expect(api.callsTo("POST", ONE).map((call) => call.body)).toEqual([
      { status: "approved", note: "Welcome aboard!" },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    const meera = within(await card("Meera Iyer"));
    expect(meera.getByText("Approved", { selector: ".admin-pill" })).toBeTruthy();
    expect(meera.getByText("23 Nov 2026")).toBeTruthy();
    expect(meera.getByText("Welcome aboard!")).toBeTruthy();
    expect(meera.getByRole("button", { name: "Suspend Meera Iyer" })).toBeTruthy();
    expect(meera.queryByRole("button", { name: "Reject Meera Iyer" })).toBeNull();
    // The answer is shown; the list is not asked again.
    expect(api.callsTo("GET", CREATORS)).toHaveLength(1);
  });

  it.each([
    ["pending", "Reject", "Reject Meera Iyer?", "rejected", "Meera Iyer rejected"],
    ["approved", "Suspend", "Suspend Meera Iyer?", "suspended", "Meera Iyer suspended"],
    ["suspended", "Re-approve", "Re-approve Meera Iyer?", "approved", "Meera Iyer approved"],
    ["rejected", "Approve", "Approve Meera Iyer?", "approved", "Meera Iyer approved"],
  ] as const)(
    "from %s, %s sends only the status when there is no note",
    async (from, move, title, to, said) => {
      const { api } = openCreators(makeCreator({ status: from }));
      await card("Meera Iyer");
      await press(`${move} Meera Iyer`);
      const dialog = within(await screen.findByRole("dialog", { name: title }));
      fireEvent.click(dialog.getByRole("button", { name: move }));
      expect(await screen.findByText(said)).toBeTruthy();
      expect(api.callsTo("POST", ONE).map((call) => call.body)).toEqual([{ status: to }]);
      const meera = within(await card("Meera Iyer"));
      expect(
        meera.getByText(
          to === "approved" ? "Approved" : move === "Reject" ? "Rejected" : "Suspended",
          { selector: ".admin-pill" },
        ),
      ).toBeTruthy();
    },
  );

  it("says what suspending does, and Cancel sends nothing", async () => {
    const { api } = openCreators(makeCreator({ status: "approved" }));
    await card("Meera Iyer");
    await press("Suspend Meera Iyer");
    const dialog = within(await screen.findByRole("dialog", { name: "Suspend Meera Iyer?" }));
    expect(dialog.getByText(/new orders earn nothing/)).toBeTruthy();
    expect(dialog.getByText(/Commissions already earned stay payable/)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST", ONE)).toHaveLength(0);
  });

  it("refuses a note longer than the contract allows, without asking", async () => {
    const { api } = openCreators(makeCreator());
    await card("Meera Iyer");
    await press("Reject Meera Iyer");
    const dialog = within(await screen.findByRole("dialog", { name: "Reject Meera Iyer?" }));
    const note = dialog.getByLabelText(/^Note to the creator/);
    fireEvent.change(note, { target: { value: "x".repeat(1001) } });
    fireEvent.click(dialog.getByRole("button", { name: "Reject" }));
    expect(await dialog.findByText("Note must be at most 1000 characters")).toBeTruthy();
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(api.callsTo("POST", ONE)).toHaveLength(0);
  });

  it("on a 409 says why in the dialog and shows the creator as they now are", async () => {
    let status: CreatorStatus = "pending";
    const { api } = openAdmin("/creators", {
      [`GET ${CREATORS}`]: () => listOf([makeCreator({ status })])(),
      [`POST ${ONE}`]: () => {
        status = "rejected";
        return json(409, {
          success: false,
          message: "A rejected creator cannot be made suspended",
          code: "conflict",
        });
      },
    });
    await card("Meera Iyer");
    await press("Approve Meera Iyer");
    const dialog = within(await screen.findByRole("dialog", { name: "Approve Meera Iyer?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Approve" }));
    expect(
      await dialog.findByText("A rejected creator cannot be made suspended", {
        selector: ".form-alert",
      }),
    ).toBeTruthy();
    await waitFor(() => expect(api.callsTo("GET", CREATORS)).toHaveLength(2));
    const meera = within(await card("Meera Iyer"));
    await waitFor(() =>
      expect(meera.getByText("Rejected", { selector: ".admin-pill" })).toBeTruthy(),
    );
  });
});

describe("terms", () => {
  const openTerms = async () => {
    await card("Meera Iyer");
    await press("Change terms for Meera Iyer");
    return within(await screen.findByRole("form", { name: "Terms for Meera Iyer" }));
  };

  it("starts from the creator's terms and checks them as the endpoint does", async () => {
    const { api } = openCreators(makeCreator({ commissionRate: 10, discount: 10 }));
    const form = await openTerms();
    const rate = form.getByLabelText("Commission rate (%)") as HTMLInputElement;
    const discount = form.getByLabelText("Discount") as HTMLInputElement;
    expect(rate.value).toBe("10");
    expect(discount.value).toBe("10.00");
    expect(document.activeElement).toBe(rate);

    const tryTerms = async (
      r: string,
      d: string,
      rateError: string | null,
      discountError: string | null,
    ) => {
      fireEvent.change(rate, { target: { value: r } });
      fireEvent.change(discount, { target: { value: d } });
      fireEvent.click(form.getByRole("button", { name: "Save terms" }));
      if (rateError) expect(await form.findByText(rateError)).toBeTruthy();
      if (discountError) expect(await form.findByText(discountError)).toBeTruthy();
    };
    await tryTerms(
      "150",
      "1001",
      "Commission rate must be at most 100 (percent)",
      "Discount must be at most 1000 dollars",
    );
    expect(rate.getAttribute("aria-invalid")).toBe("true");
    expect(discount.getAttribute("aria-invalid")).toBe("true");
    await tryTerms(
      "ten",
      "-1",
      "Commission rate must be a number",
      "Discount must not be negative",
    );
    await tryTerms(
      "7.555",
      "",
      "Commission rate must have at most two decimals",
      "Discount must be a number of dollars",
    );
    expect(api.callsTo("POST", ONE)).toHaveLength(0);
  });

  it("saves the terms in percent and dollars, then shows the answer", async () => {
    const { api } = openCreators(makeCreator({ status: "approved" }));
    const form = await openTerms();
    fireEvent.change(form.getByLabelText("Commission rate (%)"), { target: { value: " 7.5% " } });
    fireEvent.change(form.getByLabelText("Discount"), { target: { value: "$12.50" } });
    fireEvent.click(form.getByRole("button", { name: "Save terms" }));
    expect(
      await screen.findByText("Meera Iyer’s terms saved: they apply to orders from now on"),
    ).toBeTruthy();
    expect(api.callsTo("POST", ONE).map((call) => call.body)).toEqual([
      { commissionRate: 7.5, discount: 12.5 },
    ]);
    const meera = within(await card("Meera Iyer"));
    expect(meera.getByText("7.5%")).toBeTruthy();
    expect(meera.getByText("$12.50 off")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Terms for Meera Iyer" })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        meera.getByRole("button", { name: "Change terms for Meera Iyer" }),
      ),
    );
  });

  it("shows the Worker's own field errors, and Cancel puts the terms back", async () => {
    const { api } = openAdmin("/creators", {
      [`GET ${CREATORS}`]: listOf([makeCreator()]),
      [`POST ${ONE}`]: () =>
        json(400, {
          success: false,
          message: "Invalid creator",
          issues: [{ path: "discount", message: "discount must be at most 1000 dollars" }],
        }),
    });
    const form = await openTerms();
    fireEvent.change(form.getByLabelText("Discount"), { target: { value: "15" } });
    fireEvent.click(form.getByRole("button", { name: "Save terms" }));
    expect(await form.findByText("Discount must be at most 1000 dollars")).toBeTruthy();
    expect(api.callsTo("POST", ONE)).toHaveLength(1);
    fireEvent.click(form.getByRole("button", { name: "Cancel" }));
    const meera = within(await card("Meera Iyer"));
    expect(meera.getByText("$10.00 off")).toBeTruthy();
    await press("Change terms for Meera Iyer");
    expect((screen.getByLabelText("Discount") as HTMLInputElement).value).toBe("10.00");
  });
});
