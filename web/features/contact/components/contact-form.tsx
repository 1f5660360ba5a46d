import { MAX_MESSAGE_LENGTH } from "../../../../worker/contracts/contact";
import {
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PHONE_LENGTH,
} from "../../../../worker/contracts/fields";
import { SubmitButton, TextField } from "../../../components/form-kit";
import { useContactForm } from "../use-contact-form";
import "../../../components/shapes.css";
import "./contact-form.css";

export function ContactForm() {
  const { field, sending, sentTo, formRef, onSubmit } = useContactForm();

  return (
    <section className="contact-form-card paper-card" aria-labelledby="contact-form-heading">
      <h3 id="contact-form-heading" className="contact-card-heading">
        Send us a message
      </h3>
      <p className="contact-form-intro">
        Questions about a piece, an order or a gift? Write to us and a real person will reply.
      </p>
      {/* noValidate: the schema's own messages show beside each field instead of browser bubbles. */}
      <form
        ref={formRef}
        className="form is-two-column contact-form"
        noValidate
        onSubmit={onSubmit}
      >
        <TextField
          {...field("firstName")}
          label="First name"
          autoComplete="given-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <TextField
          {...field("lastName")}
          label="Last name"
          autoComplete="family-name"
          maxLength={MAX_NAME_LENGTH}
          required
        />
        <TextField
          {...field("email")}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={MAX_EMAIL_LENGTH}
          required
        />
        <TextField
          {...field("phone")}
          optional
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={MAX_PHONE_LENGTH}
        />
        <TextField
          {...field("message")}
          label="Message"
          autoComplete="off"
          maxLength={MAX_MESSAGE_LENGTH}
          required
          multiline
          rows={6}
        />
        <div className="contact-form-actions">
          <SubmitButton large sending={sending} sendingLabel="Sending…">
            Send Message
          </SubmitButton>
          <p className="contact-form-status" role="status">
            {sentTo ? `Thank you, ${sentTo}. We'll reply within 1-2 business days.` : ""}
          </p>
        </div>
      </form>
    </section>
  );
}
