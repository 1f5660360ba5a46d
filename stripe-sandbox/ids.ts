import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Stripe-looking ids (`cs_test_a1B2...`): a prefix and random base62 characters. */
export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = prefix;
  // 62 does not divide 256, so the first characters are a little likelier; fine for ids.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

export const requestId = () => randomId("req_", 14);

export const unixSeconds = (ms = Date.now()) => Math.floor(ms / 1000);
