// Starting a payment: prices every line from D1 (never from the client), stores a pending order
// with its lines and totals, and opens a Stripe Checkout Session for exactly those figures.

import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type * as v from "valibot";
import { CREATOR_ADMIN_MESSAGES } from "../../contracts/admin-creators";
import { AFFILIATE_MESSAGES } from "../../contracts/affiliate";
import { MAX_CART_QUANTITY, MIN_CART_QUANTITY, quantityMessage } from "../../contracts/cart";
import { imageUrl } from "../../contracts/catalogue";
import { type CreateCheckoutSchema, ORDER_MESSAGES } from "../../contracts/order";
import {
  DISCOUNT_MESSAGES,
  type ValidateDiscountResponse,
  type ValidateDiscountSchema,
} from "../../contracts/promotions";
import { STOCK_MESSAGES } from "../../contracts/stock";
import { type CheckoutTotals, checkoutTotals } from "../../contracts/totals";
import { AppError, badRequest } from "../../lib/app-error";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { ON_SALE, productLineColumns } from "../catalogue/reads";
import { products } from "../catalogue/schema";
import { isShortOfStock, reserveStatements, stockLevels } from "../catalogue/stock";
import {
  type Attribution,
  attribute,
  checkCode,
  isOwnAccount,
  looksLikeSelfReferral,
  normaliseCode,
} from "../creators/attribution";
import { stripeClient } from "../payments/stripe";
import { type DiscountDecision, decideDiscount } from "../promotions/discounts";
import {
  holdUseStatements,
  promotionLimitError,
  refusalError,
  refusalMessage,
} from "../promotions/redemptions";
import { orderItems, orders } from "./schema";
import {
  type Holder,
  holdGuardStatements,
  holdLimitError,
  networkHash,
  openCheckoutsOf,
  releaseHoldStatements,
  releaseSupersededStatements,
  supersededCheckouts,
} from "./stock-holds";

type CheckoutInput = v.InferOutput<typeof CreateCheckoutSchema>;

/** What a checkout starts from: the validated body, who is buying, and the link they came by. */
export interface CheckoutRequest {
  input: CheckoutInput;
  /** The signed-in buyer, or null for a guest. */
  userId: string | null;
  /** The creator code of the referral cookie (the last creator link clicked), if any. */
  linkedCode: string | undefined;
  /** For a guest: the hash of the token that lets this browser read the order back. */
  accessTokenHash: string | null;
  /** The client's network (modules/limits/rate-limit.ts clientIp): what it may hold is bounded. */
  network: string;
  /** Whose earlier unpaid checkout this one replaces: the account's, or this browser's. */
  holder: Holder;
}

/**
 * How long a shopper has to pay before the session expires and its stock is released: Stripe's
 * minimum of 30 minutes, plus a minute so that our clock running ahead of Stripe's is never refused.
 */
export const SESSION_LIFETIME_SECONDS = 31 * 60;
const CURRENCY = "aud";

interface PricedLine {
  productId: string;
  /** What a promotion's scope matches on. */
  categoryId: string;
  name: string;
  imageKey: string;
  unitPriceCents: number;
  quantity: number;
  /** What is left to buy when priced; null when stock is not tracked. */
  available: number | null;
}

/** One line per product: repeated ids are added together, within the per-line maximum. */
function mergeLines(items: CheckoutInput["items"]): Map<string, number> {
  const lines = new Map<string, number>();
  for (const { productId, quantity } of items) {
    const total = (lines.get(productId) ?? 0) + quantity;
    if (total > MAX_CART_QUANTITY) {
      throw badRequest(quantityMessage(MIN_CART_QUANTITY), "invalid_input");
    }
    lines.set(productId, total);
  }
  return lines;
}

/**
 * Today's price of every line, read from D1; any product that is gone or off sale (not active)
 * refuses the checkout.
 */
