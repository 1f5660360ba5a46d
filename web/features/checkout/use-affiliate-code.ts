// The affiliate code box (SPEC.md sections 4 and 8): not applied, then applied once the server
// says the code is both successful and valid. Any other outcome leaves no discount.
import { useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import {
  AFFILIATE_CODE_PATTERN,
  AFFILIATE_MESSAGES,
  DEFAULT_AFFILIATE_DISCOUNT,
  REFERRAL_COOKIE,
} from "../../../worker/contracts/affiliate";
import { dollarsToCents } from "../../../worker/contracts/money";
import { isSessionExpired } from "../../lib/api-client";
import { answerMessage } from "../account/messages";
import { validateAffiliateCode } from "./api";

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

export interface AffiliateNotice {
  tone: "error" | "success";
  text: string;
}

const discountCents = (discount: unknown): number =>
  typeof discount === "number" && Number.isFinite(discount) && discount > 0
    ? dollarsToCents(discount)
    : DEFAULT_AFFILIATE_DISCOUNT_CENTS;

export function useAffiliateCode() {
  const [code, setCode] = useState("");
  const [applied, setApplied] = useState<{ code: string; discountCents: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState<AffiliateNotice | null>(null);

  const refuse = (text: string) => {
    setApplied(null);
    setNotice({ tone: "error", text });
    toast.error(text);
  };

  /**
   * Validates and applies `wanted`. `fromLink` is the code of the creator link the visitor came
   * through: applied without a toast, and forgotten quietly if the server refuses it.
   */
  const check = async (wanted: string, fromLink: boolean) => {
    setChecking(true);
    setNotice(null);
    try {
      const answer = await validateAffiliateCode(wanted);
      if (answer.success && answer.valid) {
        setApplied({ code: wanted, discountCents: discountCents(answer.discount) });
        setNotice({ tone: "success", text: AFFILIATE_MESSAGES.applied });
        if (!fromLink) toast.success(AFFILIATE_MESSAGES.applied);
      } else if (fromLink) {
        setCode("");
      } else {
        refuse(answerMessage(answer, AFFILIATE_MESSAGES.invalid));
      }
    } catch (error) {
      if (isSessionExpired(error) || fromLink) setApplied(null);
      else refuse(AFFILIATE_MESSAGES.failed);
    } finally {
      setChecking(false);
    }
  };

  const apply = async () => {
    if (applied || checking) return;
    const wanted = code.trim();
    if (!wanted) return refuse(AFFILIATE_MESSAGES.empty);
    await check(wanted, false);
  };

  // Arriving through a creator link: the link's code is already applied (once per page).
  const linkChecked = useRef(false);
  const checkRef = useRef(check);
  checkRef.current = check;
  useEffect(() => {
    if (linkChecked.current) return;
    linkChecked.current = true;
    const fromLink = linkedCode();
    if (!fromLink) return;
    setCode(fromLink);
    void checkRef.current(fromLink, true);
  }, []);

  const edit = (next: string) => {
    setCode(next);
    setNotice(null);
  };

  return {
    code,
    edit,
    apply,
    checking,
    notice,
    /** The code sent with the order: the applied one, else "". */
    appliedCode: applied?.code ?? "",
    discountCents: applied?.discountCents ?? 0,
  };
}

export type AffiliateCode = ReturnType<typeof useAffiliateCode>;
