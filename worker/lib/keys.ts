// One key per purpose, derived from JWT_SECRET with HKDF-SHA-256: a signature made for one purpose
// (an invoice link, a visitor hash) is never valid for another (an access token), and nothing signs
// or seals with the raw secret. Changing a label (or the secret) invalidates what that purpose signed.
import type { Bindings } from "../env";
import { fromB64url, toB64url } from "./tokens";

/** HKDF `info` labels; the version suffix lets one purpose be rotated on its own. */
const LABELS = {
  accessToken: "tamra-and-tara/access-token/v1",
  invoiceLink: "tamra-and-tara/invoice-link/v1",
  visitorHash: "tamra-and-tara/visitor-hash/v1",
  /** Seals (AES-GCM) rather than signs: the admins' TOTP secrets at rest (modules/identity/second-factor.ts). */
  totpSecret: "tamra-and-tara/totp-secret/v1",
  /**
   * Seals creators' bank account numbers (modules/payouts/details.ts), derived from
   * PAYOUT_DETAILS_KEY when set (production requires it), so rotating JWT_SECRET keeps them.
   */
  payoutDetails: "tamra-and-tara/payout-details/v1",
} as const;

const SEALING: ReadonlySet<KeyPurpose> = new Set(["totpSecret", "payoutDetails"]);

export type KeyPurpose = keyof typeof LABELS;

const encoder = new TextEncoder();

// JWT_SECRET is at least 32 random characters (worker/env.ts), so HKDF needs no salt to extract
// from it (RFC 5869 section 3.1); the empty salt keeps the derivation reproducible everywhere.
async function derive(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  const bits = await deriveBits(secret, purpose);
  if (SEALING.has(purpose)) {
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
export function keyFor(
  env: Pick<Bindings, "JWT_SECRET" | "PAYOUT_DETAILS_KEY">,
  purpose: KeyPurpose,
): Promise<CryptoKey> {
  const secret =
    purpose === "payoutDetails" ? (env.PAYOUT_DETAILS_KEY ?? env.JWT_SECRET) : env.JWT_SECRET;
  const id = `${purpose}\u0000${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = derive(secret, purpose);
    key.catch(() => cache.delete(id));
    cache.set(id, key);
  }
  return key;
}

/**
 * `plain` sealed with AES-256-GCM under `purpose`'s key as "v1.<iv>.<ciphertext>" (base64url),
 * with `boundTo` (the owner's id) as additional data, so a sealed value copied to another row
 * does not open.
 */
export async function seal(
  env: Pick<Bindings, "JWT_SECRET" | "PAYOUT_DETAILS_KEY">,
  purpose: KeyPurpose,
  boundTo: string,
  plain: Uint8Array,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(boundTo) },
    await keyFor(env, purpose),
    plain,
  );
  return `v1.${toB64url(iv.buffer)}.${toB64url(sealed)}`;
}

/** What `seal` sealed; throws when the value, key or binding is not the one it was sealed with. */
export async function unseal(
  env: Pick<Bindings, "JWT_SECRET" | "PAYOUT_DETAILS_KEY">,
  purpose: KeyPurpose,
  boundTo: string,
  stored: string,
): Promise<Uint8Array> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error(`unknown sealed ${purpose} format`);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromB64url(iv), additionalData: encoder.encode(boundTo) },
    await keyFor(env, purpose),
    fromB64url(sealed),
  );
  return new Uint8Array(plain);
}