async function priceLines(
  { db }: Pick<Deps, "db">,
  wanted: Map<string, number>,
): Promise<PricedLine[]> {
  const rows = await db
    .select({
      ...productLineColumns,
      stockOnHand: products.stockOnHand,
      stockReserved: products.stockReserved,
      categoryId: products.categoryId,
    })
    .from(products)
    .where(and(inArray(products.id, [...wanted.keys()]), ON_SALE));
  if (rows.length !== wanted.size)
    throw badRequest(ORDER_MESSAGES.unavailable, "product_unavailable");
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...wanted].map(([productId, quantity]) => {
    const p = byId.get(productId);
    if (!p) throw badRequest(ORDER_MESSAGES.unavailable, "product_unavailable");
    return {
      productId,
      categoryId: p.categoryId,
      name: p.name,
      imageKey: p.imageKeys[0] ?? "",
      unitPriceCents: p.priceCents,
      quantity,
      available: p.stockOnHand === null ? null : Math.max(0, p.stockOnHand - p.stockReserved),
    };
  });
}

/** Stripe's line items for the order: each product, then GST and delivery as lines of their own. */
function stripeLineItems(origin: string, lines: PricedLine[], totals: CheckoutTotals) {
  const item = (name: string, unitAmount: number, quantity: number, images: string[] = []) => ({
    quantity,
    price_data: {
      currency: CURRENCY,
      unit_amount: unitAmount,
      product_data: { name, ...(images.length > 0 && { images }) },
    },
  });
  return [
    ...lines.map((l) =>
      item(l.name, l.unitPriceCents, l.quantity, l.imageKey ? [origin + imageUrl(l.imageKey)] : []),
    ),
    ...(totals.taxCents > 0 ? [item("GST (10%)", totals.taxCents, 1)] : []),
    ...(totals.deliveryFeeCents > 0 ? [item("Delivery", totals.deliveryFeeCents, 1)] : []),
  ];
}

/** The code an order is taken with, and whether its creator is credited (earns commission). */
interface CodeUse {
  attributed: Attribution;
  credited: boolean;
}

/**
 * The creator code this order is taken with, by the stated rule (a typed code beats the link
 * cookie), or null. A code the buyer cannot use is refused with the reason; only a creator signed
 * in to their own account is told it is their own.
 */
async function codeUse(
  { db }: Pick<Deps, "db">,
  { input, userId, linkedCode }: CheckoutRequest,
): Promise<CodeUse | null> {
  const typed = input.affiliateCode ? normaliseCode(input.affiliateCode) : null;
  if (input.affiliateCode && !typed)
    throw badRequest(AFFILIATE_MESSAGES.invalid, "invalid_affiliate_code");
  const found = await attribute({ db }, typed, normaliseCode(linkedCode));
  if (found === "unknown_code")
    throw badRequest(AFFILIATE_MESSAGES.invalid, "invalid_affiliate_code");
  // Typed (or shown as applied) while approved, suspended since: say so rather than charge more.
  if (found === "inactive_code")
    throw badRequest(CREATOR_ADMIN_MESSAGES.pendingCode, "inactive_affiliate_code");
  if (!found) return null;
  if (isOwnAccount(found.creator, userId)) {
    // Typed (or shown as applied): say so. Only a link cookie: no discount, no commission, no fuss.
    if (typed) throw badRequest(AFFILIATE_MESSAGES.ownCode, "self_referral");
    return null;
  }
  // Anyone else who merely looks like the creator (their email, a street they ship to) keeps the
  // discount and is answered as any stranger: taking the order without it would change the total
  // Stripe shows, and so tell a prober the email or address is the creator's. The order simply
  // credits no one, so it earns no commission (modules/creators/commissions.ts joins on creator_id).
  const credited = !(await looksLikeSelfReferral({ db }, found.creator, {
    email: input.address.email,
    address: input.address,
  }));
  return { attributed: found, credited };
}

/** Stripe's longest coupon name. */
const COUPON_NAME_LENGTH = 40;

