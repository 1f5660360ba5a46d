// Payouts (README, paying creators): batches of what creators are owed, their bank and PayPal
// files, and marking one paid or cancelling it. Each change answers with the batch as it now is.
import type * as v from "valibot";
import type {
  AdminPayoutListResponse,
  AdminPayoutPreviewResponse,
  AdminPayoutResponse,
  PayoutCreateSchema,
} from "../../../worker/contracts/payouts";
import { call, download, fetchList, post, query, recordPath } from "../lib/admin-api";

export const fetchPayouts = (params: { page?: number }, signal?: AbortSignal) =>
  fetchList<AdminPayoutListResponse>("/api/admin/payouts", params, signal);

const payoutPath = (payoutId: string) => recordPath("payouts", payoutId);

/** What a batch at `minimum` dollars would pay now, as the Worker computes it. */
export const previewPayout = async (minimum: number, signal?: AbortSignal) =>
  (
    await fetchList<AdminPayoutPreviewResponse>(
      "/api/admin/payouts/preview",
      { minimum: minimum.toFixed(2) },
      signal,
    )
  ).due;

/**
 * Everyone with usable payout details owed at least `minimum` dollars, and who was owed that much
 * but left out for new payout details; nobody is 409 nothing_to_pay, and a batch that would not
 * pay the `expected` total and creators is 409 payout_changed.
 */
export const createPayout = async (input: v.InferOutput<typeof PayoutCreateSchema>) => {
  const answer = await post<AdminPayoutResponse>("/api/admin/payouts", input);
  return { payout: answer.payout, leftOut: answer.leftOut ?? [] };
};

export const fetchPayout = async (payoutId: string, signal?: AbortSignal) =>
  (await call<AdminPayoutResponse>(payoutPath(payoutId), { signal })).payout;

/** Mails each creator a remittance; a cancelled batch is 409. */
export const markPayoutPaid = async (payoutId: string) =>
  (await post<AdminPayoutResponse>(`${payoutPath(payoutId)}/paid`)).payout;

/** Only an open batch; its commissions are owed again. */
export const cancelPayout = async (payoutId: string) =>
  (await post<AdminPayoutResponse>(`${payoutPath(payoutId)}/cancel`)).payout;

/** The bank transfers as an ABA file, released on `date` (a Brisbane day, YYYY-MM-DD). */
export const downloadPayoutAba = (payoutId: string, date: string) =>
  download(`${payoutPath(payoutId)}/aba${query({ date })}`, `payout-${date}.aba`);

export const downloadPayoutPaypal = (payoutId: string) =>
  download(`${payoutPath(payoutId)}/paypal.csv`, "payout-paypal.csv");
