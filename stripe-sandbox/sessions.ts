// Checkout Sessions: creation with Stripe's checks, expiry (by API and by clock) and payment.
import type { SandboxContext } from "./context";
import { couponIsValid } from "./coupons";
import { invalidRequest, paramError, resourceMissing } from "./errors";
import { CUSTOMER_ACTION, type EventCause } from "./events";
import type { FormValue } from "./form";
import { randomId, unixSeconds } from "./ids";
import {
  array,
  currency,
  email,
  integer,
  metadata,
  object,
  optional,
  parseParams,
  string,
  url,
} from "./params";
import { describeCard } from "./payment-intents";
import { readExpand, sessionJson } from "./session-json";
import type { CheckoutSession, SessionLine } from "./state";

const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const noExpansion = { lineItems: false, product: false };

const lineItemShape = object({
  quantity: integer({ min: 1 }),
  price_data: object({
    currency: currency(),
    unit_amount: integer({ min: 0, max: 99_999_999 }),
    product_data: object({
      name: string({ maxLength: 5000 }),
      images: optional(array(url(), { max: 8 })),
      metadata: optional(metadata()),
    }),
  }),
});

const createShape = {
  mode: string({ oneOf: ["payment", "setup", "subscription"] }),
  line_items: array(lineItemShape, { max: 100 }),
  discounts: optional(array(object({ coupon: string({ maxLength: 5000 }) }), { max: 1 })),
  success_url: url(),
  cancel_url: optional(url()),
  client_reference_id: optional(string({ maxLength: 200 })),
  customer_email: optional(email()),
  metadata: optional(metadata()),
  payment_intent_data: optional(object({ metadata: optional(metadata()) })),
  // API 2026-09-30.endive (stripe-node 23) replaced `payment_method_types` with this filter;
  // Stripe now refuses the old name, and so does the sandbox.
  allowed_payment_method_types: optional(array(string({ oneOf: ["card"] }))),
  expires_at: optional(integer()),
  expand: optional(array(string({ maxLength: 5000 }))),
};

