import { act, configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getCartSnapshot, syncCartSession } from "../../web/features/cart/cart-state";
import { addToGuestCart, GUEST_CART_KEY } from "../../web/features/cart/guest-cart";
import { CART_REFETCH_DELAY_MS } from "../../web/features/checkout/use-order-confirmation";
import { formatOrderDate } from "../../web/features/orders/order-format";
import { storeSession } from "../../web/lib/stored-session";
import { OrderPlacedPage } from "../../web/routes/order-placed";
import { callsTo, currentLocation, json, openScreen, type Route } from "./account-helpers";
import { makeProduct } from "./helpers";
import { makeOrder } from "./order-helpers";

const CONFIRM = "POST /api/order/confirmStripeOrder";
// Confirmations are remembered per session id for the page's life, so each test has its own.
let sessionNumber = 0;
const nextSessionId = () => `cs_test_visit${++sessionNumber}`;

function visit(search: string, routes: Record<string, Route> = {}) {
  const fetchMock = openScreen(
    "/order-placed",
    <OrderPlacedPage />,
    routes,
    `/order-placed${search}`,
  );
  return fetchMock;
}

beforeEach(() => {
  syncCartSession(null);
});

afterEach(() => {
  configure({ reactStrictMode: false });
});

describe("/order-placed", () => {
  it.each([
    ["no parameters", ""],
    ["success other than true", "?success=false&session_id=cs_test_x"],
    ["no session id", "?success=true"],
  ])("goes back to /place-order with %s, confirming nothing", async (_, search) => {
    const fetchMock = visit(search);
    await waitFor(() => expect(currentLocation()).toBe("/place-order"));
    expect(callsTo(fetchMock, CONFIRM)).toEqual([]);
  });

  it("confirms once, even under StrictMode, and shows the order", async () => {
    configure({ reactStrictMode: true });
    const sessionId = nextSessionId();
    const order = makeOrder(14, { _id: "64f0c0ffee0000001a2b3c4d", amount: 152.84 });
    const fetchMock = visit(`?success=true&session_id=${sessionId}`, {
      [CONFIRM]: () => json(200, { success: true, order }),
    });

    expect(await screen.findByText("Confirming your order…")).toBeTruthy();
    const heading = await screen.findByRole("heading", {
      level: 1,
      name: "Order Placed Successfully!",
    });
    expect(callsTo(fetchMock, CONFIRM)).toEqual([{ session_id: sessionId }]);
    expect(await screen.findByText("Order placed successfully!")).toBeTruthy();

    const card = within(heading.closest("section") as HTMLElement);
    expect(card.getByText("#1a2b3c4d")).toBeTruthy();
    expect(card.getByText(formatOrderDate(order.date))).toBeTruthy();
    expect(card.getByText("$152.84")).toBeTruthy();
    const item = card.getByText("Copper Piece 14").closest("li") as HTMLElement;
    expect(within(item).getByText("Qty 2 · $24.95 each")).toBeTruthy();
    expect(item.querySelector("img")?.getAttribute("src")).toBe("/images/products/prod14/1.svg");
    const address = card.getByText("12 Fig Tree Lane").closest("address") as HTMLElement;
    expect(address.textContent).toContain("Unit 4");
    expect(address.textContent).toContain("Brisbane QLD 4000");
    expect(within(address).getByText("Phone: 0400 123 456")).toBeTruthy();
    expect(within(address).getByText("Email: asha@example.com")).toBeTruthy();
    expect(card.getByText(/An email confirmation will be sent to/)).toBeTruthy();
    expect(card.getByRole("link", { name: "View All Orders" }).getAttribute("href")).toBe(
      "/orders",
    );
    expect(card.getByRole("link", { name: "Continue Shopping" }).getAttribute("href")).toBe(
      "/collection",
    );
    const steps = screen.getByRole("navigation", { name: "Checkout progress" });
    expect(steps.querySelectorAll(".is-done")).toHaveLength(3);
    expect(callsTo(fetchMock, CONFIRM)).toHaveLength(1);
  });

  it("empties the guest cart once the order is confirmed", async () => {
    addToGuestCart(makeProduct(1), 2);
    visit(`?success=true&session_id=${nextSessionId()}`, {
      [CONFIRM]: () => json(200, { success: true, order: makeOrder(3) }),
    });
    await screen.findByRole("heading", { name: "Order Placed Successfully!" });
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it("empties the signed-in cart at once and fetches it again a second later", async () => {
    const line = { _id: "prod7", name: "Singing Bowl", price: 45, quantity: 2, image: "" };
    let serverCart: Record<string, typeof line> = { prod7: line };
    const cartGets: number[] = [];
    let releaseConfirm = () => {};
    const confirmHeld = new Promise<void>((resolve) => {
      releaseConfirm = resolve;
    });
    storeSession("token-1", "user");
    const fetchMock = visit(`?success=true&session_id=${nextSessionId()}`, {
      "GET /api/user/me": () => json(200, { success: true, user: { name: "Asha" } }),
      "POST /api/cart/get": () => {
        cartGets.push(Date.now());
        return json(200, { success: true, cartData: serverCart });
      },
      [CONFIRM]: async () => {
        await confirmHeld;
        serverCart = {}; // the Worker empties the cart as it records the order
        return json(200, { success: true, order: makeOrder(4) });
      },
    });

    // The cart held before the order is in memory, then the confirmation answers.
    await waitFor(() => expect(getCartSnapshot().items).toHaveProperty("prod7"));
    // "A second later" is the delay the screen asks the timer for, not a wall-clock reading,
    // which a busy machine would stretch.
    const timers = vi.spyOn(globalThis, "setTimeout");
    await act(async () => releaseConfirm());
    await screen.findByRole("heading", { name: "Order Placed Successfully!" });
    expect(getCartSnapshot().items).toEqual({});
    expect(timers).toHaveBeenCalledWith(expect.any(Function), CART_REFETCH_DELAY_MS);
    expect(CART_REFETCH_DELAY_MS).toBe(1000);
    await waitFor(() => expect(cartGets).toHaveLength(2));
    expect(getCartSnapshot().items).toEqual({});
    expect(callsTo(fetchMock, "POST /api/cart/clear")).toEqual([]);
  });

  it.each([
    ["says it did not succeed", () => json(200, { success: false, message: "Not paid" })],
    ["fails", () => json(502, { success: false, message: "Stripe is not answering" })],
  ])(
    "toasts Order confirmation failed and returns to checkout when the server %s",
    async (_, answer) => {
      addToGuestCart(makeProduct(1), 2);
      visit(`?success=true&session_id=${nextSessionId()}`, { [CONFIRM]: answer });
      expect(await screen.findByText("Order confirmation failed")).toBeTruthy();
      await waitFor(() => expect(currentLocation()).toBe("/place-order"));
      expect(localStorage.getItem(GUEST_CART_KEY)).not.toBeNull();
    },
  );
});
