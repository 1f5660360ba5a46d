// The affiliate rules: which creator a code names, what it takes off, whom an order is attributed
// to and why, and when a creator is buying through their own code (no discount, no commission).
// Only approved creators' codes work (issue 18): a pending, rejected or suspended creator's code
// gives no discount and no attribution.
import { eq, or } from "drizzle-orm";
import type { CreatorStatus } from "../contracts/admin-creators";
import { AFFILIATE_CODE_PATTERN } from "../contracts/affiliate";
import type { Db } from "../db/client";
import { creatorProfiles, orders, users } from "../db/schema";

export { REFERRAL_COOKIE } from "../contracts/affiliate";
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
  discountCents: number;
  commissionRateBps: number;
  status: CreatorStatus;
}

/** True when the creator's code and link work: the owner has approved them and not suspended. */
export const isActiveCreator = (creator: Pick<Creator, "status">) => creator.status === "approved";

export async function findCreator(db: Db, code: string): Promise<Creator | null> {
  const [row] = await db
    .select({
      userId: creatorProfiles.userId,
      code: creatorProfiles.affiliateCode,
      email: users.email,
      discountCents: creatorProfiles.discountCents,
      commissionRateBps: creatorProfiles.commissionRateBps,
      status: creatorProfiles.status,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(eq(creatorProfiles.affiliateCode, code));
  return row ?? null;
}

export interface Buyer {
  userId: string | null;
  email?: string;
  address?: { street: string; street2?: string; city: string; zipcode: string; country: string };
}

type ShipTo = NonNullable<Buyer["address"]>;
/** Letters and digits of the parts that locate a door, so "12 Boundary St." = "12 boundary st". */
const placeKey = (a: ShipTo) =>
  [a.street, a.street2 ?? "", a.city, a.zipcode, a.country]
    .join("|")
    .toLowerCase()
    .replace(/[^a-z0-9|]/g, "");

/**
 * True when the buyer is the creator: the same account, the creator's email as contact, or an
 * address the creator has shipped their own orders to.
 */
export async function isSelfReferral(db: Db, creator: Creator, buyer: Buyer): Promise<boolean> {
  if (buyer.userId === creator.userId) return true;
  if (buyer.email && buyer.email.trim().toLowerCase() === creator.email) return true;
  if (!buyer.address) return false;
  const own = await db
    .select({ address: orders.address })
    .from(orders)
    .where(or(eq(orders.userId, creator.userId), eq(orders.email, creator.email)));
  const wanted = placeKey(buyer.address);
  return own.some((o) => placeKey(o.address) === wanted);
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
  db: Db,
  typed: string | null,
  linked: string | null,
): Promise<Attribution | null | "unknown_code" | "inactive_code"> {
  if (typed) {
    const creator = await findCreator(db, typed);
    if (!creator) return "unknown_code";
    if (!isActiveCreator(creator)) return "inactive_code";
    return { creator, why: typed === linked ? "link" : "typed" };
  }
  const creator = linked ? await findCreator(db, linked) : null;
  return creator && isActiveCreator(creator) ? { creator, why: "link" } : null;
}

/**
 * Why a code gives no discount: no creator has it, its creator is not approved (one answer for
 * pending, rejected and suspended, so a shopper never learns which), or it is the buyer's own.
 */
export type CodeRefusal = "invalid" | "inactive" | "ownCode";

/**
 * What the checkout's "apply code" check answers before any order exists: the discount the code
 * gives this shopper, or why it gives none. Only the account is compared here; checkout
 * (services/checkout.ts) also compares the contact email and address.
 */
export async function checkCode(
  db: Db,
  raw: string,
  viewerId: string | null,
): Promise<{ valid: true; discountCents: number } | { valid: false; reason: CodeRefusal }> {
  const code = normaliseCode(raw);
  const creator = code ? await findCreator(db, code) : null;
  if (!creator) return { valid: false, reason: "invalid" };
  if (!isActiveCreator(creator)) return { valid: false, reason: "inactive" };
  if (viewerId === creator.userId) return { valid: false, reason: "ownCode" };
  return { valid: true, discountCents: creator.discountCents };
}
