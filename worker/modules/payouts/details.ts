// Where a creator is paid: saved from the profile by the payout method the details name
// (methods/: a bank account's number sealed with the payout-details key and kept masked beside
// it, a PayPal address), so answers never need to open a secret. Only the bank file opens it
// (methods/bank.ts), from the copy a payout batch took.
//
// Details cannot be redirected quietly: saving needs the account's password (the route checks
// it), the account's own address is mailed a notice, and new details wait a cooling-off period
// (PAYOUT_DETAILS_COOLING_OFF_HOURS, 72 by default) before a batch may pay them. A save that keeps
// the same destination (only the ABN or GST registration changed) keeps its usable time.

import { eq, inArray } from "drizzle-orm";
import {
  type CreatorPayoutDetailsDto,
  type PayoutDetails,
  type PayoutDetailsDto,
  payoutDetailsDto,
} from "../../contracts/payouts";
import type { Bindings } from "../../env";
import type { Deps } from "../../lib/deps";
import { auditStatement } from "../audit/audit";
import { users } from "../identity/schema";
import { payoutMethod } from "./methods/registry";
import { creatorPayoutDetails } from "./schema";

const HOUR_MS = 3_600_000;
export const DEFAULT_COOLING_OFF_HOURS = 72;

/** How long new payout details wait before a batch may pay them. */
export const coolingOffMs = (env: Pick<Bindings, "PAYOUT_DETAILS_COOLING_OFF_HOURS">) =>
  Number(env.PAYOUT_DETAILS_COOLING_OFF_HOURS ?? DEFAULT_COOLING_OFF_HOURS) * HOUR_MS;

/** "BSB 062-000, account ••••••123" or "PayPal jo@example.com": where a payout went, in words. */
export const paidTo = (details: PayoutDetailsDto): string =>
  payoutMethod(details.method).paidTo(details);

type Row = typeof creatorPayoutDetails.$inferSelect;

const creatorDto = (row: Row): CreatorPayoutDetailsDto => ({
  ...payoutDetailsDto(row),
  usableFrom: row.usableFrom.toISOString(),
});

/** The creator's details, masked, with when they may be paid; null when they have given none. */
export async function getPayoutDetails(
  { db }: Pick<Deps, "db">,
  userId: string,
): Promise<CreatorPayoutDetailsDto | null> {
  const [row] = await db
    .select()
    .from(creatorPayoutDetails)
    .where(eq(creatorPayoutDetails.userId, userId));
  return row ? creatorDto(row) : null;
}

export interface SavedPayoutDetails {
  payoutDetails: CreatorPayoutDetailsDto;
  /** True when money would now go somewhere else than before (or had nowhere to go). */
  destinationChanged: boolean;
}

/**
 * Saves the creator's details in place of any earlier ones, with their audit entry (masked) in
 * the same batch, and answers them masked. A new destination is usable only after the cooling-off
 * period; switching method clears the other's fields.
 */
export async function savePayoutDetails(
  { env, db, actor }: Pick<Deps, "env" | "db" | "actor">,
  details: PayoutDetails,
  now = Date.now(),
): Promise<SavedPayoutDetails> {
  const userId = actor.id;
  const [before] = await db
    .select()
    .from(creatorPayoutDetails)
    .where(eq(creatorPayoutDetails.userId, userId));
  const method = payoutMethod(details.method);
  const destinationChanged = !before || !(await method.sameDestination(env, before, details));
  const usableFrom =
    destinationChanged || !before ? new Date(now + coolingOffMs(env)) : before.usableFrom;
  // Switching method clears the other's fields: each method sets its own and nulls the rest.
  const values = {
    method: details.method,
    ...(await method.store(env, userId, details)),
    abn: details.abn,
    gstRegistered: details.gstRegistered,
    usableFrom,
    updatedAt: new Date(now),
  };
  const [[row]] = await db.batch([
    db
      .insert(creatorPayoutDetails)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: creatorPayoutDetails.userId, set: values })
      .returning(),
    auditStatement(db, actor, {
      entity: "account",
      entityId: userId,
      action: "payout_details",
      before: before
        ? { ...payoutDetailsDto(before), usableFrom: before.usableFrom.toISOString() }
        : null,
      after: { ...payoutDetailsDto({ ...values }), usableFrom: usableFrom.toISOString() },
    }),
  ]);
  if (!row) throw new Error("payout details were not saved");
  return { payoutDetails: creatorDto(row), destinationChanged };
}

/**
 * Ends the cooling-off period of the payout details of the account with this email, as if it had
 * passed (development only: the browser journeys' way to a payout). The details' owners.
 */
export const endCoolingOff = ({ db }: Pick<Deps, "db">, email: string) =>
  db
    .update(creatorPayoutDetails)
    .set({ usableFrom: new Date() })
    .where(
      inArray(
        creatorPayoutDetails.userId,
        db.select({ id: users.id }).from(users).where(eq(users.email, email)),
      ),
    )
    .returning({ userId: creatorPayoutDetails.userId });
