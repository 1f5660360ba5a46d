// The signed-in shopper's orders (SPEC.md section 7), newest first as the Worker sends them.
import {
  ORDER_MESSAGES,
  type OrderDto,
  type UserOrdersResponse,
} from "../../../worker/contracts/order";
import { api, isSessionExpired } from "../../lib/api-client";
import { answerMessage, failureMessage } from "../account/messages";
import type { Answer } from "../checkout/api";

export const fetchUserOrders = (signal?: AbortSignal) =>
  api<Answer<UserOrdersResponse>>("/api/order/userorders", { method: "POST", signal });

/** The orders, or an Error whose message is the server's or "Failed to load orders". */
export async function loadUserOrders(signal: AbortSignal): Promise<OrderDto[]> {
  let answer: Awaited<ReturnType<typeof fetchUserOrders>>;
  try {
    answer = await fetchUserOrders(signal);
  } catch (error) {
    // An abort and an expired session (already announced) go through as they are.
    if (signal.aborted || isSessionExpired(error)) throw error;
    throw new Error(failureMessage(error, ORDER_MESSAGES.loadFailed));
  }
  if (!answer.success) throw new Error(answerMessage(answer, ORDER_MESSAGES.loadFailed));
  return answer.orders ?? [];
}
