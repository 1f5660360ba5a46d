// The back-office's home: /admin opens on it, and it shows the Worker's summary (sales by period,
// what needs doing, best sellers, creators) with loading and failure like every screen.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  backOfficeTabs,
  json,
  makeSummary,
  openAdmin,
  openThroughTryAgain,
  PRODUCT_ID,
} from "./admin-helpers";
import { expectTexts, press } from "./helpers";

const SUMMARY = "/api/admin/reports/summary";

const summaryAnswer =
  (overrides: Parameters<typeof makeSummary>[0] = {}) =>
  () =>
    json(200, { success: true, summary: makeSummary(overrides) });

/** A figure in a <dl>: the <dd> after the <dt> named `label`, inside `within`. */
const figure = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;

describe("the dashboard", () => {
  it("is where /admin opens, first in the tabs", async () => {
    const { router } = openAdmin("/", {
      [`GET ${SUMMARY}`]: summaryAnswer(),
    });
    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/dashboard");
    // The title is set once the screen has committed (an effect): wait for it, not for a time.
    await waitFor(() => expect(document.title).toBe("Dashboard · Back-office"));
    const tabs = backOfficeTabs();
    expect(tabs[0]).toBe("Dashboard");
    expect(tabs).toEqual(expect.arrayContaining(["Inbox", "Reports", "Products"]));
    expect(tabs.indexOf("Inbox")).toBeLessThan(tabs.indexOf("Products"));
    expect(tabs.indexOf("Reports")).toBe(tabs.indexOf("Inbox") + 1);
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("shows revenue, orders and refunds for today, 7 and 30 days, with the token", async () => {
    const { api } = openAdmin("/dashboard", {
      [`GET ${SUMMARY}`]: summaryAnswer(),
    });
    const today = (await screen.findByRole("heading", { name: "Today" })).closest("li");
    if (!today) throw new Error("no Today card");
    expect(within(today).getByText("$254.85")).toBeTruthy();
    expect(figure(today, "Orders")).toBe("3");
    expect(figure(today, "Refunded")).toBe("$0.00");

    const week = screen.getByRole("heading", { name: "Last 7 days" }).closest("li") as HTMLElement;
    expect(within(week).getByText("$1,834.50")).toBeTruthy();
    expect(figure(week, "Orders")).toBe("19");
    expect(figure(week, "Refunded")).toBe("$45.00");

    const month = screen
      .getByRole("heading", { name: "Last 30 days" })
      .closest("li") as HTMLElement;
    expect(within(month).getByText("$7,342.10")).toBeTruthy();
    expect(figure(month, "Orders")).toBe("81");
    expect(figure(month, "Refunded")).toBe("$129.90");

    expect(screen.getByText(/Figures as at 20 Nov 2026, 3:30 pm/)).toBeTruthy();
    const call = api.callsTo("GET", SUMMARY)[0];
    expect(call?.headers.get("token")).toBe("admin-token");
  });

  it("links what needs doing: orders to ship (with the overdue), low stock, new messages", async () => {
    openAdmin("/dashboard", {
      [`GET ${SUMMARY}`]: summaryAnswer(),
    });
    const toShip = (await screen.findByRole("link", { name: "Open the orders to ship" })).closest(
      "li",
    ) as HTMLElement;
    expect(screen.getByRole("link", { name: "Open the orders to ship" }).getAttribute("href")).toBe(
      "/orders",
    );
    expect(within(toShip).getByText("6")).toBeTruthy();
    expect(within(toShip).getByText("2 waiting over 2 business days")).toBeTruthy();

    const low = screen.getByRole("link", { name: "See what is running low" });
    expect(low.getAttribute("href")).toBe("/stock");
    expect(within(low.closest("li") as HTMLElement).getByText("4")).toBeTruthy();

    const inbox = screen.getByRole("link", { name: "Open the inbox" });
    expect(inbox.getAttribute("href")).toBe("/inbox");
    expect(within(inbox.closest("li") as HTMLElement).getByText("3")).toBeTruthy();
  });

  it("links each figure to the list it counts, and counts the creator applications waiting", async () => {
    openAdmin("/dashboard", {
      [`GET ${SUMMARY}`]: summaryAnswer(),
      "GET /api/admin/creators": ({ query }) =>
        json(200, {
          success: true,
          creators: [],
          total: query.get("status") === "pending" ? 5 : 99,
        }),
    });
    // The figures were made on 20 Nov 2026 (Brisbane): today, the 7 and the 30 days to it.
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(await screen.findByRole("link", { name: "3 orders today" })).toBeTruthy();
    expect(href("3 orders today")).toBe("/orders?status=all&from=2026-11-20&to=2026-11-20");
    expect(href("19 orders last 7 days")).toBe("/orders?status=all&from=2026-11-14&to=2026-11-20");
    expect(href("81 orders last 30 days")).toBe("/orders?status=all&from=2026-10-22&to=2026-11-20");
    expect(href("Revenue last 7 days: $1,834.50")).toBe(
      "/reports/gst?from=2026-11-14&to=2026-11-20",
    );
    expect(href("Refunded last 30 days: $129.90")).toBe(
      "/reports/gst?from=2026-10-22&to=2026-11-20",
    );
    expect(href("6 orders to ship")).toBe("/orders");
    expect(href("4 low stock")).toBe("/stock");
    expect(href("3 new messages")).toBe("/inbox?status=new");

    const applications = (await screen.findByText("Creator applications")).closest(
      "li",
    ) as HTMLElement;
    expect(within(applications).getByRole("link", { name: "5 creator applications" })).toBeTruthy();
    expect(href("5 creator applications")).toBe("/creators?status=pending");
    expect(href("Review the applications")).toBe("/creators?status=pending");
  });

  it("says when nothing is overdue or low", async () => {
    openAdmin("/dashboard", {
      [`GET ${SUMMARY}`]: summaryAnswer({
        waitingToShip: 0,
        overdueToShip: 0,
        lowStock: 0,
        newMessages: 0,
      }),
    });
    expect(await screen.findByText("Every paid order has shipped")).toBeTruthy();
    expectTexts(screen, [
      "Nothing is running low",
      "All answered",
      "No sales in the last 30 days.",
    ]);
  });

  it("lists the best sellers with photo, name, units and revenue, and the creators' share", async () => {
    openAdmin("/dashboard", {
      [`GET ${SUMMARY}`]: summaryAnswer({
        bestSellers: [
          {
            productId: PRODUCT_ID,
            name: "Copper Kalash Lota",
            image: "/images/products/lota.jpg",
            units: 14,
            revenue: 630,
          },
          {
            productId: "b".repeat(24),
            name: "Brass Diya",
            image: null,
            units: 9,
            revenue: 1234.5,
          },
        ],
      }),
    });
    const best = (await screen.findByRole("heading", { name: "Best sellers" })).closest(
      "section",
    ) as HTMLElement;
    const rows = within(best).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(
      within(first).getByRole("link", { name: "Copper Kalash Lota" }).getAttribute("href"),
    ).toBe(`/products/${PRODUCT_ID}`);
    expect(first.querySelector("img")?.getAttribute("src")).toBe("/images/products/lota.jpg");
    // "units" is written out only on phones, where the column has no header.
    expect(first.querySelector(".dashboard-best-units")?.textContent).toBe("14 units");
    expect(within(first).getByText("$630.00")).toBeTruthy();
    expect(within(second).getByText("Brass Diya")).toBeTruthy();
    expect(second.querySelector("img")).toBeNull();
    expect(within(second).getByText("$1,234.50")).toBeTruthy();

    const creators = screen
      .getByRole("heading", { name: "Creators" })
      .closest("section") as HTMLElement;
    expect(figure(creators, "Orders")).toBe("12");
    expect(figure(creators, "Revenue")).toBe("$980.40");
    expect(figure(creators, "Commission")).toBe("$98.04");
  });

  it("shows a failed load with Try again, and refreshes on request", async () => {
    const { api } = await openThroughTryAgain("/dashboard", SUMMARY, summaryAnswer());
    expect(await screen.findByRole("heading", { name: "Today" })).toBeTruthy();
    await press("Refresh");
    await waitFor(() => expect(api.callsTo("GET", SUMMARY)).toHaveLength(3));
    expect(await screen.findByRole("button", { name: "Refresh" })).toBeTruthy();
  });
});
