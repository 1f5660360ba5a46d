// Promotions at checkout (README, "Promotions"): every refusal and its message, codes in any case,
// the last use under a rush going to exactly one checkout, a use released by an expired checkout
// becoming usable again exactly once, combining with a creator's code both ways and stacked, and
// a discounted order's figures agreeing to the cent from Stripe to the GST report.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { GstReportResponse } from "../../worker/contracts/admin-reports";
import type { OrderDto } from "../../worker/contracts/order";
import { DISCOUNT_MESSAGES, type OffersResponse } from "../../worker/contracts/promotions";
import { gstIncludedCents } from "../../worker/contracts/totals";
import { commissions, orders, promotionRedemptions } from "../../worker/db/schema";
import { brisbaneDate } from "../../worker/lib/brisbane-time";
import { invoiceUrl } from "../../worker/modules/orders/invoice";
import { adminSession, creatorSession, register } from "./helpers/accounts";
import {
  address,
  confirm,
  deliver,
  deliverCompleted,
  eventFor,
  pay,
  stripe,
} from "./helpers/checkout";
import { api, callWorker, createCategory, createProduct, db } from "./helpers/factories";
import {
  adminCall,
  checkoutWith,
  makePromotion,
  orderOf,
  usesOf,
  validateDiscount,
} from "./helpers/promotions";

/** A product at `priceCents` in a category of its own. */
async function product(priceCents: number) {
  const category = await createCategory();
  const p = await createProduct(category.id, {
    finalPriceCents: priceCents,
    originalPriceCents: priceCents,
  });
  return { ...p, categoryId: category.id };
}

const line = (id: string, quantity = 1) => [{ _id: id, quantity }];

/** Pays a session on the sandbox's page and delivers its completed event. */
async function payAndDeliver(sessionId: string, url: string) {
  expect((await pay(url)).status).toBe(303);
  await deliverCompleted(sessionId);
}

