// The promotions list's address and request (GET /api/admin/promotions?q=&state=&page=), read with
// the list kit. The contract names the states; this is the list's query as the Worker takes it.
import * as v from "valibot";
import { PageQuery } from "../../../worker/contracts/admin";
import { PROMOTION_STATES } from "../../../worker/contracts/promotions";

/** Promotions per page, as the Worker answers them. */
export const PROMOTIONS_PAGE_SIZE = 20;
export const MAX_PROMOTION_SEARCH_LENGTH = 80;

export const PromotionListQuery = v.object({
  state: v.optional(v.picklist(PROMOTION_STATES)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_PROMOTION_SEARCH_LENGTH))),
  page: PageQuery,
});
export type PromotionListParams = Partial<v.InferOutput<typeof PromotionListQuery>>;
