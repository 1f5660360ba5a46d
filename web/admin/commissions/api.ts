// Commissions held for the owner's review as possible self-referral, and the decisions on them.
import type * as v from "valibot";
import type {
  CommissionReviewSchema,
  ReviewedCommissionDto,
  ReviewedCommissionListResponse,
  ReviewedCommissionQuery,
} from "../../../worker/contracts/admin-creators";
import { fetchList, post, recordPath } from "../lib/admin-api";

export const fetchReviewedCommissions = (
  params: Partial<v.InferOutput<typeof ReviewedCommissionQuery>>,
  signal?: AbortSignal,
) => fetchList<ReviewedCommissionListResponse>("/api/admin/commissions", params, signal);

/** Only a held commission; one already released or rejected is 409 not_held. */
export const reviewCommission = async (
  commissionId: string,
  input: v.InferOutput<typeof CommissionReviewSchema>,
) =>
  (
    await post<{ success: true; commission: ReviewedCommissionDto }>(
      `${recordPath("commissions", commissionId)}/review`,
      input,
    )
  ).commission;
