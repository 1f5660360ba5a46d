// The checkout's "Discount code" box (README, "Promotions"): the affiliate box's states, the
// server's reasons shown as written, the shop discount as its own summary line, and how it
// combines with a creator's code as the server decides.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { syncCartSession } from "../../web/features/cart/cart-state";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import {
  type AppliedDiscountDto,
  DISCOUNT_MESSAGES,
  type DiscountRefusal,
  type ValidateDiscountResponse,
} from "../../worker/contracts/promotions";
import { callsTo, json } from "./account-helpers";
import {
  codeBox,
  fillAddress,
  fillCart,
  press,
  renderCheckout,
  SESSION_URL,
  START,
  summaryValue,
  VALIDATE,
  VALIDATE_DISCOUNT,
} from "./checkout-helpers";

beforeEach(() => {
  syncCartSession(null);
  clearCatalogueCache();
  // biome-ignore lint/suspicious/noDocumentCookie: no creator link in these tests
  document.cookie = "tt_ref=; max-age=0; path=/";
});

const SAVE15: AppliedDiscountDto = {
  code: "SAVE15",
  promotionId: "promo-1",
  name: "Spring sale",
  kind: "fixed",
  amountCents: 1500,
};

const accepted = (message: string = DISCOUNT_MESSAGES.applied, discount = SAVE15) =>
  json(200, { success: true, valid: true, discount, message } satisfies ValidateDiscountResponse);

const refused = (reason: DiscountRefusal, message: string) =>
  json(200, { success: true, valid: false, reason, message } satisfies ValidateDiscountResponse);

const discount = codeBox("Discount code");
const affiliate = codeBox("Affiliate code");

async function applyDiscount(code: string) {
  fireEvent.change(discount.input(), { target: { value: code } });
  await press("Apply", discount.scope());
}

async function applyAffiliate(code: string) {
  fireEvent.change(affiliate.input(), { target: { value: code } });
  await press("Apply", affiliate.scope());
  await waitFor(() => expect(affiliate.button().textContent).toBe("Applied"));
}

