// How the creator's money reads on screen: the balance, commissions, payout details and payouts of
// GET /api/user/creator/me, each defaulted when an older answer leaves it out (dates read as the
// shop's calendar days, worker/contracts/shop-time.ts).
import type { CreatorBalance, CreatorCommissionDto } from "../../../worker/contracts/account";
import type { CreatorPayoutDetailsDto, CreatorPayoutDto } from "../../../worker/contracts/payouts";
import { DEFAULT_PAYOUT_MINIMUM_DOLLARS } from "../../../worker/contracts/payouts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const dollars = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function readBalance(balance: unknown): CreatorBalance {
  const raw = isRecord(balance) ? balance : {};
  return {
    pending: dollars(raw.pending),
    payable: dollars(raw.payable),
    processing: dollars(raw.processing),
    paid: dollars(raw.paid),
  };
}

const COMMISSION_STATUSES: readonly CreatorCommissionDto["status"][] = [
  "pending",
  "approved",
  "paid",
  "reversed",
];

export function readCommissions(commissions: unknown): CreatorCommissionDto[] {
  if (!Array.isArray(commissions)) return [];
  return commissions.flatMap((c) =>
    isRecord(c) && COMMISSION_STATUSES.includes(c.status as CreatorCommissionDto["status"])
      ? [
          {
            orderNumber: text(c.orderNumber),
            paidAt: text(c.paidAt),
            amount: dollars(c.amount),
            reversed: dollars(c.reversed),
            status: c.status as CreatorCommissionDto["status"],
            review: c.review === "held" || c.review === "rejected" ? c.review : null,
            payableAt: text(c.payableAt),
          },
        ]
      : [],
  );
}

export function readPayouts(payouts: unknown): CreatorPayoutDto[] {
  if (!Array.isArray(payouts)) return [];
  return payouts.flatMap((p) =>
    isRecord(p) && typeof p._id === "string"
      ? [
          {
            _id: p._id,
            paidAt: text(p.paidAt),
            amount: dollars(p.amount),
            method: p.method === "paypal" ? "paypal" : "bank",
            paidTo: text(p.paidTo),
            orders: Math.max(0, dollars(p.orders)),
          },
        ]
      : [],
  );
}

export function readPayoutDetails(details: unknown): CreatorPayoutDetailsDto | null {
  if (!isRecord(details)) return null;
  const tax = {
    abn: typeof details.abn === "string" && details.abn ? details.abn : null,
    gstRegistered: details.gstRegistered === true,
    // An answer without it predates the waiting period: usable already.
    usableFrom:
      typeof details.usableFrom === "string" ? details.usableFrom : new Date(0).toISOString(),
  };
  if (details.method === "paypal") return { method: "paypal", email: text(details.email), ...tax };
  if (details.method === "bank") {
    return {
      method: "bank",
      bsb: text(details.bsb),
      accountNumberMasked: text(details.accountNumberMasked),
      accountName: text(details.accountName),
      ...tax,
    };
  }
  return null;
}

export const readPayoutMinimum = (minimum: unknown): number =>
  typeof minimum === "number" && Number.isFinite(minimum) && minimum > 0
    ? minimum
    : DEFAULT_PAYOUT_MINIMUM_DOLLARS;
