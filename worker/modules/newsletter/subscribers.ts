// The newsletter's subscribers, with double opt-in (Spam Act consent): a sign-up stores the address
// pending with a confirmation link, the link's button confirms it, and every welcome carries a
// one-click unsubscribe link. Tokens are stored as their SHA-256 only.

import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { excluded } from "../../db/sql";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { randomToken, sha256Hex } from "../../lib/tokens";
import { newsletterSubscribers } from "./schema";

const HOUR_MS = 3_600_000;
/** At most one confirmation mail per address in this time. */
const CONFIRM_RESEND_MS = 24 * HOUR_MS;
/** How long a confirmation link works. */
const CONFIRM_VALID_MS = 7 * 24 * HOUR_MS;

const s = newsletterSubscribers;

/**
 * One statement decides, so simultaneous sign-ups mail at most once: a new address is inserted
 * pending; a pending or unsubscribed one gets a new link (and must confirm again) unless its last
 * confirmation mail went out within the day; a confirmed subscriber changes nothing. The row when
 * a confirmation mail with `confirmToken` should go out, else null.
 */
export async function subscribePending(
  { db }: Pick<Deps, "db">,
  { email, confirmToken, now }: { email: string; confirmToken: string; now: number },
): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(s)
    .values({
      id: newId(),
      email,
      // Not mailed: the welcome carries a fresh one once the address is confirmed.
      unsubscribeTokenHash: await sha256Hex(randomToken()),
      confirmTokenHash: await sha256Hex(confirmToken),
      confirmSentAt: new Date(now),
    })
    .onConflictDoUpdate({
      target: s.email,
      set: {
        confirmTokenHash: excluded(s.confirmTokenHash),
        confirmSentAt: excluded(s.confirmSentAt),
        confirmedAt: null,
        unsubscribedAt: null,
      },
      setWhere: sql`(${s.confirmedAt} IS NULL OR ${s.unsubscribedAt} IS NOT NULL)
        AND (${s.confirmSentAt} IS NULL OR ${s.confirmSentAt} <= ${now - CONFIRM_RESEND_MS})`,
    })
    .returning({ id: s.id });
  return row ?? null;
}

/** Whether the address (or the confirmation link's) is confirmed and still subscribed. */
export async function subscriptionOf(
  { db }: Pick<Deps, "db">,
  by: { email: string } | { confirmTokenHash: string },
) {
  const [row] = await db
    .select({ confirmedAt: s.confirmedAt, unsubscribedAt: s.unsubscribedAt })
    .from(s)
    .where("email" in by ? eq(s.email, by.email) : eq(s.confirmTokenHash, by.confirmTokenHash));
  return row ?? null;
}

/**
 * The confirmation button: subscribes the address of a live link, with the new unsubscribe link's
 * token. Never re-subscribes an address that has since unsubscribed. The address, or null.
 */
export async function confirmSubscription(
  { db }: Pick<Deps, "db">,
  {
    tokenHash,
    unsubscribeToken,
    now,
  }: { tokenHash: string; unsubscribeToken: string; now: number },
): Promise<{ email: string } | null> {
  const [row] = await db
    .update(s)
    .set({ confirmedAt: new Date(now), unsubscribeTokenHash: await sha256Hex(unsubscribeToken) })
    .where(
      and(
        eq(s.confirmTokenHash, tokenHash),
        isNull(s.confirmedAt),
        isNull(s.unsubscribedAt),
        gt(s.confirmSentAt, new Date(now - CONFIRM_VALID_MS)),
      ),
    )
    .returning({ email: s.email });
  return row ?? null;
}

/** The unsubscribe link: the time it took effect, or null for no such link. */
export async function unsubscribe({ db }: Pick<Deps, "db">, tokenHash: string) {
  const [row] = await db
    .update(s)
    .set({ unsubscribedAt: new Date() })
    .where(eq(s.unsubscribeTokenHash, tokenHash))
    .returning({ unsubscribedAt: s.unsubscribedAt });
  return row ?? null;
}

/** Removes these addresses' sign-ups. */
export const forgetSubscribersStatement = (db: Db, emails: string[]) =>
  db.delete(s).where(inArray(s.email, emails));

/** The newsletter's subscribers: confirmed and not unsubscribed, oldest confirmation first. */
export async function confirmedSubscribers({
  db,
}: Pick<Deps, "db">): Promise<{ email: string; confirmedAt: Date }[]> {
  const rows = await db
    .select({ email: s.email, confirmedAt: s.confirmedAt })
    .from(s)
    .where(and(isNotNull(s.confirmedAt), isNull(s.unsubscribedAt)))
    .orderBy(asc(s.confirmedAt), asc(s.email));
  return rows.flatMap((r) =>
    r.confirmedAt ? [{ email: r.email, confirmedAt: r.confirmedAt }] : [],
  );
}
