// Orders (README, back-office): the queue to ship and one order. Each action answers with the order
// as it now is, which the order's page shows.
import type {
  AdminOrderDto,
  AdminOrderListResponse,
  AdminOrderResponse,
  CancelInput,
  OrderListParams,
  RefundInput,
  RefundResponse,
  StatusChangeInput,
  TrackingCorrectionInput,
} from "../../../worker/contracts/admin-orders";
import { call, fetchList, post, recordPath } from "../lib/admin-api";

export const fetchOrders = (params: Partial<OrderListParams>, signal?: AbortSignal) =>
  fetchList<AdminOrderListResponse>("/api/admin/orders", params, signal);

const orderPath = (orderId: string) => recordPath("orders", orderId);

export const fetchOrder = async (orderId: string, signal?: AbortSignal): Promise<AdminOrderDto> =>
  (await call<AdminOrderResponse>(orderPath(orderId), { signal })).order;

/** Forward only (a backward move is 409); Shipped carries the carrier and tracking number. */
export const changeOrderStatus = async (orderId: string, input: StatusChangeInput) =>
  (await post<AdminOrderResponse>(`${orderPath(orderId)}/status`, input)).order;

/** A shipped (or later) order's carrier and number; one not shipped yet is 409. */
export const correctTracking = async (orderId: string, input: TrackingCorrectionInput) =>
  (await post<AdminOrderResponse>(`${orderPath(orderId)}/tracking`, input)).order;

/** The same `requestKey` twice is one refund; more than is left to refund is 409. */
export const refundOrder = (orderId: string, input: RefundInput) =>
  post<RefundResponse>(`${orderPath(orderId)}/refund`, input);

/** Refunds the rest and restocks every line; a shipped order is 409. */
export const cancelOrder = async (orderId: string, input: CancelInput) =>
  (await post<AdminOrderResponse>(`${orderPath(orderId)}/cancel`, input)).order;

export const addOrderNote = async (orderId: string, note: string) =>
  (await post<AdminOrderResponse>(`${orderPath(orderId)}/notes`, { note })).order;