/**
 * A one-time Stripe coupon for the order's discounts (Checkout takes one): the creator code's and
 * the shop's together, named for both, keyed to the order.
 */
async function discountCoupon(
  { env }: Pick<Deps, "env">,
  orderId: string,
  names: string[],
  cents: number,
) {
  const coupon = await stripeClient(env).coupons.create(
    {
      amount_off: cents,
      currency: CURRENCY,
      duration: "once",
      max_redemptions: 1,
      name: names.join(" + ").slice(0, COUPON_NAME_LENGTH),
      metadata: { order_id: orderId },
    },
    { idempotencyKey: `coupon:${orderId}` },
  );
  return coupon.id;
}

/** What the order's coupon is called: the creator code and the shop discount it carries. */
function couponNames(attributed: Attribution | null, discount: DiscountDecision): string[] {
  if (discount.refused) return [];
  return [
    ...(attributed && discount.creatorCents > 0 ? [`Creator code ${attributed.creator.code}`] : []),
    ...(discount.shop ? [discount.shop.code?.code ?? discount.shop.promotion.name] : []),
  ];
}

/** The 409 for lines beyond what is left: the message names the first, `issues` every one. */
function outOfStock(short: PricedLine[]): AppError {
  const say = (l: PricedLine) =>
    l.available ? STOCK_MESSAGES.onlyLeft(l.available, l.name) : STOCK_MESSAGES.soldOut(l.name);
  return new AppError(
    409,
    say(short[0] as PricedLine),
    "out_of_stock",
    short.map((l) => ({ path: l.productId, message: say(l) })),
  );
}

const shortLines = (lines: PricedLine[]) =>
  lines.filter((l) => l.available !== null && l.available < l.quantity);

/**
 * Stores the pending order and reserves every line in ONE batch, after releasing the checkouts it
 * supersedes and before the guards on what the client's network holds (modules/orders/stock-holds.ts),
 * with the shop discount's use and its guards (modules/promotions/redemptions.ts).
 * A line beyond what is left makes its reservation violate products_stock_reserved_within_on_hand,
 * and a guard its CHECK, so D1 rolls the whole batch back: no order, no reservation, nothing
 * released. The refused line is then named from a fresh read; if a concurrent release freed it
 * meanwhile, the batch is tried again.
 */
async function storeReservedOrder(
  { db }: Pick<Deps, "db">,
  lines: PricedLine[],
  hold: { network: string; superseded: string[] },
  orderStatements: (orderId: string) => [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  promotionStatements: (orderId: string) => BatchItem<"sqlite">[],
): Promise<string> {
  // A line short only of what this browser's own earlier checkout holds is not short.
  const early = hold.superseded.length > 0 ? [] : shortLines(lines);
  if (early.length > 0) throw outOfStock(early);
  for (let attempt = 0; ; attempt++) {
    const orderId = newId();
    try {
      const [first, ...rest] = orderStatements(orderId);
      await db.batch([
        first,
        ...rest,
        ...releaseSupersededStatements(db, hold.superseded),
        // After the release: a code the superseded checkout held is free for this one.
        ...promotionStatements(orderId),
        ...lines.flatMap((l) => reserveStatements(db, orderId, l)),
        ...holdGuardStatements(db, orderId, hold.network),
      ]);
      return orderId;
    } catch (err) {
      const limited = holdLimitError(err) ?? promotionLimitError(err);
      if (limited) throw limited;
      if (!isShortOfStock(err)) throw err;
      const levels = await stockLevels(
        { db },
        lines.map((l) => l.productId),
      );
      const now = lines.map((l) => ({ ...l, available: levels.get(l.productId)?.available ?? 0 }));
      const short = shortLines(now);
      if (short.length > 0 || attempt >= 2) throw outOfStock(short.length > 0 ? short : now);
    }
  }
}

/** A checkout Stripe would not open: the order is cancelled and its stock given back, together. */
async function cancelOrder({ db }: Pick<Deps, "db">, orderId: string): Promise<void> {
  await db.batch([
    db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, orderId)),
    ...releaseHoldStatements(db, orderId, "checkout could not start"),
  ]);
}

