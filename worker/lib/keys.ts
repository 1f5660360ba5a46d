// One key per purpose, derived from JWT_SECRET with HKDF-SHA-256: a signature made for one purpose
// (an invoice link, a visitor hash) is never valid for another (an access token), and nothing signs
// or seals with the raw secret. Changing a label (or the secret) invalidates what that purpose signed.
import type { Bindings } from "../env";

/** HKDF `info` labels; the version suffix lets one purpose be rotated on its own. */
const LABELS = {
  accessToken: "tamra-and-tara/access-token/v1",
  invoiceLink: "tamra-and-tara/invoice-link/v1",
  visitorHash: "tamra-and-tara/visitor-hash/v1",
  /** Seals (AES-GCM) rather than signs: the admins' TOTP secrets at rest (services/totp.ts). */
  totpSecret: "tamra-and-tara/totp-secret/v1",
} as const;

export type KeyPurpose = keyof typeof LABELS;

const encoder = new TextEncoder();

// JWT_SECRET is at least 32 random characters (worker/env.ts), so HKDF needs no salt to extract
// from it (RFC 5869 section 3.1); the empty salt keeps the derivation reproducible everywhere.
async function derive(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  const bits = await deriveBits(secret, purpose);
  if (purpose === "totpSecret") {
    return crypto.subtle.importKey("raw", bits, "AES-GCM", false, ["encrypt", "decrypt"]);
  }
  return crypto.subtle.importKey("raw", bits, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

async function deriveBits(secret: string, purpose: KeyPurpose): Promise<ArrayBuffer> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveBits",
  ]);
  return crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: encoder.encode(LABELS[purpose]),
    },
    base,
    256,
  );
}

/** Derived once per isolate and secret (tests may run with another secret). */
const cache = new Map<string, Promise<CryptoKey>>();

/**
 * The key for `purpose`: HMAC-SHA256 for signing ones (jose signs access tokens with it, tokens.ts
 * signs links), AES-256-GCM for sealing ones.
 */
export function keyFor(env: Pick<Bindings, "JWT_SECRET">, purpose: KeyPurpose): Promise<CryptoKey> {
  const id = `${purpose}\u0000${env.JWT_SECRET}`;
  let key = cache.get(id);
  if (!key) {
    key = derive(env.JWT_SECRET, purpose);
    key.catch(() => cache.delete(id));
    cache.set(id, key);
  }
  return key;
}
