// The back-office's orders: the queue (its default view, filters, search and dates in the address
// and the request), an order's page (lines, totals, timeline), moving it on with a tracking
// number, refunds (what they send, one request key per opening, one request for a double click),
// cancelling, notes, and the packing slip.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  type AdminOrderDto,
  ORDER_ADMIN_MESSAGES,
  trackingUrlFor,
} from "../../worker/contracts/admin-orders";
import { formatShopMoment as formatWhen } from "../../worker/contracts/shop-time";
import { TAX_LINE_LABEL } from "../../worker/contracts/totals";
import {
  type AdminRoute,
  type Call,
  json,
  makeOrder,
  makeOrderSummary,
  ORDER_ID,
  openAdmin,
  openThroughTryAgain,
  PRODUCT_ID,
} from "./admin-helpers";
import { expectTexts, press } from "./helpers";

const LIST = "/api/admin/orders";
const ORDER = `/api/admin/orders/${ORDER_ID}`;

const listOf =
  (orders = [makeOrderSummary()], total = orders.length): AdminRoute =>
  () =>
    json(200, { success: true, orders, total });

const orderAnswer = (order: AdminOrderDto) => json(200, { success: true, order });

function openOrder(order: AdminOrderDto, routes: Record<string, AdminRoute> = {}) {
  return openAdmin(`/orders/${ORDER_ID}`, {
    [`GET ${ORDER}`]: () => orderAnswer(order),
    ...routes,
  });
}

const card = (name: string) => {
  const heading = screen.getByRole("heading", { name });
  const section = heading.closest("section");
  if (!section) throw new Error(`no card ${name}`);
  return within(section);
};

/** Opens the refund dialog on the order page and asks to refund the rest ($122.75). */
async function refundTheRest() {
  await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
  await press("Refund");
  const dialog = within(await screen.findByRole("dialog"));
  fireEvent.click(dialog.getByRole("button", { name: "Refund the rest ($122.75)" }));
  fireEvent.click(dialog.getByRole("button", { name: "Refund $122.75" }));
  return dialog;
}

/** The request keys of the refunds asked for. */
const refundKeys = (api: { callsTo: (method: string, path: string) => Call[] }) =>
  api
    .callsTo("POST", `${ORDER}/refund`)
    .map((call) => (call.body as { requestKey: string }).requestKey);

/** A refund that went through, as the order's answer lists it. */
const makeRefund = (overrides: Partial<AdminOrderDto["refunds"][number]>) => ({
  _id: "r1",
  amount: 0,
  reason: "",
  status: "succeeded" as const,
  restockLines: [],
  cancel: false,
  stripeRefundId: "re_1",
  error: null,
  actorEmail: "owner@example.com",
  createdAt: "2026-11-21T00:00:00.000Z",
  ...overrides,
});

