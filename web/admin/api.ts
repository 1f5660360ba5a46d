// The back-office's calls (README, back-office), typed by the Worker's contracts. Every call goes
// through the shop's API client (the token header, one refresh on a 401, one error shape). A 403
// that says the caller is not an admin (any more) or has not passed the second factor is also told
// to the gate (gate/admin-gate.tsx), which then shows the screen that lets them in.
import type * as v from "valibot";
import type { AuditEntity, AuditEntryDto } from "../../worker/contracts/admin";
import type {
  AdminCategoryDto,
  AdminCategoryListResponse,
  AdminCategoryResponse,
  AdminProductListResponse,
  AdminProductResponse,
  CategoryCreateInput,
  CategoryUpdateInput,
  LowStockResponse,
  ProductCreateInput,
  ProductStatus,
  ProductUpdateInput,
} from "../../worker/contracts/admin-catalogue";
import type {
  AdminCreatorListResponse,
  AdminCreatorResponse,
  CommissionReviewSchema,
  CommissionReviewState,
  CreatorStatus,
  CreatorUpdateInput,
  ReviewedCommissionDto,
  ReviewedCommissionListResponse,
} from "../../worker/contracts/admin-creators";
import type {
  ProductImageResponse,
  ProductImagesResponse,
} from "../../worker/contracts/admin-images";
import type {
  ContactMessageResponse,
  MessageListResponse,
  MessageStatus,
} from "../../worker/contracts/admin-inbox";
import type {
  AdminOrderDto,
  AdminOrderListResponse,
  AdminOrderResponse,
  CancelInput,
  OrderQueueFilter,
  OrderSort,
  RefundInput,
  RefundResponse,
  StatusChangeInput,
  TrackingCorrectionInput,
} from "../../worker/contracts/admin-orders";
import type {
  GstReportResponse,
  SummaryDto,
  SummaryResponse,
} from "../../worker/contracts/admin-reports";
import type {
  AdminPayoutListResponse,
  AdminPayoutPreviewResponse,
  AdminPayoutResponse,
  PayoutCreateSchema,
} from "../../worker/contracts/payouts";
import type { StockChange, StockResponse } from "../../worker/contracts/stock";
import { ApiError, type ApiRequestOptions, api, reportFailure } from "../lib/api-client";
import { apiFile } from "../lib/api-file";
import { saveFile } from "./download";

/** The Worker's codes for "this account may not use the back-office" and "pass the factor first". */
export const FORBIDDEN_CODE = "forbidden";
export const SECOND_FACTOR_REQUIRED_CODE = "second_factor_required";

/** A refusal that only the gate can resolve (sign in as an admin, or pass the second factor). */
export const isGateRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 403 &&
  (error.code === FORBIDDEN_CODE || error.code === SECOND_FACTOR_REQUIRED_CODE);

let gateListener: (() => void) | null = null;

/** The gate listens for refusals that screens meet (a factor that lapsed, a demoted account). */
export function setGateListener(listener: (() => void) | null): void {
  gateListener = listener;
}

async function call<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    return await api<T>(path, options);
  } catch (error) {
    if (isGateRefusal(error)) gateListener?.();
    throw error;
  }
}

/**
 * The failure policy of a back-office action: the server's message (or `fallback`) as a toast,
 * except for refusals the gate is about to show a whole screen for.
 */
export function reportAdminFailure(error: unknown, fallback: string): void {
  if (isGateRefusal(error)) return;
  reportFailure(error, fallback, { sayNetworkError: true });
}

const query = (params: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
};

const post = <T>(path: string, body?: unknown) => call<T>(path, { method: "POST", body });

// ---------------------------------------------------------------------------------------------
// The second factor (TOTP). Its shapes are the Worker's answers; these calls answer even before
// the factor is passed.

export interface SecondFactorStatus {
  /** The admin has confirmed an authenticator app. */
  enrolled: boolean;
  /** This sign-in must pass the factor before any other back-office call. */
  required: boolean;
  /** This sign-in has passed it. */
  verified: boolean;
}

export interface SecondFactorEnrolment {
  /** Base32, as an authenticator app takes it typed in. */
  secret: string;
  /** otpauth://totp/... : opens the authenticator app with everything filled in. */
  otpauthUrl: string;
}

const SECOND_FACTOR = "/api/admin/second-factor";

/** The gate's own call: a refusal here is the gate's answer, not news for it. */
export const fetchSecondFactor = (signal?: AbortSignal) =>
  api<{ success: true; secondFactor: SecondFactorStatus }>(SECOND_FACTOR, { signal });

/**
 * Enrolment asks for the password again (400 password_required) unless this sign-in is a few
 * minutes old; a wrong one is 403 wrong_password. `password` empty: none typed.
 */
export const PASSWORD_REQUIRED_CODE = "password_required";
export const WRONG_PASSWORD_CODE = "wrong_password";

