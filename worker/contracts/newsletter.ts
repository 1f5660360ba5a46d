// Newsletter sign-up (SPEC.md section 8): the schema the Worker validates with, the SPEC's exact
// messages. The home page's form validates with the same schema before it sends.
import * as v from "valibot";
import { EmailSchema } from "./fields";

export const NEWSLETTER_MESSAGES = {
  success: "Subscription successful!",
  duplicate: "Email already subscribed!",
  missing: "Please enter your email address",
  failed: "Email submission failed",
  failedRetry: "Email submission failed. Please try again.",
} as const;

export const NewsletterSchema = v.object({ email: EmailSchema });

export type NewsletterInput = v.InferInput<typeof NewsletterSchema>;