describe("validate-discount and checkout refuse a code with its message", () => {
  it("answers each refusal 200 valid:false on validate and 400 with the same message at checkout", async () => {
    const admin = await adminSession();
    const tok = admin.accessToken;
    const item = await product(4000);
    const elsewhere = await product(4000);
    const expired = await makePromotion(tok, { endsAt: "2020-01-01T00:00" });
    const later = await makePromotion(tok, { startsAt: "2099-01-01T09:00" });
    const minimum = await makePromotion(tok, { minSpendCents: 5000 });
    const other = await makePromotion(tok, {
      scope: "categories",
      categoryIds: [elsewhere.categoryId],
    });
    const paused = await makePromotion(tok, { status: "paused" });
    const cases: [string, string, string][] = [
      ["NOSUCHCODE", "unknown", DISCOUNT_MESSAGES.unknown],
      ["bad code!", "unknown", DISCOUNT_MESSAGES.unknown],
      [expired.code ?? "", "expired", DISCOUNT_MESSAGES.expired],
      [paused.code ?? "", "expired", DISCOUNT_MESSAGES.expired],
      [later.code ?? "", "not_started", DISCOUNT_MESSAGES.notStarted],
      [minimum.code ?? "", "minimum_not_met", "Spend at least $50.00 to use this discount code."],
      [other.code ?? "", "not_applicable", DISCOUNT_MESSAGES.notApplicable],
    ];
    for (const [code, reason, message] of cases) {
      const checked = await validateDiscount({ code, items: line(item.id) });
      expect(checked, code).toEqual({
        status: 200,
        body: { success: true, valid: false, reason, message },
      });
      const started = await checkoutWith(line(item.id), { discountCode: code });
      expect(started.status, code).toBe(400);
      expect(started.body, code).toEqual({ success: false, code: reason, message });
    }
    expect(await validateDiscount({ code: "", items: line(item.id) })).toEqual({
      status: 200,
      body: { success: true, valid: false, message: DISCOUNT_MESSAGES.empty },
    });
    // None of the refused checkouts left an order or a use behind.
    expect(await db().select().from(orders)).toHaveLength(0);
    expect(await db().select().from(promotionRedemptions)).toHaveLength(0);
  });

  it("says used up once the last use is held, and already used to the customer who used it", async () => {
    const admin = await adminSession();
    const item = await product(4000);
    const once = await makePromotion(admin.accessToken, { usageLimit: 1 });
    const perCustomer = await makePromotion(admin.accessToken, { perCustomerLimit: 1 });
    const first = await checkoutWith(line(item.id), {
      ip: "203.0.113.20",
      discountCode: once.code ?? "",
    });
    expect(first.status).toBe(200);
    expect(await validateDiscount({ code: once.code, items: line(item.id) })).toMatchObject({
      body: { valid: false, reason: "used_up", message: DISCOUNT_MESSAGES.usedUp },
    });
    const second = await checkoutWith(line(item.id), {
      ip: "203.0.113.21",
      discountCode: once.code ?? "",
    });
    expect(second.body).toEqual({
      success: false,
      code: "used_up",
      message: DISCOUNT_MESSAGES.usedUp,
    });

    // The per-customer limit counts the email for a guest and the account when signed in.
    const shopper = await register();
    const mine = await checkoutWith(line(item.id), {
      ip: "203.0.113.22",
      discountCode: perCustomer.code ?? "",
      token: shopper.accessToken,
      email: "someone.else@example.com",
    });
    expect(mine.status).toBe(200);
    const again = await validateDiscount(
      { code: perCustomer.code, items: line(item.id) },
      shopper.accessToken,
    );
    expect(again.body).toMatchObject({
      valid: false,
      reason: "already_used",
      message: DISCOUNT_MESSAGES.alreadyUsed,
    });
    const byEmail = await validateDiscount({
      code: perCustomer.code,
      items: line(item.id),
      email: "Someone.Else@example.com",
    });
    expect(byEmail.body).toMatchObject({ valid: false, reason: "already_used" });
    const guest = await checkoutWith(line(item.id), {
      ip: "203.0.113.23",
      discountCode: perCustomer.code ?? "",
      email: "someone.else@example.com",
    });
    expect(guest.body).toEqual({
      success: false,
      code: "already_used",
      message: DISCOUNT_MESSAGES.alreadyUsed,
    });
    // Another shopper may still use it.
    const stranger = await checkoutWith(line(item.id), {
      ip: "203.0.113.24",
      discountCode: perCustomer.code ?? "",
      email: "stranger@example.com",
    });
    expect(stranger.status).toBe(200);
  });

  it("matches codes in any case, and takes nothing from the client's figures", async () => {
    const admin = await adminSession();
    const item = await product(4000);
    await makePromotion(admin.accessToken, { code: "Spring-Sale", percentOff: 25 });
    const checked = await validateDiscount({ code: "  spring-SALE ", items: line(item.id, 2) });
    expect(checked.body).toMatchObject({
      valid: true,
      message: DISCOUNT_MESSAGES.applied,
      discount: { code: "SPRING-SALE", kind: "percent", amountCents: 2000 },
    });
    const started = await checkoutWith(line(item.id, 2), { discountCode: "spring-sale" });
    expect(started.status).toBe(200);
    // $80.00 + $8.00 tax + $10.00 delivery - $20.00 = $78.00
    expect(await orderOf(started.sessionId)).toMatchObject({
      subtotalCents: 8000,
      discountCents: 2000,
      shopDiscountCents: 2000,
      promotionCode: "SPRING-SALE",
      totalCents: 7800,
    });
    const session = await stripe().checkout.sessions.retrieve(started.sessionId);
    expect(session.amount_total).toBe(7800);
  });
});

