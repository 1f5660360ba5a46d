// Signing in (SPEC.md sections 5 and 7): registration, login and password recovery. The Worker
// validates with these schemas and the SPA's forms check with the same ones.
import * as v from "valibot";
import { EmailSchema, MAX_NAME_LENGTH, requiredText } from "./fields";
import { TOKEN_PATTERN } from "./ids";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  /** The Worker's answer to a new password on its list of common ones (modules/identity/passwords.ts). */
  common:
    "This password is one of the most common ones, which people try first when breaking into an account. Please choose another.",
} as const;

/** A new password: 8 to 128 characters (and, checked by the Worker only, not a common one). */
export const PasswordSchema = v.pipe(
  v.optional(v.string("Password is required"), ""),
  v.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  v.maxLength(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
);

/** Unknown fields (a `role`, say) are dropped by v.object: registration always makes a user. */
export const RegisterSchema = v.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: EmailSchema,
  password: PasswordSchema,
});

export const LoginSchema = v.object({
  email: EmailSchema,
  // Any length is compared (and fails) the same way, so length never hints at anything.
  password: v.pipe(
    v.optional(v.string("Password is required"), ""),
    v.nonEmpty("Password is required"),
    v.maxLength(1024, "Password is too long"),
  ),
});

export const ForgotPasswordSchema = v.object({ email: EmailSchema });

export const RESET_LINK_INVALID = "This reset link is invalid or has expired.";

export const ResetPasswordSchema = v.object({
  token: v.pipe(v.optional(v.string(), ""), v.regex(TOKEN_PATTERN, RESET_LINK_INVALID)),
  password: PasswordSchema,
});