/**
 * Stores the pending order and returns the Checkout Session's URL. `amount` and `tax` from the
 * client are ignored: every figure is computed here, the discount from the code itself.
 */
export async function startCheckout(
  { env, db }: Pick<Deps, "env" | "db">,
  request: CheckoutRequest,
): Promise<string> {
  const { input, userId, accessTokenHash, holder } = request;
  const wanted = mergeLines(input.items);
  if (wanted.size === 0) throw badRequest(ORDER_MESSAGES.emptyCart, "empty_cart");
  // Two independent reads, so they overlap; when both refuse, the lines' reason is given.
  const [priced, attributing] = await Promise.allSettled([
    priceLines({ db }, wanted),
    codeUse({ db }, request),
  ]);
  if (priced.status === "rejected") throw priced.reason;
  if (attributing.status === "rejected") throw attributing.reason;
  const lines = priced.value;
  const attributed = attributing.value?.attributed ?? null;
  const credited = attributing.value?.credited ? attributed : null;
  const { address } = input;
  // A use the shopper's own earlier checkout holds is theirs again: this checkout replaces it
  // (the batch's guards count it only if that checkout could not be released).
  const replacing = await openCheckoutsOf({ db }, holder);
  const discount = await decideDiscount(
    { db },
    {
      code: input.discountCode,
      lines,
      creatorCents: attributed?.creator.discountCents ?? 0,
      customer: { userId, email: address.email },
      now: Date.now(),
      replacing: replacing.map((o) => o.id),
    },
  );
  if (discount.refused) throw refusalError(discount.reason, discount.minSpendCents);
  const shop = discount.shop;
  const shopCents = shop?.amountCents ?? 0;
  const totals = checkoutTotals(lines, discount.creatorCents + shopCents);

  const network = await networkHash({ env }, request.network);
  const superseded = await supersededCheckouts({ env, db }, holder);
  const orderId = await storeReservedOrder(
    { db },
    lines,
    { network, superseded },
    (orderId) => [
      db.insert(orders).values({
        id: orderId,
        userId,
        email: address.email,
        address,
        ...totals,
        shopDiscountCents: shopCents,
        promotionId: shop?.promotion.id ?? null,
        promotionCode: shop?.code?.code ?? null,
        promotionKind: shop?.promotion.kind ?? null,
        currency: CURRENCY,
        affiliateCode: attributed?.creator.code ?? null,
        // A suspected self-referral keeps the code (the owner sees what discount was given) but
        // no attribution and no creator: nothing for commissions to pay.
        attribution: credited?.why ?? null,
        creatorId: credited?.creator.userId ?? null,
        // The terms the shopper checked out under: a later change of rate applies to later orders.
        commissionRateBps: credited?.creator.commissionRateBps ?? null,
        accessTokenHash,
        clientNetworkHash: network,
        stockHold: "held",
      }),
      db.insert(orderItems).values(
        lines.map((l) => ({
          id: newId(),
          orderId,
          productId: l.productId,
          name: l.name,
          imageKey: l.imageKey,
          unitPriceCents: l.unitPriceCents,
          quantity: l.quantity,
        })),
      ),
    ],
    (orderId) =>
      shop
        ? holdUseStatements(db, {
            orderId,
            promotionId: shop.promotion.id,
            codeId: shop.code?.id ?? null,
            userId,
            email: address.email,
            amountCents: shopCents,
          })
        : [],
  );

  const origin = env.APP_ORIGIN;
  let session: { id: string; url: string | null; amount_total: number | null };
  try {
    const coupon =
      totals.discountCents > 0
        ? await discountCoupon(
            { env },
            orderId,
            couponNames(attributed, discount),
            totals.discountCents,
          )
        : null;
    session = await stripeClient(env).checkout.sessions.create(
      {
        mode: "payment",
        ...(coupon && { discounts: [{ coupon }] }),
        allowed_payment_method_types: ["card"],
        line_items: stripeLineItems(origin, lines, totals),
        customer_email: address.email,
        client_reference_id: orderId,
        metadata: { order_id: orderId },
        payment_intent_data: { metadata: { order_id: orderId } },
        expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_SECONDS,
        success_url: `${origin}/order-placed?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/place-order?cancel=true`,
      },
      { idempotencyKey: `checkout-session:${orderId}` },
    );
  } catch (err) {
    console.error(`checkout: Stripe refused the session for order ${orderId}`, err);
    await cancelOrder({ db }, orderId);
    throw new AppError(502, ORDER_MESSAGES.startFailed, "payment_provider_error");
  }
  if (!session.url || session.amount_total !== totals.totalCents) {
    console.error(
      `checkout: session ${session.id} charges ${session.amount_total}, order ${orderId} is ${totals.totalCents}`,
    );
    await cancelOrder({ db }, orderId);
    throw new AppError(502, ORDER_MESSAGES.startFailed, "payment_amount_mismatch");
  }
  await db.update(orders).set({ stripeSessionId: session.id }).where(eq(orders.id, orderId));
  return session.url;
}