describe("the last use under a rush", () => {
  it("goes to exactly one of 20 concurrent checkouts; the others are told it is used up and write nothing", async () => {
    const admin = await adminSession();
    const item = await product(4000);
    const promo = await makePromotion(admin.accessToken, { usageLimit: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkoutWith(line(item.id), {
          ip: `198.51.100.${i + 1}`,
          discountCode: (promo.code ?? "").toLowerCase(),
          email: `rush${i}@example.com`,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        success: false,
        code: "used_up",
        message: DISCOUNT_MESSAGES.usedUp,
      });
    }
    expect(await usesOf(promo.id)).toMatchObject([{ state: "held", amountCents: 400 }]);
    const all = await db().select().from(orders);
    expect(all).toHaveLength(1);
    expect(all[0]?.stripeSessionId).toBe(ok[0]?.sessionId);
  });
});

describe("a use released by an expired checkout", () => {
  it("is usable again exactly once, however often the expiry is delivered", async () => {
    const admin = await adminSession();
    const item = await product(4000);
    const promo = await makePromotion(admin.accessToken, { usageLimit: 1 });
    const code = promo.code ?? "";
    const first = await checkoutWith(line(item.id), { ip: "203.0.113.30", discountCode: code });
    expect(first.status).toBe(200);
    const blocked = await checkoutWith(line(item.id), { ip: "203.0.113.31", discountCode: code });
    expect(blocked.body.code).toBe("used_up");

    await stripe().checkout.sessions.expire(first.sessionId);
    const expired = await eventFor(first.sessionId, "checkout.session.expired");
    expect((await deliver(expired)).status).toBe(200);
    expect((await deliver(expired)).status).toBe(200);
    expect(await orderOf(first.sessionId)).toMatchObject({
      status: "expired",
      stockHold: "released",
    });
    expect((await usesOf(promo.id)).map((u) => u.state)).toEqual(["released"]);

    const retried = await checkoutWith(line(item.id), { ip: "203.0.113.31", discountCode: code });
    expect(retried.status).toBe(200);
    const third = await checkoutWith(line(item.id), { ip: "203.0.113.32", discountCode: code });
    expect(third.body.code).toBe("used_up");
    expect((await usesOf(promo.id)).map((u) => u.state).sort()).toEqual(["held", "released"]);

    // Paying turns the held use into a used one.
    await payAndDeliver(retried.sessionId, retried.body.session_url ?? "");
    expect((await usesOf(promo.id)).map((u) => u.state).sort()).toEqual(["released", "used"]);
  });
});

describe("a shopper checking out again", () => {
  it("gets the code their own earlier checkout held: it is released in the new checkout's batch", async () => {
    const admin = await adminSession();
    const item = await product(4000);
    const promo = await makePromotion(admin.accessToken, { usageLimit: 1 });
    const code = promo.code ?? "";
    const first = await checkoutWith(line(item.id), { ip: "203.0.113.60", discountCode: code });
    expect(first.status).toBe(200);
    const res = await callWorker("/api/order/createStripeSession", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": "203.0.113.60",
        cookie: first.cookie,
      },
      body: JSON.stringify({ address: address(), items: line(item.id), discountCode: code }),
    });
    expect(res.status).toBe(200);
    expect(await orderOf(first.sessionId)).toMatchObject({ status: "expired" });
    expect((await usesOf(promo.id)).map((u) => u.state).sort()).toEqual(["held", "released"]);
  });
});

