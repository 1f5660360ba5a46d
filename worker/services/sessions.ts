// Sessions: a 15-minute HS256 access token (jose), and an opaque 256-bit refresh token stored
// hashed in KV for 30 days. Every refresh rotates the token within its family; presenting a token
// that was already rotated revokes the whole family, so a stolen token dies with its first reuse.
import { jwtVerify, SignJWT } from "jose";
import type { Bindings } from "../env";
import { newId } from "../lib/ids";
import { randomToken, sha256Hex } from "../lib/tokens";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const JWT_ISSUER = "tamra-and-tara";
export const JWT_AUDIENCE = "tamra-and-tara-api";

export interface AccessClaims {
  userId: string;
  role: string;
}

const key = (env: Bindings) => new TextEncoder().encode(env.JWT_SECRET);

export async function signAccessToken(env: Bindings, claims: AccessClaims): Promise<string> {
  return new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(env));
}

/** The token's claims, or null for anything forged, expired, for another audience or malformed. */
export async function verifyAccessToken(
  env: Bindings,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(env), {
      algorithms: ["HS256"],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ["exp", "sub"],
    });
    if (typeof payload.sub !== "string" || typeof payload.role !== "string") return null;
    return { userId: payload.sub, role: payload.role };
  } catch {
    return null;
  }
}

interface TokenRecord {
  userId: string;
  familyId: string;
}

interface FamilyRecord {
  userId: string;
  /** Hash of the one refresh token of this family that may still be used. */
  current: string;
  createdAt: number;
  revoked: boolean;
}

const tokenKey = (hash: string) => `refresh:${hash}`;
const familyKey = (id: string) => `refresh-family:${id}`;
/** Sessions of this user started before this instant are over (password reset). */
const revokedBeforeKey = (userId: string) => `refresh-revoked-before:${userId}`;
const ttl = { expirationTtl: REFRESH_TOKEN_TTL_SECONDS };

async function issueInFamily(
  env: Bindings,
  family: FamilyRecord,
  familyId: string,
): Promise<string> {
  const token = randomToken();
  const hash = await sha256Hex(token);
  const record: TokenRecord = { userId: family.userId, familyId };
  await env.KV.put(tokenKey(hash), JSON.stringify(record), ttl);
  await env.KV.put(familyKey(familyId), JSON.stringify({ ...family, current: hash }), ttl);
  return token;
}

/** Starts a new session family for a sign-in; returns its first refresh token. */
export async function startSession(env: Bindings, userId: string): Promise<string> {
  const family: FamilyRecord = { userId, current: "", createdAt: Date.now(), revoked: false };
  return issueInFamily(env, family, newId());
}

export type RotateResult =
  | { ok: true; userId: string; token: string }
  | { ok: false; reason: string };

/** Exchanges a refresh token for the next one of its family. */
export async function rotateSession(env: Bindings, presented: string): Promise<RotateResult> {
  const hash = await sha256Hex(presented);
  const record = await env.KV.get<TokenRecord>(tokenKey(hash), "json");
  if (!record) return { ok: false, reason: "unknown" };
  const family = await env.KV.get<FamilyRecord>(familyKey(record.familyId), "json");
  if (!family || family.revoked) return { ok: false, reason: "revoked" };
  const revokedBefore = Number((await env.KV.get(revokedBeforeKey(family.userId))) ?? 0);
  if (family.createdAt <= revokedBefore) return { ok: false, reason: "revoked" };
  if (family.current !== hash) {
    // An old token came back: someone holds a copy. End the family for both holders.
    await env.KV.put(familyKey(record.familyId), JSON.stringify({ ...family, revoked: true }), ttl);
    return { ok: false, reason: "reused" };
  }
  return {
    ok: true,
    userId: family.userId,
    token: await issueInFamily(env, family, record.familyId),
  };
}

/** Ends the session the refresh token belongs to (logout). */
export async function endSession(env: Bindings, presented: string): Promise<void> {
  const record = await env.KV.get<TokenRecord>(tokenKey(await sha256Hex(presented)), "json");
  if (!record) return;
  const family = await env.KV.get<FamilyRecord>(familyKey(record.familyId), "json");
  if (family) {
    await env.KV.put(familyKey(record.familyId), JSON.stringify({ ...family, revoked: true }), ttl);
  }
}

/** Ends every session of a user (password reset). */
export async function endAllSessions(env: Bindings, userId: string): Promise<void> {
  await env.KV.put(revokedBeforeKey(userId), String(Date.now()), ttl);
}
