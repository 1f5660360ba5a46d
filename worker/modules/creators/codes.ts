// Readable, unique affiliate codes: uppercase letters and digits, 6 to 12 characters, taken from
// the creator's name where that is free ("Priya Sharma" -> PRIYASHA, then PRIYASHA27, ...), and
// partly random once every readable code for that name is taken.

import { inArray, like } from "drizzle-orm";
import { MAX_AFFILIATE_CODE_LENGTH, MIN_AFFILIATE_CODE_LENGTH } from "../../contracts/affiliate";
import { AppError } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { creatorProfiles } from "./schema";

const BASE_MAX = 8;
/**
 * Every name without Latin letters or digits ("李小龙", "Ωμέγα", "🙂") shares this base, so it is
 * the one that gets crowded first.
 */
const NAMELESS_BASE = "CREATOR";
/** Digit suffixes tried after the bare base; four keeps an eight-letter base within 12. */
const SUFFIX_DIGITS = [2, 4] as const;
/** What stays of the base in a random code, so the creator still recognises it. */
const RANDOM_PREFIX = 4;
/** No 0/O or 1/I/L: a random code is read off a screen or a video and typed in. */
const RANDOM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** Random codes checked at once; 31^8 of them per prefix, so all taken means something is wrong. */
const RANDOM_CANDIDATES = 8;

/** `length` characters of RANDOM_ALPHABET from the platform's CSPRNG. */
export function randomCodeChars(length: number): string {
  return Array.from(
    crypto.getRandomValues(new Uint32Array(length)),
    (n) => RANDOM_ALPHABET[n % RANDOM_ALPHABET.length],
  ).join("");
}

/** Sign-up could not find a free code: a clear answer to retry, never a 500. */
export const affiliateCodeUnavailable = () =>
  new AppError(
    409,
    "We could not create an affiliate code for this account just now. Please try again.",
    "affiliate_code_unavailable",
  );

export function codeBase(name: string): string {
  const letters = name
    .normalize("NFKD")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  const base = (letters || NAMELESS_BASE).slice(0, BASE_MAX);
  return base.length >= MIN_AFFILIATE_CODE_LENGTH
    ? base
    : base.padEnd(MIN_AFFILIATE_CODE_LENGTH, "0");
}

const pick = <T>(items: readonly T[]): T | undefined =>
  items[(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % items.length];

/**
 * A code no creator has yet: the base, else a free base+digits (chosen at random among the free
 * ones, so simultaneous sign-ups with one name rarely pick the same), else the base's first letters
 * and random characters. The unique index stays the final judge at insert time; `random` is the
 * source of those characters (tests make it predictable to exhaust every candidate).
 * Throws affiliateCodeUnavailable() only when every candidate is taken.
 */
export async function freeAffiliateCode(
  { db }: Pick<Deps, "db">,
  name: string,
  { random = randomCodeChars }: { random?: (length: number) => string } = {},
): Promise<string> {
  const base = codeBase(name);
  const taken = new Set(
    (
      await db
        .select({ code: creatorProfiles.affiliateCode })
        .from(creatorProfiles)
        .where(like(creatorProfiles.affiliateCode, `${base}%`))
    ).map((r) => r.code),
  );
  if (!taken.has(base)) return base;
  for (const digits of SUFFIX_DIGITS) {
    if (base.length + digits > MAX_AFFILIATE_CODE_LENGTH) break;
    const free: string[] = [];
    for (let n = 0; n < 10 ** digits; n++) {
      const code = `${base}${String(n).padStart(digits, "0")}`;
      if (!taken.has(code)) free.push(code);
    }
    const code = pick(free);
    if (code) return code;
  }

  const prefix = base.slice(0, RANDOM_PREFIX);
  const candidates = Array.from(
    { length: RANDOM_CANDIDATES },
    () => `${prefix}${random(MAX_AFFILIATE_CODE_LENGTH - prefix.length)}`,
  );
  const clashing = new Set(
    (
      await db
        .select({ code: creatorProfiles.affiliateCode })
        .from(creatorProfiles)
        .where(inArray(creatorProfiles.affiliateCode, candidates))
    ).map((r) => r.code),
  );
  const code = candidates.find((c) => !clashing.has(c));
  if (!code) throw affiliateCodeUnavailable();
  return code;
}