describe("a shop discount and a creator's code", () => {
  it("keeps the creator's discount when it is bigger, and says so", async () => {
    const admin = await adminSession();
    const creator = await creatorSession();
    const item = await product(4000);
    const promo = await makePromotion(admin.accessToken, { percentOff: 5 });
    const checked = await validateDiscount({
      code: promo.code,
      items: line(item.id),
      affiliateCode: creator.code,
    });
    expect(checked.body).toEqual({
      success: true,
      valid: false,
      reason: "creator_better",
      message: DISCOUNT_MESSAGES.creatorBetter,
    });
    const refused = await checkoutWith(line(item.id), {
      discountCode: promo.code ?? "",
      affiliateCode: creator.code,
    });
    expect(refused.body).toEqual({
      success: false,
      code: "creator_better",
      message: DISCOUNT_MESSAGES.creatorBetter,
    });
    // Without the code: the creator's $10 as before, no shop discount.
    const started = await checkoutWith(line(item.id), { affiliateCode: creator.code });
    expect(await orderOf(started.sessionId)).toMatchObject({
      discountCents: 1000,
      shopDiscountCents: 0,
      promotionId: null,
      creatorId: creator.userId,
    });
  });

  it("replaces the creator's discount when it is bigger; the creator earns on what was paid", async () => {
    const admin = await adminSession();
    const creator = await creatorSession();
    const item = await product(10000);
    const promo = await makePromotion(admin.accessToken, { percentOff: 30 });
    const checked = await validateDiscount({
      code: promo.code,
      items: line(item.id),
      affiliateCode: creator.code,
    });
    expect(checked.body).toMatchObject({
      valid: true,
      message: DISCOUNT_MESSAGES.shopBetter,
      discount: { amountCents: 3000 },
    });
    const started = await checkoutWith(line(item.id), {
      discountCode: promo.code ?? "",
      affiliateCode: creator.code,
    });
    expect(started.status).toBe(200);
    // $100 + $10 tax + $10 delivery - $30 (the shop's; the creator's $10 is not added) = $90
    const order = await orderOf(started.sessionId);
    expect(order).toMatchObject({
      discountCents: 3000,
      shopDiscountCents: 3000,
      totalCents: 9000,
      creatorId: creator.userId,
      affiliateCode: creator.code,
    });
    await payAndDeliver(started.sessionId, started.body.session_url ?? "");
    const [commission] = await db()
      .select()
      .from(commissions)
      .where(eq(commissions.orderId, order.id));
    // 10% of the goods paid for: $100 - $30.
    expect(commission).toMatchObject({ baseCents: 7000, amountCents: 700 });
  });

  it("stacks when the promotion allows it: the creator's first, then the shop's on what remains", async () => {
    const admin = await adminSession();
    const creator = await creatorSession();
    const item = await product(10000);
    const promo = await makePromotion(admin.accessToken, {
      percentOff: 20,
      stacksWithCreator: true,
    });
    const started = await checkoutWith(line(item.id), {
      discountCode: promo.code ?? "",
      affiliateCode: creator.code,
    });
    expect(started.status).toBe(200);
    // Creator $10; then 20% of the $90 of goods left = $18. $120 - $28 = $92.
    const order = await orderOf(started.sessionId);
    expect(order).toMatchObject({ discountCents: 2800, shopDiscountCents: 1800, totalCents: 9200 });
    const session = await stripe().checkout.sessions.retrieve(started.sessionId);
    expect(session.amount_total).toBe(9200);
    await payAndDeliver(started.sessionId, started.body.session_url ?? "");
    const [commission] = await db()
      .select()
      .from(commissions)
      .where(eq(commissions.orderId, order.id));
    expect(commission).toMatchObject({ baseCents: 7200, amountCents: 720 });
  });
});

