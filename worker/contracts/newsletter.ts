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
  // Not SPEC's: written under the field while the confirmation mail is what happens next.
  checkInbox: "Check your inbox to confirm your subscription.",
} as const;

export const NewsletterSchema = v.object({ email: EmailSchema });

export type NewsletterInput = v.InferInput<typeof NewsletterSchema>;

/**
 * A sign-up accepted. `confirm: true`: the address is subscribed only once the link in the
 * confirmation mail (sent now, or already sent within the last day) is followed (double opt-in).
 */
export interface NewsletterSubscribeResponse {
  success: true;
  message: typeof NEWSLETTER_MESSAGES.success;
  confirm: true;
}
