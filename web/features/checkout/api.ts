// The checkout's calls (SPEC.md section 7): start a Stripe payment, confirm it on return, and
// check an affiliate code or a shop discount code. The token goes along when signed in; guests
// check out without one.
import type { ValidateAffiliateResponse } from "../../../worker/contracts/affiliate";
import type { CartItem } from "../../../worker/contracts/cart";
import type {
  Address,
  ConfirmOrderResponse,
  CreateCheckoutResponse,
} from "../../../worker/contracts/order";
import type {
  ValidateDiscountInput,
  ValidateDiscountResponse,
} from "../../../worker/contracts/promotions";
import { api } from "../../lib/api-client";

/** A 2xx answer may still say success: false, with its reason in message. */
export type Answer<T> = T | { success: false; message?: string };

export interface CheckoutRequest {
  address: Address;
  /** The cart lines with a quantity above zero, as the cart holds them. */
  items: CartItem[];
  /** Dollars: the total the page showed, after the discount. */
  amount: number;
  /** The applied affiliate code, else "". */
  affiliateCode: string;
  /** Dollars. */
  tax: number;
  /** The applied shop discount code, else "". */
  discountCode: string;
}

const post = <T>(path: string, body: unknown) => api<T>(path, { method: "POST", body });

export const createStripeSession = (input: CheckoutRequest) =>
  post<Answer<CreateCheckoutResponse>>("/api/order/createStripeSession", input);

export const confirmStripeOrder = (sessionId: string) =>
  post<Answer<ConfirmOrderResponse>>("/api/order/confirmStripeOrder", { session_id: sessionId });

export const validateAffiliateCode = (code: string) =>
  post<Answer<ValidateAffiliateResponse>>("/api/user/validate-affiliate", { code });

export const validateDiscountCode = (input: ValidateDiscountInput) =>
  post<Answer<ValidateDiscountResponse>>("/api/order/validate-discount", input);