describe("automatic offers", () => {
  it("are listed while running and applied at checkout without a code; free delivery is the fee", async () => {
    const admin = await adminSession();
    const item = await product(4000);
    const offer = await makePromotion(admin.accessToken, {
      name: "Free delivery weekend",
      automatic: true,
      code: null,
      kind: "free_delivery",
      scope: "categories",
      categoryIds: [item.categoryId],
    });
    await makePromotion(admin.accessToken, {
      automatic: true,
      code: null,
      endsAt: "2020-01-01T00:00",
    });
    const res = await api("/api/promotions/offers");
    expect(res.status).toBe(200);
    const { offers } = await res.json<OffersResponse>();
    expect(offers).toEqual([
      {
        id: offer.id,
        name: "Free delivery weekend",
        kind: "free_delivery",
        percentOff: null,
        amountOffCents: null,
        scope: "categories",
        categoryIds: [item.categoryId],
        productIds: [],
        minSpendCents: null,
        endsAt: null,
      },
    ]);
    // Asked without a code, validate-discount names the offer checkout will apply, so the page
    // can show the total Stripe will charge.
    expect(await validateDiscount({ code: "", items: line(item.id) })).toEqual({
      status: 200,
      body: {
        success: true,
        valid: true,
        discount: {
          code: null,
          promotionId: offer.id,
          name: "Free delivery weekend",
          kind: "free_delivery",
          amountCents: 1000,
        },
        message: DISCOUNT_MESSAGES.offerApplied("Free delivery weekend"),
      },
    });
    const started = await checkoutWith(line(item.id));
    expect(await orderOf(started.sessionId)).toMatchObject({
      deliveryFeeCents: 1000,
      discountCents: 1000,
      shopDiscountCents: 1000,
      promotionId: offer.id,
      promotionCode: null,
      promotionKind: "free_delivery",
      totalCents: 4400,
    });
    expect(await usesOf(offer.id)).toMatchObject([{ state: "held", codeId: null }]);
  });
});

describe("a discounted order's figures", () => {
  it("agree to the cent: Stripe's amount, the order, its invoice's GST and the GST report", async () => {
    const admin = await adminSession();
    const item = await product(4495);
    const promo = await makePromotion(admin.accessToken, {
      kind: "fixed",
      percentOff: null,
      amountOffCents: 1234,
    });
    const started = await checkoutWith(line(item.id, 2), { discountCode: promo.code ?? "" });
    // 2 x $44.95 = $89.90 + $8.99 tax + $10.00 delivery - $12.34 = $96.55; GST 96.55 / 11 = 8.777
    const session = await stripe().checkout.sessions.retrieve(started.sessionId);
    expect(session.amount_total).toBe(9655);
    await payAndDeliver(started.sessionId, started.body.session_url ?? "");
    const order = await orderOf(started.sessionId);
    expect(order).toMatchObject({
      totalCents: 9655,
      shopDiscountCents: 1234,
      status: "Order Placed",
    });
    expect(gstIncludedCents(9655)).toBe(878);

    const confirmed = await confirm(started.sessionId, { cookie: started.cookie });
    const dto = (await confirmed.json<{ order: OrderDto }>()).order;
    expect(dto).toMatchObject({
      amount: 96.55,
      subtotal: 89.9,
      tax: 8.99,
      deliveryFee: 10,
      discount: 0,
      shopDiscount: 12.34,
      promotionCode: promo.code,
    });

    const link = new URL(await invoiceUrl({ env }, order.id));
    const html = (await (await callWorker(link.pathname + link.search)).text()).replace(
      /\s+/g,
      " ",
    );
    expect(html).toContain(
      `<th colspan="3">Shop discount (${promo.code})</th><td class="n">-$12.34</td>`,
    );
    expect(html).toContain('Total paid (AUD, GST inclusive)</th><td class="n">$96.55</td>');
    expect(html).toContain("Total includes GST of $8.78.");

    const day = brisbaneDate(Date.now());
    const report = await adminCall(
      admin.accessToken,
      "GET",
      `/api/admin/reports/gst?from=${day}&to=${day}`,
    );
    const lines = (await report.json<GstReportResponse>()).report.lines;
    expect(lines.filter((l) => l.orderId === order.id).map((l) => [l.total, l.gst])).toEqual([
      [96.55, 8.78],
    ]);

    const detail = await adminCall(admin.accessToken, "GET", `/api/admin/orders/${order.id}`);
    expect((await detail.json<{ order: unknown }>()).order).toMatchObject({
      total: 96.55,
      gst: 8.78,
      shopDiscount: 12.34,
      promotionCode: promo.code,
    });
  });
});
