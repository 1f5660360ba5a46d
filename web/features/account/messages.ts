// The account screens' wording of SPEC.md section 8, in one place so screens and tests agree
// (logout's is with the session: features/session/end-session.ts).

export const ACCOUNT_MESSAGES = {
  loginSuccess: "Login successful!",
  signupSuccess: "Signup successful!",
  generic: "Something went wrong. Please try again.",
  resetLinkSent: "Password reset link sent to your email!",
  passwordReset: "Password updated! Please log in with your new password.",
  profileLoadFailed: "Failed to load profile",
  profileUpdated: "Profile updated!",
  updateFailed: "Update failed",
  creatorCreated: "Creator account created! Please log in.",
  creatorSignupFailed: "Signup failed",
  codeCopied: "Affiliate code copied!",
  linkCopied: "Share link copied!",
  codeCopyFailed: "Could not copy — select the code and copy it.",
  linkCopyFailed: "Could not copy — select the link and copy it.",
} as const;

/** A 2xx that still says success: false carries its reason in message. */
export const answerMessage = (answer: { message?: string }, fallback: string): string =>
  answer.message?.trim() || fallback;
