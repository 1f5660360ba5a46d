// How the back-office says a promotion: its state as a pill, its code, its discount with what it
// applies to, and its uses against its limit.
import type { PromotionDto, PromotionState } from "../../../worker/contracts/promotions";
import { discountWords } from "../../features/promotions/offer-words";
import type { StatusWords } from "../components/pill";
import { plural } from "../lib/format";

export const PROMOTION_STATE_WORDS: Record<PromotionState, StatusWords> = {
  running: { label: "Running", tone: "ok" },
  scheduled: { label: "Scheduled", tone: "info" },
  paused: { label: "Paused", tone: "warn" },
  expired: { label: "Expired", tone: "muted" },
  ended: { label: "Ended", tone: "muted", struck: true },
};

/** The one-off code, else "Automatic" (an offer with no code), with its batch codes if any. */
export function codeWords(promotion: PromotionDto): string {
  const main = promotion.automatic ? "Automatic" : (promotion.code ?? "—");
  return promotion.batchCodes > 0
    ? `${main} + ${plural(promotion.batchCodes, "single-use code")}`
    : main;
}

/** "15% off 2 categories", "$10.00 off the order", "Free delivery". */
export function discountLine(promotion: PromotionDto): string {
  const words = discountWords(promotion);
  if (promotion.kind === "free_delivery") return words;
  if (promotion.scope === "categories")
    return `${words} ${plural(promotion.categoryIds.length, "category", "categories")}`;
  if (promotion.scope === "products")
    return `${words} ${plural(promotion.productIds.length, "product")}`;
  return `${words} the order`;
}

/** "12 / 100": paid orders that used it against its total limit ("12 / no limit"). */
export const usesWords = (promotion: PromotionDto): string =>
  `${promotion.stats.orders.toLocaleString("en-AU")} / ${
    promotion.usageLimit === null ? "no limit" : promotion.usageLimit.toLocaleString("en-AU")
  }`;
