// The storefront's automatic offers (README, "Promotions"): GET /api/promotions/offers read once
// per page load and only after hydration; the product page says the offer that applies to it; the
// cart says it as what checkout will settle, in a place its first HTML already keeps.
import { render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { syncCartSession } from "../../web/features/cart/cart-state";
import { addToGuestCart } from "../../web/features/cart/guest-cart";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import { ProductDetails } from "../../web/features/product/components/product-details";
import { CartPage } from "../../web/routes/cart";
import type { OfferDto } from "../../worker/contracts/promotions";
import { makeCategory, makeProduct, requestedPaths, stubApi } from "./helpers";
import { shopRoutes } from "./routes";

const OFFERS = "/api/promotions/offers";

const BOTTLE = makeProduct(1, { name: "Hammered Copper Bottle", category: "Copper Water Bottles" });
const CHIME = makeProduct(2, { name: "Lotus Wind Chime", category: "Wind Chimes" });
const CATEGORIES = [makeCategory(1, "Copper Water Bottles"), makeCategory(2, "Wind Chimes")];

function makeOffer(overrides: Partial<OfferDto> = {}): OfferDto {
  return {
    id: "offer-1",
    name: "Copper weekend",
    kind: "percent",
    percentOff: 15,
    amountOffCents: null,
    scope: "categories",
    categoryIds: ["cat1"],
    productIds: [],
    minSpendCents: null,
    // Sunday 30 November 2026, 23:59 in Brisbane.
    endsAt: "2026-11-30T13:59:00.000Z",
    ...overrides,
  };
}

function open(at: string) {
  const router = createMemoryRouter(shopRoutes(), { initialEntries: [at] });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  clearCatalogueCache();
  syncCartSession(null);
});

describe("offers on the product page", () => {
  it("says an offer on the product's category, with its end on the shop's clock", async () => {
    stubApi({ products: [BOTTLE], categories: CATEGORIES, offers: [makeOffer()] });
    open(`/product/${BOTTLE._id}`);
    const offers = await screen.findByRole("list", { name: "Offers" });
    expect(offers.textContent).toBe(
      "Copper weekend: 15% off Copper Water Bottles until Mon 30 Nov",
    );
  });

  it("says nothing of an offer on another category, or another product", async () => {
    const fetchMock = stubApi({
      products: [CHIME],
      categories: CATEGORIES,
      offers: [makeOffer(), makeOffer({ id: "o2", scope: "products", productIds: ["prod9"] })],
    });
    open(`/product/${CHIME._id}`);
    await screen.findByRole("heading", { level: 1, name: "Lotus Wind Chime" });
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain(OFFERS));
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain("/api/category/list"));
    expect(screen.queryByRole("list", { name: "Offers" })).toBeNull();
  });

  it("says an offer on the product itself, and one on the whole order with its minimum", async () => {
    stubApi({
      products: [CHIME],
      categories: CATEGORIES,
      offers: [
        makeOffer({
          id: "o1",
          name: "Chime days",
          scope: "products",
          productIds: [CHIME._id],
          kind: "fixed",
          percentOff: null,
          amountOffCents: 500,
          endsAt: null,
        }),
        makeOffer({
          id: "o2",
          name: "Free delivery",
          scope: "order",
          kind: "free_delivery",
          percentOff: null,
          minSpendCents: 10_000,
          endsAt: null,
        }),
      ],
    });
    open(`/product/${CHIME._id}`);
    const offers = await screen.findByRole("list", { name: "Offers" });
    expect(
      within(offers)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Chime days: $5.00 off Lotus Wind Chime",
      "Free delivery: Free delivery when you spend $100.00",
    ]);
  });

  it("is not in the server's HTML, which asks for no offers", () => {
    const fetchMock = stubApi({
      products: [BOTTLE],
      categories: CATEGORIES,
      offers: [makeOffer()],
    });
    const html = renderToString(
      <MemoryRouter>
        <ProductDetails product={BOTTLE} />
      </MemoryRouter>,
    );
    expect(html).toContain("Hammered Copper Bottle");
    expect(html).not.toContain("Copper weekend");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("offers in the cart", () => {
  it("shows the running offer that applies to a line, as settled at checkout", async () => {
    stubApi({ products: [BOTTLE, CHIME], categories: CATEGORIES, offers: [makeOffer()] });
    addToGuestCart(CHIME, 1);
    addToGuestCart(BOTTLE, 2);
    open("/cart");
    const offers = await screen.findByRole("list", { name: "Offers" });
    expect(offers.textContent).toBe(
      "Copper weekend: 15% off Copper Water Bottles until Mon 30 Nov" + "Offer applied at checkout",
    );
    // The summary's figures are the cart's own: the offer is the checkout's to compute.
    const summary = within(screen.getByRole("complementary"));
    expect(summary.getByText("Total").nextElementSibling?.textContent).toBe("$160.00");
  });

  it("shows none when no line is in the offer", async () => {
    const fetchMock = stubApi({ products: [CHIME], categories: CATEGORIES, offers: [makeOffer()] });
    addToGuestCart(CHIME, 1);
    open("/cart");
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain(`/api/product/${CHIME._id}`));
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain("/api/category/list"));
    expect(screen.queryByRole("list", { name: "Offers" })).toBeNull();
  });

  it("keeps the offers' place in its first HTML, so nothing moves when they come", () => {
    const fetchMock = stubApi({ offers: [makeOffer()] });
    const html = renderToString(
      <MemoryRouter>
        <CartPage />
      </MemoryRouter>,
    );
    expect(html).toContain('class="cart-offers"');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
