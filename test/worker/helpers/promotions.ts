// Promotions in tests: the owner makes them through the back-office API, and shoppers ask
// validate-discount and check out with a code, each from a network of its own when asked.
import { eq } from "drizzle-orm";
import type { PromotionDto, ValidateDiscountResponse } from "../../../worker/contracts/promotions";
import { orders, promotionRedemptions } from "../../../worker/db/schema";
import { address, orderAccessCookieOf, sessionIdOf } from "./checkout";
import { callWorker, db } from "./factories";

/** An admin's request to the back-office. */
export const adminCall = (token: string, method: string, path: string, body?: unknown) =>
  callWorker(path, {
    method,
    headers: { token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });

/** A promotion body the back-office accepts: 10% off the order with a code, unless overridden. */
export const promotionBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Spring sale",
  automatic: false,
  code: `SPRING${crypto.randomUUID().slice(0, 6)}`,
  kind: "percent",
  percentOff: 10,
  scope: "order",
  ...overrides,
});

/** Makes a promotion as the owner would; it must be accepted. */
export async function makePromotion(
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<PromotionDto> {
  const res = await adminCall(token, "POST", "/api/admin/promotions", promotionBody(overrides));
  if (res.status !== 201) throw new Error(`promotion refused: ${res.status} ${await res.text()}`);
  return (await res.json<{ promotion: PromotionDto }>()).promotion;
}

/** POST /api/order/validate-discount as a guest (or the holder of `token`). */
export async function validateDiscount(body: Record<string, unknown>, token?: string) {
  const res = await callWorker("/api/order/validate-discount", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json<ValidateDiscountResponse>() };
}

/** createStripeSession from network `ip` (a browser of its own), with a discount code. */
export async function checkoutWith(
  items: { _id: string; quantity: number }[],
  {
    ip,
    discountCode = "",
    affiliateCode = "",
    email = "meera@example.com",
    token,
  }: {
    ip?: string;
    discountCode?: string;
    affiliateCode?: string;
    email?: string;
    token?: string;
  } = {},
) {
  const res = await callWorker("/api/order/createStripeSession", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(ip ? { "cf-connecting-ip": ip } : {}),
      ...(token ? { token } : {}),
    },
    body: JSON.stringify({
      address: address({ email }),
      amount: 0,
      tax: 0,
      items,
      affiliateCode,
      discountCode,
    }),
  });
  const body = await res.json<{ session_url?: string; code?: string; message?: string }>();
  return {
    status: res.status,
    body,
    cookie: orderAccessCookieOf(res),
    sessionId: sessionIdOf(body.session_url ?? ""),
  };
}

/** The order a Checkout Session was opened for. */
export async function orderOf(sessionId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.stripeSessionId, sessionId));
  if (!row) throw new Error(`no order for ${sessionId}`);
  return row;
}

/** Every use of a promotion, as D1 holds them. */
export const usesOf = (promotionId: string) =>
  db().select().from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, promotionId));
