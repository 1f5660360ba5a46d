// How the creator's money reads on screen: the balance, commissions, payout details and payouts of
// GET /api/user/creator/me, each defaulted when an older answer leaves it out, and dates as the
// shop's Brisbane calendar days.
import type { CreatorBalance, CreatorCommissionDto } from "../../../worker/contracts/account";
import { formatDollars } from "../../../worker/contracts/money";
import type { CreatorPayoutDetailsDto, CreatorPayoutDto } from "../../../worker/contracts/payouts";
import { DEFAULT_PAYOUT_MINIMUM_DOLLARS } from "../../../worker/contracts/payouts";

/** The shop is in Brisbane (no daylight saving): a day is the day there, wherever the reader is. */
const SHOP_TIME_ZONE = "Australia/Brisbane";

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

/** "$50" for whole dollars, "$50.50" otherwise: the minimum as people say it. */
export const formatRoundDollars = (amount: number): string =>
  formatDollars(amount).replace(/\.00$/, "");

let dayFormat: Intl.DateTimeFormat | null = null;

/** "3 Apr 2026": the Brisbane calendar day of an ISO time. */
export function formatShopDay(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return iso;
  dayFormat ??= new Intl.DateTimeFormat("en-AU", {
    timeZone: SHOP_TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return dayFormat.format(date);
}

/** "3 Apr 2026" for a Brisbane calendar day given as YYYY-MM-DD. */
export const formatCalendarDay = (day: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatShopDay(`${day}T00:00:00+10:00`) : day;
