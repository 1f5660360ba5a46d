// Promotions (README, "Promotions"): the list, one promotion with the orders that used it, a new
// one or the whole of one saved again (pausing and ending are its status), batches of single-use
// codes and their CSV.
import type {
  CodeBatchResponse,
  PromotionDetailResponse,
  PromotionInput,
  PromotionListParams,
  PromotionListResponse,
  PromotionResponse,
} from "../../../worker/contracts/promotions";
import { call, download, fetchList, post, recordPath } from "../lib/admin-api";

const PROMOTIONS = "/api/admin/promotions";
const promotionPath = (id: string) => recordPath("promotions", id);

export const fetchPromotions = (params: PromotionListParams, signal?: AbortSignal) =>
  fetchList<PromotionListResponse>(PROMOTIONS, params, signal);

export const fetchPromotion = (id: string, signal?: AbortSignal) =>
  call<PromotionDetailResponse>(promotionPath(id), { signal });

export const createPromotion = (input: PromotionInput) =>
  post<PromotionResponse>(PROMOTIONS, input);

export const savePromotion = (id: string, input: PromotionInput) =>
  post<PromotionResponse>(promotionPath(id), input);

export const generateCodes = (id: string, batch: { count: number; prefix: string }) =>
  post<CodeBatchResponse>(`${promotionPath(id)}/codes`, batch);

export const downloadCodes = (id: string) =>
  download(`${promotionPath(id)}/codes.csv`, "promotion-codes.csv");
