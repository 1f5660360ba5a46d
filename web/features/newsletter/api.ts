// Newsletter sign-up: the one call, and how each possible answer reads (SPEC.md section 8).
import { NEWSLETTER_MESSAGES } from "../../../worker/contracts/newsletter";
import { ApiError, api } from "../../lib/api-client";

export const NEWSLETTER_SUBSCRIBE_PATH = "/api/newsletter/subscribe";

export interface SubscribeResult {
  ok: boolean;
  message: string;
  /** Accepted, and subscribed once the link in the confirmation mail is followed. */
  pending?: boolean;
}

interface SubscribeAnswer {
  success?: boolean;
  message?: string;
  confirm?: boolean;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    // The Worker names other problems (a malformed address, code "invalid_input"); a 400
    // without a code of its own reads as SPEC's duplicate, like "already_subscribed" does.
    return error.code && error.code !== "already_subscribed"
      ? error.message
      : NEWSLETTER_MESSAGES.duplicate;
  }
  return NEWSLETTER_MESSAGES.failedRetry;
}

export async function subscribeToNewsletter(email: string): Promise<SubscribeResult> {
  let answer: SubscribeAnswer | undefined;
  try {
    answer = await api<SubscribeAnswer | undefined>(NEWSLETTER_SUBSCRIBE_PATH, {
      method: "POST",
      body: { email },
    });
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
  if (answer?.success === true)
    return { ok: true, message: NEWSLETTER_MESSAGES.success, pending: answer.confirm === true };
  // A 2xx without the success flag: whatever the server said, or the SPEC's fallback.
  const said = typeof answer?.message === "string" ? answer.message.trim() : "";
  return { ok: false, message: said || NEWSLETTER_MESSAGES.failed };
}
