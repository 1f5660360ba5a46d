// The back-office's requests and answers that are not a feature's own (README, back-office).
import * as v from "valibot";
import { CurrentPasswordSchema } from "./account";
import { ID_PATTERN } from "./ids";

/** What the back-office changes; each write is one audit row (worker/modules/audit/audit.ts). */
export const AUDIT_ENTITIES = [
  "product",
  "category",
  "image",
  "stock",
  "order",
  "creator",
  "account",
  "message",
  "payout",
  "promotion",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** A page number from the query string: 1 when absent. */
export const PageQuery = v.pipe(
  v.optional(v.string(), "1"),
  v.regex(/^[1-9][0-9]{0,5}$/, "page must be a whole number from 1"),
  v.transform(Number),
);

export const AuditQuery = v.object({
  entity: v.optional(
    v.picklist(AUDIT_ENTITIES, `entity must be one of ${AUDIT_ENTITIES.join(", ")}`),
  ),
  id: v.optional(v.pipe(v.string(), v.regex(ID_PATTERN, "id must be a 24-character hex id"))),
  page: PageQuery,
});

export interface AuditEntryDto {
  id: string;
  actor: { id: string | null; email: string };
  entity: AuditEntity;
  entityId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** ISO 8601. */
  at: string;
}

/** A code from the admin's authenticator app (modules/identity/second-factor.ts); spaces typed between digits go. */
export const SecondFactorCodeSchema = v.object({
  code: v.pipe(
    v.string("code must be text"),
    v.transform((code) => code.replace(/\s/g, "")),
    v.regex(/^[0-9]{6}$/, "code must be the 6 digits your app shows"),
  ),
});

/** Enrolment's answers about the password it asks for when the sign-in is not recent. */
export const SECOND_FACTOR_MESSAGES = {
  passwordRequired: "For your security, enter your password to set up two-step sign-in.",
  wrongPassword: "That password is not right. Please try again.",
} as const;

/**
 * Starting enrolment: the account's password, needed unless this sign-in is a few minutes old
 * (modules/identity/second-factor.ts confirmRecentPassword); empty when not given.
 */
export const SecondFactorEnrolSchema = v.object({ password: CurrentPasswordSchema });

/** Confirming enrolment: its first code, and the password as enrolment asks for it. */
export const SecondFactorConfirmSchema = v.object({
  ...SecondFactorCodeSchema.entries,
  password: CurrentPasswordSchema,
});
