// Sessions: a 15-minute HS256 access token (jose), and an opaque 256-bit refresh token stored
// hashed in D1, valid 30 days unused and at most 90 days after sign-in. Every refresh rotates the
// token within its family; presenting a token that was already rotated revokes the whole family, so
// a stolen token dies with its first reuse. Each change to a family is one conditional statement,
// so a logout or a reuse detection cannot be undone by a refresh racing it.

import {
  and,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../../db/client";
import type { Bindings } from "../../env";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { keyFor } from "../../lib/keys";
import { randomToken, sha256Hex } from "../../lib/tokens";
import { adminSignInStatement } from "../audit/audit";
import { sessionFamilies, sessionTokens } from "./schema";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const JWT_ISSUER = "tamra-and-tara";
export const JWT_AUDIENCE = "tamra-and-tara-api";

export interface AccessClaims {
  userId: string;
  role: string;
  /**
   * The sign-in (session family) the token was issued for: the back-office's second factor is
   * passed per sign-in (middleware/admin.ts). Absent from tokens issued before it existed.
   */
  sessionId?: string;
}

const key = (env: Bindings) => keyFor(env, "accessToken");

export async function signAccessToken(
  { env }: Pick<Deps, "env">,
  claims: AccessClaims,
): Promise<string> {
  return new SignJWT({ role: claims.role, ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await key(env));
}

/** The token's claims, or null for anything forged, expired, for another audience or malformed. */
export async function verifyAccessToken(
  { env }: Pick<Deps, "env">,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(env), {
      algorithms: ["HS256"],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ["exp", "sub"],
    });
    if (typeof payload.sub !== "string" || typeof payload.role !== "string") return null;
    const sessionId = typeof payload.sid === "string" ? payload.sid : undefined;
    return { userId: payload.sub, role: payload.role, sessionId };
  } catch {
    return null;
  }
}

/** A family ends this long after its sign-in, however often its token was rotated. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** A refresh token left unused this long has expired (the cookie lives as long). */
const IDLE_MS = REFRESH_TOKEN_TTL_SECONDS * 1000;

/** The family can still refresh at `now`: not ended, not past its lifetime, its token not idle. */
const live = (now: number) =>
  and(
    isNull(sessionFamilies.revokedAt),
    gt(sessionFamilies.createdAt, new Date(now - SESSION_MAX_AGE_MS)),
    gt(sessionFamilies.rotatedAt, new Date(now - IDLE_MS)),
  );

/** The family a refresh token was issued in, whether it is the current one or long rotated. */
const familyOf = (db: Db, hash: string) =>
  db
    .select({ id: sessionTokens.familyId })
    .from(sessionTokens)
    .where(eq(sessionTokens.tokenHash, hash));

/**
 * Starts a new session family for a sign-in: its id and its first refresh token. `also` runs in the
 * same batch (the audit entry of an admin's sign-in), so the sign-in and its record land together.
 */
export async function startSession(
  { db }: Pick<Deps, "db">,
  userId: string,
  also: BatchItem<"sqlite">[] = [],
): Promise<{ sessionId: string; token: string }> {
  const token = randomToken();
  const hash = await sha256Hex(token);
  const id = newId();
  const now = new Date();
  await db.batch([
    db
      .insert(sessionFamilies)
      .values({ id, userId, currentHash: hash, createdAt: now, rotatedAt: now }),
    db.insert(sessionTokens).values({ tokenHash: hash, familyId: id }),
    ...also,
  ]);
  return { sessionId: id, token };
}

export type RotateResult =
  | { ok: true; userId: string; sessionId: string; token: string }
  | { ok: false; reason: "reused" | "ended" };

/**
 * Exchanges a refresh token for the next one of its family. Of concurrent calls with one token,
 * D1 runs one rotation first; the others then present an already-rotated token, which is a reuse.
 */
export async function rotateSession(
  { db }: Pick<Deps, "db">,
  presented: string,
): Promise<RotateResult> {
  const hash = await sha256Hex(presented);
  const token = randomToken();
  const next = await sha256Hex(token);
  const now = Date.now();
  // One transaction: the family moves on only if `hash` is still its current token and it is live,
  // and the new token is recorded only if it did.
  const [rotated] = await db.batch([
    db
      .update(sessionFamilies)
      .set({ currentHash: next, rotatedAt: new Date(now) })
      .where(and(eq(sessionFamilies.currentHash, hash), live(now)))
      .returning({ userId: sessionFamilies.userId, sessionId: sessionFamilies.id }),
    db.insert(sessionTokens).select(
      db
        .select({ tokenHash: sql<string>`${next}`.as("token_hash"), familyId: sessionFamilies.id })
        .from(sessionFamilies)
        .where(eq(sessionFamilies.currentHash, next)),
    ),
  ]);
  const [family] = rotated;
  if (family) return { ok: true, ...family, token };
  // An old token of a live family came back: someone holds a copy. End the family for both
  // holders. Unknown tokens, ended and expired families change nothing.
  const reused = await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date(now), revokeReason: "reuse" })
    .where(
      and(
        inArray(sessionFamilies.id, familyOf(db, hash)),
        ne(sessionFamilies.currentHash, hash),
        live(now),
      ),
    )
    .returning({ id: sessionFamilies.id });
  return { ok: false, reason: reused.length > 0 ? "reused" : "ended" };
}

/** Ends the session the refresh token belongs to (logout), whichever token of it was presented. */
export async function endSession({ db }: Pick<Deps, "db">, presented: string): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date(), revokeReason: "logout" })
    .where(
      and(
        inArray(sessionFamilies.id, familyOf(db, await sha256Hex(presented))),
        isNull(sessionFamilies.revokedAt),
      ),
    );
}

/**
 * The statement that ends every session of the users `userIds` selects (password reset): await it,
 * or put it in the db.batch that changes the password.
 */
export const endAllSessions = (db: Db, userIds: SQLWrapper) =>
  db
    .update(sessionFamilies)
    .set({ revokedAt: new Date(), revokeReason: "password_reset" })
    .where(and(inArray(sessionFamilies.userId, userIds), isNull(sessionFamilies.revokedAt)));

/** Deletes families that can never refresh again, with their tokens; the number deleted. */
export async function pruneSessions({ db }: Pick<Deps, "db">, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(sessionFamilies)
    .where(
      or(
        isNotNull(sessionFamilies.revokedAt),
        lte(sessionFamilies.createdAt, new Date(now - SESSION_MAX_AGE_MS)),
        lte(sessionFamilies.rotatedAt, new Date(now - IDLE_MS)),
      ),
    )
    .returning({ id: sessionFamilies.id });
  return gone.length;
}

/**
 * Signs `user` in: a new session family, its refresh token and an access token. An admin's sign-in
 * is recorded in the audit log with the client's network (coarse), in the batch that starts it.
 */
export async function signIn(
  { env, db }: Pick<Deps, "env" | "db">,
  user: { id: string; role: string },
  network: string,
): Promise<{ refreshToken: string; accessToken: string }> {
  const audit = user.role === "admin" ? [adminSignInStatement(db, user.id, network)] : [];
  const { sessionId, token } = await startSession({ db }, user.id, audit);
  const accessToken = await signAccessToken(
    { env },
    { userId: user.id, role: user.role, sessionId },
  );
  return { refreshToken: token, accessToken };
}
