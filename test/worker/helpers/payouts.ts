// Creator payouts in tests: payout details through the profile's endpoint, and sales whose
// commission is past its hold, as the hourly cron would leave them.
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { expect } from "vitest";
import type { AdminPayoutDto } from "../../../worker/contracts/payouts";
import { commissions, creatorPayoutDetails, orders } from "../../../worker/db/schema";
import { approveDueCommissions } from "../../../worker/modules/creators/commissions";
import type { AbaHeader } from "../../../worker/modules/payouts/methods/aba";
import { adminSession, asUser, creatorSession } from "./accounts";
import { paidOrder } from "./checkout";
import { createCategory, createProduct, db } from "./factories";

export const BANK_DETAILS = {
  method: "bank",
  bsb: "062-000",
  accountNumber: "12345678",
  accountName: "Priya Sharma",
} as const;

/** The password creatorSession's creators sign up with (helpers/accounts.ts creatorBody). */
export const CREATOR_PASSWORD = "creator password";

/**
 * Saves the creator's payout details (a bank account unless told otherwise), with the account's
 * password, then lets their cooling-off period pass, as time would before the next payout batch
 * (unless `waiting`: the details then stay new).
 */
export async function givePayoutDetails(
  token: string,
  details: Record<string, unknown> = BANK_DETAILS,
  { password = CREATOR_PASSWORD, waiting = false }: { password?: string; waiting?: boolean } = {},
) {
  const res = await asUser(token, "/api/user/creator/payout-details", {
    ...details,
    currentPassword: password,
  });
  expect(res.status).toBe(200);
  if (!waiting) await coolingOffPassed(decodeJwt(token).sub ?? "");
  return res;
}

/** The shop's side of a bank file, as the tests write one. */
export const ABA_HEADER: AbaHeader = {
  bank: "CBA",
  userName: "Tamra and Tara Pty Ltd",
  userId: "301500",
  description: "Creators",
  processingDate: "2026-03-31",
  account: { bsb: "064-000", accountNumber: "10458921" },
  remitter: "Tamra and Tara",
};

/** Makes a creator's saved payout details usable now, as the cooling-off period's end would. */
export async function coolingOffPassed(userId: string) {
  await db()
    .update(creatorPayoutDetails)
    .set({ usableFrom: new Date(Date.now() - 1) })
    .where(eq(creatorPayoutDetails.userId, userId));
}

/**
 * A paid order through the creator's code whose commission is then approved (its hold passed):
 * `priceCents` a unit ($600: $59 commission at 10% after the $10 discount), `quantity` units.
 */
export async function payableSale(code: string, priceCents = 60_000, quantity = 1) {
  const cat = await createCategory();
  const p = await createProduct(cat.id, {
    originalPriceCents: priceCents,
    finalPriceCents: priceCents,
  });
  const { session } = await paidOrder({ items: [{ _id: p.id, quantity }], affiliateCode: code });
  const [order] = await db().select().from(orders).where(eq(orders.stripeSessionId, session.id));
  if (!order?.paidAt) throw new Error("order not paid");
  await approveDueCommissions({ db: db() }, { holdMs: 0, now: Date.now() + 1 });
  const [commission] = await db()
    .select()
    .from(commissions)
    .where(eq(commissions.orderId, order.id));
  if (!commission) throw new Error("no commission");
  return { session, order, commission };
}

/** POST /api/admin/payouts as the admin. */
export async function createPayout(adminToken: string, body: Record<string, unknown> = {}) {
  return asUser(adminToken, "/api/admin/payouts", body);
}

export async function createdPayout(adminToken: string, body: Record<string, unknown> = {}) {
  const res = await createPayout(adminToken, body);
  expect(res.status).toBe(200);
  return (await res.json<{ payout: AdminPayoutDto }>()).payout;
}

/** An admin, and a creator with bank details and one payable sale: where most payout tests begin. */
export async function creatorWithSale() {
  const admin = await adminSession();
  const creator = await creatorSession();
  await givePayoutDetails(creator.accessToken);
  const sale = await payableSale(creator.code);
  return { admin, creator, sale };
}
