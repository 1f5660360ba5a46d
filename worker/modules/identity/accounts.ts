// Accounts: sign-up and the profile's own fields (users). Sessions, passwords, resets and email
// changes are their own files beside this one.

import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { type UserRole, users } from "./schema";

export interface NewAccount {
  id?: string;
  name: string;
  email: string;
  passwordHash: string;
  role: UserRole;
}

/** The insert of a new account, for a batch that writes more with it (a creator's profile). */
export const newAccountStatement = (db: Db, account: NewAccount) =>
  db.insert(users).values({ id: account.id ?? newId(), ...account });

/** Signs up a shopper: the new account's id and role, or null when the email is taken. */
export async function registerAccount(
  { db }: Pick<Deps, "db">,
  account: NewAccount,
): Promise<{ id: string; role: UserRole } | null> {
  const [user] = await db
    .insert(users)
    .values({ id: account.id ?? newId(), ...account })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, role: users.role });
  return user ?? null;
}

/** The account's name changed, for a batch (a creator's profile changes with it). */
export const renameAccountStatement = (db: Db, userId: string, name: string) =>
  db.update(users).set({ name }).where(eq(users.id, userId));

/** Changes the account's name now; the account as the profile shows it, or null when gone. */
export async function renameAccount({ db }: Pick<Deps, "db">, userId: string, name: string) {
  const [user] = await db
    .update(users)
    .set({ name })
    .where(eq(users.id, userId))
    .returning({ _id: users.id, name: users.name, email: users.email, role: users.role });
  return user ?? null;
}

/** The ids of the accounts of these emails. */
export const accountIdsOf = async ({ db }: Pick<Deps, "db">, emails: string[]) =>
  (await db.select({ id: users.id }).from(users).where(inArray(users.email, emails))).map(
    (u) => u.id,
  );

/** Removes the accounts of these emails (their sessions, profile, clicks and commissions cascade). */
export const forgetAccountsStatement = (db: Db, emails: string[]) =>
  db.delete(users).where(inArray(users.email, emails));
