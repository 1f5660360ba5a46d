// The creator programme's applications and terms: a creator's status, the owner's
// decisions in the back-office, and each creator's commission rate and discount. The Worker
// validates with these schemas; the back-office's forms and the creator's profile use the same.
import * as v from "valibot";
import { PageQuery } from "./admin";
import { fieldsObject, price } from "./admin-catalogue";
import { boundedText } from "./fields";

/**
 * A new creator is `pending` until the owner approves or rejects the application; an approved
 * creator may be `suspended` (and approved again). Only `approved` creators' codes and links work.
 */
export const CREATOR_STATUSES = ["pending", "approved", "rejected", "suspended"] as const;
export type CreatorStatus = (typeof CREATOR_STATUSES)[number];

/** The moves the owner may make from each status. */
export const CREATOR_STATUS_MOVES: Record<CreatorStatus, readonly CreatorStatus[]> = {
  pending: ["approved", "rejected"],
  approved: ["suspended"],
  suspended: ["approved"],
  rejected: ["approved"],
};

export const ADMIN_CREATORS_PAGE_SIZE = 20;
export const MAX_CREATOR_NOTE_LENGTH = 1000;
/** The most a creator's code may take off an order, in dollars. */
export const MAX_CREATOR_DISCOUNT_DOLLARS = 1000;

/** GET /api/admin/creators?status=&q=&page= */
export const CreatorListQuery = v.object({
  status: v.optional(
    v.picklist(CREATOR_STATUSES, `status must be one of ${CREATOR_STATUSES.join(", ")}`),
  ),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "q must be at most 100 characters"))),
  page: PageQuery,
});

/**
 * POST /api/admin/creators/:id: a decision (`status`, with an optional `note` mailed to the
 * creator) and/or new terms: `commissionRate` in percent (up to two decimals) and `discount` in
 * dollars, for orders from then on.
 */
export const CreatorUpdateSchema = v.pipe(
  fieldsObject(
    {
      status: v.optional(
        v.picklist(CREATOR_STATUSES, `status must be one of ${CREATOR_STATUSES.join(", ")}`),
      ),
      note: v.optional(boundedText("note", MAX_CREATOR_NOTE_LENGTH)),
      commissionRate: v.optional(
        v.pipe(
          price("commissionRate"),
          v.maxValue(100, "commissionRate must be at most 100 (percent)"),
        ),
      ),
      discount: v.optional(
        v.pipe(
          price("discount"),
          v.maxValue(
            MAX_CREATOR_DISCOUNT_DOLLARS,
            `discount must be at most ${MAX_CREATOR_DISCOUNT_DOLLARS} dollars`,
          ),
        ),
      ),
    },
    "creator",
  ),
  v.check(
    (input) =>
      input.status !== undefined ||
      input.commissionRate !== undefined ||
      input.discount !== undefined,
    "Send a status, a commissionRate or a discount",
  ),
);
export type CreatorUpdateInput = v.InferOutput<typeof CreatorUpdateSchema>;

/** Percent with up to two decimals <-> basis points, as stored. */
export const percentToBps = (percent: number) => Math.round(percent * 100);
export const bpsToPercent = (bps: number) => bps / 100;

export const CREATOR_ADMIN_MESSAGES = {
  notFound: "Creator not found",
  notAllowed: (from: CreatorStatus, to: CreatorStatus) => `A ${from} creator cannot be made ${to}`,
  pendingCode: "This affiliate code is not active yet.",
} as const;

/** Dollars and percent. */
export interface AdminCreatorDto {
  _id: string;
  name: string;
  email: string;
  affiliateCode: string;
  status: CreatorStatus;
  statusNote: string;
  /** ISO 8601: when the status last changed (the application, for a pending creator). */
  statusChangedAt: string;
  appliedAt: string;
  bio: string;
  socials: string;
  commissionRate: number;
  discount: number;
  /** Paid orders attributed to the creator, and their commission net of reversals. */
  orders: number;
  earned: number;
}

export interface AdminCreatorListResponse {
  success: true;
  creators: AdminCreatorDto[];
  total: number;
}

export interface AdminCreatorResponse {
  success: true;
  creator: AdminCreatorDto;
}

// ---- Commissions held for review -------------------------------------------

export const COMMISSION_REVIEW_STATES = ["held", "released", "rejected"] as const;
export type CommissionReviewState = (typeof COMMISSION_REVIEW_STATES)[number];

/** GET /api/admin/commissions?review=&page=: by default those held for the owner's review. */
export const ReviewedCommissionQuery = v.object({
  review: v.optional(
    v.picklist(
      COMMISSION_REVIEW_STATES,
      `review must be one of ${COMMISSION_REVIEW_STATES.join(", ")}`,
    ),
    "held",
  ),
  page: PageQuery,
});

/**
 * POST /api/admin/commissions/:id/review: `release` lets a held commission earn as any other
 * (payable once its hold has passed); `reject` means it never does. The note goes in the audit log.
 */
export const CommissionReviewSchema = v.object({
  decision: v.picklist(["release", "reject"], "decision must be release or reject"),
  note: v.optional(boundedText("note", MAX_CREATOR_NOTE_LENGTH), ""),
});

export const COMMISSION_REVIEW_MESSAGES = {
  notFound: "Commission not found",
  notHeld: (review: string | null) =>
    `This commission is ${review ?? "not held"}: only a held commission can be released or rejected.`,
} as const;

/** A commission as the owner's review sees it; dollars. */
export interface ReviewedCommissionDto {
  _id: string;
  orderId: string;
  orderNumber: string;
  paidAt: string | null;
  creatorId: string;
  creatorName: string;
  creatorEmail: string;
  affiliateCode: string;
  amount: number;
  reversed: number;
  review: CommissionReviewState;
  reviewReason: string;
}

export interface ReviewedCommissionListResponse {
  success: true;
  commissions: ReviewedCommissionDto[];
  total: number;
}
