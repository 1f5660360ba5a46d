// What the shopper typed at checkout, kept for the way back from a cancelled payment (README,
// "Promotions"): the contact and address fields and both code boxes, in this tab's sessionStorage
// from the moment Place Order is pressed until an order is confirmed. Reads never throw (storage
// that is off or corrupt reads as nothing); a write that fails only loses the convenience.
import { type AddressValues, emptyAddress } from "./address-form";
import type { SavedCode } from "./use-code-box";

export const CHECKOUT_DRAFT_KEY = "checkoutDraft";

export interface CheckoutDraft {
  address: AddressValues;
  affiliate: SavedCode;
  discount: SavedCode;
}

const record = (raw: unknown): Record<string, unknown> =>
  typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};

function savedCode(raw: unknown): SavedCode {
  const { code, applied } = record(raw);
  return { code: typeof code === "string" ? code : "", applied: applied === true };
}

/** Each address field as stored when it is text, else as a new form has it. */
function address(raw: unknown): AddressValues {
  const stored = record(raw);
  const values = emptyAddress();
  for (const field of Object.keys(values) as (keyof AddressValues)[]) {
    const value = stored[field];
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  try {
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or off: the form comes back empty, as before.
  }
}

export function readCheckoutDraft(): CheckoutDraft | null {
  try {
    const text = sessionStorage.getItem(CHECKOUT_DRAFT_KEY);
    if (!text) return null;
    const stored = record(JSON.parse(text));
    return {
      address: address(stored.address),
      affiliate: savedCode(stored.affiliate),
      discount: savedCode(stored.discount),
    };
  } catch {
    return null;
  }
}

export function clearCheckoutDraft(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_DRAFT_KEY);
  } catch {
    // Nothing stored can be read either.
  }
}
