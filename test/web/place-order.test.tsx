import { act, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { syncCartSession } from "../../web/features/cart/cart-state";
import { addToGuestCart } from "../../web/features/cart/guest-cart";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import { storeSession } from "../../web/lib/stored-session";
import { callsTo, currentLocation, json } from "./account-helpers";
import {
  fillAddress,
  fillCart,
  press,
  renderCheckout,
  SESSION_URL,
  START,
  summary,
  summaryValue,
  type,
} from "./checkout-helpers";
import { makeProduct, stubApi } from "./helpers";
import { ADDRESS } from "./order-helpers";
import { shopRoutes } from "./routes";

beforeEach(() => {
  syncCartSession(null);
  clearCatalogueCache();
});

beforeEach(() => {
  syncCartSession(null);
});

describe("/place-order", () => {
  it("sends a shopper with nothing in the cart back to /cart", async () => {
    renderCheckout();
    await waitFor(() => expect(currentLocation()).toBe("/cart"));
    expect(screen.getByText("Cart screen")).toBeTruthy();
  });

  it("is registered in the app's routes, as is /order-placed", async () => {
    stubApi();
    fillCart();
    const router = createMemoryRouter(shopRoutes(), { initialEntries: ["/order-placed"] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/place-order");
  });

  it("waits for the signed-in cart to load, then prefills name and email", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const line = { _id: "prod7", name: "Singing Bowl", price: 45, quantity: 2, image: "" };
    storeSession("token-1", "user");
    renderCheckout({
      "GET /api/user/me": () =>
        json(200, { success: true, user: { name: "Asha Devi Rao", email: "asha@example.com" } }),
      "POST /api/cart/get": async () => {
        await held;
        return json(200, { success: true, cartData: { prod7: line } });
      },
    });

    expect(await screen.findByText("Loading your cart…")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/^First name/).value).toBe("Asha"),
    );
    expect(screen.getByLabelText<HTMLInputElement>(/^Last name/).value).toBe("Devi Rao");
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe("asha@example.com");
    expect(currentLocation()).toBe("/place-order");

    await act(async () => release());
    expect(await summary().findByText("Singing Bowl")).toBeTruthy();
    expect(currentLocation()).toBe("/place-order");
    expect(summaryValue("Total")).toBe("$109.00");
  });

  it("shows the steps on shipping, the one payment method and the order summary", async () => {
    fillCart();
    renderCheckout();

    expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeTruthy();
    const steps = within(screen.getByRole("navigation", { name: "Checkout progress" }));
    expect(steps.getByText("Shipping").closest("li")?.getAttribute("aria-current")).toBe("step");

    const radios = screen.getAllByRole<HTMLInputElement>("radio");
    expect(radios).toHaveLength(1);
    expect(radios[0]?.checked).toBe(true);
    expect(screen.getByLabelText(/Credit or debit card/)).toBe(radios[0]);

    const lines = summary().getAllByRole("listitem");
    expect(lines.map((line) => line.textContent)).toEqual([
      "Brass GaneshaQty 2$39.90",
      "Surya Wall HangingQty 1$89.95",
    ]);
    expect(summaryValue("Subtotal")).toBe("$129.85");
    expect(summaryValue("Tax (GST 10%)")).toBe("$12.99");
    expect(summaryValue("Shipping")).toBe("$10.00");
    expect(summaryValue("Discount")).toBe("$0.00");
    expect(summaryValue("Total")).toBe("$152.84");
  });

  it("labels every field with an autofill hint, Australia by default", async () => {
    fillCart();
    renderCheckout();
    const hints = {
      "^Email": "email",
      "^First name": "shipping given-name",
      "^Last name": "shipping family-name",
      "^Address line 1": "shipping address-line1",
      "^Address line 2": "shipping address-line2",
      "^City": "shipping address-level2",
      "^State": "shipping address-level1",
      "^Zipcode": "shipping postal-code",
      "^Country": "shipping country-name",
      "^Phone": "shipping tel",
    };
    for (const [label, hint] of Object.entries(hints)) {
      expect(screen.getByLabelText(new RegExp(label)).getAttribute("autocomplete")).toBe(hint);
    }
    expect(screen.getByLabelText<HTMLInputElement>(/^Country/).value).toBe("Australia");
    expect(screen.getByLabelText(/^Phone/).getAttribute("type")).toBe("tel");
    expect(screen.getByLabelText(/^Address line 2/).getAttribute("aria-required")).toBeNull();
  });

  it("checks the address with the Worker's messages before anything is sent", async () => {
    fillCart();
    const fetchMock = renderCheckout();
    type(/^Country/, "");
    await press("Place Order");

    for (const message of [
      "Please enter your email address",
      "First name is required",
      "Last name is required",
      "Address line 1 is required",
      "City is required",
      "State is required",
      "Zipcode is required",
      "Country is required",
      "Phone is required",
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.queryByText(/Address line 2/, { selector: ".field-error" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
    expect(screen.getByLabelText(/^City/).getAttribute("aria-invalid")).toBe("true");

    type(/^Email/, "asha@");
    type(/^Phone/, "call me");
    await press("Place Order");
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(screen.getByText("Phone may contain only digits, spaces and + ( ) - .")).toBeTruthy();
    expect(callsTo(fetchMock, START)).toEqual([]);
  });

  it("says a cancelled payment can be tried again", async () => {
    fillCart();
    renderCheckout({}, "/place-order?cancel=true");
    const notices = await screen.findAllByText("Payment was cancelled. You can try again.");
    expect(notices.some((notice) => notice.closest("[role=status]"))).toBe(true);
    expect(notices.some((notice) => notice.closest(".Toastify"))).toBe(true);
  });

  it("starts the payment with the address, the lines and the totals, then goes to Stripe", async () => {
    fillCart();
    addToGuestCart(makeProduct(3), 1);
    // A line at quantity 0 (as an older build could leave) is not part of the order.
    const stored = JSON.parse(localStorage.getItem("guestCart") ?? "{}");
    stored.prod3.quantity = 0;
    localStorage.setItem("guestCart", JSON.stringify(stored));
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const fetchMock = renderCheckout({
      [START]: () => json(200, { success: true, session_url: SESSION_URL, message: "ok" }),
    });

    fillAddress();
    await press("Place Order");
    const busy = await screen.findByRole("button", { name: "Redirecting to payment..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(SESSION_URL));

    expect(callsTo(fetchMock, START)).toEqual([
      {
        address: { ...ADDRESS, street2: "" },
        items: [
          {
            _id: "prod1",
            name: "Brass Ganesha",
            price: 19.95,
            quantity: 2,
            image: "/images/products/prod1/1.svg",
          },
          {
            _id: "prod2",
            name: "Surya Wall Hanging",
            price: 89.95,
            quantity: 1,
            image: "/images/products/prod2/1.svg",
          },
        ],
        amount: 152.84,
        affiliateCode: "",
        tax: 12.99,
        discountCode: "",
      },
    ]);
  });

  it("shows the server's message, else Could not start payment., else the error's own", async () => {
    fillCart();
    let answer: () => Response | Promise<Response> = () =>
      json(502, { success: false, message: "Stripe is not answering", code: "payment_failed" });
    renderCheckout({ [START]: () => answer() });
    fillAddress();
    // The form's own alert (the toast says the same, briefly).
    const alert = () => screen.getByRole("complementary").querySelector(".form-alert");

    await press("Place Order");
    await waitFor(() => expect(alert()?.textContent).toBe("Stripe is not answering"));

    answer = () => json(500, {});
    await press("Place Order");
    await waitFor(() => expect(alert()?.textContent).toBe("Could not start payment."));

    answer = () => json(200, { success: false, message: "Your cart is empty!" });
    await press("Place Order");
    await waitFor(() => expect(alert()?.textContent).toBe("Your cart is empty!"));

    answer = () => json(200, { success: false });
    await press("Place Order");
    await waitFor(() => expect(alert()?.textContent).toBe("Could not start payment."));

    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    await press("Place Order");
    await waitFor(() =>
      expect(alert()?.textContent).toBe("Network error: the shop could not be reached."),
    );
    expect(screen.getByRole("button", { name: "Place Order" })).toBeTruthy();
  });

  it("flags a line the shop no longer has enough of before paying, and holds Place Order", async () => {
    fillCart();
    // Each line's product is read on its own (GET /api/product/:id), never the whole catalogue.
    const fetchMock = renderCheckout({
      "GET /api/product/prod1": () =>
        json(200, {
          success: true,
          product: makeProduct(1, { name: "Brass Ganesha", available: 1 }),
        }),
      "GET /api/product/prod2": () =>
        json(200, {
          success: true,
          product: makeProduct(2, { name: "Surya Wall Hanging", available: 4 }),
        }),
    });

    expect(await summary().findByText("Only 1 left of Brass Ganesha")).toBeTruthy();
    expect(summary().queryByText(/left of Surya Wall Hanging/)).toBeNull();
    const placeOrder = screen.getByRole<HTMLButtonElement>("button", { name: "Place Order" });
    expect(placeOrder.disabled).toBe(true);
    expect(summary().getByRole("link", { name: "Update your cart" }).getAttribute("href")).toBe(
      "/cart",
    );
    fillAddress();
    expect(callsTo(fetchMock, START)).toEqual([]);
    expect(callsTo(fetchMock, "GET /api/product/list")).toEqual([]);
  });

  it("shows a 409 out_of_stock's message and marks the lines it names", async () => {
    fillCart();
    const message = "Surya Wall Hanging is sold out";
    renderCheckout({
      [START]: () =>
        json(409, {
          success: false,
          message,
          code: "out_of_stock",
          issues: [{ path: "prod2", message }],
        }),
    });
    fillAddress();
    await press("Place Order");

    const alert = () => screen.getByRole("complementary").querySelector(".form-alert");
    await waitFor(() => expect(alert()?.textContent).toBe(message));
    const line = summary().getByText("Surya Wall Hanging").closest("li") as HTMLElement;
    expect(within(line).getByText(message)).toBeTruthy();
    const other = summary().getByText("Brass Ganesha").closest("li") as HTMLElement;
    expect(within(other).queryByText(/sold out|left of/)).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Place Order" }).disabled).toBe(
      true,
    );
  });
});
