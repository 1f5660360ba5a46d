// How a promotion is said to people (README, "Promotions"): its discount ("15% off", "$10.00 off",
// "Free delivery") and when an offer ends ("until Mon 30 Nov", on the shop's clock). The
// storefront's offers and the back-office's promotions say them alike.
import { formatCents } from "../../../worker/contracts/money";
import type { PromotionKind } from "../../../worker/contracts/promotions";
import { SHOP_TIME_ZONE } from "../../../worker/contracts/shop-time";

export interface DiscountTerms {
  kind: PromotionKind;
  percentOff: number | null;
  amountOffCents: number | null;
}

/** "15% off", "$10.00 off", "Free delivery". */
export function discountWords({ kind, percentOff, amountOffCents }: DiscountTerms): string {
  if (kind === "percent") return `${percentOff ?? 0}% off`;
  if (kind === "fixed") return `${formatCents(amountOffCents ?? 0)} off`;
  return "Free delivery";
}

let dayFormat: Intl.DateTimeFormat | null = null;

/** "until Mon 30 Nov" for an ISO moment on the shop's clock; "" when there is no end. */
export function untilWords(endsAt: string | null): string {
  if (!endsAt) return "";
  const date = new Date(endsAt);
  if (Number.isNaN(date.getTime())) return "";
  dayFormat ??= new Intl.DateTimeFormat("en-AU", {
    timeZone: SHOP_TIME_ZONE,
    weekday: "short",
    day: "numeric",
    month: "short",
  });
  const part = (type: string) =>
    dayFormat?.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return `until ${part("weekday")} ${part("day")} ${part("month")}`;
}
