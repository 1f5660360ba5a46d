// The affiliate rules: which creator a code names, what it takes off, whom an order is attributed
// to and why, and when an order looks like a creator buying through their own code (no commission).
// Only approved creators' codes work: a pending, rejected or suspended creator's code
// gives no discount and no attribution.

import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { CreatorStatus } from "../../contracts/admin-creators";
import { AFFILIATE_CODE_PATTERN } from "../../contracts/affiliate";
import type { Deps } from "../../lib/deps";
import { users } from "../identity/schema";
import { orders } from "../orders/schema";
import { creatorProfiles } from "./schema";

export { REFERRAL_COOKIE } from "../../contracts/affiliate";
export const REFERRAL_DAYS = 30;

/** A code as typed or linked, upper-cased; null when it cannot be a code at all. */
export function normaliseCode(raw: string | undefined | null): string | null {
  const code = (raw ?? "").trim().toUpperCase();
  return AFFILIATE_CODE_PATTERN.test(code) ? code : null;
}

export interface Creator {
  userId: string;
  code: string;
  email: string;
  /** Where the creator is paid; "" when not given. Private, like the email. */
  payoutEmail: string;
  discountCents: number;
  commissionRateBps: number;
  status: CreatorStatus;
}

/** True when the creator's code and link work: the owner has approved them and not suspended. */
export const isActiveCreator = (creator: Pick<Creator, "status">) => creator.status === "approved";

export async function findCreator({ db }: Pick<Deps, "db">, code: string): Promise<Creator | null> {
  const [row] = await db
    .select({
      userId: creatorProfiles.userId,
      code: creatorProfiles.affiliateCode,
      email: users.email,
      payoutEmail: creatorProfiles.payoutEmail,
      discountCents: creatorProfiles.discountCents,
      commissionRateBps: creatorProfiles.commissionRateBps,
      status: creatorProfiles.status,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(eq(creatorProfiles.affiliateCode, code));
  return row ?? null;
}

/** True when the signed-in buyer is the creator: the one case anyone is told about. */
export const isOwnAccount = (creator: Pick<Creator, "userId">, userId: string | null) =>
  userId !== null && userId === creator.userId;

/** What a checkout says about who is buying, besides the account. */
export interface Buyer {
  email: string;
  address: { street: string; zipcode: string };
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();
/** Street and postcode, lower-cased with runs of spaces collapsed: "7  Wattle Lane" = "7 wattle lane". */
const placeKey = (a: Buyer["address"]) =>
  [a.street, a.zipcode].map((part) => part.trim().toLowerCase().replace(/\s+/g, " ")).join("|");

/**
 * True when someone else's checkout looks like the creator buying through their own code: the
 * creator's account email or payout email as contact, or a street and postcode the creator has
 * shipped one of their own paid orders to. The caller must answer exactly as it would anyone
 * else (modules/orders/checkout.ts), so a stranger cannot probe a creator's private details; for the
 * same reason this always makes its one query, whatever the email says, and compares in memory.
 * Cards cannot be compared here, before payment: the fulfilment compares the card's fingerprint
 * and holds the commission for review instead (modules/creators/commissions.ts).
 */
export async function looksLikeSelfReferral(
  { db }: Pick<Deps, "db">,
  creator: Creator,
  buyer: Buyer,
): Promise<boolean> {
  const creatorEmails = [creator.email, creator.payoutEmail]
    .map(normaliseEmail)
    .filter((e) => e !== "");
  const own = await db
    .select({ address: orders.address })
    .from(orders)
    .where(
      and(
        isNotNull(orders.paidAt),
        or(eq(orders.userId, creator.userId), inArray(orders.email, creatorEmails)),
      ),
    );
  const wanted = placeKey(buyer.address);
  const sameAddress = own.some((o) => placeKey(o.address) === wanted);
  return creatorEmails.includes(normaliseEmail(buyer.email)) || sameAddress;
}

export interface Attribution {
  creator: Creator;
  /** A code typed at checkout beats the link; a typed code equal to the link's is the link's. */
  why: "typed" | "link";
}

/**
 * The attribution rule: a code typed at checkout beats the cookie; otherwise the last creator
 * link clicked within 30 days (the cookie). Unknown or inactive typed codes are an error for the
 * caller; an unknown or inactive linked code is simply no attribution.
 */
export async function attribute(
  { db }: Pick<Deps, "db">,
  typed: string | null,
  linked: string | null,
): Promise<Attribution | null | "unknown_code" | "inactive_code"> {
  if (typed) {
    const creator = await findCreator({ db }, typed);
    if (!creator) return "unknown_code";
    if (!isActiveCreator(creator)) return "inactive_code";
    return { creator, why: typed === linked ? "link" : "typed" };
  }
  const creator = linked ? await findCreator({ db }, linked) : null;
  return creator && isActiveCreator(creator) ? { creator, why: "link" } : null;
}

/**
 * Why a code gives no discount: no creator has it, its creator is not approved (one answer for
 * pending, rejected and suspended, so a shopper never learns which), or it is the buyer's own.
 */
export type CodeRefusal = "invalid" | "inactive" | "ownCode";

/**
 * What the checkout's "apply code" check answers before any order exists: the discount the code
 * gives this shopper, or why it gives none. Only the signed-in account is compared: whatever
 * email a stranger signs in or checks out with, they are answered as any stranger is.
 */
export async function checkCode(
  { db }: Pick<Deps, "db">,
  raw: string,
  viewerId: string | null,
): Promise<{ valid: true; discountCents: number } | { valid: false; reason: CodeRefusal }> {
  const code = normaliseCode(raw);
  const creator = code ? await findCreator({ db }, code) : null;
  if (!creator) return { valid: false, reason: "invalid" };
  if (!isActiveCreator(creator)) return { valid: false, reason: "inactive" };
  if (isOwnAccount(creator, viewerId)) return { valid: false, reason: "ownCode" };
  return { valid: true, discountCents: creator.discountCents };
}
