// The affiliate code box (SPEC.md sections 4 and 8): not applied, then applied once the server
// says the code is both successful and valid. Any other outcome leaves no discount.
import { useEffect, useRef } from "react";
import {
  AFFILIATE_CODE_PATTERN,
  AFFILIATE_MESSAGES,
  DEFAULT_AFFILIATE_DISCOUNT,
  REFERRAL_COOKIE,
} from "../../../worker/contracts/affiliate";
import { dollarsToCents } from "../../../worker/contracts/money";
import { answerMessage } from "../account/messages";
import { validateAffiliateCode } from "./api";
import { type CodeOutcome, type SavedCode, useCodeBox } from "./use-code-box";

/** SPEC.md section 9: $10 off when the server names no discount. */
export const DEFAULT_AFFILIATE_DISCOUNT_CENTS = dollarsToCents(DEFAULT_AFFILIATE_DISCOUNT);

/** The code of the creator link this visitor arrived through, if any. */
export function linkedCode(cookies = document.cookie): string {
  for (const part of cookies.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === REFERRAL_COOKIE && value && AFFILIATE_CODE_PATTERN.test(value.toUpperCase()))
      return value;
  }
  return "";
}

const discountCents = (discount: unknown): number =>
  typeof discount === "number" && Number.isFinite(discount) && discount > 0
    ? dollarsToCents(discount)
    : DEFAULT_AFFILIATE_DISCOUNT_CENTS;

async function validate(code: string): Promise<CodeOutcome<number>> {
  const answer = await validateAffiliateCode(code);
  if (answer.success && answer.valid)
    return {
      applied: true,
      value: discountCents(answer.discount),
      message: AFFILIATE_MESSAGES.applied,
    };
  return { applied: false, message: answerMessage(answer, AFFILIATE_MESSAGES.invalid) };
}

/**
 * `saved` gives the box as the shopper left it before a cancelled payment, if any: it wins over
 * the creator link's code. Read once, after the first render.
 */
export function useAffiliateCode(saved: () => SavedCode | null = () => null) {
  const box = useCodeBox({
    validate,
    messages: { empty: AFFILIATE_MESSAGES.empty, failed: AFFILIATE_MESSAGES.failed },
    // A creator link's code the server refuses is forgotten quietly.
    quietRefusal: "forget",
  });

  // Arriving through a creator link: the link's code is already applied (once per page).
  const started = useRef(false);
  const start = useRef(() => {});
  start.current = () => {
    const restored = saved();
    if (restored) return box.restore(restored);
    const fromLink = linkedCode();
    if (fromLink) void box.check(fromLink, true);
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.current();
  }, []);

  return { ...box, discountCents: box.applied ?? 0 };
}

export type AffiliateCode = ReturnType<typeof useAffiliateCode>;
