// The checkout's contact email and shipping address (SPEC.md section 5), each field labelled, with
// browser autofill hints and its message from the shared AddressSchema.
import type { ChangeEvent } from "react";
import { MAX_NAME_LENGTH, MAX_PHONE_LENGTH } from "../../../../worker/contracts/fields";
import { EmailField, FormField } from "../../account/components/form-field";
import type { AddressField } from "../address-form";

interface FieldState {
  name: AddressField;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

type FieldOf = (name: AddressField) => FieldState;

export function ContactFields({ field }: { field: FieldOf }) {
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section-title">Contact</legend>
      <div className="account-form">
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
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section-title">Shipping address</legend>
      <div className="account-form is-two-column">
        <FormField
          {...field("firstName")}
          label="First name"
          autoComplete="shipping given-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <FormField
          {...field("lastName")}
          label="Last name"
          autoComplete="shipping family-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <FormField
          {...field("street")}
          label="Address line 1"
          autoComplete="shipping address-line1"
          wide
          required
        />
        <FormField
          {...field("street2")}
          label="Address line 2"
          hint="Apartment, unit or suite."
          autoComplete="shipping address-line2"
          wide
        />
        <FormField
          {...field("city")}
          label="City"
          autoComplete="shipping address-level2"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <FormField
          {...field("state")}
          label="State"
          autoComplete="shipping address-level1"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <FormField
          {...field("zipcode")}
          label="Zipcode"
          autoComplete="shipping postal-code"
          required
        />
        <FormField
          {...field("country")}
          label="Country"
          autoComplete="shipping country-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <FormField
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