describe("the order queue", () => {
  it("asks for the unshipped orders, oldest first, and shows each one", async () => {
    const { api } = openAdmin("/orders", {
      [`GET ${LIST}`]: listOf(
        [
          makeOrderSummary({ affiliateCode: "ASHA10" }),
          makeOrderSummary({
            _id: "6a1b2c3d4e5f60718293ffff",
            number: "8293ffff",
            name: "Ravi Iyer",
            email: "ravi@example.com",
            status: "Packing",
            itemCount: 1,
            total: 54.5,
            refunded: 12,
          }),
        ],
        45,
      ),
    });
    const row = (await screen.findByRole("link", { name: "Order #8293a4b5" })).closest("tr");
    if (!row) throw new Error("no row");

    const [asked] = api.callsTo("GET", LIST);
    expect(asked?.query.get("status")).toBe("unshipped");
    expect(asked?.query.get("sort")).toBe("oldest");
    expect(asked?.query.has("page")).toBe(false);

    const first = within(row);
    expectTexts(first, [
      "20 Nov 2026, 3:02 pm",
      "Asha Rao",
      "asha@example.com",
      "3 items",
      "$122.75",
      "Order Placed",
      "ASHA10",
    ]);
    expect(first.queryByText(/refunded/i)).toBeNull();
    expect(screen.getByRole("link", { name: "Order #8293a4b5" }).getAttribute("href")).toBe(
      `/orders/${ORDER_ID}`,
    );

    const second = within(
      screen.getByRole("link", { name: "Order #8293ffff" }).closest("tr") as HTMLElement,
    );
    expectTexts(second, ["Packing", "Partly refunded", "−$12.00 refunded"]);

    expect(screen.getByText("1–2 of 45 orders")).toBeTruthy();
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Unshipped" }).getAttribute("aria-current")).toBe(
      "true",
    );
    await waitFor(() => expect(document.title).toBe("Orders · Back-office"));
    expect(
      within(screen.getByRole("navigation", { name: "Back-office" }))
        .getByRole("link", { name: "Orders" })
        .getAttribute("href"),
    ).toBe("/orders");
  });

  it("writes the status, search, dates, sort and page into the address and the request", async () => {
    const { api, router } = openAdmin("/orders", {
      [`GET ${LIST}`]: listOf([makeOrderSummary()], 41),
    });
    await screen.findByRole("link", { name: "Order #8293a4b5" });
    const calls = () => api.callsTo("GET", LIST);
    const last = () => calls().at(-1)?.query as URLSearchParams;

    fireEvent.click(screen.getByRole("link", { name: "Shipped" }));
    await waitFor(() => expect(calls()).toHaveLength(2));
    // Every view but the queue to ship reads newest first.
    expect(Object.fromEntries(last())).toEqual({ status: "Shipped", sort: "newest" });
    expect(router.state.location.search).toBe("?status=Shipped");
    expect(screen.getByRole("link", { name: "Shipped" }).getAttribute("aria-current")).toBe("true");
    expect((screen.getByLabelText("Sort") as HTMLSelectElement).value).toBe("newest");

    fireEvent.change(screen.getByRole("searchbox", { name: "Order number, email or name" }), {
      target: { value: " asha@example.com " },
    });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-10-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-12-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(calls()).toHaveLength(3));
    expect(Object.fromEntries(last())).toEqual({
      status: "Shipped",
      q: "asha@example.com",
      from: "2026-10-01",
      to: "2026-12-31",
      sort: "newest",
    });
    expect(new URLSearchParams(router.state.location.search).get("q")).toBe("asha@example.com");
    expect(await screen.findByText(/matching “asha@example.com”/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "oldest" } });
    await waitFor(() => expect(calls()).toHaveLength(4));
    expect(last().get("sort")).toBe("oldest");
    expect(last().get("q")).toBe("asha@example.com");

    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    await waitFor(() => expect(calls()).toHaveLength(5));
    expect(last().get("page")).toBe("2");
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: "Shipped",
      q: "asha@example.com",
      from: "2026-10-01",
      to: "2026-12-31",
      sort: "oldest",
      page: "2",
    });

    fireEvent.click(screen.getByRole("link", { name: "Clear filters" }));
    await waitFor(() => expect(calls()).toHaveLength(6));
    expect(router.state.location.search).toBe("");
    expect(Object.fromEntries(last())).toEqual({ status: "unshipped", sort: "oldest" });
  });

  it("refuses a from day after the to day with the contract's words, asking nothing", async () => {
    const { api } = openAdmin("/orders", {
      [`GET ${LIST}`]: listOf(),
    });
    await screen.findByRole("link", { name: "Order #8293a4b5" });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-12-31" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-10-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("From must not be after to")).toBeTruthy();
    expect(api.callsTo("GET", LIST)).toHaveLength(1);
  });

  it("says when nothing waits to ship, and when nothing matches", async () => {
    const { router } = openAdmin("/orders", {
      [`GET ${LIST}`]: listOf([]),
    });
    expect(await screen.findByText("Nothing waiting to ship.")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "See all orders" }));
    expect(await screen.findByText("No orders yet.")).toBeTruthy();
    await act(() => router.navigate("/orders?q=nobody"));
    expect(await screen.findByText("No orders match.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Clear the search and filters" })).toBeTruthy();
  });

  it("shows a failed load with Try again", async () => {
    await openThroughTryAgain("/orders", LIST, listOf());
    expect(await screen.findByRole("link", { name: "Order #8293a4b5" })).toBeTruthy();
  });
});

