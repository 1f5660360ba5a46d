// Password hashing: PBKDF2-SHA256 through WebCrypto. Stored as
// "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>" so the cost can be raised later and old
// hashes still verify. A new password is refused when it is one of the most common ones.
import { PASSWORD_MESSAGES } from "../../contracts/auth";
import { badRequest } from "../../lib/app-error";
import { COMMON_PASSWORDS } from "./common-passwords";

/** Production Workers refuse more than 100000 PBKDF2 iterations; local workerd does not check. */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = "pbkdf2-sha256";

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return [SCHEME, PBKDF2_ITERATIONS, toB64(salt), toB64(hash)].join("$");
}

let commonPasswords: Set<string> | undefined;

/** True when `password`, in any case, is on the list of common passwords (common-passwords.ts). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS.split("\n"));
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The hash of a password someone chooses (sign-up, creator sign-up, a reset): a 400 on the
 * `password` field, before anything is hashed or written, when it is a common password.
 */
export async function hashNewPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) {
    throw badRequest(PASSWORD_MESSAGES.common, "common_password", [
      { path: "password", message: PASSWORD_MESSAGES.common },
    ]);
  }
  return hashPassword(password);
}

export interface ParsedHash {
  iterations: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

export function parsePasswordHash(stored: string): ParsedHash | null {
  const [scheme, iterations, salt, hash] = stored.split("$");
  if (scheme !== SCHEME || !iterations || !salt || !hash) return null;
  const n = Number(iterations);
  if (!Number.isInteger(n) || n < 1 || n > PBKDF2_ITERATIONS) return null;
  return { iterations: n, salt: fromB64(salt), hash: fromB64(hash) };
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * True when `password` matches `stored`. With no stored hash (unknown account) it still derives one
 * hash, so answers take the same time whether or not the account exists.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parsePasswordHash(stored) : null;
  const salt = parsed?.salt ?? new Uint8Array(SALT_BYTES);
  const candidate = await derive(password, salt, parsed?.iterations ?? PBKDF2_ITERATIONS);
  return parsed ? constantTimeEqual(candidate, parsed.hash) : false;
}
