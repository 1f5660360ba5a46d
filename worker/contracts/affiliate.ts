// Affiliate codes (SPEC.md sections 4, 5, 8 and 9): their shape, the code box's messages, the
// referral cookie and the validate-affiliate call. The Worker and the checkout page share all of it.
import * as v from "valibot";

/** Uppercase letters and digits, 6 to 12 of them (the database checks the same). */
export const MIN_AFFILIATE_CODE_LENGTH = 6;
export const MAX_AFFILIATE_CODE_LENGTH = 12;
export const AFFILIATE_CODE_PATTERN = /^[A-Z0-9]{6,12}$/;
/** What a request may carry where a code goes; longer is refused before it is looked at. */
export const MAX_AFFILIATE_INPUT_LENGTH = 32;

/** The affiliate code box (SPEC.md sections 5 and 8) and the Worker's answers about codes. */
export const AFFILIATE_MESSAGES = {
  empty: "Please enter a valid affiliate code.",
  invalid: "Invalid affiliate code",
  failed: "Could not validate affiliate code",
  applied: "Affiliate code applied!",
  ownCode: "You can't use your own affiliate code.",
} as const;

/**
 * The first-party cookie a creator link (/r/:code) sets to the code, for 30 days; the checkout
 * page reads it to show the code already applied.
 */
export const REFERRAL_COOKIE = "tt_ref";

/** The discount a valid code gives when the server names none (dollars). */
export const DEFAULT_AFFILIATE_DISCOUNT = 10;

export const ValidateAffiliateSchema = v.object({
  code: v.pipe(
    v.optional(v.string(AFFILIATE_MESSAGES.empty), ""),
    v.trim(),
    v.nonEmpty(AFFILIATE_MESSAGES.empty),
    v.maxLength(MAX_AFFILIATE_INPUT_LENGTH, AFFILIATE_MESSAGES.invalid),
  ),
});

/** POST /api/user/validate-affiliate: a code is usable only when success and valid are both true. */
export interface ValidateAffiliateResponse {
  success: true;
  valid: boolean;
  /** Dollars off, when valid. */
  discount?: number;
  message: string;
}
