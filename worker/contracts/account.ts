// The signed-in user's profile and the creator programme's accounts (SPEC.md sections 3, 5 and 7):
// the schemas worker/routes/user.ts validates with, which the SPA's profile and creator forms
// check with too, and the answers.
import * as v from "valibot";
import type { CreatorStatus } from "./admin-creators";
import { PasswordSchema } from "./auth";
import {
  EmailSchema,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  optionalText,
  requiredText,
} from "./fields";
import type { CreatorPayoutDetailsDto, CreatorPayoutDto } from "./payouts";

export const MAX_BIO_LENGTH = 1000;
export const MAX_SOCIALS_LENGTH = 500;

/** What a profile update answers about email changes, and what the forms say before sending. */
export const EMAIL_CHANGE_MESSAGES = {
  passwordRequired: "Please enter your current password to change an email address.",
  wrongPassword: "Your current password is not correct.",
  /** The profile was saved, but each new address waits for the link mailed to it. */
  pending: (addresses: string[]) =>
    `Profile updated. We sent a confirmation link to ${addresses.join(" and ")}; the change takes effect once you open it.`,
} as const;

/**
 * The account's password, asked for only when an email address changes (the Worker knows whether
 * it does; the forms ask when the address differs from the one loaded). Not a new password: any
 * length is compared, and fails, the same way.
 */
export const CurrentPasswordSchema = v.pipe(
  v.optional(v.string("Current password must be text"), ""),
  v.maxLength(1024, "Password is too long"),
);

export const UpdateUserSchema = v.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: EmailSchema,
  currentPassword: CurrentPasswordSchema,
});
export type UpdateUserInput = v.InferOutput<typeof UpdateUserSchema>;

/** Where a creator's commission goes; empty passes here, so each schema says if it is required. */
const PayoutEmailSchema = v.pipe(
  v.optional(v.string("Payout email must be text"), ""),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(MAX_EMAIL_LENGTH, `Payout email must be at most ${MAX_EMAIL_LENGTH} characters`),
  v.check((s) => s === "" || v.is(EmailSchema, s), "Payout email must be an email address"),
);

export const CreatorRegisterSchema = v.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: EmailSchema,
  password: PasswordSchema,
  bio: optionalText("Bio", MAX_BIO_LENGTH),
  socials: optionalText("Socials", MAX_SOCIALS_LENGTH),
  payoutEmail: v.pipe(PayoutEmailSchema, v.nonEmpty("Please enter your payout email address")),
});

export const CreatorUpdateSchema = v.object({
  name: requiredText("Name", MAX_NAME_LENGTH),
  email: EmailSchema,
  bio: optionalText("Bio", MAX_BIO_LENGTH),
  socials: optionalText("Socials", MAX_SOCIALS_LENGTH),
  // Optional, but an email address when given.
  payoutEmail: PayoutEmailSchema,
  currentPassword: CurrentPasswordSchema,
});
export type CreatorUpdateInput = v.InferOutput<typeof CreatorUpdateSchema>;

export interface UserDto {
  _id: string;
  name: string;
  email: string;
  role: string;
}

/** One day of a creator's activity, in Brisbane time. */
export interface CreatorDay {
  /** YYYY-MM-DD. */
  date: string;
  clicks: number;
  sales: number;
}

/**
 * What the creator profile shows. Clicks are deduplicated link clicks; sales are paid orders
 * attributed to the creator that were not fully refunded; earnings are commission not reversed.
 */
export interface CreatorStats {
  clicks: number;
  sales: number;
  /** Dollars. */
  earnings: number;
  /** Sales per click, 0..1 (0 without clicks). */
  conversionRate: number;
  /** Earnings by commission state, dollars: pending (inside the hold), approved, paid out. */
  earningsByStatus: { pending: number; approved: number; paid: number };
  /** The last 30 days, oldest first, one entry per day (zeros included). */
  daily: CreatorDay[];
}

/** The most commissions creator/me lists, newest first. */
export const CREATOR_COMMISSIONS_SHOWN = 50;

/** One commission as its creator sees it; amounts in dollars. */
export interface CreatorCommissionDto {
  /** The order's short number (the last 8 characters of its id). */
  orderNumber: string;
  /** ISO time the order was paid. */
  paidAt: string;
  amount: number;
  /** Taken back for refunds and disputes. */
  reversed: number;
  status: "pending" | "approved" | "paid" | "reversed";
  /**
   * `held`: paid with a card of the creator's own orders, waiting for the owner's review (it is
   * not payable until released); `rejected`: the owner refused it. Null for every other.
   */
  review: "held" | "rejected" | null;
  /** ISO time the hold ends: paidAt + CREATOR_HOLD_DAYS (the cron approves within the hour). */
  payableAt: string;
}

/**
 * The creator's balance in dollars (modules/creators/stats.ts creatorEarnings): pending (inside
 * the hold), payable (past the hold, not yet in a payout; negative when a refund followed a
 * payout, and taken from the next one), processing (in a payout not yet sent) and paid.
 */
export interface CreatorBalance {
  pending: number;
  payable: number;
  processing: number;
  paid: number;
}

export interface CreatorDto {
  name: string;
  email: string;
  bio: string;
  socials: string;
  payoutEmail: string;
  affiliateCode: string;
  /** The creator's share link: `${APP_ORIGIN}/r/${affiliateCode}`. */
  shareUrl: string;
  /** The application: the code and link work only once `approved` (contracts/admin-creators.ts). */
  status: CreatorStatus;
  /** The owner's note with the last decision ("" when none). */
  statusNote: string;
  stats: CreatorStats;
  balance: CreatorBalance;
  /** The last CREATOR_COMMISSIONS_SHOWN commissions, most recently paid first. */
  commissions: CreatorCommissionDto[];
  /** Where payouts go, masked; null until the creator gives them. */
  payoutDetails: CreatorPayoutDetailsDto | null;
  /** Paid payouts, newest first, each with its statement (GET /api/payouts/:id/statement). */
  payouts: CreatorPayoutDto[];
  /** The payable balance a payout needs to reach, in dollars (CREATOR_PAYOUT_MINIMUM). */
  payoutMinimum: number;
}
