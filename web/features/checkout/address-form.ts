// The checkout's contact and shipping fields (SPEC.md section 5), checked with the Worker's own
// AddressSchema so each field shows the message the server would give.
import * as v from "valibot";
import { type Address, AddressSchema } from "../../../worker/contracts/order";
import type { AccountUser } from "../account/api";
import type { Errors } from "../account/validation";

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

const isField = (name: unknown): name is AddressField =>
  typeof name === "string" && Object.hasOwn(EMPTY_ADDRESS, name);

/** The first message for each invalid field; no keys means the address is complete. */
export function checkAddress(values: AddressValues): Errors<AddressField> {
  const parsed = v.safeParse(AddressSchema, values);
  const errors: Errors<AddressField> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.issues) {
    const field = v.getDotPath(issue);
    if (isField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The address as it is sent: trimmed, the email lower-cased. Call after checkAddress passes. */
export const toAddress = (values: AddressValues): Address => v.parse(AddressSchema, values);

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
