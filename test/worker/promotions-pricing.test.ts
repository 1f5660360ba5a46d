// The pure pricing of promotions (worker/modules/promotions/pricing.ts) that validate-discount,
// the offers and checkout share: what a promotion takes off, and which discount an order gets.
import { describe, expect, it } from "vitest";
import {
  type Candidate,
  type CartLine,
  chooseDiscount,
  type PromotionRow,
  priceShopDiscount,
  promotionState,
} from "../../worker/modules/promotions/pricing";

const NOW = Date.parse("2026-11-28T10:00:00+10:00");

const promo = (overrides: Partial<PromotionRow> = {}): PromotionRow => ({
  id: "p",
  name: "Promo",
  automatic: false,
  kind: "percent",
  percentOff: 10,
  amountOffCents: null,
  scope: "order",
  categoryIds: [],
  productIds: [],
  minSpendCents: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  stacksWithCreator: false,
  status: "active",
  createdAt: new Date(NOW),
  updatedAt: new Date(NOW),
  ...overrides,
});

const lines: CartLine[] = [
  { productId: "bottle", categoryId: "copper", unitPriceCents: 3995, quantity: 2 },
  { productId: "chime", categoryId: "chimes", unitPriceCents: 1250, quantity: 1 },
];

describe("priceShopDiscount", () => {
  it("takes a percentage of the goods it applies to, to the nearest cent, half up", () => {
    expect(priceShopDiscount(promo({ percentOff: 15 }), lines, NOW)).toEqual({
      ok: true,
      amountCents: 1386, // 15% of $92.40 = $13.86
    });
    const copper = promo({ percentOff: 15, scope: "categories", categoryIds: ["copper"] });
    // 15% of $79.90 = $11.985, half up.
    expect(priceShopDiscount(copper, lines, NOW)).toEqual({ ok: true, amountCents: 1199 });
  });

  it("never takes a fixed amount beyond the lines it applies to; free delivery is the fee", () => {
    const chime = promo({
      kind: "fixed",
      amountOffCents: 5000,
      scope: "products",
      productIds: ["chime"],
    });
    expect(priceShopDiscount(chime, lines, NOW)).toEqual({ ok: true, amountCents: 1250 });
    expect(priceShopDiscount(promo({ kind: "free_delivery" }), lines, NOW)).toEqual({
      ok: true,
      amountCents: 1000,
    });
  });

  it("refuses outside its window, below the minimum, and on lines it does not cover", () => {
    const at = (iso: string) => new Date(Date.parse(iso));
    expect(
      priceShopDiscount(promo({ endsAt: at("2026-11-28T10:00:00+10:00") }), lines, NOW),
    ).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(
      priceShopDiscount(promo({ startsAt: at("2026-11-28T10:00:01+10:00") }), lines, NOW),
    ).toEqual({ ok: false, reason: "not_started" });
    expect(priceShopDiscount(promo({ minSpendCents: 9241 }), lines, NOW)).toEqual({
      ok: false,
      reason: "minimum_not_met",
      minSpendCents: 9241,
    });
    expect(
      priceShopDiscount(promo({ scope: "products", productIds: ["bowl"] }), lines, NOW),
    ).toEqual({ ok: false, reason: "not_applicable" });
    expect(promotionState(promo({ status: "paused" }), NOW)).toBe("paused");
  });

  it("comes after a creator's discount it stacks with, on the goods that discount leaves", () => {
    // Creator $10 of $92.40 leaves $82.40; 10% of that is $8.24.
    expect(priceShopDiscount(promo({ stacksWithCreator: true }), lines, NOW, 1000)).toEqual({
      ok: true,
      amountCents: 824,
    });
    // Not stacking: priced on its own, to be compared with the creator's.
    expect(priceShopDiscount(promo(), lines, NOW, 1000)).toEqual({ ok: true, amountCents: 924 });
  });
});

describe("chooseDiscount", () => {
  const candidate = (amountCents: number, overrides: Partial<PromotionRow> = {}): Candidate => ({
    promotion: promo(overrides),
    code: overrides.automatic ? null : { id: "c", code: "CODE", singleUse: false },
    amountCents,
  });

  it("gives the typed code or the best offer, whichever saves more, the code on a tie", () => {
    const typed = candidate(500);
    const offer = candidate(700, { id: "offer", automatic: true });
    expect(chooseDiscount(typed, [offer], 0).shop).toBe(offer);
    expect(chooseDiscount(candidate(700), [offer], 0).shop?.code).not.toBeNull();
  });

  it("against a creator's code: the bigger one (the creator's on a tie), or both when it stacks", () => {
    expect(chooseDiscount(candidate(1000), [], 1000)).toMatchObject({
      shop: null,
      creatorCents: 1000,
      creatorBetter: true,
    });
    expect(chooseDiscount(candidate(1001), [], 1000)).toMatchObject({
      creatorCents: 0,
      replacedCreator: true,
    });
    expect(chooseDiscount(candidate(300, { stacksWithCreator: true }), [], 1000)).toMatchObject({
      creatorCents: 1000,
      replacedCreator: false,
      shop: { amountCents: 300 },
    });
    // An offer that loses to the creator's code is simply not applied: no refusal.
    expect(chooseDiscount(null, [candidate(500, { automatic: true })], 1000)).toMatchObject({
      shop: null,
      creatorBetter: false,
    });
  });
});
