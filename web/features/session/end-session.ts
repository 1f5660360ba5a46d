// Logout (SPEC.md sections 4 and 8): forget token, role and cart at once, tell the server, then say
// how that went.
import { toast } from "react-toastify";
import { reportFailure } from "../../lib/api-client";
import { clearStoredSession } from "../../lib/stored-session";
import { clearGuestCart } from "../cart/guest-cart";
import { logoutUser } from "./api";

/**
 * SPEC.md section 8's logout wording. Apart from the account screens' messages: every page's
 * navbar can log out, and those messages would otherwise ride along in the app's start chunk.
 */
export const LOGOUT_MESSAGES = {
  loggedOut: "Logged out successfully",
  failed: "Session expired or already logged out.",
} as const;

/** Window event for state that outlives the stored session (the server cart in memory). */
export const SESSION_LOGOUT_EVENT = "session:logout";

/**
 * Signs out on this device synchronously (the screen can move on straight away); the returned
 * promise settles once the server has answered and the outcome has been toasted.
 */
export function endSession(): Promise<void> {
  // Started before the token is cleared, so the request still carries it and the server can
  // revoke this very session; skipRefresh because there is nothing to renew on the way out.
  const request = logoutUser();
  clearStoredSession();
  try {
    clearGuestCart();
  } catch {
    // storage unavailable: there is no stored cart to clear
  }
  window.dispatchEvent(new Event(SESSION_LOGOUT_EVENT));
  return request.then(
    (answer) => {
      if (answer.success === false) toast.error(LOGOUT_MESSAGES.failed);
      else toast.success(LOGOUT_MESSAGES.loggedOut);
    },
    (error: unknown) => {
      reportFailure(error, LOGOUT_MESSAGES.failed, { ignoreServerMessage: true });
    },
  );
}