/** Splits the discount over the lines in proportion to their subtotals, summing exactly. */
export function allocateDiscount(discount: number, amounts: number[]): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (discount === 0 || total === 0) return amounts.map(() => 0);
  // BigInt: discount x amount can pass 2^53 for large orders.
  const exact = amounts.map((a) => BigInt(discount) * BigInt(a));
  const shares = exact.map((e) => Number(e / BigInt(total)));
  let left = discount - shares.reduce((sum, s) => sum + s, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, remainder: e % BigInt(total) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

function checkExpiresAt(ctx: SandboxContext, expiresAt: number, now: number): void {
  const minimum = ctx.minimumExpirySeconds;
  if (expiresAt < now + minimum) {
    const span = minimum % 60 === 0 ? `${minimum / 60} minutes` : `${minimum} seconds`;
    throw paramError(
      `The \`expires_at\` timestamp must be at least ${span} from Checkout Session creation.`,
      "expires_at",
    );
  }
  if (expiresAt > now + MAX_EXPIRY_SECONDS) {
    throw paramError(
      "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
      "expires_at",
    );
  }
}

export function createSession(ctx: SandboxContext, body: Record<string, FormValue>) {
  const params = parseParams(createShape, body);
  const expand = readExpand(params.expand, "line_items.");
  if (params.mode !== "payment") {
    throw paramError("The Stripe sandbox implements mode=payment only.", "mode");
  }
  const now = unixSeconds();
  const expiresAt = params.expires_at ?? now + MAX_EXPIRY_SECONDS;
  checkExpiresAt(ctx, expiresAt, now);

  const sessionCurrency = params.line_items[0]?.price_data.currency ?? "";
  params.line_items.forEach((item, i) => {
    if (item.price_data.currency !== sessionCurrency) {
      throw paramError(
        "All line items in a Checkout Session must use the same currency.",
        `line_items[${i}][price_data][currency]`,
      );
    }
  });

  const couponId = params.discounts?.[0]?.coupon ?? null;
  const coupon = couponId === null ? undefined : ctx.store.coupons.get(couponId);
  if (couponId !== null) {
    const param = "discounts[0][coupon]";
    if (!coupon) throw resourceMissing("coupon", couponId, param);
    if (!couponIsValid(coupon)) {
      throw invalidRequest(`Coupon ${couponId} is no longer valid.`, {
        code: "coupon_expired",
        param,
      });
    }
    if (coupon.currency !== sessionCurrency) {
      throw invalidRequest(
        `The coupon currency (${coupon.currency}) must match the Checkout Session currency (${sessionCurrency}).`,
        { param },
      );
    }
  }

  const amounts = params.line_items.map((i) => i.price_data.unit_amount * i.quantity);
  const subtotal = amounts.reduce((sum, a) => sum + a, 0);
  const discount = Math.min(coupon?.amountOff ?? 0, subtotal);
  const shares = allocateDiscount(discount, amounts);
  const lines: SessionLine[] = params.line_items.map((item, i) => ({
    id: randomId("li_"),
    priceId: randomId("price_"),
    productId: randomId("prod_", 14),
    name: item.price_data.product_data.name,
    images: item.price_data.product_data.images ?? [],
    productMetadata: item.price_data.product_data.metadata ?? {},
    currency: item.price_data.currency,
    unitAmount: item.price_data.unit_amount,
    quantity: item.quantity,
    amountDiscount: shares[i] ?? 0,
  }));

  const session: CheckoutSession = {
    id: randomId("cs_test_", 58),
    created: now,
    expiresAt,
    status: "open",
    paymentStatus: "unpaid",
    currency: sessionCurrency,
    lines,
    couponId,
    amountSubtotal: subtotal,
    amountDiscount: discount,
    amountTotal: subtotal - discount,
    successUrl: params.success_url,
    cancelUrl: params.cancel_url ?? null,
    clientReferenceId: params.client_reference_id ?? null,
    customerEmail: params.customer_email ?? null,
    paidEmail: null,
    metadata: params.metadata ?? {},
    paymentIntentMetadata: params.payment_intent_data?.metadata ?? {},
    allowedPaymentMethodTypes: params.allowed_payment_method_types ?? null,
    paymentIntentId: null,
  };
  ctx.store.sessions.set(session.id, session);
  scheduleExpiry(ctx, session);
  return sessionJson(ctx, session, expand);
}

function scheduleExpiry(ctx: SandboxContext, session: CheckoutSession): void {
  const timer = setTimeout(
    () => {
      ctx.expiryTimers.delete(session.id);
      if (session.status === "open") void expire(ctx, session, CUSTOMER_ACTION);
    },
    Math.max(0, session.expiresAt * 1000 - Date.now()),
  );
  timer.unref();
  ctx.expiryTimers.set(session.id, timer);
}

function stopExpiryTimer(ctx: SandboxContext, session: CheckoutSession): void {
  clearTimeout(ctx.expiryTimers.get(session.id));
  ctx.expiryTimers.delete(session.id);
}

function expire(ctx: SandboxContext, session: CheckoutSession, cause: EventCause): Promise<void> {
  stopExpiryTimer(ctx, session);
  session.status = "expired";
  return ctx.emit("checkout.session.expired", sessionJson(ctx, session, noExpansion), cause);
}

/** Looks a session up, expiring it first if its time has passed and the timer lagged. */
export function findSession(ctx: SandboxContext, id: string): CheckoutSession | undefined {
  const session = ctx.store.sessions.get(id);
  if (session?.status === "open" && session.expiresAt * 1000 <= Date.now()) {
    void expire(ctx, session, CUSTOMER_ACTION);
  }
  return session;
}

export function getSession(ctx: SandboxContext, id: string): CheckoutSession {
  const session = findSession(ctx, id);
  if (!session) throw resourceMissing("checkout.session", id);
  return session;
}

export function retrieveSession(ctx: SandboxContext, id: string, query: Record<string, FormValue>) {
  const params = parseParams({ expand: optional(array(string({ maxLength: 5000 }))) }, query);
  const expand = readExpand(params.expand, "line_items.");
  return sessionJson(ctx, getSession(ctx, id), expand);
}

export function expireSession(
  ctx: SandboxContext,
  id: string,
  body: Record<string, FormValue>,
  cause: EventCause,
) {
  parseParams({}, body);
  const session = getSession(ctx, id);
  if (session.status !== "open") {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
    );
  }
  void expire(ctx, session, cause);
  return sessionJson(ctx, session, noExpansion);
}

/**
 * Marks an open session paid, as the hosted page does after a good card. Returns false when
 * the coupon was used up by another session in the meantime. The promise resolves when the
 * first webhook attempt for checkout.session.completed is answered.
 */
export function completeSession(
  ctx: SandboxContext,
  session: CheckoutSession,
  email: string,
  cardNumber?: string,
): { ok: false } | { ok: true; delivered: Promise<void> } {
  const coupon = session.couponId ? ctx.store.coupons.get(session.couponId) : undefined;
  if (coupon && !couponIsValid(coupon)) return { ok: false };
  if (coupon) coupon.timesRedeemed++;
  stopExpiryTimer(ctx, session);
  session.status = "complete";
  session.paidEmail = email;
  if (session.amountTotal === 0) {
    // Nothing to charge: Stripe creates no payment intent.
    session.paymentStatus = "no_payment_required";
  } else {
    session.paymentStatus = "paid";
    session.paymentIntentId = randomId("pi_");
    ctx.store.charges.set(session.paymentIntentId, {
      id: randomId("ch_"),
      paymentIntentId: session.paymentIntentId,
      sessionId: session.id,
      amount: session.amountTotal,
      amountRefunded: 0,
      currency: session.currency,
      email,
      metadata: session.paymentIntentMetadata,
      created: unixSeconds(),
      card: cardNumber ? describeCard(cardNumber) : null,
    });
  }
  const snapshot = sessionJson(ctx, session, noExpansion);
  return { ok: true, delivered: ctx.emit("checkout.session.completed", snapshot, CUSTOMER_ACTION) };
}