/** What validate-discount is asked: the body, who is asking, and the creator link they came by. */
export interface DiscountQuoteRequest {
  input: v.InferOutput<typeof ValidateDiscountSchema>;
  userId: string | null;
  linkedCode: string | undefined;
}

/**
 * validate-discount: what the code would take off these lines now, priced from D1 as checkout
 * prices them and chosen against the creator's code as checkout chooses (README, "Promotions"). A
 * refused code is `valid: false` with the reason; without a code, the answer names the running offer
 * checkout would apply on its own, if any. Checkout decides again for itself.
 */
export async function quoteDiscount(
  { db }: Pick<Deps, "db">,
  { input, userId, linkedCode }: DiscountQuoteRequest,
): Promise<ValidateDiscountResponse> {
  const wanted = mergeLines(input.items);
  const creatorCode = input.affiliateCode || linkedCode;
  const [lines, creator] = await Promise.all([
    priceLines({ db }, wanted).catch((err: unknown) => {
      if (err instanceof AppError && err.code === "product_unavailable") return null;
      throw err;
    }),
    creatorCode ? checkCode({ db }, creatorCode, userId) : null,
  ]);
  if (!lines) {
    return {
      success: true,
      valid: false,
      reason: "not_applicable",
      message: ORDER_MESSAGES.unavailable,
    };
  }
  const decision = await decideDiscount(
    { db },
    {
      code: input.code,
      lines,
      creatorCents: creator?.valid ? creator.discountCents : 0,
      customer: { userId, email: input.email ? input.email.toLowerCase() : null },
      now: Date.now(),
    },
  );
  if (decision.refused) {
    return {
      success: true,
      valid: false,
      reason: decision.reason,
      message: refusalMessage(decision.reason, decision.minSpendCents),
    };
  }
  const shop = decision.shop;
  // Without a code, the answer is the running offer checkout would apply on its own, if any.
  if (!shop) {
    const message = input.code ? DISCOUNT_MESSAGES.failure : DISCOUNT_MESSAGES.empty;
    return { success: true, valid: false, message };
  }
  return {
    success: true,
    valid: true,
    discount: {
      code: shop.code?.code ?? null,
      promotionId: shop.promotion.id,
      name: shop.promotion.name,
      kind: shop.promotion.kind,
      amountCents: shop.amountCents,
    },
    message: decision.replacedCreator
      ? DISCOUNT_MESSAGES.shopBetter
      : shop.code
        ? DISCOUNT_MESSAGES.applied
        : DISCOUNT_MESSAGES.offerApplied(shop.promotion.name),
  };
}
