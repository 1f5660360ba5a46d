// Shop discount codes as stored and as generated: upper-case, so a code matches in any case, and
// a batch's codes drawn with the platform's cryptographic randomness from an alphabet without
// look-alike characters (no 0/O, 1/I/L), so they can be read aloud and cannot be guessed.
import { DISCOUNT_CODE_PATTERN } from "../../contracts/promotions";

/** A typed code as stored, or null when it cannot be one (then it is simply unknown). */
export function normaliseDiscountCode(raw: string | null | undefined): string | null {
  const code = (raw ?? "").trim().toUpperCase();
  return DISCOUNT_CODE_PATTERN.test(code) ? code : null;
}

export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** Random characters in a generated code after its prefix: 31^12, about 2^59 codes. */
export const GENERATED_CODE_LENGTH = 12;

/** `length` characters drawn uniformly (rejection sampling, so no character is likelier). */
function randomCharacters(length: number): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return out;
}

/** `count` distinct new codes, each `PREFIX-` (when there is a prefix) and 12 random characters. */
export function generateCodes(count: number, prefix: string): string[] {
  const head = prefix ? `${prefix.toUpperCase()}-` : "";
  const codes = new Set<string>();
  while (codes.size < count) codes.add(head + randomCharacters(GENERATED_CODE_LENGTH));
  return [...codes];
}
