import type { ChangeEvent } from "react";
import { MAX_MESSAGE_LENGTH } from "../../../../worker/contracts/contact";
import {
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PHONE_LENGTH,
} from "../../../../worker/contracts/fields";
import { type ContactField, useContactForm } from "../use-contact-form";
import "./contact-form.css";

type Control = HTMLInputElement | HTMLTextAreaElement;

interface FieldProps {
  name: ContactField;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<Control>) => void;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  maxLength: number;
  required?: boolean;
  multiline?: boolean;
  hint?: string;
}

function Field({ name, label, error, hint, multiline, type = "text", ...rest }: FieldProps) {
  const id = `contact-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim();
  const control = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    ...rest,
  };
  return (
    <div className={multiline ? "field is-wide" : "field"}>
      <label htmlFor={id} className="field-label">
        {label}
        {rest.required ? null : <span className="field-optional"> (optional)</span>}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={6} {...control} /> : <input type={type} {...control} />}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ContactForm() {
  const { field, sending, sentTo, formRef, onSubmit } = useContactForm();

  return (
    <section className="contact-form-card" aria-labelledby="contact-form-heading">
      <h3 id="contact-form-heading" className="contact-card-heading">
        Send us a message
      </h3>
      <p className="contact-form-intro">
        Questions about a piece, an order or a gift? Write to us and a real person will reply.
      </p>
      {/* noValidate: the schema's own messages show beside each field instead of browser bubbles. */}
      <form ref={formRef} className="contact-form" noValidate onSubmit={onSubmit}>
        <Field
          {...field("firstName")}
          label="First name"
          autoComplete="given-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <Field
          {...field("lastName")}
          label="Last name"
          autoComplete="family-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <Field
          {...field("email")}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={MAX_EMAIL_LENGTH}
          required
        />
        <Field
          {...field("phone")}
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={MAX_PHONE_LENGTH}
        />
        <Field
          {...field("message")}
          label="Message"
          autoComplete="off"
          maxLength={MAX_MESSAGE_LENGTH}
          required
          multiline
        />
        <div className="contact-form-actions">
          <button type="submit" className="button button-primary button-large" disabled={sending}>
            {sending ? "Sending…" : "Send Message"}
          </button>
          <p className="contact-form-status" role="status">
            {sentTo ? `Thank you, ${sentTo}. We'll reply within 1-2 business days.` : ""}
          </p>
        </div>
      </form>
    </section>
  );
}
