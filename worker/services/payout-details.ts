// Where a creator is paid (issue 18, item 4): saved from the profile, the account number sealed
// with the payout-details key (lib/keys.ts, PAYOUT_DETAILS_KEY) and bound to the creator's id, and
// kept masked beside it, so answers never need to open it. Only the bank file opens it
// (services/payouts.ts), from the copy a payout batch took.
import { eq } from "drizzle-orm";
import {
  maskAccountNumber,
  type PayoutDetails,
  type PayoutDetailsDto,
  payoutDetailsDto,
} from "../contracts/payouts";
import type { Db } from "../db/client";
import { creatorPayoutDetails } from "../db/schema";
import type { Bindings } from "../env";
import { seal, unseal } from "../lib/keys";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** "BSB 062-000, account ••••••123" or "PayPal jo@example.com": where a payout went, in words. */
export function paidTo(details: PayoutDetailsDto): string {
  return details.method === "paypal"
    ? `PayPal ${details.email}`
    : `BSB ${details.bsb}, account ${details.accountNumberMasked}`;
}

/** The creator's details, masked; null when they have given none. */
export async function getPayoutDetails(db: Db, userId: string): Promise<PayoutDetailsDto | null> {
  const [row] = await db
    .select()
    .from(creatorPayoutDetails)
    .where(eq(creatorPayoutDetails.userId, userId));
  return row ? payoutDetailsDto(row) : null;
}

/**
 * Saves the creator's details in place of any earlier ones and answers them masked, with whether
 * they changed (the caller tells the creator by mail). Switching method clears the other's fields.
 */
export async function savePayoutDetails(
  env: Bindings,
  db: Db,
  userId: string,
  details: PayoutDetails,
): Promise<PayoutDetailsDto> {
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
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(creatorPayoutDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: creatorPayoutDetails.userId, set: values })
    .returning();
  if (!row) throw new Error("payout details were not saved");
  return payoutDetailsDto(row);
}

/** Opens an account number sealed for `userId` (a payout line keeps the creator's sealed copy). */
export async function openAccountNumber(
  env: Bindings,
  userId: string,
  sealed: string,
): Promise<string> {
  return decoder.decode(await unseal(env, "payoutDetails", userId, sealed));
}