describe("discount code box", () => {
  it("asks for a code before checking one", async () => {
    fillCart();
    const fetchMock = renderCheckout();
    await press("Apply", discount.scope());
    await waitFor(() => expect(discount.status()).toBe(DISCOUNT_MESSAGES.empty));
    expect(callsTo(fetchMock, VALIDATE_DISCOUNT)).toEqual([]);
  });

  it("says it could not check the code when the shop cannot be reached", async () => {
    fillCart();
    renderCheckout({ [VALIDATE_DISCOUNT]: () => Promise.reject(new TypeError("offline")) });
    await applyDiscount("SAVE15");
    await waitFor(() => expect(discount.status()).toBe(DISCOUNT_MESSAGES.failure));
    expect(discount.input().disabled).toBe(false);
    expect(discount.button().textContent).toBe("Apply");
    expect(screen.queryByText(/^Shop discount/)).toBeNull();
    expect(summaryValue("Total")).toBe("$152.84");
  });

  it.each<[DiscountRefusal, string]>([
    ["unknown", DISCOUNT_MESSAGES.unknown],
    ["expired", DISCOUNT_MESSAGES.expired],
    ["not_started", DISCOUNT_MESSAGES.notStarted],
    ["minimum_not_met", DISCOUNT_MESSAGES.minimumNotMet(20_000)],
    ["used_up", DISCOUNT_MESSAGES.usedUp],
    ["already_used", DISCOUNT_MESSAGES.alreadyUsed],
    ["not_applicable", DISCOUNT_MESSAGES.notApplicable],
  ])("shows the server's refusal %s as written, and applies nothing", async (reason, message) => {
    fillCart();
    renderCheckout({ [VALIDATE_DISCOUNT]: () => refused(reason, message) });
    await applyDiscount("NOPE");
    await waitFor(() => expect(discount.status()).toBe(message));
    expect(discount.input().getAttribute("aria-invalid")).toBe("true");
    expect(discount.input().disabled).toBe(false);
    expect(screen.queryByText(/^Shop discount/)).toBeNull();
    expect(summaryValue("Total")).toBe("$152.84");
  });

  it("applies a code: locked, its own summary line, and sent with the order", async () => {
    fillCart();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const fetchMock = renderCheckout({
      [VALIDATE_DISCOUNT]: () => accepted(),
      [START]: () => json(200, { success: true, session_url: SESSION_URL, message: "ok" }),
    });
    fillAddress();
    await applyDiscount(" save15 ");

    await waitFor(() => expect(discount.button().textContent).toBe("Applied"));
    expect(discount.button().disabled).toBe(true);
    expect(discount.input().disabled).toBe(true);
    expect(discount.status()).toBe(DISCOUNT_MESSAGES.applied);
    expect(callsTo(fetchMock, VALIDATE_DISCOUNT)).toEqual([
      {
        code: "save15",
        items: [
          { _id: "prod1", quantity: 2 },
          { _id: "prod2", quantity: 1 },
        ],
        affiliateCode: "",
        email: "asha@example.com",
      },
    ]);
    // SPEC's discount line is the creator code's, untouched; the shop's is its own line.
    expect(summaryValue("Discount")).toBe("$0.00");
    expect(summaryValue("Shop discount (SAVE15)")).toBe("−$15.00");
    expect(summaryValue("Total")).toBe("$137.84");
    // The affiliate box is not touched by it.
    expect(affiliate.input().disabled).toBe(false);

    await press("Place Order");
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(callsTo(fetchMock, START)[0]).toMatchObject({
      discountCode: "save15",
      affiliateCode: "",
    });
  });

  it("names an automatic offer by its name when it has no code", async () => {
    fillCart();
    renderCheckout({
      [VALIDATE_DISCOUNT]: () =>
        accepted(DISCOUNT_MESSAGES.applied, { ...SAVE15, code: null, name: "Weekend copper" }),
    });
    await applyDiscount("WEEKEND");
    expect(await screen.findByText("Shop discount (Weekend copper)")).toBeTruthy();
  });

  it("keeps the creator code's discount when the server says it is better", async () => {
    fillCart();
    const fetchMock = renderCheckout({
      [VALIDATE]: () => json(200, { success: true, valid: true, discount: 20, message: "ok" }),
      [VALIDATE_DISCOUNT]: () => refused("creator_better", DISCOUNT_MESSAGES.creatorBetter),
    });
    await applyAffiliate("MEERA20");
    await applyDiscount("SAVE15");
    await waitFor(() => expect(discount.status()).toBe(DISCOUNT_MESSAGES.creatorBetter));
    expect(callsTo(fetchMock, VALIDATE_DISCOUNT)[0]).toMatchObject({ affiliateCode: "MEERA20" });
    expect(discount.button().textContent).toBe("Apply");
    expect(affiliate.status()).toBe("Affiliate code applied!");
    expect(summaryValue("Discount")).toBe("−$20.00");
    expect(screen.queryByText(/^Shop discount/)).toBeNull();
    expect(summaryValue("Total")).toBe("$132.84");
  });

  it("shows the shop code replacing the creator code's discount, which keeps its credit", async () => {
    fillCart();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const fetchMock = renderCheckout({
      [VALIDATE]: () => json(200, { success: true, valid: true, discount: 10, message: "ok" }),
      [VALIDATE_DISCOUNT]: () => accepted(DISCOUNT_MESSAGES.shopBetter),
      [START]: () => json(200, { success: true, session_url: SESSION_URL, message: "ok" }),
    });
    await applyAffiliate("MEERA10");
    await applyDiscount("SAVE15");
    await waitFor(() => expect(discount.status()).toBe(DISCOUNT_MESSAGES.shopBetter));
    expect(summaryValue("Discount")).toBe("$0.00");
    expect(summaryValue("Shop discount (SAVE15)")).toBe("−$15.00");
    expect(summaryValue("Total")).toBe("$137.84");

    fillAddress();
    await press("Place Order");
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(callsTo(fetchMock, START)[0]).toMatchObject({
      affiliateCode: "MEERA10",
      discountCode: "SAVE15",
    });
  });

  it("checks an applied code again when a creator code is applied after it", async () => {
    fillCart();
    const fetchMock = renderCheckout({
      [VALIDATE]: () => json(200, { success: true, valid: true, discount: 20, message: "ok" }),
      [VALIDATE_DISCOUNT]: (body) =>
        (body as { affiliateCode: string }).affiliateCode
          ? refused("creator_better", DISCOUNT_MESSAGES.creatorBetter)
          : accepted(),
    });
    await applyDiscount("SAVE15");
    await waitFor(() => expect(discount.button().textContent).toBe("Applied"));
    await applyAffiliate("MEERA20");
    await waitFor(() => expect(discount.status()).toBe(DISCOUNT_MESSAGES.creatorBetter));
    expect(callsTo(fetchMock, VALIDATE_DISCOUNT)).toHaveLength(2);
    expect(discount.input().disabled).toBe(false);
    expect(screen.queryByText(/^Shop discount/)).toBeNull();
    expect(summaryValue("Discount")).toBe("−$20.00");
  });

  it("takes the code off when the payment's start refuses it, with the server's message", async () => {
    fillCart();
    renderCheckout({
      [VALIDATE_DISCOUNT]: () => accepted(),
      [START]: () =>
        json(409, { success: false, message: DISCOUNT_MESSAGES.usedUp, code: "used_up" }),
    });
    await applyDiscount("SAVE15");
    await waitFor(() => expect(discount.button().textContent).toBe("Applied"));
    fillAddress();
    await press("Place Order");
    await waitFor(() => expect(discount.status()).toBe(DISCOUNT_MESSAGES.usedUp));
    expect(discount.input().disabled).toBe(false);
    expect(screen.queryByText(/^Shop discount/)).toBeNull();
    expect(document.querySelector(".form-alert")?.textContent).toBe(DISCOUNT_MESSAGES.usedUp);
  });

  it("shows the running offer checkout applies without a code, until a code is applied", async () => {
    fillCart();
    const offer = { ...SAVE15, code: null, name: "Weekend copper", amountCents: 1299 };
    const fetchMock = renderCheckout({
      "GET /api/promotions/offers": () =>
        json(200, {
          success: true,
          offers: [
            {
              id: "promo-2",
              name: "Weekend copper",
              kind: "percent",
              percentOff: 10,
              amountOffCents: null,
              scope: "order",
              categoryIds: [],
              productIds: [],
              minSpendCents: null,
              endsAt: null,
            },
          ],
        }),
      [VALIDATE_DISCOUNT]: (body) =>
        (body as { code: string }).code ? accepted() : accepted(DISCOUNT_MESSAGES.applied, offer),
    });
    expect(await screen.findByText("Shop discount (Weekend copper)")).toBeTruthy();
    expect(summaryValue("Shop discount (Weekend copper)")).toBe("−$12.99");
    expect(summaryValue("Total")).toBe("$139.85");
    expect(callsTo(fetchMock, VALIDATE_DISCOUNT)[0]).toMatchObject({ code: "", affiliateCode: "" });
    // The box is untouched: no code is applied.
    expect(discount.button().textContent).toBe("Apply");
    expect(discount.status()).toBe("");

    await applyDiscount("SAVE15");
    expect(await screen.findByText("Shop discount (SAVE15)")).toBeTruthy();
    expect(screen.queryByText("Shop discount (Weekend copper)")).toBeNull();
    expect(summaryValue("Total")).toBe("$137.84");
  });

  it("shows no shop line when no offer runs, and asks nothing without a code", async () => {
    fillCart();
    const fetchMock = renderCheckout({
      "GET /api/promotions/offers": () => json(200, { success: true, offers: [] }),
      [VALIDATE_DISCOUNT]: () => accepted(),
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/promotions/offers"),
    );
    expect(screen.queryByText(/^Shop discount/)).toBeNull();
    expect(callsTo(fetchMock, VALIDATE_DISCOUNT)).toEqual([]);
  });
});
