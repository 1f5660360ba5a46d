// Webhook event idempotency: a Stripe event's id is recorded in the batch that applies it, under a
// unique key, so a replayed or concurrent delivery records nothing and its batch changes nothing.
import { lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { stripeEvents } from "./schema";

export interface EventRef {
  id: string;
  type: string;
}

/** The event's id is its key: a replayed event records nothing (for the applying batch). */
export const recordEventStatement = (db: Db, event: EventRef) =>
  db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();

/** Retention's daily statement: event ids recorded before `before` (their ids returned). */
export const pruneEventsStatement = (db: Db, before: Date) =>
  db
    .delete(stripeEvents)
    .where(lte(stripeEvents.processedAt, before))
    .returning({ id: stripeEvents.id });
