// Checkout keeps what the shopper typed (README, "Promotions"): back from a cancelled payment
// (?cancel=true) the contact, address and both code boxes are as they were when Place Order was
// pressed; a confirmed order forgets them; an Australian postcode is four digits.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { syncCartSession } from "../../web/features/cart/cart-state";
import { type AddressValues, AU_POSTCODE_MESSAGE } from "../../web/features/checkout/address-form";
import {
  CHECKOUT_DRAFT_KEY,
  readCheckoutDraft,
  saveCheckoutDraft,
} from "../../web/features/checkout/checkout-draft";
import { SessionProvider } from "../../web/features/session/session-provider";
import { OrderPlacedPage } from "../../web/routes/order-placed";
import { PlaceOrderPage } from "../../web/routes/place-order";
import { ORDER_MESSAGES } from "../../worker/contracts/order";
import { DISCOUNT_MESSAGES } from "../../worker/contracts/promotions";
import { callsTo, json, openScreen, type Route } from "./account-helpers";
import {
  codeBox,
  fillAddress,
  fillCart,
  press,
  renderCheckout,
  SESSION_URL,
  START,
  summaryValue,
  type,
  VALIDATE,
  VALIDATE_DISCOUNT,
} from "./checkout-helpers";
import { makeOrder } from "./order-helpers";

beforeEach(() => {
  syncCartSession(null);
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: no creator link in these tests
  document.cookie = "tt_ref=; max-age=0; path=/";
});

const discount = codeBox("Discount code");
const affiliate = codeBox("Affiliate code");
const fieldValue = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label).value;

const ROUTES: Record<string, Route> = {
  [VALIDATE]: () => json(200, { success: true, valid: true, discount: 10, message: "ok" }),
  [VALIDATE_DISCOUNT]: () =>
    json(200, {
      success: true,
      valid: true,
      discount: {
        code: "SAVE15",
        promotionId: "p1",
        name: "Spring",
        kind: "fixed",
        amountCents: 1500,
      },
      message: DISCOUNT_MESSAGES.applied,
    }),
  [START]: () => json(200, { success: true, session_url: SESSION_URL, message: "ok" }),
};

async function applyIn(box: ReturnType<typeof codeBox>, code: string) {
  fireEvent.change(box.input(), { target: { value: code } });
  await press("Apply", box.scope());
  await waitFor(() => expect(box.button().textContent).toBe("Applied"));
}

/** Fills the form, applies both codes and presses Place Order; the page goes to Stripe. */
async function placeOrder() {
  const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
  renderCheckout(ROUTES);
  fillAddress();
  type(/^Address line 2/, "Unit 4");
  await applyIn(affiliate, "MEERA10");
  await applyIn(discount, "SAVE15");
  await press("Place Order");
  await waitFor(() => expect(assign).toHaveBeenCalledWith(SESSION_URL));
  cleanup();
}

