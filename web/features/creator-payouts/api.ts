// The creator's payout calls: where to be paid (POST /api/user/creator/payout-details) and a paid
// payout's statement (GET /api/payouts/:id/statement). The balance, commissions, details and
// payouts themselves come with the creator record (account/api.ts fetchCreator).
import type {
  PayoutDetails,
  PayoutDetailsResponse,
  PayoutStatementResponse,
} from "../../../worker/contracts/payouts";
import { api } from "../../lib/api-client";

export const savePayoutDetails = (details: PayoutDetails) =>
  api<PayoutDetailsResponse>("/api/user/creator/payout-details", {
    method: "POST",
    body: details,
  });

export const fetchPayoutStatement = (id: string, signal?: AbortSignal) =>
  api<PayoutStatementResponse>(`/api/payouts/${encodeURIComponent(id)}/statement`, { signal });
