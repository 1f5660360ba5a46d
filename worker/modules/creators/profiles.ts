// A creator's own profile (creator_profiles): written with the account at sign-up, edited from the
// creator's profile page, and its payout email changed once the link mailed to it is opened.
import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { violatesUnique } from "../../db/errors";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { newAccountStatement, renameAccountStatement } from "../identity/accounts";
import { affiliateCodeUnavailable, freeAffiliateCode } from "./codes";
import { creatorProfiles } from "./schema";

export interface NewCreatorProfile {
  userId: string;
  affiliateCode: string;
  bio: string;
  socials: string;
  payoutEmail: string;
}

/** A creator's application, for the batch that creates the account with it. */
export const newProfileStatement = (db: Db, profile: NewCreatorProfile) =>
  db.insert(creatorProfiles).values({
    ...profile,
    // An application: the owner approves or rejects it in the back-office.
    status: "pending",
    statusChangedAt: new Date(),
  });

/** The profile page's own fields; the payout email only when removed (no address to confirm). */
export const updateProfileStatement = (
  db: Db,
  userId: string,
  changes: Pick<NewCreatorProfile, "bio" | "socials"> & { payoutEmail?: "" },
) => db.update(creatorProfiles).set(changes).where(eq(creatorProfiles.userId, userId));

/**
 * A confirmed payout email, for the batch that ends its pending change: written only while the
 * change is live (`live` selects the account's id while it is). Returns the profile's user id.
 */
export const setPayoutEmailStatement = (
  db: Db,
  userId: string,
  payoutEmail: string,
  live: SQLWrapper,
) =>
  db
    .update(creatorProfiles)
    .set({ payoutEmail })
    .where(and(eq(creatorProfiles.userId, userId), inArray(creatorProfiles.userId, live)))
    .returning({ id: creatorProfiles.userId });

export interface CreatorApplication {
  name: string;
  email: string;
  passwordHash: string;
  bio: string;
  socials: string;
  payoutEmail: string;
}

/**
 * A creator's sign-up: the account (identity's) and its profile with a free affiliate code, in one
 * batch, so both exist or neither. A simultaneous sign-up may take the email ("email_taken") or
 * the code (the next free one is tried; after that many losses in a row, a 409 to retry rather
 * than a 500).
 */
export async function registerCreator(
  { db }: Pick<Deps, "db">,
  application: CreatorApplication,
): Promise<"created" | "email_taken"> {
  const id = newId();
  const { name, email, passwordHash, bio, socials, payoutEmail } = application;
  for (let attempt = 1; ; attempt++) {
    const affiliateCode = await freeAffiliateCode({ db }, name);
    try {
      await db.batch([
        newAccountStatement(db, { id, name, email, passwordHash, role: "creator" }),
        newProfileStatement(db, { userId: id, affiliateCode, bio, socials, payoutEmail }),
      ]);
      return "created";
    } catch (err) {
      if (violatesUnique(err, "users.email")) return "email_taken";
      if (violatesUnique(err, "creator_profiles.affiliate_code")) {
        if (attempt < 5) continue;
        throw affiliateCodeUnavailable();
      }
      throw err;
    }
  }
}

/** The profile page's save: the account's name and the profile's fields, together. */
export async function updateCreatorProfile(
  { db }: Pick<Deps, "db">,
  userId: string,
  changes: { name: string; bio: string; socials: string; payoutRemoved: boolean },
): Promise<void> {
  await db.batch([
    renameAccountStatement(db, userId, changes.name),
    updateProfileStatement(db, userId, {
      bio: changes.bio,
      socials: changes.socials,
      ...(changes.payoutRemoved ? { payoutEmail: "" as const } : {}),
    }),
  ]);
}