export const enrolSecondFactor = (password: string) =>
  api<{ success: true } & SecondFactorEnrolment>(`${SECOND_FACTOR}/enrol`, {
    method: "POST",
    body: password ? { password } : {},
  });

export const confirmSecondFactor = (code: string, password: string) =>
  api<{ success: true }>(`${SECOND_FACTOR}/confirm`, {
    method: "POST",
    body: password ? { code, password } : { code },
  });

export const verifySecondFactor = (code: string) =>
  api<{ success: true }>(`${SECOND_FACTOR}/verify`, { method: "POST", body: { code } });

// ---------------------------------------------------------------------------------------------
// Products

export interface ProductListParams {
  q?: string;
  status?: ProductStatus;
  page?: number;
}

export const fetchProducts = ({ q, status, page }: ProductListParams, signal?: AbortSignal) =>
  call<AdminProductListResponse>(
    `/api/admin/products${query({ q, status, page: page && page > 1 ? page : undefined })}`,
    { signal },
  );

const productPath = (productId: string) => `/api/admin/products/${encodeURIComponent(productId)}`;

export const fetchProduct = async (productId: string, signal?: AbortSignal) =>
  (await call<AdminProductResponse>(productPath(productId), { signal })).product;

export const createProduct = async (input: ProductCreateInput) =>
  (await post<AdminProductResponse>("/api/admin/products", input)).product;

export const updateProduct = async (productId: string, input: ProductUpdateInput) =>
  (await post<AdminProductResponse>(productPath(productId), input)).product;

/** Takes the product off the storefront; orders that hold it still show it. */
export const archiveProduct = async (productId: string) =>
  (await call<AdminProductResponse>(productPath(productId), { method: "DELETE" })).product;

// Photos. A key such as products/<id>/<name>.jpg keeps its slashes: the route takes the rest of
// the path as the key.
const imagePath = (productId: string, key: string) =>
  `${productPath(productId)}/images/${key.split("/").map(encodeURIComponent).join("/")}`;

export async function uploadProductImage(productId: string, file: File, alt = "") {
  const body = new FormData();
  body.append("file", file, file.name);
  if (alt) body.append("alt", alt);
  return (await post<ProductImageResponse>(`${productPath(productId)}/images`, body)).image;
}

export const setProductImageAlt = async (productId: string, key: string, alt: string) =>
  (await post<ProductImageResponse>(imagePath(productId, key), { alt })).image;

export const orderProductImages = async (productId: string, keys: string[]) =>
  (await post<ProductImagesResponse>(`${productPath(productId)}/images/order`, { keys })).images;

export const deleteProductImage = async (productId: string, key: string) =>
  (await call<ProductImagesResponse>(imagePath(productId, key), { method: "DELETE" })).images;

export const changeProductStock = async (productId: string, change: StockChange) =>
  (await post<StockResponse>(`${productPath(productId)}/stock`, change)).stock;

export const fetchLowStock = async (signal?: AbortSignal) =>
  (await call<LowStockResponse>("/api/admin/stock/low", { signal })).products;

// ---------------------------------------------------------------------------------------------
// Categories

export const fetchCategories = async (signal?: AbortSignal): Promise<AdminCategoryDto[]> =>
  (await call<AdminCategoryListResponse>("/api/admin/categories", { signal })).categories;

export const createCategory = async (input: CategoryCreateInput) =>
  (await post<AdminCategoryResponse>("/api/admin/categories", input)).category;

export const updateCategory = async (categoryId: string, input: CategoryUpdateInput) =>
  (
    await post<AdminCategoryResponse>(
      `/api/admin/categories/${encodeURIComponent(categoryId)}`,
      input,
    )
  ).category;

// ---------------------------------------------------------------------------------------------
// The audit log

export interface AuditParams {
  entity?: AuditEntity;
  /** One record's entries: a product's id also finds its stock and photo entries. */
  id?: string;
  page?: number;
}

export const fetchAudit = async ({ entity, id, page }: AuditParams, signal?: AbortSignal) =>
  (
    await call<{ success: true; entries: AuditEntryDto[] }>(
      `/api/admin/audit${query({ entity, id, page: page && page > 1 ? page : undefined })}`,
      { signal },
    )
  ).entries;

// ---------------------------------------------------------------------------------------------
// Orders. Each action answers with the order as it now is, which the order's page shows.

