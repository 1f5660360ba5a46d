// The signed-in shopper's orders (SPEC.md section 7), newest first as the Worker sends them.
import {
  ORDER_MESSAGES,
  type OrderDto,
  type UserOrdersResponse,
} from "../../../worker/contracts/order";
import { api } from "../../lib/api-client";
import { answerMessage } from "../account/messages";
import type { Answer } from "../checkout/api";

export const fetchUserOrders = (signal?: AbortSignal) =>
  api<Answer<UserOrdersResponse>>("/api/order/userorders", { method: "POST", signal });

/** The orders; a 2xx that says `success: false` fails with its reason or "Failed to load orders". */
export async function loadUserOrders(signal: AbortSignal): Promise<OrderDto[]> {
  const answer = await fetchUserOrders(signal);
  if (!answer.success) throw new Error(answerMessage(answer, ORDER_MESSAGES.loadFailed));
  return answer.orders ?? [];
}
