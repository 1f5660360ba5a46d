// The checkout's contact email and shipping address (SPEC.md section 5), each field labelled, with
// browser autofill hints and its message from the shared AddressSchema.
import { MAX_NAME_LENGTH, MAX_PHONE_LENGTH } from "../../../../worker/contracts/fields";
import { EmailField, TextField } from "../../../components/form-kit";
import type { FieldBinding } from "../../../lib/use-form";
import { type AddressField, isAustralia } from "../address-form";

type FieldOf = (name: AddressField) => FieldBinding<AddressField>;

export function ContactFields({ field }: { field: FieldOf }) {
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section-title">Contact</legend>
      <div className="form account-form">
        <EmailField
          {...field("email")}
          hint="Your receipt and delivery updates go here."
          label="Email"
        />
      </div>
    </fieldset>
  );
}

export function AddressFields({ field }: { field: FieldOf }) {
  const australian = isAustralia(field("country").value);
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section-title">Shipping address</legend>
      <div className="form account-form is-two-column">
        <TextField
          {...field("firstName")}
          label="First name"
          autoComplete="shipping given-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <TextField
          {...field("lastName")}
          label="Last name"
          autoComplete="shipping family-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <TextField
          {...field("street")}
          label="Address line 1"
          autoComplete="shipping address-line1"
          wide
          required
        />
        <TextField
          optional
          {...field("street2")}
          label="Address line 2"
          hint="Apartment, unit or suite."
          autoComplete="shipping address-line2"
          wide
        />
        <TextField
          {...field("city")}
          label="City"
          autoComplete="shipping address-level2"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <TextField
          {...field("state")}
          label="State"
          autoComplete="shipping address-level1"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <TextField
          {...field("zipcode")}
          label="Zipcode"
          hint={australian ? "Four digits in Australia." : undefined}
          inputMode={australian ? "numeric" : "text"}
          autoComplete="shipping postal-code"
          maxLength={12}
          required
        />
        <TextField
          {...field("country")}
          label="Country"
          autoComplete="shipping country-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <TextField
          {...field("phone")}
          label="Phone"
          type="tel"
          hint="For the courier, if they need to reach you."
          autoComplete="shipping tel"
          maxLength={MAX_PHONE_LENGTH}
          wide
          required
        />
      </div>
    </fieldset>
  );
}
