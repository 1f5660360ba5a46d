// Client-side checks of SPEC.md section 5, with a message per field. The server checks again.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const BIO_MAX = 1000;
export const SOCIALS_MAX = 500;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

export const requiredMessage = (label: string) => `Please enter your ${label}.`;
export const EMAIL_MESSAGE = "Please enter a valid email address.";
export const PASSWORD_LENGTH_MESSAGE = `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;
export const PASSWORD_MATCH_MESSAGE = "Passwords do not match.";

export type Errors<F extends string> = Partial<Record<F, string>>;

/** Required text; with `email` it must also look like an address. */
export function checkText(value: string, label: string, email = false): string | undefined {
  if (!value.trim()) return requiredMessage(label);
  if (email && !isEmail(value)) return EMAIL_MESSAGE;
  return undefined;
}

/** A new password: required and 8..128 characters (the API's limits). */
export function checkNewPassword(value: string): string | undefined {
  if (!value) return requiredMessage("password");
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return PASSWORD_LENGTH_MESSAGE;
  return undefined;
}

/** Optional email: empty is fine, anything else must look like an address. */
export const checkOptionalEmail = (value: string): string | undefined =>
  value.trim() && !isEmail(value) ? EMAIL_MESSAGE : undefined;

/** Drops the fields without a message, so "no keys" means valid. */
export function compact<F extends string>(errors: Errors<F>): Errors<F> {
  const found: Errors<F> = {};
  for (const [field, message] of Object.entries(errors) as [F, string | undefined][]) {
    if (message) found[field] = message;
  }
  return found;
}
