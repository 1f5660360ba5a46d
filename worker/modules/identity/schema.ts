// The identity module owns accounts (users), sessions (session_families, session_tokens), password
// reset links (password_resets) and pending email changes (email_changes). It offers sign-up and
// profile writes, sessions, passwords and the common-password list, resets, email changes and the
// back-office's second factor.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { belongsTo, createdAt, inList, normalisedEmail, timestamps } from "../../db/columns";

export const USER_ROLES = ["user", "creator", "admin"] as const;

export type UserRole = (typeof USER_ROLES)[number];

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>": parameters travel with the hash. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    /**
     * The admin's TOTP secret (RFC 6238), sealed with AES-GCM under a key derived from JWT_SECRET
     * (modules/identity/second-factor.ts); null until enrolment starts.
     */
    totpSecret: text("totp_secret"),
    /** When the admin confirmed enrolment with a first code; null while pending or never. */
    totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
    /** The 30-second step of the last code accepted: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    normalisedEmail("users", "email"),
    check("users_role_valid", inList("role", USER_ROLES)),
  ],
);

export const SESSION_END_REASONS = ["logout", "reuse", "password_reset"] as const;

/**
 * One sign-in on one device and its rotating refresh token (modules/identity/sessions.ts). Rotation, logout,
 * reuse detection and password resets are each one conditional statement on this row, so D1's
 * single writer decides every race: once ended, a family stays ended.
 */
export const sessionFamilies = sqliteTable(
  "session_families",
  {
    id: text("id").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    /** SHA-256 of the one refresh token of this family that may still be used. */
    currentHash: text("current_hash").notNull(),
    /** The sign-in: the family's absolute lifetime counts from here, however often it rotates. */
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** When the current token was issued: a token left unused too long has expired. */
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    revokeReason: text("revoke_reason", { enum: SESSION_END_REASONS }),
    /** When this sign-in passed the admin's second factor (middleware/admin.ts); null if it has not. */
    secondFactorAt: integer("second_factor_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("session_families_current_unique").on(t.currentHash),
    index("session_families_user_idx").on(t.userId),
    check("session_families_revoke_reason_valid", inList("revoke_reason", SESSION_END_REASONS)),
    check(
      "session_families_revoked_with_reason",
      sql`("revoked_at" IS NULL) = ("revoke_reason" IS NULL)`,
    ),
  ],
);

/** Every refresh token ever issued, by hash: an old one presented again names its family. */
export const sessionTokens = sqliteTable(
  "session_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: belongsTo("family_id", () => sessionFamilies.id),
  },
  (t) => [index("session_tokens_family_idx").on(t.familyId)],
);

/** Outstanding password reset links, by the SHA-256 of their token; using one ends them all. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

export const EMAIL_CHANGE_KINDS = ["login", "payout"] as const;

export type EmailChangeKind = (typeof EMAIL_CHANGE_KINDS)[number];

/**
 * Email changes waiting for the link mailed to the new address (modules/identity/email-changes.ts): at most
 * one per account and kind (the sign-in email, or a creator's payout email), a newer request
 * replacing the older; confirming applies and deletes the row in one batch, so a link works once.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    /** SHA-256 of the token in the confirmation link. */
    tokenHash: text("token_hash").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    kind: text("kind", { enum: EMAIL_CHANGE_KINDS }).notNull(),
    newEmail: text("new_email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_changes_user_kind_unique").on(t.userId, t.kind),
    normalisedEmail("email_changes", "new_email"),
    check("email_changes_kind_valid", inList("kind", EMAIL_CHANGE_KINDS)),
  ],
);