describe("checkout draft", () => {
  it("puts back the contact, address and both applied codes after a cancelled payment", async () => {
    fillCart();
    await placeOrder();

    const fetchMock = renderCheckout(ROUTES, "/place-order?cancel=true");
    expect(await screen.findByText(ORDER_MESSAGES.cancelled, { selector: "p" })).toBeTruthy();
    await waitFor(() => expect(fieldValue(/^First name/)).toBe("Asha"));
    expect(fieldValue(/^Email/)).toBe("Asha@Example.com");
    expect(fieldValue(/^Last name/)).toBe("Rao");
    expect(fieldValue(/^Address line 1/)).toBe("12 Fig Tree Lane");
    expect(fieldValue(/^Address line 2/)).toBe("Unit 4");
    expect(fieldValue(/^City/)).toBe("Brisbane");
    expect(fieldValue(/^State/)).toBe("QLD");
    expect(fieldValue(/^Zipcode/)).toBe("4000");
    expect(fieldValue(/^Phone/)).toBe("0400 123 456");

    // Both codes are checked again with the server, and applied as they were.
    await waitFor(() => expect(affiliate.button().textContent).toBe("Applied"));
    await waitFor(() => expect(discount.button().textContent).toBe("Applied"));
    expect(affiliate.input().value).toBe("MEERA10");
    expect(discount.input().value).toBe("SAVE15");
    expect(callsTo(fetchMock, VALIDATE_DISCOUNT).at(-1)).toMatchObject({
      code: "SAVE15",
      email: "asha@example.com",
      affiliateCode: "MEERA10",
    });
    expect(summaryValue("Discount")).toBe("−$10.00");
    expect(summaryValue("Shop discount (SAVE15)")).toBe("−$15.00");
  });

  it("puts back a code that was typed but not applied as typed, without checking it", async () => {
    fillCart();
    saveCheckoutDraft({
      address: { email: "asha@example.com" } as AddressValues,
      affiliate: { code: "", applied: false },
      discount: { code: "MAYBE5", applied: false },
    });
    const fetchMock = renderCheckout(ROUTES, "/place-order?cancel=true");
    await waitFor(() => expect(discount.input().value).toBe("MAYBE5"));
    expect(fieldValue(/^Email/)).toBe("asha@example.com");
    expect(fieldValue(/^Country/)).toBe("Australia");
    expect(discount.button().textContent).toBe("Apply");
    expect(callsTo(fetchMock, VALIDATE_DISCOUNT)).toEqual([]);
  });

  it("starts empty when the visit is not the way back from a cancelled payment", async () => {
    fillCart();
    await placeOrder();
    renderCheckout(ROUTES);
    expect(await screen.findByRole("button", { name: "Place Order" })).toBeTruthy();
    expect(fieldValue(/^First name/)).toBe("");
    expect(discount.input().value).toBe("");
    expect(affiliate.input().value).toBe("");
  });

  it("forgets the draft once the order is confirmed", async () => {
    fillCart();
    await placeOrder();
    expect(readCheckoutDraft()?.discount).toEqual({ code: "SAVE15", applied: true });
    openScreen(
      "/order-placed",
      <OrderPlacedPage />,
      {
        "POST /api/order/confirmStripeOrder": () =>
          json(200, { success: true, order: makeOrder(1) }),
      },
      "/order-placed?success=true&session_id=cs_test_draft1",
    );
    expect(await screen.findByText(ORDER_MESSAGES.placedTitle)).toBeTruthy();
    expect(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toBeNull();
  });

  it("is not in the server's HTML: the draft is read after the first render", () => {
    fillCart();
    saveCheckoutDraft({
      address: { firstName: "Asha", email: "asha@example.com" } as AddressValues,
      affiliate: { code: "MEERA10", applied: false },
      discount: { code: "SAVE15", applied: false },
    });
    const html = renderToString(
      <MemoryRouter initialEntries={["/place-order?cancel=true"]}>
        <SessionProvider>
          <PlaceOrderPage />
        </SessionProvider>
      </MemoryRouter>,
    );
    expect(html).toContain("Place Order");
    expect(html).not.toContain("Asha");
    expect(html).not.toContain("SAVE15");
    expect(html).not.toContain("MEERA10");
  });

  it("reads a corrupt draft as none", async () => {
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, "{not json");
    expect(readCheckoutDraft()).toBeNull();
  });
});

describe("postcode", () => {
  it("asks for four digits in Australia, and sends nothing", async () => {
    fillCart();
    const fetchMock = renderCheckout(ROUTES);
    fillAddress();
    type(/^Zipcode/, "400");
    await press("Place Order");
    expect(await screen.findByText(AU_POSTCODE_MESSAGE)).toBeTruthy();
    expect(callsTo(fetchMock, START)).toEqual([]);
    type(/^Zipcode/, "40001");
    await press("Place Order");
    expect(await screen.findByText(AU_POSTCODE_MESSAGE)).toBeTruthy();
    expect(callsTo(fetchMock, START)).toEqual([]);
  });

  it("keeps a free field for other countries", async () => {
    fillCart();
    vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const fetchMock = renderCheckout(ROUTES);
    fillAddress();
    type(/^Country/, "United Kingdom");
    type(/^Zipcode/, "SW1A 1AA");
    await press("Place Order");
    await waitFor(() => expect(callsTo(fetchMock, START)).toHaveLength(1));
    expect(callsTo(fetchMock, START)[0].address).toMatchObject({ zipcode: "SW1A 1AA" });
    expect(screen.queryByText(AU_POSTCODE_MESSAGE)).toBeNull();
  });
});
