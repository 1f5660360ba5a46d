import {
  act,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { OrderTracker } from "../../web/features/orders/components/order-tracker";
import { formatOrderDateTime } from "../../web/features/orders/order-format";
import { useOrderPages } from "../../web/features/orders/use-order-pages";
import { storeSession } from "../../web/lib/stored-session";
import { OrdersPage } from "../../web/routes/orders";
import type { OrderDto } from "../../worker/contracts/order";
import { callsTo, json, openScreen, type Route } from "./account-helpers";
import { press, stubApi } from "./helpers";
import { makeOrder } from "./order-helpers";
import { shopRoutes } from "./routes";

const ORDERS = "POST /api/order/userorders";
const EMPTY = "No orders found. Start shopping to see your orders here!";

function showOrders(answer: Route, signedIn = true) {
  if (signedIn) storeSession("token-1", "user");
  const fetchMock = openScreen("/orders", <OrdersPage />, {
    "GET /api/user/me": () => json(200, { success: true, user: { name: "Asha" } }),
    [ORDERS]: answer,
  });
  return fetchMock;
}

const answerWith = (orders: OrderDto[]) => () =>
  json(200, { success: true, orders, message: `${orders.length} orders` });
const cards = () => screen.queryAllByRole("article");
const titles = () => cards().map((card) => within(card).getByRole("heading").textContent);

describe("/orders", () => {
  it("shows the empty state without a token, asking the server nothing", async () => {
    const fetchMock = showOrders(answerWith([makeOrder(1)]), false);
    expect(screen.getByRole("heading", { level: 1, name: "Your Orders" })).toBeTruthy();
    expect(screen.getByText(EMPTY)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refresh" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start Shopping" }).getAttribute("href")).toBe("/");
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await act(async () => {});
    expect(callsTo(fetchMock, ORDERS)).toEqual([]);
  });

  it("spins while the orders load", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    showOrders(async () => {
      await held;
      return answerWith([makeOrder(1)])();
    });
    expect(screen.getByText("Loading your orders…").closest("[role=status]")).toBeTruthy();
    await act(async () => release());
    expect(await screen.findAllByRole("heading", { name: /^Order #/ })).toHaveLength(1);
    expect(screen.queryByText("Loading your orders…")).toBeNull();
  });

  it("shows the server's message or Failed to load orders, and Retry loads again", async () => {
    const answers: Route[] = [
      () => json(500, { success: false, message: "Database unavailable" }),
      () => json(200, { success: false }),
      () => json(503, {}),
      answerWith([makeOrder(2)]),
    ];
    const fetchMock = showOrders(() => (answers.shift() as Route)(undefined, {}));
    const alert = async (text: string) =>
      waitFor(() =>
        expect(screen.getByText(text, { selector: ".orders-note [role=alert]" })).toBeTruthy(),
      );

    // Each Retry is one more request; the same message twice is waited for by its request.
    const retry = async (asked: number) => {
      await press("Retry");
      await waitFor(() => expect(callsTo(fetchMock, ORDERS)).toHaveLength(asked));
    };
    await alert("Database unavailable");
    await retry(2);
    await alert("Failed to load orders");
    await retry(3);
    await alert("Failed to load orders");
    await retry(4);
    expect(await screen.findAllByRole("heading", { name: /^Order #/ })).toHaveLength(1);
    expect(callsTo(fetchMock, ORDERS)).toHaveLength(4);
  });

  it("shows the empty state for no orders, and Refresh asks again", async () => {
    const answers = [answerWith([]), answerWith([makeOrder(5)])];
    const fetchMock = showOrders(() => (answers.shift() as Route)(undefined, {}));
    expect(await screen.findByText(EMPTY)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findAllByRole("heading", { name: /^Order #/ })).toHaveLength(1);
    expect(callsTo(fetchMock, ORDERS)).toHaveLength(2);
  });

  it("lists newest first, four to a page, flagging the most recent on page 1", async () => {
    // Nine orders from 1 to 9 July, sent out of order.
    const orders = [3, 9, 1, 7, 5, 2, 8, 4, 6].map((n) => makeOrder(n));
    showOrders(answerWith(orders));
    await screen.findAllByRole("heading", { name: /^Order #/ });

    const ids = (ns: number[]) => ns.map((n) => `Order #00abc${String(n).padStart(3, "0")}`);
    expect(titles()).toEqual(ids([9, 8, 7, 6]));
    const badges = screen.getAllByText("Most Recent Order");
    expect(badges).toHaveLength(1);
    expect(badges[0]?.closest("article")).toBe(cards()[0]);
    expect(screen.getByText("9 orders, page 1 of 3")).toBeTruthy();

    const pages = within(screen.getByRole("navigation", { name: "Order pages" }));
    expect(
      (pages.getByRole("button", { name: "Previous page" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(pages.getByRole("button", { name: "Page 2" }));
    expect(titles()).toEqual(ids([5, 4, 3, 2]));
    expect(screen.queryByText("Most Recent Order")).toBeNull();
    expect(pages.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");

    fireEvent.click(pages.getByRole("button", { name: "Next page" }));
    expect(titles()).toEqual(ids([1]));
    expect((pages.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows each order's facts, links and items", async () => {
    const order = makeOrder(12, {
      status: "Shipped",
      amount: 152.84,
      invoiceUrl: "https://shop.test/invoices/abc?sig=1",
      trackingUrl: "https://auspost.test/track/XYZ",
      items: [
        { ...makeOrder(12).items[0], quantity: 2 } as OrderDto["items"][number],
        {
          id: "prod30",
          _id: "prod30",
          name: "Brass Bell",
          image: "",
          quantity: 3,
          price: 12,
        },
      ],
    });
    showOrders(answerWith([order, makeOrder(1)]));
    await screen.findAllByRole("heading", { name: /^Order #/ });
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    const card = within(first);

    expect(card.getByRole("heading").textContent).toBe("Order #00abc012");
    expect(card.getByText(formatOrderDateTime(order.date))).toBeTruthy();
    expect(card.getByText("5 items")).toBeTruthy();
    expect(card.getByText("$152.84")).toBeTruthy();
    expect(card.getByText("Shipped", { selector: ".order-status" })).toBeTruthy();

    for (const [name, href] of [
      ["Download Invoice", order.invoiceUrl],
      ["Track Order", order.trackingUrl],
    ]) {
      const link = card.getByRole("link", { name: new RegExp(`^${name}`) });
      expect(link.getAttribute("href")).toBe(href);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expect(within(second).queryByRole("link", { name: /Download Invoice|Track Order/ })).toBeNull();

    const views = card.getAllByRole("link", { name: /^View Product/ });
    expect(views.map((link) => link.getAttribute("href"))).toEqual([
      "/product/prod12",
      "/product/prod30",
    ]);
    expect(views[1]?.textContent).toBe("View Product: Brass Bell");
    expect(card.getByText("Qty 3 · $12.00 each")).toBeTruthy();
  });

  it("shows a cancelled order as Cancelled instead of the tracker, and any refund", async () => {
    const trackingUrl = "https://auspost.com.au/mypost/track/details/AB123";
    showOrders(
      answerWith([
        makeOrder(3, { status: "cancelled", refunded: 64.89 }),
        makeOrder(2, { status: "Shipped", refunded: 10, trackingUrl }),
        makeOrder(1),
      ]),
    );
    await screen.findAllByRole("heading", { name: /^Order #/ });
    const [cancelled, partly, plain] = cards().map((card) => within(card)) as [
      ReturnType<typeof within>,
      ReturnType<typeof within>,
      ReturnType<typeof within>,
    ];

    expect(cancelled.getByText("Cancelled", { selector: ".order-status" })).toBeTruthy();
    expect(cancelled.getByText("Cancelled", { selector: ".order-cancelled strong" })).toBeTruthy();
    expect(cancelled.queryByRole("list", { name: "Delivery progress" })).toBeNull();
    expect(cancelled.getByText("Refunded $64.89")).toBeTruthy();
    expect(cancelled.getByText(/\$64\.89 was refunded to the card you paid with/)).toBeTruthy();

    expect(partly.getByRole("list", { name: "Delivery progress" })).toBeTruthy();
    expect(partly.getByText("Shipped", { selector: ".order-status" })).toBeTruthy();
    expect(partly.getByText("Refunded $10.00")).toBeTruthy();
    expect(partly.getByRole("link", { name: /^Track Order/ }).getAttribute("href")).toBe(
      trackingUrl,
    );

    expect(plain.getByRole("list", { name: "Delivery progress" })).toBeTruthy();
    expect(plain.queryByText(/Refunded/)).toBeNull();
    expect(plain.queryByText("Cancelled")).toBeNull();
  });

  it("is registered in the app's routes", async () => {
    stubApi();
    const router = createMemoryRouter(shopRoutes(), { initialEntries: ["/orders"] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Your Orders" })).toBeTruthy();
    expect(screen.getByText(EMPTY)).toBeTruthy();
  });
});

describe("useOrderPages", () => {
  const many = (count: number) => Array.from({ length: count }, (_, i) => makeOrder(i + 1));

  it("goes back to page 1 when the number of orders changes, not otherwise", () => {
    const { result, rerender } = renderHook(({ orders }) => useOrderPages(orders), {
      initialProps: { orders: many(9) },
    });
    expect(result.current.pageCount).toBe(3);
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    expect(result.current.orders.map((o) => o._id.slice(-3))).toEqual(["001"]);

    rerender({ orders: many(9) });
    expect(result.current.page).toBe(3);

    rerender({ orders: many(10) });
    expect(result.current.page).toBe(1);
    expect(result.current.pageCount).toBe(3);
    expect(result.current.orders.map((o) => o._id.slice(-3))).toEqual(["010", "009", "008", "007"]);
  });
});

describe("order tracker", () => {
  const steps = () => screen.getAllByRole("listitem");
  const flags = (className: string) => steps().map((step) => step.classList.contains(className));

  it.each([
    ["Order Placed", 0],
    ["shipped", 2],
    ["OUT FOR DELIVERY", 3],
    [" Delivered ", 4],
  ])("marks the steps up to %s done and fills the threads leading to it", (status, at) => {
    render(<OrderTracker status={status} />);
    expect(steps().map((step) => step.querySelector(".beads-label")?.textContent)).toEqual([
      "Order Placed",
      "Packing",
      "Shipped",
      "Out for Delivery",
      "Delivered",
    ]);
    expect(flags("is-done")).toEqual([0, 1, 2, 3, 4].map((i) => i <= at));
    expect(flags("is-linked")).toEqual([0, 1, 2, 3, 4].map((i) => i > 0 && i <= at));
    expect(steps().map((step) => step.getAttribute("aria-current"))).toEqual(
      [0, 1, 2, 3, 4].map((i) => (i === at ? "step" : null)),
    );
  });

  it("leaves every step open for a status it does not know", () => {
    render(<OrderTracker status="Cancelled" />);
    expect(flags("is-done")).toEqual([false, false, false, false, false]);
    expect(flags("is-linked")).toEqual([false, false, false, false, false]);
    expect(document.querySelector("[aria-current]")).toBeNull();
  });
});