export interface OrderQueueQuery {
  status: OrderQueueFilter;
  q?: string;
  /** Brisbane days, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  sort: OrderSort;
  page?: number;
}

export const fetchOrders = (
  { status, q, from, to, sort, page }: OrderQueueQuery,
  signal?: AbortSignal,
) =>
  call<AdminOrderListResponse>(
    `/api/admin/orders${query({ status, q, from, to, sort, page: page && page > 1 ? page : undefined })}`,
    { signal },
  );

const orderPath = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}`;

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

// ---------------------------------------------------------------------------------------------
// Inbox and reports

export interface MessageListParams {
  status?: MessageStatus | undefined;
  page?: number;
}

export const fetchMessages = ({ status, page }: MessageListParams, signal?: AbortSignal) =>
  call<MessageListResponse>(
    `/api/admin/messages${query({ status, page: page && page > 1 ? page : undefined })}`,
    { signal },
  );

const messagePath = (messageId: string) => `/api/admin/messages/${encodeURIComponent(messageId)}`;

/** Mailed to the sender and kept with the message, which comes back with it (status replied). */
export const replyToMessage = (messageId: string, input: { message: string }) =>
  post<ContactMessageResponse>(`${messagePath(messageId)}/reply`, input);

export const setMessageStatus = (messageId: string, status: MessageStatus) =>
  post<ContactMessageResponse>(messagePath(messageId), { status });

export const fetchSummary = async (signal?: AbortSignal): Promise<SummaryDto> =>
  (await call<SummaryResponse>("/api/admin/reports/summary", { signal })).summary;

/** Brisbane days, YYYY-MM-DD, both included. */
export interface GstRange {
  from: string;
  to: string;
}

export const fetchGstReport = async ({ from, to }: GstRange, signal?: AbortSignal) =>
  (await call<GstReportResponse>(`/api/admin/reports/gst${query({ from, to })}`, { signal }))
    .report;

/** Fetches a file the Worker makes (a CSV) and saves it under the name the Worker gives it. */
async function download(path: string, fallbackName: string): Promise<void> {
  try {
    const { blob, filename } = await apiFile(path);
    saveFile(blob, filename ?? fallbackName);
  } catch (error) {
    if (isGateRefusal(error)) gateListener?.();
    throw error;
  }
}

/** The newsletter's confirmed subscribers. */
export const downloadSubscribers = () => download("/api/admin/subscribers.csv", "subscribers.csv");

export const downloadGstReport = ({ from, to }: GstRange) =>
  download(`/api/admin/reports/gst.csv${query({ from, to })}`, `gst-${from}-to-${to}.csv`);

// ---------------------------------------------------------------------------------------------
// Creators: applications (approve, reject, suspend, approve again) and each creator's terms.
// Each change answers with the creator as they now are.

export interface CreatorListParams {
  status?: CreatorStatus | undefined;
  /** Name, email or code. */
  q?: string | undefined;
  page?: number;
}

export const fetchCreators = ({ status, q, page }: CreatorListParams, signal?: AbortSignal) =>
  call<AdminCreatorListResponse>(
    `/api/admin/creators${query({ status, q, page: page && page > 1 ? page : undefined })}`,
    { signal },
  );

/** A move not in CREATOR_STATUS_MOVES is 409; new terms apply to orders from then on. */
export const updateCreator = async (creatorId: string, input: CreatorUpdateInput) =>
  (await post<AdminCreatorResponse>(`/api/admin/creators/${encodeURIComponent(creatorId)}`, input))
    .creator;

// ---------------------------------------------------------------------------------------------
// Commissions held for the owner's review as possible self-referral, and the decisions on them.

export interface ReviewedCommissionParams {
  review: CommissionReviewState;
  page?: number;
}

export const fetchReviewedCommissions = (
  { review, page }: ReviewedCommissionParams,
  signal?: AbortSignal,
) =>
  call<ReviewedCommissionListResponse>(
    `/api/admin/commissions${query({ review, page: page && page > 1 ? page : undefined })}`,
    { signal },
  );

/** Only a held commission; one already released or rejected is 409 not_held. */
export const reviewCommission = async (
  commissionId: string,
  input: v.InferOutput<typeof CommissionReviewSchema>,
) =>
  (
    await post<{ success: true; commission: ReviewedCommissionDto }>(
      `/api/admin/commissions/${encodeURIComponent(commissionId)}/review`,
      input,
    )
  ).commission;

// ---------------------------------------------------------------------------------------------
// Payouts: batches of what creators are owed, their bank and PayPal files, and marking one paid
// or cancelling it. Each change answers with the batch as it now is.

export const fetchPayouts = ({ page }: { page?: number }, signal?: AbortSignal) =>
  call<AdminPayoutListResponse>(
    `/api/admin/payouts${query({ page: page && page > 1 ? page : undefined })}`,
    { signal },
  );

const payoutPath = (payoutId: string) => `/api/admin/payouts/${encodeURIComponent(payoutId)}`;

/** What a batch at `minimum` dollars would pay now, as the Worker computes it. */
export const previewPayout = async (minimum: number, signal?: AbortSignal) =>
  (
    await call<AdminPayoutPreviewResponse>(
      `/api/admin/payouts/preview${query({ minimum: minimum.toFixed(2) })}`,
      { signal },
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
