// A creator's own profile (creator_profiles): written with the account at sign-up, edited from the
// creator's profile page, and its payout email changed once the link mailed to it is opened.
import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
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
