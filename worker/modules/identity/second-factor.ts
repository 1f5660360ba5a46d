// The back-office's second factor: time-based one-time codes (RFC 6238: HMAC-SHA-1, 30-second
// steps, 6 digits), the kind every authenticator app makes. An admin enrols once (a secret, then a
// first code to confirm it, each with a password typed in the last few minutes, and a mail to the
// account says so); each sign-in then passes the factor once (middleware/admin.ts). The secret is
// sealed at rest with AES-GCM under its own key (lib/keys.ts), a code is accepted for the step
// before and after the current one (clock drift), and never twice: the last step used is stored
// and only a later one is taken, in one conditional statement, so two requests racing with the same
// code make one success.

import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { SECOND_FACTOR_MESSAGES } from "../../contracts/admin";
import { AppError, badRequest } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { seal, unseal } from "../../lib/keys";
import { type Actor, auditStatement, auditStatementIf } from "../audit/audit";
import { deliverQueuedEmail, queueMailIf } from "../mail/outbox";
import { secondFactorEnrolledEmail } from "../mail/templates";
import { verifyPassword } from "./passwords";
import { sessionFamilies, users } from "./schema";

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now whose code is still accepted. */
const DRIFT_STEPS = 1;
/** RFC 4226 recommends at least 128 bits; authenticator apps expect 160 (SHA-1's block). */
const SECRET_BYTES = 20;
/** A sign-in that passed the factor keeps the back-office open this long, then asks again. */
export const SECOND_FACTOR_TTL_MS = 12 * 60 * 60 * 1000;
/** Enrolment takes a sign-in this recent as the password just typed; an older one types it again. */
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
const ISSUER = "Tamra & Tara";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, as authenticator apps take a secret. */
export function toBase32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

export function fromBase32(text: string): Uint8Array {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    const value = BASE32.indexOf(ch);
    if (value < 0) throw new Error("not base32");
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** The HOTP value (RFC 4226) of `secret` at `counter`, as `digits` decimal digits. */
export async function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS) {
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-1" }, false, [
    "sign",
  ]);
  const message = new DataView(new ArrayBuffer(8));
  message.setUint32(0, Math.floor(counter / 2 ** 32));
  message.setUint32(4, counter >>> 0);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message.buffer));
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = new DataView(mac.buffer).getUint32(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The 30-second step that `ms` (a Unix time in milliseconds) falls in. */
export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_STEP_SECONDS);

/** The step within the drift window whose code `code` is, later than `after`; null if none. */
async function matchingStep(secret: Uint8Array, code: string, now: number, after: number | null) {
  const current = stepAt(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (after !== null && step <= after) continue;
    if ((await hotp(secret, step)) === code) return step;
  }
  return null;
}

export const invalidCode = () =>
  new AppError(
    400,
    "That code is not right. Enter the current code from your app.",
    "invalid_code",
  );
const alreadyEnrolled = () =>
  new AppError(409, "This account already has a second factor.", "already_enrolled");
const notEnrolled = () => new AppError(409, "Set up your authenticator app first.", "not_enrolled");

const sessionEnded = () =>
  new AppError(401, "Your session has ended. Please log in again.", "session_expired");
const passwordRequired = () =>
  badRequest(SECOND_FACTOR_MESSAGES.passwordRequired, "password_required", [
    { path: "password", message: SECOND_FACTOR_MESSAGES.passwordRequired },
  ]);
// 403, never 401: the SPA takes a 401 for a session that ended.
const wrongPassword = () =>
  new AppError(403, SECOND_FACTOR_MESSAGES.wrongPassword, "wrong_password");

export interface SecondFactorState {
  /** The account has confirmed an authenticator app. */
  enrolled: boolean;
  /** The back-office asks this account for a code: always in production, else once enrolled. */
  required: boolean;
  /** This sign-in passed the factor within SECOND_FACTOR_TTL_MS. */
  verified: boolean;
}

