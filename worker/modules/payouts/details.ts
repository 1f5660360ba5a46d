// Where a creator is paid: saved from the profile, the account number sealed with the
// payout-details key (lib/keys.ts, PAYOUT_DETAILS_KEY) and bound to the creator's id, and kept
// masked beside it, so answers never need to open it. Only the bank file opens it
// (modules/payouts/payouts.ts), from the copy a payout batch took.
//
// Details cannot be redirected quietly: saving needs the account's password (the route checks
// it), the account's own address is mailed a notice, and new details wait a cooling-off period
// (PAYOUT_DETAILS_COOLING_OFF_HOURS, 72 by default) before a batch may pay them. A save that keeps
// the same destination (only the ABN or GST registration changed) keeps its usable time.
import { eq, inArray } from "drizzle-orm";
import {
  type CreatorPayoutDetailsDto,
  maskAccountNumber,
  type PayoutDetails,
  type PayoutDetailsDto,
  payoutDetailsDto,
} from "../../contracts/payouts";
import type { Db } from "../../db/client";
import type { Bindings } from "../../env";
import { seal, unseal } from "../../lib/keys";
import { type Actor, auditStatement } from "../audit/audit";
import { users } from "../identity/schema";
import { creatorPayoutDetails } from "./schema";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const HOUR_MS = 3_600_000;
export const DEFAULT_COOLING_OFF_HOURS = 72;

/** How long new payout details wait before a batch may pay them. */
export const coolingOffMs = (env: Pick<Bindings, "PAYOUT_DETAILS_COOLING_OFF_HOURS">) =>
  Number(env.PAYOUT_DETAILS_COOLING_OFF_HOURS ?? DEFAULT_COOLING_OFF_HOURS) * HOUR_MS;

/** "BSB 062-000, account ••••••123" or "PayPal jo@example.com": where a payout went, in words. */
export function paidTo(details: PayoutDetailsDto): string {
  return details.method === "paypal"
    ? `PayPal ${details.email}`
    : `BSB ${details.bsb}, account ${details.accountNumberMasked}`;
}

type Row = typeof creatorPayoutDetails.$inferSelect;

const creatorDto = (row: Row): CreatorPayoutDetailsDto => ({
  ...payoutDetailsDto(row),
  usableFrom: row.usableFrom.toISOString(),
});

/** The creator's details, masked, with when they may be paid; null when they have given none. */
export async function getPayoutDetails(
  db: Db,
  userId: string,
): Promise<CreatorPayoutDetailsDto | null> {
  const [row] = await db
    .select()
    .from(creatorPayoutDetails)
    .where(eq(creatorPayoutDetails.userId, userId));
  return row ? creatorDto(row) : null;
}

/** Whether `details` send money where `row` already did (same account or PayPal address). */
async function sameDestination(env: Bindings, row: Row, details: PayoutDetails) {
  if (details.method === "paypal") {
    return row.method === "paypal" && row.paypalEmail === details.email;
  }
  if (row.method !== "bank" || row.bsb !== details.bsb || !row.accountNumberSealed) return false;
  if (row.accountName !== details.accountName) return false;
  return (
    (await openAccountNumber(env, row.userId, row.accountNumberSealed)) === details.accountNumber
  );
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
  env: Bindings,
  db: Db,
  actor: Actor,
  details: PayoutDetails,
  now = Date.now(),
): Promise<SavedPayoutDetails> {
  const userId = actor.id;
  const [before] = await db
    .select()
    .from(creatorPayoutDetails)
    .where(eq(creatorPayoutDetails.userId, userId));
  const destinationChanged = !before || !(await sameDestination(env, before, details));
  const usableFrom =
    destinationChanged || !before ? new Date(now + coolingOffMs(env)) : before.usableFrom;
  const bank = details.method === "bank" ? details : null;
  const values = {
    method: details.method,
    bsb: bank?.bsb ?? null,
    accountNumberSealed: bank
      ? await seal(env, "payoutDetails", userId, encoder.encode(bank.accountNumber))
      : null,
    accountNumberMasked: bank ? maskAccountNumber(bank.accountNumber) : null,
    accountName: bank?.accountName ?? null,
    paypalEmail: details.method === "paypal" ? details.email : null,
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

/** Opens an account number sealed for `userId` (a payout line keeps the creator's sealed copy). */
export async function openAccountNumber(
  env: Bindings,
  userId: string,
  sealed: string,
): Promise<string> {
  return decoder.decode(await unseal(env, "payoutDetails", userId, sealed));
}

/**
 * Ends the cooling-off period of the payout details of the account with this email, as if it had
 * passed (development only: the browser journeys' way to a payout). The details' owners.
 */
export const endCoolingOff = (db: Db, email: string) =>
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
