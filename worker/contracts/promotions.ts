// Promotions the owner runs: discount codes and automatic offers (README, "Promotions"). The
// request schemas the Worker validates with, the answers, and the messages the checkout shows.
// web/ imports all of it. Money is integer cents; dates the owner types are Brisbane time.
import * as v from "valibot";
import { PageQuery } from "./admin";
import { formatCents } from "./money";
import { CheckoutItemsSchema } from "./order";

export const PROMOTION_KINDS = ["percent", "fixed", "free_delivery"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** What a promotion takes its discount from: the whole order, or only the chosen lines. */
export const PROMOTION_SCOPES = ["order", "categories", "products"] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

/** What the owner sets. Whether it is running now also depends on its start and end. */
export const PROMOTION_STATUSES = ["active", "paused", "ended"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** What the back-office shows: the owner's status and the calendar together. */
export const PROMOTION_STATES = ["running", "scheduled", "paused", "expired", "ended"] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

/** Shop codes: letters, digits and dashes; compared without regard to case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;
export const MAX_DISCOUNT_CODE_INPUT_LENGTH = 40;
/** Unique single-use codes one request may generate. */
export const MAX_CODE_BATCH = 5000;
export const MAX_PROMOTION_LIMIT = 1_000_000;
export const MAX_FIXED_DISCOUNT_CENTS = 1_000_000;
export const MAX_PROMOTION_TARGETS = 200;

export const DISCOUNT_MESSAGES = {
  empty: "Please enter a discount code.",
  applied: "Discount code applied!",
  /** Without a code: the running offer checkout applies on its own. */
  offerApplied: (name: string) => `${name} is applied to your order.`,
  failure: "Could not validate discount code",
  unknown: "This discount code does not exist.",
  expired: "This discount code has expired.",
  notStarted: "This discount code is not active yet.",
  minimumNotMet: (minSpendCents: number) =>
    `Spend at least ${formatCents(minSpendCents)} to use this discount code.`,
  usedUp: "This discount code has been used up.",
  alreadyUsed: "You have already used this discount code.",
  notApplicable: "This discount code does not apply to the items in your cart.",
  /** Combining (README, "Promotions"): a creator's code and a shop discount never silently stack. */
  creatorBetter:
    "Your creator code gives the bigger discount, so this discount code was not applied. Only one of them can be used on this order.",
  shopBetter:
    "This discount code gives the bigger discount, so it replaces your creator code's discount. The creator is still credited for your order.",
} as const;

/** The shop discount's line on an order, invoice or mail: with its code when one was typed. */
export const shopDiscountLabel = (code: string | null) =>
  code ? `Shop discount (${code})` : "Shop discount";

/** The reason a code was refused, for clients that branch on it (`code` of the error shape). */
export const DISCOUNT_REFUSALS = [
  "unknown",
  "expired",
  "not_started",
  "minimum_not_met",
  "used_up",
  "already_used",
  "not_applicable",
  "creator_better",
] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

const DiscountCodeInput = v.pipe(
  v.string("Discount code must be text"),
  v.trim(),
  v.maxLength(MAX_DISCOUNT_CODE_INPUT_LENGTH, DISCOUNT_MESSAGES.unknown),
);

/** POST /api/order/validate-discount: is this code good for these items, and for how much. */
export const ValidateDiscountSchema = v.object({
  code: v.optional(DiscountCodeInput, ""),
  items: CheckoutItemsSchema,
  /** The creator code the shopper applied, if any: decides which discount wins. */
  affiliateCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32)), ""),
  /** A guest's email, for the per-customer limit (a signed-in shopper's account is used). */
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254)), ""),
});
export type ValidateDiscountInput = v.InferInput<typeof ValidateDiscountSchema>;

export interface AppliedDiscountDto {
  /** The code as the owner wrote it; null for an automatic offer. */
  code: string | null;
  promotionId: string;
  name: string;
  kind: PromotionKind;
  /** What it takes off this order, delivery included for free delivery. */
  amountCents: number;
}

export interface ValidateDiscountResponse {
  success: true;
  valid: boolean;
  discount?: AppliedDiscountDto;
  /** Set when valid is false. */
  reason?: DiscountRefusal;
  message: string;
}

/** An automatic offer as the storefront shows it (GET /api/promotions/offers). */
export interface OfferDto {
  id: string;
  name: string;
  kind: PromotionKind;
  /** For `percent`: whole per cent, 1-100. */
  percentOff: number | null;
  /** For `fixed`: cents off the lines it applies to. */
  amountOffCents: number | null;
  scope: PromotionScope;
  categoryIds: string[];
  productIds: string[];
  minSpendCents: number | null;
  /** ISO 8601, or null when it runs until the owner ends it. */
  endsAt: string | null;
}

export interface OffersResponse {
  success: true;
  offers: OfferDto[];
}

/** A Brisbane wall-clock moment as the owner types it in a datetime-local field. */
const ShopLocalMoment = v.pipe(
  v.string("Dates must be text"),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Dates must look like 2026-12-24T09:00"),
);

const Limit = v.nullable(
  v.pipe(
    v.number("Limits must be numbers"),
    v.integer("Limits must be whole numbers"),
    v.minValue(1, "Limits must be at least 1"),
    v.maxValue(MAX_PROMOTION_LIMIT, `Limits may be at most ${MAX_PROMOTION_LIMIT}`),
  ),
);