/**
 * The link that opens an authenticator app with the secret filled in (Google's Key Uri Format):
 * `otpauth://totp/<issuer>:<account>?secret=…&issuer=<issuer>`, the label's issuer the same text as
 * the parameter, each part percent-encoded as RFC 3986 says (a space is `%20`: URLSearchParams
 * would write `+`, which some apps show as is).
 */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const params = {
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  };
  const query = Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${query}`;
}

/**
 * Enrolment's check that the admin at the keyboard knows the password: a `password` given must be
 * the account's (else 403 wrong_password); none will do only for a sign-in (`sessionId`) made in the
 * last RECENT_SIGN_IN_MS (else 400 password_required, on the field). The caller counts a given
 * password against the limits on guessing one.
 */
export async function confirmRecentPassword(
  { db, actor }: Pick<Deps, "db" | "actor">,
  sessionId: string | undefined,
  password: string,
  now = Date.now(),
): Promise<void> {
  const [account] = await db
    .select({ passwordHash: users.passwordHash, signedInAt: sessionFamilies.createdAt })
    .from(users)
    .leftJoin(
      sessionFamilies,
      and(
        eq(sessionFamilies.id, sessionId ?? ""),
        eq(sessionFamilies.userId, users.id),
        isNull(sessionFamilies.revokedAt),
      ),
    )
    .where(eq(users.id, actor.id));
  if (!account) throw sessionEnded();
  if (password) {
    if (!(await verifyPassword(password, account.passwordHash))) throw wrongPassword();
    return;
  }
  if (!account.signedInAt || account.signedInAt.getTime() <= now - RECENT_SIGN_IN_MS) {
    throw passwordRequired();
  }
}

/**
 * Starts (or restarts) enrolment: a new secret, sealed in D1 but not in force until a code from it
 * confirms it. Refused once an app is confirmed: replacing it needs the owner (README).
 */
export async function startEnrolment({ db, env, actor }: Pick<Deps, "db" | "env" | "actor">) {
  const secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  const updated = await db
    .update(users)
    .set({ totpSecret: await seal(env, "totpSecret", actor.id, secret), totpLastStep: null })
    .where(and(eq(users.id, actor.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (updated.length === 0) throw alreadyEnrolled();
  const base32 = toBase32(secret);
  return { secret: base32, otpauthUrl: otpauthUrl(ISSUER, actor.email, base32) };
}

export interface SecondFactorAttempt {
  actor: Actor;
  /** The sign-in the code is for. */
  sessionId: string | undefined;
  code: string;
  /** The first code of a new enrolment, rather than a sign-in's. */
  confirming: boolean;
  /** The client's network, coarse (rate-limit.ts coarseNetwork), for the audit log and the mail. */
  network: string;
  /** Where the mail that an app was confirmed goes out after the response. */
  ctx: ExecutionContext;
  now?: number;
}

/**
 * Checks `code` against the account's secret and, when it is right and of a step not used before,
 * records the step, marks the sign-in `sessionId` as having passed, and (when `confirming`) puts
 * the enrolment in force and queues the mail that tells the account so, all in one batch. Throws
 * 400 invalid_code otherwise, after recording the failed try in the audit log.
 */
export async function passSecondFactor(
  { db, env }: Pick<Deps, "db" | "env">,
  { actor, sessionId, code, confirming, network, ctx, now = Date.now() }: SecondFactorAttempt,
): Promise<void> {
  const [account] = await db
    .select({
      name: users.name,
      secret: users.totpSecret,
      enabledAt: users.totpEnabledAt,
      lastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!account?.secret) throw notEnrolled();
  if (confirming && account.enabledAt) throw alreadyEnrolled();
  if (!confirming && !account.enabledAt) throw notEnrolled();
  // A sign-in from before tokens named their session cannot be marked: it signs in again.
  if (!sessionId) throw sessionEnded();
  const step = await matchingStep(
    await unseal(env, "totpSecret", actor.id, account.secret),
    code,
    now,
    account.lastStep,
  );
  // A wrong code, or a right one already used, is a failed try: recorded with the network, never
  // with the code.
  const recordFailedTry = () =>
    auditStatement(db, actor, {
      entity: "account",
      entityId: actor.id,
      action: "second_factor.failed",
      after: { network },
    });
  if (step === null) {
    await recordFailedTry();
    throw invalidCode();
  }
  // Each statement tests that this step is still unused; only the last one uses it, so a code
  // replayed or raced in after it marks no sign-in, writes no pass and mails nothing.
  const unused = and(
    eq(users.id, actor.id),
    eq(users.totpSecret, account.secret),
    confirming ? isNull(users.totpEnabledAt) : isNotNull(users.totpEnabledAt),
    or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
  );
  const stillUnused = sql`EXISTS ${db.select({ id: users.id }).from(users).where(unused)}`;
  const at = new Date(now);
  const notice = {
    id: newId(),
    mail: secondFactorEnrolledEmail(
      { name: account.name, email: actor.email },
      { at: now, network, resetUrl: `${env.APP_ORIGIN}/forgot-password` },
    ),
  };
  const [, marked, , taken] = await db.batch([
    auditStatementIf(
      db,
      actor,
      {
        entity: "account",
        entityId: actor.id,
        action: confirming ? "second_factor.enrolled" : "second_factor.passed",
        before: confirming ? { secondFactor: false } : null,
        after: confirming ? { secondFactor: true, network } : { network },
      },
      stillUnused,
    ),
    db
      .update(sessionFamilies)
      .set({ secondFactorAt: at })
      .where(
        and(
          eq(sessionFamilies.id, sessionId),
          eq(sessionFamilies.userId, actor.id),
          isNull(sessionFamilies.revokedAt),
          stillUnused,
        ),
      )
      .returning({ id: sessionFamilies.id }),
    // The account's own address hears that an app now guards it (a password thief's enrolment
    // would lock the owner out), with the enrolment or not at all: a sign-in's code queues none.
    queueMailIf(db, notice.id, notice.mail, and(unused, isNull(users.totpEnabledAt)), users),
    db
      .update(users)
      .set({ totpLastStep: step, ...(confirming ? { totpEnabledAt: at } : {}) })
      .where(unused)
      .returning({ id: users.id }),
  ]);
  if (taken.length === 0) {
    await recordFailedTry();
    throw invalidCode();
  }
  if (confirming) ctx.waitUntil(deliverQueuedEmail({ env, db }, notice.id, notice.mail, now));
  if (marked.length === 0) throw sessionEnded();
}
