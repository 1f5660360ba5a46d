// The shop discount an order gets, read from D1 and decided by pricing.ts: the typed code (found
// in any case), the automatic offers running now, each one's uses so far, and the choice against
// the creator's discount. validate-discount answers with it; checkout applies it and holds the use.
import { and, count, eq, gt, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { DiscountRefusal, OfferDto } from "../../contracts/promotions";
import type { Deps } from "../../lib/deps";
import { normaliseDiscountCode } from "./codes";
import {
  type Candidate,
  type CartLine,
  chooseDiscount,
  type DiscountChoice,
  type PromotionRow,
  priceShopDiscount,
  promotionState,
} from "./pricing";
import { COUNTED, type Customer, customerUses } from "./redemptions";
import { promotionCodes, promotionRedemptions, promotions } from "./schema";

/** The most automatic offers one checkout weighs. */
const MAX_OFFERS = 50;

/** A promotion that is active and within its window at `now` (automatic offers' filter). */
export const runningAt = (now: number) =>
  and(
    eq(promotions.status, "active"),
    or(isNull(promotions.startsAt), lte(promotions.startsAt, new Date(now))),
    or(isNull(promotions.endsAt), gt(promotions.endsAt, new Date(now))),
  );

/** The automatic offers running at `now`, newest first. */
export const runningOffers = ({ db }: Pick<Deps, "db">, now: number) =>
  db
    .select()
    .from(promotions)
    .where(and(eq(promotions.automatic, true), runningAt(now)))
    .orderBy(sql`${promotions.createdAt} DESC`)
    .limit(MAX_OFFERS);

interface Uses {
  total: number;
  customer: number;
  code: number;
}

/** Each promotion's counted uses: all, the customer's, and the typed code's. */
async function usesOf(
  { db }: Pick<Deps, "db">,
  promotionIds: string[],
  customer: Customer,
  codeId: string | null,
  replacing: string[] = [],
): Promise<Map<string, Uses>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await db
    .select({
      promotionId: promotionRedemptions.promotionId,
      total: count(),
      customer: sql<number>`coalesce(sum(${customerUses(customer)}), 0)`,
      code: sql<number>`coalesce(sum(${promotionRedemptions.codeId} = ${codeId ?? ""}), 0)`,
    })
    .from(promotionRedemptions)
    .where(
      and(
        inArray(promotionRedemptions.promotionId, promotionIds),
        COUNTED,
        replacing.length > 0 ? notInArray(promotionRedemptions.orderId, replacing) : undefined,
      ),
    )
    .groupBy(promotionRedemptions.promotionId);
  return new Map(rows.map((r) => [r.promotionId, r]));
}

/** Why a promotion cannot be used now, from its state and its uses so far, or null. */
function limitRefusal(
  p: PromotionRow,
  uses: Uses | undefined,
  singleUse: boolean,
  now: number,
): DiscountRefusal | null {
  const state = promotionState(p, now);
  if (state === "scheduled") return "not_started";
  if (state !== "running") return "expired";
  if (singleUse && (uses?.code ?? 0) >= 1) return "used_up";
  if (p.usageLimit !== null && (uses?.total ?? 0) >= p.usageLimit) return "used_up";
  if (p.perCustomerLimit !== null && (uses?.customer ?? 0) >= p.perCustomerLimit) {
    return "already_used";
  }
  return null;
}

export interface DiscountRequest {
  /** What the shopper typed ("" for nothing). */
  code: string;
  lines: readonly CartLine[];
  /** The creator code's discount for this order, 0 without one. */
  creatorCents: number;
  customer: Customer;
  now: number;
  /** The shopper's own open checkouts this one replaces: their uses are not counted. */
  replacing?: string[];
}

export type DiscountDecision =
  | ({ refused: false } & DiscountChoice)
  | { refused: true; reason: DiscountRefusal; minSpendCents?: number };

/**
 * The discounts an order gets (pricing.ts chooseDiscount), or why the typed code is refused: it
 * does not exist, is not running, is used up or already used by this customer, does not apply to
 * these lines or their total, or the creator's code gives more.
 */
export async function decideDiscount(
  { db }: Pick<Deps, "db">,
  { code, lines, creatorCents, customer, now, replacing = [] }: DiscountRequest,
): Promise<DiscountDecision> {
  const normalised = normaliseDiscountCode(code);
  const [found, offers] = await Promise.all([
    normalised
      ? db
          .select({ promotion: promotions, code: promotionCodes })
          .from(promotionCodes)
          .innerJoin(promotions, eq(promotions.id, promotionCodes.promotionId))
          .where(eq(promotionCodes.code, normalised))
          .then((rows) => rows[0] ?? null)
      : null,
    runningOffers({ db }, now),
  ]);
  if (code && (!found || found.promotion.automatic)) return { refused: true, reason: "unknown" };
  const ids = [...(found ? [found.promotion.id] : []), ...offers.map((o) => o.id)];
  const uses = await usesOf({ db }, ids, customer, found?.code.id ?? null, replacing);

  let typed: Candidate | null = null;
  if (found) {
    const { promotion, code: row } = found;
    const refusal = limitRefusal(promotion, uses.get(promotion.id), row.singleUse, now);
    if (refusal) return { refused: true, reason: refusal };
    const priced = priceShopDiscount(promotion, lines, now, creatorCents);
    if (!priced.ok) return { refused: true, ...priced };
    typed = {
      promotion,
      code: { id: row.id, code: row.code, singleUse: row.singleUse },
      amountCents: priced.amountCents,
    };
  }
  const candidates: Candidate[] = [];
  for (const offer of offers) {
    if (limitRefusal(offer, uses.get(offer.id), false, now)) continue;
    const priced = priceShopDiscount(offer, lines, now, creatorCents);
    if (priced.ok)
      candidates.push({ promotion: offer, code: null, amountCents: priced.amountCents });
  }
  const choice = chooseDiscount(typed, candidates, creatorCents);
  if (typed && choice.creatorBetter) return { refused: true, reason: "creator_better" };
  return { refused: false, ...choice };
}

/** The automatic offers running now that still have uses left, as the storefront shows them. */
export async function storefrontOffers({ db }: Pick<Deps, "db">, now: number): Promise<OfferDto[]> {
  const offers = await runningOffers({ db }, now);
  const uses = await usesOf(
    { db },
    offers.map((o) => o.id),
    { userId: null, email: null },
    null,
  );
  return offers
    .filter((o) => !limitRefusal(o, uses.get(o.id), false, now))
    .map((o) => ({
      id: o.id,
      name: o.name,
      kind: o.kind,
      percentOff: o.kind === "percent" ? o.percentOff : null,
      amountOffCents: o.kind === "fixed" ? o.amountOffCents : null,
      scope: o.scope,
      categoryIds: o.scope === "categories" ? o.categoryIds : [],
      productIds: o.scope === "products" ? o.productIds : [],
      minSpendCents: o.minSpendCents,
      endsAt: o.endsAt ? o.endsAt.toISOString() : null,
    }));
}
