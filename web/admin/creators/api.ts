// Creators (README, creator affiliate programme): applications (approve, reject, suspend, approve
// again) and each creator's terms. Each change answers with the creator as they now are.
import type * as v from "valibot";
import type {
  AdminCreatorListResponse,
  AdminCreatorResponse,
  CreatorListQuery,
  CreatorUpdateInput,
} from "../../../worker/contracts/admin-creators";
import { fetchList, post, recordPath } from "../lib/admin-api";

export const fetchCreators = (
  params: Partial<v.InferOutput<typeof CreatorListQuery>>,
  signal?: AbortSignal,
) => fetchList<AdminCreatorListResponse>("/api/admin/creators", params, signal);

/** A move not in CREATOR_STATUS_MOVES is 409; new terms apply to orders from then on. */
export const updateCreator = async (creatorId: string, input: CreatorUpdateInput) =>
  (await post<AdminCreatorResponse>(recordPath("creators", creatorId), input)).creator;
