// What a promotion takes off a cart, and which discount an order gets (README, "Promotions"): pure
// functions over rows already read from D1, so validate-discount, the storefront's offers and
// checkout decide alike. Money is integer cents; the goods subtotal is before tax and delivery.
import type { DiscountRefusal, PromotionState } from "../../contracts/promotions";
import { checkoutTotals } from "../../contracts/totals";
import type { promotions } from "./schema";

export type PromotionRow = typeof promotions.$inferSelect;

/** A cart line as D1 priced it, with what a promotion's scope matches on. */
export interface CartLine {
  productId: string;
  categoryId: string;
  unitPriceCents: number;
  quantity: number;
}

/** The back-office's state: the owner's status, then the calendar. */
export function promotionState(
  p: Pick<PromotionRow, "status" | "startsAt" | "endsAt">,
  now: number,
): PromotionState {
  if (p.status === "paused") return "paused";
  if (p.status === "ended") return "ended";
  if (p.startsAt && now < p.startsAt.getTime()) return "scheduled";
  if (p.endsAt && now >= p.endsAt.getTime()) return "expired";
  return "running";
}

/** The refusal a promotion's state means for a shopper (paused and ended read as expired). */
const STATE_REFUSAL: Record<PromotionState, DiscountRefusal | null> = {
  running: null,
  scheduled: "not_started",
  paused: "expired",
  expired: "expired",
  ended: "expired",
};

const matches = (p: PromotionRow, line: CartLine) =>
  p.scope === "order" ||
  (p.scope === "categories" && p.categoryIds.includes(line.categoryId)) ||
  (p.scope === "products" && p.productIds.includes(line.productId));

/** `percent` per cent of `cents`, to the nearest cent, half up, in integers. */
const percentOf = (cents: number, percent: number) => Math.floor((2 * cents * percent + 100) / 200);

export type Priced =
  | { ok: true; amountCents: number }
  | { ok: false; reason: DiscountRefusal; minSpendCents?: number };

/**
 * What `p` takes off these lines at `now`, or why it does not apply. A percentage or fixed amount
 * comes off the goods it applies to (the whole subtotal, or the matching lines), a fixed amount
 * never more than they cost; free delivery is the delivery fee. With a creator's discount of
 * `creatorCents` that it stacks with, it comes off what the creator's discount leaves of them.
 * Never more than the order still costs.
 */
export function priceShopDiscount(
  p: PromotionRow,
  lines: readonly CartLine[],
  now: number,
  creatorCents = 0,
): Priced {
  const refusal = STATE_REFUSAL[promotionState(p, now)];
  if (refusal) return { ok: false, reason: refusal };
  const totals = checkoutTotals(lines);
  const applying = lines.filter((l) => matches(p, l));
  if (applying.length === 0) return { ok: false, reason: "not_applicable" };
  if (p.minSpendCents !== null && totals.subtotalCents < p.minSpendCents) {
    return { ok: false, reason: "minimum_not_met", minSpendCents: p.minSpendCents };
  }
  const stacked = p.stacksWithCreator ? Math.min(creatorCents, totals.subtotalCents) : 0;
  const goods = applying.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  // The creator's discount first: the promotion then takes its share of what remains.
  const base =
    stacked > 0
      ? Math.floor((goods * (totals.subtotalCents - stacked)) / totals.subtotalCents)
      : goods;
  const raw =
    p.kind === "percent"
      ? percentOf(base, p.percentOff ?? 0)
      : p.kind === "fixed"
        ? Math.min(p.amountOffCents ?? 0, base)
        : totals.deliveryFeeCents;
  const owing = totals.subtotalCents + totals.taxCents + totals.deliveryFeeCents;
  const amountCents = Math.max(0, Math.min(raw, owing - (p.stacksWithCreator ? creatorCents : 0)));
  if (amountCents === 0) return { ok: false, reason: "not_applicable" };
  return { ok: true, amountCents };
}

/** A promotion that applies to the cart, and what it takes off. */
export interface Candidate {
  promotion: PromotionRow;
  /** The typed code's row, or null for an automatic offer. */
  code: { id: string; code: string; singleUse: boolean } | null;
  amountCents: number;
}

/** The discounts an order gets. */
export interface DiscountChoice {
  /** The shop promotion applied, or null. */
  shop: Candidate | null;
  /** What the creator's code takes off: its discount, or 0 when the shop's replaces it. */
  creatorCents: number;
  /** The creator's discount was replaced by the bigger shop discount (the creator keeps the sale). */
  replacedCreator: boolean;
  /** The typed code applied to nothing because the creator's code gives more. */
  creatorBetter: boolean;
}

/** What the shopper saves with a candidate against a creator's discount (README, "Promotions"). */
const saving = (c: Candidate, creatorCents: number) =>
  c.promotion.stacksWithCreator
    ? creatorCents + c.amountCents
    : Math.max(creatorCents, c.amountCents);

/**
 * One shop promotion per order: the typed code or the best running automatic offer, whichever
 * saves more (the code on a tie). Against a creator's code it stacks only when it says so;
 * otherwise the shopper gets the bigger of the two (the creator's on a tie).
 */
export function chooseDiscount(
  typed: Candidate | null,
  offers: readonly Candidate[],
  creatorCents: number,
): DiscountChoice {
  let best: Candidate | null = null;
  for (const c of [...(typed ? [typed] : []), ...offers]) {
    if (!best || saving(c, creatorCents) > saving(best, creatorCents)) best = c;
  }
  const applies =
    best !== null && (best.promotion.stacksWithCreator || best.amountCents > creatorCents);
  if (!best || !applies) {
    return {
      shop: null,
      creatorCents,
      replacedCreator: false,
      creatorBetter: typed !== null,
    };
  }
  const replaced = !best.promotion.stacksWithCreator && creatorCents > 0;
  return {
    shop: best,
    creatorCents: replaced ? 0 : creatorCents,
    replacedCreator: replaced,
    creatorBetter: false,
  };
}
