import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { syncCartSession } from "../../web/features/cart/cart-state";
import { addToGuestCart, GUEST_CART_KEY } from "../../web/features/cart/guest-cart";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import { storeSession } from "../../web/lib/stored-session";
import {
  cartTotals,
  checkoutTotals,
  DELIVERY_FEE_CENTS,
  pricedLine,
} from "../../worker/contracts/totals";
import { makeProduct, requestedPaths, stubApi } from "./helpers";
import { shopRoutes } from "./routes";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderCart() {
  const router = createMemoryRouter(shopRoutes(), { initialEntries: ["/cart"] });
  render(<RouterProvider router={router} />);
  return router;
}

const confirmButton = () => screen.getByRole("button", { name: "Confirm payment" });
const summaryValue = (label: string) =>
  within(screen.getByRole("complementary")).getByText(label).nextElementSibling?.textContent;
const stored = () => JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? "{}");

beforeEach(() => {
  clearCatalogueCache();
  syncCartSession(null);
});

describe("cartTotals", () => {
  it("adds in whole cents: 3 x $19.95 plus $10 shipping is exactly $69.85", () => {
    expect(cartTotals([{ price: 19.95, quantity: 3 }])).toEqual({
      count: 3,
      subtotalCents: 5985,
      deliveryFeeCents: DELIVERY_FEE_CENTS,
      taxCents: 0,
      totalCents: 6985,
    });
  });

  it("does not drift where floating-point dollars would", () => {
    // 0.1 + 0.2 !== 0.3 in dollars; 10 + 20 === 30 in cents.
    const totals = cartTotals([
      { price: 0.1, quantity: 1 },
      { price: 0.2, quantity: 1 },
      { price: 1.15, quantity: 10 },
    ]);
    expect(totals.subtotalCents).toBe(1180);
    expect(totals.totalCents).toBe(2180);
  });

  it("charges no shipping on an empty cart and ignores lines at quantity 0", () => {
    const empty = { count: 0, subtotalCents: 0, deliveryFeeCents: 0, taxCents: 0, totalCents: 0 };
    expect(cartTotals([])).toEqual(empty);
    expect(cartTotals([{ price: 25, quantity: 0 }])).toEqual(empty);
  });

  it("shows the checkout's own subtotal and delivery, before tax and discount", () => {
    const lines = [
      { price: 19.95, quantity: 3 },
      { price: 89.95, quantity: 1 },
    ];
    const checkout = checkoutTotals(lines.map(pricedLine));
    const cart = cartTotals(lines);
    expect(cart.subtotalCents).toBe(checkout.subtotalCents);
    expect(cart.deliveryFeeCents).toBe(checkout.deliveryFeeCents);
    expect(cart.totalCents).toBe(checkout.subtotalCents + checkout.deliveryFeeCents);
  });
});

