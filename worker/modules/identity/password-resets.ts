// Password reset links: one-hour tokens, stored as their SHA-256 in D1. Using one sets the password,
// ends every other outstanding link of the account, every session of it and any email change it
// was waiting to confirm (someone who could change the email may be the reason for the reset), in
// one transaction.

import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Deps } from "../../lib/deps";
import { emailChanges, passwordResets, users } from "./schema";
import { endAllSessions } from "./sessions";

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** The account of an unexpired, unused link: a query to await or to use as a subquery. */
const ownerOf = (db: Db, tokenHash: string, now: number) =>
  db
    .select({ id: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(eq(passwordResets.tokenHash, tokenHash), gt(passwordResets.expiresAt, new Date(now))),
    );

/** Records a link mailed to `userId`, by the hash of its token. */
export async function storeResetLink(
  { db }: Pick<Deps, "db">,
  userId: string,
  tokenHash: string,
): Promise<void> {
  await db
    .insert(passwordResets)
    .values({ tokenHash, userId, expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS) });
}

/** True while the link can still be used. */
export async function isResetLinkLive(
  { db }: Pick<Deps, "db">,
  tokenHash: string,
): Promise<boolean> {
  const [owner] = await ownerOf(db, tokenHash, Date.now());
  return owner !== undefined;
}

/**
 * Sets the password of the link's account and ends all its links, sessions and pending email
 * changes; the account's id, or null when the link is unknown, expired, or another link of the
 * account was used first.
 */
export async function useResetLink(
  { db }: Pick<Deps, "db">,
  tokenHash: string,
  passwordHash: string,
): Promise<string | null> {
  const owner = ownerOf(db, tokenHash, Date.now());
  // Every statement reads the link before the last one deletes it: one batch is one transaction.
  const [changed] = await db.batch([
    db
      .update(users)
      .set({ passwordHash })
      .where(inArray(users.id, owner))
      .returning({ id: users.id }),
    endAllSessions(db, owner),
    db.delete(emailChanges).where(inArray(emailChanges.userId, owner)),
    db.delete(passwordResets).where(inArray(passwordResets.userId, owner)),
  ]);
  return changed[0]?.id ?? null;
}

/** Deletes links that have expired; the number deleted. */
export async function pruneResetLinks({ db }: Pick<Deps, "db">, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(passwordResets)
    .where(lte(passwordResets.expiresAt, new Date(now)))
    .returning({ tokenHash: passwordResets.tokenHash });
  return gone.length;
}
