// Coupons: fixed-amount, single-use-per-checkout discounts (`duration: once`), the only kind
// the Worker creates.
import type { SandboxContext } from "./context";
import { invalidRequest, resourceMissing } from "./errors";
import type { FormValue } from "./form";
import { randomId, unixSeconds } from "./ids";
import { currency, integer, metadata, optional, parseParams, string } from "./params";
import type { Coupon } from "./state";

export const couponIsValid = (coupon: Coupon) =>
  coupon.maxRedemptions === null || coupon.timesRedeemed < coupon.maxRedemptions;

export function couponJson(coupon: Coupon) {
  return {
    id: coupon.id,
    object: "coupon",
    amount_off: coupon.amountOff,
    created: coupon.created,
    currency: coupon.currency,
    duration: "once",
    duration_in_months: null,
    livemode: false,
    max_redemptions: coupon.maxRedemptions,
    metadata: coupon.metadata,
    name: coupon.name,
    percent_off: null,
    redeem_by: null,
    times_redeemed: coupon.timesRedeemed,
    valid: couponIsValid(coupon),
  };
}

export function createCoupon(ctx: SandboxContext, body: Record<string, FormValue>) {
  const params = parseParams(
    {
      id: optional(string({ maxLength: 200 })),
      amount_off: integer({ min: 1, max: 99_999_999 }),
      currency: currency(),
      duration: optional(string({ oneOf: ["forever", "once", "repeating"] })),
      max_redemptions: optional(integer({ min: 1 })),
      name: optional(string({ maxLength: 40 })),
      metadata: optional(metadata()),
    },
    body,
  );
  if (params.duration !== undefined && params.duration !== "once") {
    throw invalidRequest("The Stripe sandbox implements duration=once coupons only.", {
      param: "duration",
    });
  }
  const id = params.id ?? randomId("", 8);
  if (ctx.store.coupons.has(id)) {
    throw invalidRequest("Coupon already exists.", {
      code: "resource_already_exists",
      param: "id",
    });
  }
  const coupon: Coupon = {
    id,
    amountOff: params.amount_off,
    currency: params.currency,
    maxRedemptions: params.max_redemptions ?? null,
    name: params.name ?? null,
    metadata: params.metadata ?? {},
    created: unixSeconds(),
    timesRedeemed: 0,
  };
  ctx.store.coupons.set(id, coupon);
  return couponJson(coupon);
}

export function retrieveCoupon(ctx: SandboxContext, id: string, query: Record<string, FormValue>) {
  parseParams({}, query);
  const coupon = ctx.store.coupons.get(id);
  if (!coupon) throw resourceMissing("coupon", id);
  return couponJson(coupon);
}
