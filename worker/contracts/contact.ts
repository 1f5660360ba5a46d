// The contact form (SPEC.md section 5): the schema the Worker validates with and the SPEC's exact
// messages. The contact page's form validates with the same schema before it sends.
import * as v from "valibot";
import { EmailSchema, MAX_NAME_LENGTH, OptionalPhoneSchema, requiredText } from "./fields";

export const CONTACT_MESSAGES = {
  success: "Message sent successfully! We'll get back to you soon.",
  failure: "Failed to send message. Please try again.",
} as const;

export const MAX_MESSAGE_LENGTH = 5000;

export const ContactSchema = v.object({
  firstName: requiredText("First name", MAX_NAME_LENGTH),
  lastName: requiredText("Last name", MAX_NAME_LENGTH),
  email: EmailSchema,
  phone: OptionalPhoneSchema,
  message: requiredText("Message", MAX_MESSAGE_LENGTH),
});

export type ContactInput = v.InferInput<typeof ContactSchema>;

export interface MessageResponse {
  success: true;
  message: string;
}
