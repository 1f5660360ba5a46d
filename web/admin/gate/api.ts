// The second factor (TOTP): its status, enrolment and the code of each sign-in. These calls answer
// even before the factor is passed, and a refusal here is the gate's own answer, not news for it.
import { api } from "../../lib/api-client";

export interface SecondFactorStatus {
  /** The admin has confirmed an authenticator app. */
  enrolled: boolean;
  /** This sign-in must pass the factor before any other back-office call. */
  required: boolean;
  /** This sign-in has passed it. */
  verified: boolean;
}

export interface SecondFactorEnrolment {
  /** Base32, as an authenticator app takes it typed in. */
  secret: string;
  /** otpauth://totp/... : opens the authenticator app with everything filled in. */
  otpauthUrl: string;
}

const SECOND_FACTOR = "/api/admin/second-factor";

export const fetchSecondFactor = (signal?: AbortSignal) =>
  api<{ success: true; secondFactor: SecondFactorStatus }>(SECOND_FACTOR, { signal });

/**
 * Enrolment asks for the password again (400 password_required) unless this sign-in is a few
 * minutes old; a wrong one is 403 wrong_password. `password` empty: none typed.
 */
export const PASSWORD_REQUIRED_CODE = "password_required";
export const WRONG_PASSWORD_CODE = "wrong_password";

const withPassword = (body: Record<string, string>, password: string) =>
  password ? { ...body, password } : body;

export const enrolSecondFactor = (password: string) =>
  api<{ success: true } & SecondFactorEnrolment>(`${SECOND_FACTOR}/enrol`, {
    method: "POST",
    body: withPassword({}, password),
  });

export const confirmSecondFactor = (code: string, password: string) =>
  api<{ success: true }>(`${SECOND_FACTOR}/confirm`, {
    method: "POST",
    body: withPassword({ code }, password),
  });

export const verifySecondFactor = (code: string) =>
  api<{ success: true }>(`${SECOND_FACTOR}/verify`, { method: "POST", body: { code } });
