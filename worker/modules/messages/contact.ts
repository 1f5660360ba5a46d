// The contact form's messages: stored as sent, for the back-office's inbox (inbox.ts).

import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { contactMessages } from "./schema";

export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, "id" | "status">;

/** Keeps a message from the contact form. */
export async function storeContactMessage(
  { db }: Pick<Deps, "db">,
  message: NewContactMessage,
): Promise<void> {
  await db.insert(contactMessages).values({ id: newId(), ...message });
}

/** Removes the messages (and their replies, by cascade) sent from these addresses. */
export const forgetMessagesStatement = (db: Db, emails: string[]) =>
  db.delete(contactMessages).where(inArray(contactMessages.email, emails));
