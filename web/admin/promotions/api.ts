// Promotions (README, "Promotions"): the list, one promotion with the orders that used it, a new
// one or the whole of one saved again (pausing and ending are its status), batches of single-use
// codes and their CSV.
import type {
  PromotionDto,
  PromotionInput,
  PromotionOrderDto,
} from "../../../worker/contracts/promotions";
import { call, download, fetchList, post, recordPath } from "../lib/admin-api";
import type { PromotionListParams } from "./promotion-list-query";

export interface PromotionListResponse {
  success: true;
  promotions: PromotionDto[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PromotionResponse {
  success: true;
  promotion: PromotionDto;
  message?: string;
}

export interface PromotionDetailResponse {
  success: true;
  promotion: PromotionDto;
  orders: PromotionOrderDto[];
}

export interface CodeBatchResponse {
  success: true;
  created: number;
  message: string;
}

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
