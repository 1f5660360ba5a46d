// The checkout's contact and shipping fields (SPEC.md section 5). The form checks them with the
// Worker's own AddressSchema (worker/contracts/order.ts), so each field shows the server's message,
// and an Australian postcode must be four digits.
import type { AccountUser } from "../account/api";

export const DEFAULT_COUNTRY = "Australia";

/** In screen order, so the first invalid field is the first one focused. */
const EMPTY_ADDRESS = {
  email: "",
  firstName: "",
  lastName: "",
  street: "",
  street2: "",
  city: "",
  state: "",
  zipcode: "",
  country: DEFAULT_COUNTRY,
  phone: "",
};

export type AddressValues = typeof EMPTY_ADDRESS;
export type AddressField = keyof AddressValues;

export const emptyAddress = (): AddressValues => ({ ...EMPTY_ADDRESS });

/** Fills blank name and email fields from the signed-in shopper ("Asha Rao" -> Asha, Rao). */
export function prefillAddress(values: AddressValues, user: AccountUser): AddressValues {
  const [first = "", ...rest] = user.name.trim().split(/\s+/);
  return {
    ...values,
    email: values.email || user.email,
    firstName: values.firstName || first,
    lastName: values.lastName || rest.join(" "),
  };
}

/** The checkout's own check beside AddressSchema: an Australian postcode is four digits. */
export const AU_POSTCODE_MESSAGE = "An Australian postcode is four digits, such as 4000.";

export const isAustralia = (country: string): boolean => /^(australia|au)$/i.test(country.trim());

/** What only the checkout knows (lib/use-form.ts `check`); other countries keep a free field. */
export function checkAddress(values: AddressValues): Partial<Record<AddressField, string>> {
  return isAustralia(values.country) && !/^\d{4}$/.test(values.zipcode.trim())
    ? { zipcode: AU_POSTCODE_MESSAGE }
    : {};
}
