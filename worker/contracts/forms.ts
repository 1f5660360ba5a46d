// Newsletter and contact forms: the schemas the Worker validates with and the SPEC's exact
// messages (SPEC.md sections 5 and 8). web/ imports the same definitions.
import * as v from "valibot";

export const NEWSLETTER_MESSAGES = {
  success: "Subscription successful!",
  duplicate: "Email already subscribed!",
  missing: "Please enter your email address",
  failed: "Email submission failed",
  failedRetry: "Email submission failed. Please try again.",
} as const;

export const CONTACT_MESSAGES = {
  success: "Message sent successfully! We'll get back to you soon.",
  failure: "Failed to send message. Please try again.",
} as const;

export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
export const MAX_PHONE_LENGTH = 30;
export const MAX_MESSAGE_LENGTH = 5000;

/** Trimmed, lower-cased, and shaped like an address: how every email is stored. */
export const EmailSchema = v.pipe(
  // A missing field reads as empty, so it gets the same message as an empty one.
  v.optional(v.string("Please enter your email address"), ""),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty("Please enter your email address"),
  v.maxLength(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`),
  v.email("Please enter a valid email address"),
);

/** A required text field: missing or blank reads "<label> is required". */
export const requiredText = (label: string, max: number) =>
  v.pipe(
    v.optional(v.string(`${label} is required`), ""),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

export const NewsletterSchema = v.object({ email: EmailSchema });

export const ContactSchema = v.object({
  firstName: requiredText("First name", MAX_NAME_LENGTH),
  lastName: requiredText("Last name", MAX_NAME_LENGTH),
  email: EmailSchema,
  phone: v.optional(
    v.pipe(
      v.string("Phone must be text"),
      v.trim(),
      v.maxLength(MAX_PHONE_LENGTH, `Phone must be at most ${MAX_PHONE_LENGTH} characters`),
      v.regex(/^[0-9+()\-.\s]*$/, "Phone may contain only digits, spaces and + ( ) - ."),
    ),
  ),
  message: requiredText("Message", MAX_MESSAGE_LENGTH),
});

export type NewsletterInput = v.InferInput<typeof NewsletterSchema>;
export type ContactInput = v.InferInput<typeof ContactSchema>;

export interface MessageResponse {
  success: true;
  message: string;
}
