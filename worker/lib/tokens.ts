// Opaque secrets handed to people (unsubscribe links, reset links and refresh tokens): 256 random
// bits, base64url; only their SHA-256 is stored. And HMAC signatures for links that carry their
// own proof (invoices), with a key from lib/keys.ts.
import { TOKEN_PATTERN } from "../contracts/ids";

/** Bytes as base64url without padding. */
export const toB64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** The bytes of a base64url text (toB64url's inverse); padding is optional. */
export function fromB64url(text: string): Uint8Array {
  const b64 = text.replaceAll("-", "+").replaceAll("_", "/");
  const padded = b64.padEnd(Math.ceil(b64.length / 4) * 4, "=");
  return Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0));
}

export function randomToken(bytes = 32): string {
  return toB64url(crypto.getRandomValues(new Uint8Array(bytes)).buffer);
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** An HMAC-SHA256 signature of `message`, base64url: for links that must not be forged. */
export async function signMessage(key: CryptoKey, message: string): Promise<string> {
  return toB64url(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
}

/** Checks a signature from signMessage; WebCrypto's verify compares in constant time. */
export async function verifyMessage(
  key: CryptoKey,
  message: string,
  signature: string,
): Promise<boolean> {
  if (!TOKEN_PATTERN.test(signature)) return false;
  return crypto.subtle.verify(
    "HMAC",
    key,
    fromB64url(signature),
    new TextEncoder().encode(message),
  );
}