describe("an order's page", () => {
  it("shows the lines, totals, customer, payment, attribution and timeline", async () => {
    const order = makeOrder({
      items: [
        { ...(makeOrder().items[0] as AdminOrderDto["items"][number]), restocked: 1 },
        makeOrder().items[1] as AdminOrderDto["items"][number],
      ],
      discount: 5,
      refunded: 20,
      refundable: 102.75,
    });
    openOrder(order);
    expect(await screen.findByRole("heading", { level: 1, name: "#8293a4b5" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Order #8293a4b5 · Back-office"));
    expect(
      screen.getByText("20 Nov 2026, 3:02 pm", { selector: ".admin-page-meta time" }),
    ).toBeTruthy();

    const items = card("Items");
    const lota = within(items.getByText("Copper Kalash Lota").closest("tr") as HTMLElement);
    expectTexts(lota, ["$45.00", "2", "$90.00", "1 restocked"]);
    const totals = Object.fromEntries(
      [...document.querySelectorAll(".order-totals div")].map((row) => [
        row.querySelector("dt")?.textContent,
        row.querySelector("dd")?.textContent,
      ]),
    );
    expect(totals).toEqual({
      Subtotal: "$102.50",
      [TAX_LINE_LABEL]: "$10.25",
      Delivery: "$10.00",
      Discount: "−$5.00",
      Total: "$122.75",
      "Includes GST": "$11.16",
      Refunded: "−$20.00",
      Refundable: "$102.75",
    });

    const customer = card("Customer");
    expect(customer.getByRole("link", { name: "asha@example.com" }).getAttribute("href")).toBe(
      "mailto:asha@example.com",
    );
    expect(customer.getByText("12 Fig Tree Lane")).toBeTruthy();
    expect(customer.getByText("Brisbane QLD 4000")).toBeTruthy();
    expect(card("Payment").getByText("pi_test_c3d4")).toBeTruthy();
    expect(card("Payment").getByText("cs_test_a1b2")).toBeTruthy();
    const attribution = card("Attribution");
    expectTexts(attribution, ["ASHA10", /Came by the creator’s link/, "Meera Creates", "$10.25"]);
    expect(card("Stock movements").getByText("-2 on hand · -2 held")).toBeTruthy();

    const titles = () =>
      [...document.querySelectorAll(".order-event-title")].map((title) => title.textContent);
    expect(titles()).toEqual([
      "Your Tamra & Tara order #8293a4b5",
      "Paid $122.75",
      "Order created",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Oldest first" }));
    expect(titles()).toEqual([
      "Order created",
      "Paid $122.75",
      "Your Tamra & Tara order #8293a4b5",
    ]);
    expect(screen.getByRole("button", { name: "Oldest first" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(card("Timeline").getByText(formatWhen("2026-11-20T05:03:00.000Z"))).toBeTruthy();

    expect(screen.getByRole("link", { name: "Packing slip" }).getAttribute("href")).toBe(
      `/orders/${ORDER_ID}/packing-slip`,
    );
    expect(
      within(screen.getByRole("main")).getByRole("link", { name: "Orders" }).getAttribute("href"),
    ).toBe("/orders");
  });

  it("goes back to the queue as it was left", async () => {
    openAdmin("/orders?status=all&q=asha", {
      [`GET ${LIST}`]: listOf(),
      [`GET ${ORDER}`]: () => orderAnswer(makeOrder()),
    });
    fireEvent.click(await screen.findByRole("link", { name: "Order #8293a4b5" }));
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    expect(
      within(screen.getByRole("main")).getByRole("link", { name: "Orders" }).getAttribute("href"),
    ).toBe("/orders?status=all&q=asha");
  });

  it("says Stripe's reasons and statuses in words, not codes", async () => {
    openOrder(
      makeOrder({
        refunded: 22,
        refundable: 100.75,
        refunds: [makeRefund({ amount: 22, reason: "requested_by_customer" })],
        events: [
          {
            at: "2026-11-22T00:00:00.000Z",
            kind: "dispute",
            title: "Disputed: $122.75",
            detail: "Status: needs_response",
          },
        ],
      }),
    );
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    expect(card("Refunds").getByText("Requested by the customer")).toBeTruthy();
    expect(card("Timeline").getByText("Status: Needs a response")).toBeTruthy();
    expect(document.querySelector("main")?.textContent).not.toMatch(/requested_by|needs_response/);
  });

  it("says so when the order does not exist", async () => {
    openAdmin(`/orders/${ORDER_ID}`, {
      [`GET ${ORDER}`]: () => json(404, { success: false, message: "Order not found" }),
    });
    expect(await screen.findByRole("heading", { name: "No such order" })).toBeTruthy();
  });
});

/** An order shipped with Sendle SND 123. */
const shippedOrder = () =>
  makeOrder({
    status: "Shipped",
    shippedAt: "2026-11-21T00:00:00.000Z",
    shipping: {
      carrier: "sendle",
      trackingNumber: "SND 123",
      trackingUrl: trackingUrlFor("sendle", "SND 123"),
    },
    nextStatuses: ["Out for Delivery", "Delivered"],
    canCancel: false,
  });

describe("advancing the status", () => {
  const shipped = shippedOrder();

  it("offers only the next steps; Shipped needs a tracking number and sends the carrier", async () => {
    const { api } = openOrder(makeOrder({ nextStatuses: ["Packing", "Shipped", "Delivered"] }), {
      [`POST ${ORDER}/status`]: () => orderAnswer(shipped),
    });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    const form = within(screen.getByRole("form", { name: "Advance status" }));
    const moveTo = form.getByLabelText("Move to") as HTMLSelectElement;
    expect([...moveTo.options].map((option) => option.value)).toEqual([
      "Packing",
      "Shipped",
      "Delivered",
    ]);
    // Packing is not mailed: no tracking fields, no Notify.
    expect(form.queryByLabelText("Tracking number")).toBeNull();
    expect(form.queryByLabelText(/^Notify customer/)).toBeNull();

    fireEvent.change(moveTo, { target: { value: "Shipped" } });
    const carrier = form.getByLabelText("Carrier") as HTMLSelectElement;
    expect(carrier.value).toBe("auspost");
    expect(carrier.selectedOptions[0]?.textContent).toBe("Australia Post");
    const notify = form.getByLabelText(/^Notify customer/) as HTMLInputElement;
    expect(notify.checked).toBe(true);

    fireEvent.click(form.getByRole("button", { name: "Mark Shipped" }));
    expect(
      await form.findByText("Enter the tracking number to mark the order shipped"),
    ).toBeTruthy();
    expect(api.callsTo("POST", `${ORDER}/status`)).toHaveLength(0);

    fireEvent.change(form.getByLabelText(/^Tracking number/), { target: { value: "AB 123" } });
    expect(form.getByRole("link", { name: /auspost\.com\.au/ }).getAttribute("href")).toBe(
      trackingUrlFor("auspost", "AB 123"),
    );
    fireEvent.change(carrier, { target: { value: "sendle" } });
    expect(form.getByRole("link", { name: /sendle/ }).getAttribute("href")).toBe(
      "https://track.sendle.com/tracking?ref=AB%20123",
    );
    fireEvent.click(form.getByRole("button", { name: "Mark Shipped" }));
    // Shipping asks first, repeating what the customer will get.
    const confirm = within(
      await screen.findByRole("dialog", { name: "Mark order #8293a4b5 Shipped?" }),
    );
    expectTexts(confirm, ["Sendle", "AB 123", "https://track.sendle.com/tracking?ref=AB%20123"]);
    expect(
      confirm.getByText(
        "The customer is emailed at asha@example.com that the order has shipped, with the tracking link.",
      ),
    ).toBeTruthy();
    expect(api.callsTo("POST", `${ORDER}/status`)).toHaveLength(0);
    fireEvent.click(confirm.getByRole("button", { name: "Mark Shipped" }));
    expect(await api.onlyBodySent("POST", `${ORDER}/status`)).toEqual({
      status: "Shipped",
      carrier: "sendle",
      trackingNumber: "AB 123",
      notify: true,
    });

    expect(await screen.findByText("Marked Shipped; the customer was emailed")).toBeTruthy();
    const fulfilment = card("Fulfilment");
    expect(fulfilment.getByText("Shipped", { selector: ".admin-pill" })).toBeTruthy();
    expect(fulfilment.getByText("SND 123")).toBeTruthy();
    expect(fulfilment.getByText("Sendle")).toBeTruthy();
    const next = fulfilment.getByLabelText("Move to") as HTMLSelectElement;
    expect([...next.options].map((option) => option.value)).toEqual([
      "Out for Delivery",
      "Delivered",
    ]);
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
  });

  it("asks before shipping; Go back sends nothing, and an unmailed move says so", async () => {
    const { api } = openOrder(makeOrder({ nextStatuses: ["Packing", "Shipped", "Delivered"] }), {
      [`POST ${ORDER}/status`]: () =>
        orderAnswer(makeOrder({ status: "Delivered", nextStatuses: [], canCancel: false })),
    });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    const form = within(screen.getByRole("form", { name: "Advance status" }));
    fireEvent.change(form.getByLabelText("Move to"), { target: { value: "Shipped" } });
    fireEvent.change(form.getByLabelText(/^Tracking number/), { target: { value: "33AB1" } });
    fireEvent.click(form.getByLabelText(/^Notify customer/));
    fireEvent.click(form.getByRole("button", { name: "Mark Shipped" }));
    const first = within(await screen.findByRole("dialog", { name: /Shipped\?$/ }));
    expect(first.getByText("Australia Post")).toBeTruthy();
    expect(first.getByText("33AB1")).toBeTruthy();
    expect(
      first.getByText("The customer is not emailed: they see the new status on their orders page."),
    ).toBeTruthy();
    fireEvent.click(first.getByRole("button", { name: "Go back" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST", `${ORDER}/status`)).toHaveLength(0);

    // Straight to Delivered without a number ships it too: asked, and said so.
    fireEvent.change(form.getByLabelText("Move to"), { target: { value: "Delivered" } });
    fireEvent.change(form.getByLabelText(/^Tracking number/), { target: { value: "" } });
    fireEvent.click(form.getByRole("button", { name: "Mark Delivered" }));
    const second = within(
      await screen.findByRole("dialog", { name: "Mark order #8293a4b5 Delivered?" }),
    );
    expect(
      second.getByText("No tracking number: the customer gets no tracking link."),
    ).toBeTruthy();
    fireEvent.click(second.getByRole("button", { name: "Mark Delivered" }));
    expect(await api.onlyBodySent("POST", `${ORDER}/status`)).toEqual({
      status: "Delivered",
      notify: false,
    });
    expect(await screen.findByText("Marked Delivered")).toBeTruthy();
  });

  it("can leave the customer unmailed, and says a 409 from the Worker", async () => {
    const { api } = openOrder(shipped, {
      [`POST ${ORDER}/status`]: () =>
        json(409, {
          success: false,
          message: "The order is Delivered; it cannot go back to Out for Delivery",
        }),
    });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    const form = within(screen.getByRole("form", { name: "Advance status" }));
    expect(form.queryByLabelText(/^Tracking number/)).toBeNull();
    fireEvent.click(form.getByLabelText(/^Notify customer/));
    fireEvent.click(form.getByRole("button", { name: "Mark Out for Delivery" }));
    expect(await api.onlyBodySent("POST", `${ORDER}/status`)).toEqual({
      status: "Out for Delivery",
      notify: false,
    });
    expect(
      await screen.findByText("The order is Delivered; it cannot go back to Out for Delivery"),
    ).toBeTruthy();
  });

  it("says there is nothing further for a delivered order", async () => {
    openOrder(makeOrder({ status: "Delivered", nextStatuses: [], canCancel: false }));
    expect(await screen.findByText("Delivered: there is no further step.")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Advance status" })).toBeNull();
  });
});

describe("correcting the tracking", () => {
  const shipped = shippedOrder();
  const corrected = makeOrder({
    ...shipped,
    shipping: {
      carrier: "auspost",
      trackingNumber: "33AB 9",
      trackingUrl: trackingUrlFor("auspost", "33AB 9"),
    },
  });

  it("is offered only once the order has shipped", async () => {
    openOrder(makeOrder({ nextStatuses: ["Packing", "Shipped"] }));
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    expect(screen.queryByRole("button", { name: "Correct tracking" })).toBeNull();
  });

  it("starts from the order's tracking, sends the correction and shows the answer", async () => {
    const { api } = openOrder(shipped, {
      [`POST ${ORDER}/tracking`]: () => orderAnswer(corrected),
    });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    await press("Correct tracking");
    const dialog = within(
      await screen.findByRole("dialog", { name: "Correct the tracking of order #8293a4b5" }),
    );
    const carrier = dialog.getByLabelText("Carrier") as HTMLSelectElement;
    const number = dialog.getByLabelText(/^Tracking number/) as HTMLInputElement;
    expect([carrier.value, number.value]).toEqual(["sendle", "SND 123"]);
    expect((dialog.getByLabelText(/^Notify customer/) as HTMLInputElement).checked).toBe(true);

    // Checked as the move to Shipped checks it, without asking.
    fireEvent.change(number, { target: { value: "  " } });
    fireEvent.click(dialog.getByRole("button", { name: "Save tracking" }));
    expect(await dialog.findByText("Enter the corrected tracking number")).toBeTruthy();
    expect(api.callsTo("POST", `${ORDER}/tracking`)).toHaveLength(0);

    fireEvent.change(carrier, { target: { value: "auspost" } });
    fireEvent.change(number, { target: { value: "33AB 9" } });
    expect(dialog.getByRole("link", { name: /auspost\.com\.au/ }).getAttribute("href")).toBe(
      trackingUrlFor("auspost", "33AB 9"),
    );
    fireEvent.click(dialog.getByRole("button", { name: "Save tracking" }));
    expect(await api.onlyBodySent("POST", `${ORDER}/tracking`)).toEqual({
      carrier: "auspost",
      trackingNumber: "33AB 9",
      notify: true,
    });
    expect(await screen.findByText("Tracking corrected; the customer was emailed")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(card("Fulfilment").getByText("33AB 9")).toBeTruthy();
  });

  it("says the Worker's 409 in the dialog", async () => {
    const message = ORDER_ADMIN_MESSAGES.sameTracking;
    openOrder(shipped, {
      [`POST ${ORDER}/tracking`]: () =>
        json(409, { success: false, message, code: "same_tracking" }),
    });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    await press("Correct tracking");
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.click(dialog.getByLabelText(/^Notify customer/));
    fireEvent.click(dialog.getByRole("button", { name: "Save tracking" }));
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("refunds", () => {
  const refunded = (amount: number) =>
    makeOrder({ refunded: amount, refundable: +(122.75 - amount).toFixed(2) });

  function refundRoute(answers: (() => Response)[]): AdminRoute {
    return () => (answers.shift() as () => Response)();
  }
  const refundOk = (amount: number) => () =>
    json(200, {
      success: true,
      refund: makeRefund({ amount }),
      order: refunded(amount),
    });

  it("sends the chosen lines, restock, the suggested amount and one key; a double click is one refund", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api } = openOrder(makeOrder(), {
      [`POST ${ORDER}/refund`]: async () => {
        await held;
        return refundOk(49.5)();
      },
    });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    await press("Refund");
    const dialog = within(await screen.findByRole("dialog", { name: "Refund order #8293a4b5" }));
    const amount = dialog.getByLabelText("Amount to refund") as HTMLInputElement;
    expect((dialog.getByLabelText(/^Put back in stock/) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByLabelText(/^Notify customer/) as HTMLInputElement).checked).toBe(true);

    // One lota of two: $45 with its GST share (refundSuggestionCents), not the delivery.
    fireEvent.change(dialog.getByLabelText("Copper Kalash Lota"), { target: { value: "1" } });
    expect(amount.value).toBe("49.50");
    fireEvent.change(dialog.getByLabelText(/^Reason/), { target: { value: "Dented in transit" } });

    const submit = dialog.getByRole("button", { name: "Refund $49.50" });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(api.callsTo("POST", `${ORDER}/refund`)).toHaveLength(1));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(submit.textContent).toBe("Refunding…");
    const body = api.callsTo("POST", `${ORDER}/refund`)[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      amount: 49.5,
      lines: [{ productId: PRODUCT_ID, quantity: 1 }],
      restock: true,
      reason: "Dented in transit",
      notify: true,
      requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });

    await act(async () => release());
    expect(await screen.findByText("Refunded $49.50; the customer was emailed")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.callsTo("POST", `${ORDER}/refund`)).toHaveLength(1);
    expect(screen.getAllByText("Partly refunded").length).toBeGreaterThan(0);
    expect(document.querySelector(".order-totals .is-refundable dd")?.textContent).toBe("$73.25");
  });

  it("opens with nothing chosen and cannot refund until units are picked or an amount typed", async () => {
    const { api } = openOrder(makeOrder(), { [`POST ${ORDER}/refund`]: refundOk(12) });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    await press("Refund");
    const dialog = within(await screen.findByRole("dialog", { name: "Refund order #8293a4b5" }));
    const amount = dialog.getByLabelText("Amount to refund") as HTMLInputElement;
    const lota = dialog.getByLabelText("Copper Kalash Lota") as HTMLSelectElement;
    const diya = dialog.getByLabelText("Brass Diya") as HTMLSelectElement;
    expect([lota.value, diya.value, amount.value]).toEqual(["0", "0", ""]);
    const submit = () =>
      dialog.getByRole("button", { name: /^Refund(?! the rest)/ }) as HTMLButtonElement;
    expect(submit().textContent).toBe("Refund");
    expect(submit().disabled).toBe(true);
    expect(submit().getAttribute("aria-describedby")).toBeTruthy();
    expect(
      dialog.getByText(`${ORDER_ADMIN_MESSAGES.nothingChosen}.`, { selector: ".field-hint" }),
    ).toBeTruthy();
    fireEvent.submit(submit().closest("form") as HTMLFormElement);
    expect(api.callsTo("POST", `${ORDER}/refund`)).toHaveLength(0);

    // Picking units fills their worth and the button says it; taking them back empties it again.
    fireEvent.change(diya, { target: { value: "1" } });
    expect(amount.value).toBe("13.75");
    expect(submit().textContent).toBe("Refund $13.75");
    expect(submit().disabled).toBe(false);
    fireEvent.change(diya, { target: { value: "0" } });
    expect(amount.value).toBe("");
    expect(submit().disabled).toBe(true);

    // An amount typed alone is a refund too, and the button shows it as it will go.
    fireEvent.change(amount, { target: { value: "12" } });
    expect(submit().textContent).toBe("Refund $12.00");
    fireEvent.click(submit());
    expect(await api.onlyBodySent("POST", `${ORDER}/refund`)).toMatchObject({
      amount: 12,
      lines: [],
    });
  });

  it("refunds the rest only when the owner asks for it", async () => {
    const { api } = openOrder(makeOrder(), { [`POST ${ORDER}/refund`]: refundOk(122.75) });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    await press("Refund");
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Refund the rest ($122.75)" }));
    expect((dialog.getByLabelText("Amount to refund") as HTMLInputElement).value).toBe("122.75");
    fireEvent.click(dialog.getByRole("button", { name: "Refund $122.75" }));
    expect(await screen.findByText("Refunded $122.75; the customer was emailed")).toBeTruthy();
    expect(api.callsTo("POST", `${ORDER}/refund`)[0]?.body).toMatchObject({ amount: 122.75 });
  });

  it("retries with the same key while another refund is in progress", async () => {
    const { api } = openOrder(makeOrder(), {
      [`POST ${ORDER}/refund`]: refundRoute([
        () =>
          json(409, {
            success: false,
            message: "Another refund of this order is in progress; reload the order and try again",
          }),
        refundOk(122.75),
      ]),
    });
    const dialog = await refundTheRest();
    expect(
      await dialog.findByText(
        "Another refund of this order is in progress; reload the order and try again",
      ),
    ).toBeTruthy();
    fireEvent.click(await dialog.findByRole("button", { name: "Refund $122.75" }));
    await waitFor(() => expect(api.callsTo("POST", `${ORDER}/refund`)).toHaveLength(2));
    const keys = refundKeys(api);
    expect(keys[0]).toBe(keys[1]);
    expect(api.callsTo("POST", `${ORDER}/refund`)[0]?.body).toMatchObject({
      amount: 122.75,
      lines: [],
    });
    expect(await screen.findByText("Refunded $122.75; the customer was emailed")).toBeTruthy();
  });

  it("a new opening of the dialog is a new key", async () => {
    const busy = "Another refund of this order is in progress; reload the order and try again";
    const { api } = openOrder(makeOrder(), {
      [`POST ${ORDER}/refund`]: () => json(409, { success: false, message: busy }),
    });
    for (const _ of [1, 2]) {
      const dialog = await refundTheRest();
      await dialog.findByText(busy);
      fireEvent.click(await dialog.findByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    }
    const keys = refundKeys(api);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("after Stripe refuses, the next submit is a new refund with a new key", async () => {
    const { api } = openOrder(makeOrder(), {
      [`POST ${ORDER}/refund`]: refundRoute([
        () =>
          json(409, {
            success: false,
            message: ORDER_ADMIN_MESSAGES.refundFailed("Your card was declined"),
          }),
        refundOk(122.75),
      ]),
    });
    const dialog = await refundTheRest();
    expect(
      await dialog.findByText("Stripe refused the refund: Your card was declined"),
    ).toBeTruthy();
    fireEvent.click(await dialog.findByRole("button", { name: "Refund $122.75" }));
    expect(await screen.findByText("Refunded $122.75; the customer was emailed")).toBeTruthy();
    const keys = refundKeys(api);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("refuses more than is left and more units back in stock than remain, asking nothing", async () => {
    const order = makeOrder({
      items: [
        { ...(makeOrder().items[0] as AdminOrderDto["items"][number]), restocked: 2 },
        makeOrder().items[1] as AdminOrderDto["items"][number],
      ],
    });
    const { api } = openOrder(order);
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    await press("Refund");
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getByLabelText("Copper Kalash Lota"), { target: { value: "1" } });
    fireEvent.change(dialog.getByLabelText("Amount to refund"), { target: { value: "500" } });
    fireEvent.click(dialog.getByRole("button", { name: "Refund $500.00" }));
    expect(await dialog.findByText("At most $122.75 is left to refund on this order")).toBeTruthy();
    expect(dialog.getByText("At most 0 of Copper Kalash Lota can go back in stock")).toBeTruthy();
    expect(api.callsTo("POST", `${ORDER}/refund`)).toHaveLength(0);

    // Without restocking, the same units may be refunded.
    fireEvent.click(dialog.getByLabelText(/^Put back in stock/));
    fireEvent.click(dialog.getByRole("button", { name: "Refund the rest ($122.75)" }));
    fireEvent.change(dialog.getByLabelText("Brass Diya"), { target: { value: "1" } });
    expect((dialog.getByLabelText("Amount to refund") as HTMLInputElement).value).toBe("63.25");
  });

  it("hides Refund when nothing is left to refund", async () => {
    openOrder(makeOrder({ refunded: 122.75, refundable: 0 }));
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    expect(screen.getAllByText("Refunded").length).toBeGreaterThan(0);
  });
});

describe("cancelling", () => {
  it("is offered only when the order can be cancelled", async () => {
    openOrder(makeOrder({ status: "Shipped", canCancel: false }));
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
  });

  it("says it refunds the rest and restocks everything, then sends one key", async () => {
    const cancelled = makeOrder({
      status: "cancelled",
      refunded: 122.75,
      refundable: 0,
      nextStatuses: [],
      canCancel: false,
    });
    const { api } = openOrder(makeOrder(), {
      [`POST ${ORDER}/cancel`]: () => orderAnswer(cancelled),
    });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    const opener = screen.getByRole("button", { name: "Cancel order" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = within(await screen.findByRole("dialog", { name: "Cancel order #8293a4b5?" }));
    expect(dialog.getByText(/refunds the rest of the order in full \(\$122\.75\)/)).toBeTruthy();
    expect(dialog.getByText(/puts every item back in stock/)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Keep order" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    // Focus goes back to the button that opened the question.
    expect(document.activeElement).toBe(opener);

    await press("Cancel order");
    const again = within(await screen.findByRole("dialog"));
    fireEvent.change(again.getByLabelText(/^Reason/), { target: { value: "Out of stock" } });
    const confirm = again.getByRole("button", { name: "Cancel order" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await api.onlyBodySent("POST", `${ORDER}/cancel`)).toEqual({
      reason: "Out of stock",
      notify: true,
      requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(
      await screen.findByText("Order #8293a4b5 cancelled; the customer was emailed"),
    ).toBeTruthy();
    expect(screen.getByText("This order was cancelled; it will not ship.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    expect(api.callsTo("POST", `${ORDER}/cancel`)).toHaveLength(1);
  });
});

describe("notes", () => {
  it("adds a note to the timeline", async () => {
    const noted = makeOrder({
      events: [
        ...makeOrder().events,
        {
          at: "2026-11-21T01:00:00.000Z",
          kind: "note",
          title: "Note",
          detail: "Gift wrap, please",
          actor: "owner@example.com",
        },
      ],
    });
    const { api } = openOrder(makeOrder(), {
      [`POST ${ORDER}/notes`]: () => orderAnswer(noted),
    });
    await screen.findByRole("heading", { level: 1, name: "#8293a4b5" });
    fireEvent.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Write the note first")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Note"), {
      target: { value: "  Gift wrap, please " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add note" }));
    expect(await api.onlyBodySent("POST", `${ORDER}/notes`)).toEqual({ note: "Gift wrap, please" });
    expect(await screen.findByText("Gift wrap, please")).toBeTruthy();
    expect(screen.getByText(/by owner@example\.com/)).toBeTruthy();
    expect((screen.getByLabelText("Note") as HTMLTextAreaElement).value).toBe("");
  });
});

describe("the packing slip", () => {
  it("shows the shop, the order, where it ships and the quantities, without prices", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const order = makeOrder({
      items: [
        { ...(makeOrder().items[0] as AdminOrderDto["items"][number]), restocked: 1 },
        makeOrder().items[1] as AdminOrderDto["items"][number],
      ],
    });
    openAdmin(`/orders/${ORDER_ID}/packing-slip`, {
      [`GET ${ORDER}`]: () => orderAnswer(order),
    });
    const slip = (await screen.findByRole("heading", { name: "Packing slip" })).closest("article");
    if (!slip) throw new Error("no slip");
    const inSlip = within(slip);
    expectTexts(inSlip, [
      "Tamra & Tara",
      "#8293a4b5",
      "20 Nov 2026",
      "Asha Rao",
      "Brisbane QLD 4000",
    ]);
    const rows = [...slip.querySelectorAll("tbody tr")].map((row) =>
      [...row.querySelectorAll("td")].slice(0, 2).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ["Copper Kalash Lota2 ordered, 1 back in stock", "1"],
      ["Brass Diya", "1"],
    ]);
    expect(inSlip.getByText("In this parcel: 2 items")).toBeTruthy();
    expect(slip.textContent).not.toMatch(/\$/);
    await waitFor(() => expect(document.title).toBe("Packing slip #8293a4b5 · Back-office"));

    fireEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
