// Readable, unique affiliate codes: uppercase letters and digits, 6 to 12 characters, taken from
// the creator's name where that is free ("Priya Sharma" -> PRIYASHA, then PRIYASHA27, ...).
import { like } from "drizzle-orm";
import { MIN_AFFILIATE_CODE_LENGTH } from "../contracts/affiliate";
import type { Db } from "../db/client";
import { creatorProfiles } from "../db/schema";

const BASE_MAX = 8;

export function codeBase(name: string): string {
  const letters = name
    .normalize("NFKD")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  const base = (letters || "CREATOR").slice(0, BASE_MAX);
  return base.length >= MIN_AFFILIATE_CODE_LENGTH
    ? base
    : base.padEnd(MIN_AFFILIATE_CODE_LENGTH, "0");
}

/** A code no creator has yet; the unique index stays the final judge at insert time. */
export async function freeAffiliateCode(db: Db, name: string): Promise<string> {
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
  for (let attempt = 0; attempt < 50; attempt++) {
    const digits = attempt < 20 ? 2 : 4;
    const suffix = String(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0)
      .slice(-digits)
      .padStart(digits, "0");
    const code = `${base}${suffix}`;
    if (!taken.has(code)) return code;
  }
  throw new Error(`No free affiliate code for ${base}`);
}