describe("/cart", () => {
  it("lists the items with their totals, the steps, and the way on", async () => {
    stubApi();
    addToGuestCart(makeProduct(1, { name: "Brass Ganesha", finalPrice: 19.95 }), 3);
    addToGuestCart(makeProduct(2, { name: "Surya Wall Hanging", finalPrice: 89.95 }), 1);
    renderCart();

    const items = await screen.findByRole("list", { name: "Items in your cart" });
    await waitFor(() => expect(document.title).toMatch(/^Cart/));
    expect(screen.getByRole("heading", { level: 1, name: "Cart" })).toBeTruthy();
    const rows = within(items).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0] as HTMLElement).getByRole("link", { name: "Brass Ganesha" }),
    ).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("$19.95 each")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("$59.85")).toBeTruthy();
    expect(rows[0]?.querySelector("img")?.getAttribute("src")).toBe("/images/products/prod1/1.svg");

    expect(summaryValue("Subtotal")).toBe("$149.80");
    expect(summaryValue("Shipping")).toBe("$10.00");
    expect(summaryValue("Tax")).toBe("$0.00");
    expect(summaryValue("Total")).toBe("$159.80");

    const steps = within(screen.getByRole("navigation", { name: "Checkout progress" }));
    expect(steps.getAllByRole("listitem").map((step) => step.textContent)).toEqual([
      "1Cart",
      "2Shipping",
      "3Placed",
    ]);
    expect(steps.getByText("Cart").closest("li")?.getAttribute("aria-current")).toBe("step");

    expect(screen.getByRole("link", { name: "Continue Shopping" }).getAttribute("href")).toBe("/");
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("offers quantities 1..10 and recomputes when one is chosen", async () => {
    stubApi();
    addToGuestCart(makeProduct(1, { name: "Brass Ganesha", finalPrice: 19.95 }), 3);
    renderCart();

    const select = await screen.findByLabelText<HTMLSelectElement>("Quantity of Brass Ganesha");
    expect(Array.from(select.options, (option) => option.value)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
    ]);
    expect(select.value).toBe("3");
    fireEvent.change(select, { target: { value: "10" } });
    expect(stored().prod1.quantity).toBe(10);
    expect(summaryValue("Subtotal")).toBe("$199.50");
    expect(summaryValue("Total")).toBe("$209.50");
  });

  it("removes a line, then shows the empty state with Confirm payment disabled", async () => {
    stubApi();
    addToGuestCart(makeProduct(1, { name: "Brass Ganesha" }), 2);
    addToGuestCart(makeProduct(2, { name: "Copper Bottle" }), 1);
    renderCart();

    fireEvent.click(await screen.findByRole("button", { name: "Remove Brass Ganesha" }));
    expect(Object.keys(stored())).toEqual(["prod2"]);
    expect(screen.queryByText("Brass Ganesha")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Remove Copper Bottle" }));
    expect(screen.getByText("Your cart is empty.")).toBeTruthy();
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    expect(summaryValue("Shipping")).toBe("$0.00");
    expect(summaryValue("Total")).toBe("$0.00");
  });

  it("shows the empty state for an empty cart", async () => {
    stubApi();
    renderCart();
    expect(await screen.findByText("Your cart is empty.")).toBeTruthy();
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it("goes to checkout on Confirm payment", async () => {
    stubApi();
    addToGuestCart(makeProduct(1), 1);
    const router = renderCart();
    await screen.findByRole("list", { name: "Items in your cart" });
    fireEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/place-order"));
  });

  it("flags a sold-out line and one above what is left, and holds checkout until both are fixed", async () => {
    const ganesha = makeProduct(1, { name: "Brass Ganesha" });
    const hanging = makeProduct(2, { name: "Surya Wall Hanging" });
    const bottle = makeProduct(3, { name: "Copper Bottle" });
    addToGuestCart(ganesha, 1);
    addToGuestCart(hanging, 3);
    addToGuestCart(bottle, 4);
    // Since they were added: the Ganesha sold out, two hangings are left, the bottle is untracked.
    stubApi({
      products: [
        { ...ganesha, inStock: false, available: 0 },
        { ...hanging, available: 2 },
        bottle,
      ],
    });
    renderCart();

    const row = (name: string) => screen.getByRole("link", { name }).closest("li") as HTMLElement;
    expect(await screen.findByText("Brass Ganesha is sold out")).toBeTruthy();
    expect(within(row("Brass Ganesha")).getByText("Brass Ganesha is sold out")).toBeTruthy();
    expect(
      within(row("Surya Wall Hanging")).getByText("Only 2 left of Surya Wall Hanging"),
    ).toBeTruthy();
    expect(within(row("Copper Bottle")).queryByText(/sold out|left of/)).toBeNull();
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Lower or remove the items marked above to continue.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Remove Brass Ganesha" }));
    fireEvent.change(screen.getByLabelText("Quantity of Surya Wall Hanging"), {
      target: { value: "2" },
    });
    await waitFor(() => expect((confirmButton() as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText("Only 2 left of Surya Wall Hanging")).toBeNull();
  });

  it("tells a line whose last units are held in other checkouts that it may come back", async () => {
    const urli = makeProduct(6, { name: "Brass Urli" });
    addToGuestCart(urli, 1);
    stubApi({ products: [{ ...urli, inStock: false, available: 0, held: true }] });
    renderCart();
    expect(
      await screen.findByText(/The last of Brass Urli is in another shopper's checkout/),
    ).toBeTruthy();
    expect(screen.queryByText("Brass Urli is sold out")).toBeNull();
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it("reads each line's product by id to flag one above what is left", async () => {
    const bowl = makeProduct(4, { name: "Singing Bowl" });
    const chime = makeProduct(5, { name: "Brass Wind Chime" });
    addToGuestCart(bowl, 3);
    addToGuestCart(chime, 1);
    // One bowl is left since it was added; the chime is no longer on sale (a 404, left out).
    const fetchMock = stubApi({ products: [{ ...bowl, available: 1 }] });
    renderCart();

    const message = "Only 1 left of Singing Bowl";
    const row = await waitFor(() => screen.getByText(message).closest("li") as HTMLElement);
    expect(within(row).getByRole("link", { name: "Singing Bowl" })).toBeTruthy();
    expect(screen.queryByText(/left of Brass Wind Chime|Brass Wind Chime is sold out/)).toBeNull();
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    const paths = requestedPaths(fetchMock);
    expect(paths).toContain("/api/product/prod4");
    expect(paths).toContain("/api/product/prod5");
    expect(paths).not.toContain("/api/product/list");
  });

  it("shows the signed-in shopper's server cart", async () => {
    const server = vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://shop.test").pathname;
      if (path === "/api/cart/get") {
        const item = { _id: "prod7", name: "Singing Bowl", price: 45, quantity: 2, image: "" };
        return json(200, { success: true, cartData: { prod7: item } });
      }
      if (path === "/api/user/me") return json(200, { success: true, user: { name: "Asha" } });
      return json(404, { success: false, message: "Not found" });
    });
    vi.stubGlobal("fetch", server);
    storeSession("token-1", "user");
    renderCart();

    expect(await screen.findByRole("link", { name: "Singing Bowl" })).toBeTruthy();
    expect(summaryValue("Total")).toBe("$100.00");
    expect(screen.queryByText("Your cart is empty.")).toBeNull();
  });
});
