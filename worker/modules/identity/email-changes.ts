// Email changes waiting for the link mailed to the new address: a sign-in email
// or a creator's payout email changes only when that link is opened, so a stolen access token (even
// with the password) cannot move an account to an address its owner does not control unnoticed.
// Links are 24-hour tokens stored as their SHA-256, one per account and kind; confirming applies
// the change and deletes the row in one batch, so a link works once however often it is clicked.

import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Deps } from "../../lib/deps";
import { randomToken, sha256Hex } from "../../lib/tokens";
import { setPayoutEmailStatement } from "../creators/profiles";
import { creatorProfiles } from "../creators/schema";
import { type EmailChangeKind, emailChanges, users } from "./schema";

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Records a change of `kind` to `newEmail` for `userId`, replacing any earlier pending change of
 * that kind (its link stops working); the token for the link.
 */
export async function requestEmailChange(
  { db }: Pick<Deps, "db">,
  change: { userId: string; kind: EmailChangeKind; newEmail: string },
): Promise<string> {
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MS);
  await db
    .insert(emailChanges)
    .values({ ...change, tokenHash, expiresAt })
    .onConflictDoUpdate({
      target: [emailChanges.userId, emailChanges.kind],
      set: { tokenHash, newEmail: change.newEmail, expiresAt, createdAt: new Date() },
    });
  return token;
}

export type EmailChangeOutcome =
  | { status: "changed" | "already_changed"; kind: EmailChangeKind; email: string }
  | { status: "invalid" };

/** The pending change a live (unexpired, unused) link stands for: a query to await or nest. */
const liveChange = (db: Db, tokenHash: string, now: Date) =>
  db
    .select({ userId: emailChanges.userId })
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, tokenHash), gt(emailChanges.expiresAt, now)));

/**
 * Applies the change a link stands for and ends the link. Each write is conditional on the link
 * still being live inside the same batch (one transaction), so of two simultaneous clicks one
 * changes the address and the other finds it already changed. Throws the database's error when
 * the new sign-in email is taken meanwhile (the batch then changed nothing): the caller tells the
 * person and discards the link with discardEmailChange.
 */
export async function confirmEmailChange(
  { db }: Pick<Deps, "db">,
  tokenHash: string,
): Promise<EmailChangeOutcome> {
  const now = new Date();
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, tokenHash), gt(emailChanges.expiresAt, now)));
  if (!row) return { status: "invalid" };
  const live = liveChange(db, tokenHash, now);
  const end = db.delete(emailChanges).where(eq(emailChanges.tokenHash, tokenHash));
  const outcome = { kind: row.kind, email: row.newEmail };

  if (row.kind === "login") {
    const [changed] = await db.batch([
      db
        .update(users)
        .set({ email: row.newEmail })
        .where(and(eq(users.id, row.userId), inArray(users.id, live)))
        .returning({ id: users.id }),
      end,
    ]);
    if (changed.length > 0) return { status: "changed", ...outcome };
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    return user?.email === row.newEmail
      ? { status: "already_changed", ...outcome }
      : { status: "invalid" };
  }

  const [changed] = await db.batch([
    setPayoutEmailStatement(db, row.userId, row.newEmail, live),
    end,
  ]);
  if (changed.length > 0) return { status: "changed", ...outcome };
  const [profile] = await db
    .select({ payoutEmail: creatorProfiles.payoutEmail })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, row.userId));
  return profile?.payoutEmail === row.newEmail
    ? { status: "already_changed", ...outcome }
    : { status: "invalid" };
}

/** Ends a link without applying it (its new address was taken meanwhile). */
export async function discardEmailChange(
  { db }: Pick<Deps, "db">,
  tokenHash: string,
): Promise<void> {
  await db.delete(emailChanges).where(eq(emailChanges.tokenHash, tokenHash));
}

/** Deletes pending changes whose links have expired; the number deleted. */
export async function pruneEmailChanges(
  { db }: Pick<Deps, "db">,
  now = Date.now(),
): Promise<number> {
  const gone = await db
    .delete(emailChanges)
    .where(lte(emailChanges.expiresAt, new Date(now)))
    .returning({ tokenHash: emailChanges.tokenHash });
  return gone.length;
}