/** POST /api/admin/promotions and POST /api/admin/promotions/:id (the whole promotion). */
export const PromotionInputSchema = v.pipe(
  v.object({
    name: v.pipe(
      v.string("Name must be text"),
      v.trim(),
      v.minLength(1, "Name is required"),
      v.maxLength(80),
    ),
    /** No code: an automatic offer. */
    automatic: v.boolean("Automatic must be true or false"),
    /** The one-off code (ignored for automatic offers; batches come from /codes). */
    code: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(DISCOUNT_CODE_PATTERN, "Codes are 3-32 letters, digits or dashes"),
        ),
      ),
      null,
    ),
    kind: v.picklist(PROMOTION_KINDS, "Kind must be percent, fixed or free_delivery"),
    percentOff: v.optional(
      v.nullable(
        v.pipe(
          v.number(),
          v.integer("Per cent must be whole"),
          v.minValue(1, "At least 1%"),
          v.maxValue(100, "At most 100%"),
        ),
      ),
      null,
    ),
    amountOffCents: v.optional(
      v.nullable(
        v.pipe(
          v.number(),
          v.integer("Amounts are whole cents"),
          v.minValue(1, "At least 1 cent"),
          v.maxValue(MAX_FIXED_DISCOUNT_CENTS),
        ),
      ),
      null,
    ),
    scope: v.picklist(PROMOTION_SCOPES, "Scope must be order, categories or products"),
    categoryIds: v.optional(v.pipe(v.array(v.string()), v.maxLength(MAX_PROMOTION_TARGETS)), []),
    productIds: v.optional(v.pipe(v.array(v.string()), v.maxLength(MAX_PROMOTION_TARGETS)), []),
    minSpendCents: v.optional(Limit, null),
    startsAt: v.optional(v.nullable(ShopLocalMoment), null),
    endsAt: v.optional(v.nullable(ShopLocalMoment), null),
    usageLimit: v.optional(Limit, null),
    perCustomerLimit: v.optional(Limit, null),
    /** Whether it may stack with a creator's code; by default the better of the two applies. */
    stacksWithCreator: v.optional(v.boolean(), false),
    status: v.optional(v.picklist(PROMOTION_STATUSES), "active"),
  }),
  v.check((p) => p.kind !== "percent" || p.percentOff !== null, "A percentage needs its per cent"),
  v.check(
    (p) => p.kind !== "fixed" || p.amountOffCents !== null,
    "A fixed amount needs its amount",
  ),
  v.check((p) => p.automatic || p.code !== null, "A code is needed unless the offer is automatic"),
  v.check(
    (p) => p.scope !== "categories" || p.categoryIds.length > 0,
    "Choose at least one category",
  ),
  v.check((p) => p.scope !== "products" || p.productIds.length > 0, "Choose at least one product"),
  v.check(
    (p) => !p.startsAt || !p.endsAt || p.endsAt > p.startsAt,
    "The end must come after the start",
  ),
);
export type PromotionInput = v.InferInput<typeof PromotionInputSchema>;

/** POST /api/admin/promotions/:id/codes: unique single-use codes for one promotion. */
export const CodeBatchSchema = v.object({
  count: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1),
    v.maxValue(MAX_CODE_BATCH, `At most ${MAX_CODE_BATCH} codes at once`),
  ),
  prefix: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[A-Za-z0-9]{0,8}$/, "A prefix is up to 8 letters or digits"),
    ),
    "",
  ),
});

export interface PromotionStatsDto {
  /** Paid orders that used it. */
  orders: number;
  /** Uses held by checkouts still open. */
  held: number;
  revenueCents: number;
  discountCents: number;
}

export interface PromotionDto {
  id: string;
  name: string;
  automatic: boolean;
  code: string | null;
  kind: PromotionKind;
  percentOff: number | null;
  amountOffCents: number | null;
  scope: PromotionScope;
  categoryIds: string[];
  productIds: string[];
  minSpendCents: number | null;
  /** Brisbane wall-clock, as the form shows it. */
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  stacksWithCreator: boolean;
  status: PromotionStatus;
  state: PromotionState;
  /** Single-use codes generated for it. */
  batchCodes: number;
  stats: PromotionStatsDto;
  createdAt: string;
  updatedAt: string;
}

export interface PromotionOrderDto {
  orderId: string;
  date: string;
  customer: string;
  code: string | null;
  totalCents: number;
  discountCents: number;
}

/** Promotions a page of the back-office's list shows. */
export const PROMOTIONS_PAGE_SIZE = 20;
export const MAX_PROMOTION_SEARCH_LENGTH = 100;

/** GET /api/admin/promotions?q=&state=&page=: name or code search, one state, newest first. */
export const PromotionListQuery = v.object({
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(
        MAX_PROMOTION_SEARCH_LENGTH,
        `q must be at most ${MAX_PROMOTION_SEARCH_LENGTH} characters`,
      ),
    ),
  ),
  state: v.optional(
    v.picklist(PROMOTION_STATES, `state must be one of ${PROMOTION_STATES.join(", ")}`),
  ),
  page: PageQuery,
});
export type PromotionListParams = Partial<v.InferOutput<typeof PromotionListQuery>>;

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
  message: string;
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

/** The back-office's answers about promotions. */
export const PROMOTION_ADMIN_MESSAGES = {
  created: "Promotion created.",
  saved: "Promotion saved.",
  notFound: "Promotion not found",
  codeTaken: "That code is already used by another promotion.",
  notRealDate: "Dates must be real dates, such as 2026-12-24T09:00",
  unknownCategory: "Choose categories that exist",
  unknownProduct: "Choose products that exist",
  automaticHasNoCodes: "An automatic offer has no codes.",
  codesCreated: (n: number) => `${n} codes created.`,
} as const;
