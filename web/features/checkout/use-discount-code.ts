// The shop's discount code box (README, "Promotions"): the affiliate box's states, checked by
// POST /api/order/validate-discount against the cart, the applied creator code and the email.
// The server decides what a code takes off and how it combines with a creator's code; its message
// (the creator code wins, or the shop code replaces the creator's discount) is shown as written.
// Without a code, the running automatic offer the server would apply is shown as the shop's line.
import { useEffect, useRef } from "react";
import type { CartItem } from "../../../worker/contracts/cart";
import { type AppliedDiscountDto, DISCOUNT_MESSAGES } from "../../../worker/contracts/promotions";
import { useLoad } from "../../lib/use-load";
import { answerMessage } from "../account/messages";
import { useOffers } from "../promotions/use-offers";
import { validateDiscountCode } from "./api";
import { type CodeOutcome, useCodeBox } from "./use-code-box";

export interface AppliedShopDiscount {
  discount: AppliedDiscountDto;
  /** The shop code takes the creator code's discount's place (the creator keeps the credit). */
  replacesCreator: boolean;
}

export interface DiscountContext {
  items: CartItem[];
  /** The applied creator code, else "". */
  affiliateCode: string;
  /** What the email field holds: a guest's per-customer limit is counted by it. */
  email: string;
}

/**
 * The running automatic offer the server would apply to this cart without a code (asked with an
 * empty code, only while offers run and no code is applied), or null. Quiet: no answer, no line.
 */
function useAutomaticOffer(
  { items, affiliateCode, email }: DiscountContext,
  enabled: boolean,
): AppliedShopDiscount | null {
  const lines = items.map(({ _id, quantity }) => ({ _id, quantity }));
  const offer = useLoad(
    async () => {
      const answer = await validateDiscountCode({
        code: "",
        items: lines,
        affiliateCode,
        email: email.trim().toLowerCase(),
      });
      return answer.success && answer.valid && answer.discount
        ? {
            discount: answer.discount,
            replacesCreator: answer.message === DISCOUNT_MESSAGES.shopBetter,
          }
        : null;
    },
    { key: JSON.stringify([lines, affiliateCode]), enabled },
  );
  return offer.status === "loaded" ? offer.data : null;
}

export function useDiscountCode({ items, affiliateCode, email }: DiscountContext) {
  const validate = async (code: string): Promise<CodeOutcome<AppliedShopDiscount>> => {
    const answer = await validateDiscountCode({
      code,
      items: items.map(({ _id, quantity }) => ({ _id, quantity })),
      affiliateCode,
      email: email.trim().toLowerCase(),
    });
    if (answer.success && answer.valid && answer.discount) {
      const replacesCreator = answer.message === DISCOUNT_MESSAGES.shopBetter;
      return {
        applied: true,
        value: { discount: answer.discount, replacesCreator },
        message: answerMessage(answer, DISCOUNT_MESSAGES.applied),
      };
    }
    return { applied: false, message: answerMessage(answer, DISCOUNT_MESSAGES.unknown) };
  };
  const box = useCodeBox({
    validate,
    messages: { empty: DISCOUNT_MESSAGES.empty, failed: DISCOUNT_MESSAGES.failure },
    // Checked again after the creator code changed: the server's reason shows beside the box.
    quietRefusal: "say",
  });

  // Which discount wins depends on the creator code: an applied code is checked again with it.
  const recheck = useRef(() => {});
  recheck.current = () => {
    if (box.appliedCode) void box.check(box.appliedCode, true);
  };
  const lastAffiliate = useRef(affiliateCode);
  useEffect(() => {
    if (lastAffiliate.current === affiliateCode) return;
    lastAffiliate.current = affiliateCode;
    recheck.current();
  }, [affiliateCode]);

  // Without a code, checkout applies the best running offer itself: the page shows it too.
  const offers = useOffers();
  const automatic = useAutomaticOffer(
    { items, affiliateCode, email },
    offers.length > 0 && items.length > 0 && !box.appliedCode && !box.checking,
  );
  const shop = box.applied ?? automatic;
  return {
    ...box,
    /** What the shop code (or, without one, the running offer) takes off, in cents. */
    shopDiscountCents: shop?.discount.amountCents ?? 0,
    /** The summary's label: the promotion's code, or its name for an automatic offer. */
    shopDiscountLabel: shop ? (shop.discount.code ?? shop.discount.name) : "",
    replacesCreator: shop?.replacesCreator ?? false,
  };
}

export type DiscountCode = ReturnType<typeof useDiscountCode>;
