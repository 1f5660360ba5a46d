// The owner's promotions (README, "Promotions"; /api/admin/promotions): made and edited whole, in
// Brisbane time, each change audited; hostile bodies refused whole with nothing written; what a
// promotion did and the orders that used it; batches of unguessable single-use codes and their CSV.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DISCOUNT_MESSAGES,
  type PromotionDetailResponse,
  type PromotionDto,
  type PromotionListResponse,
} from "../../worker/contracts/promotions";
import { auditLog, promotionCodes, promotions } from "../../worker/db/schema";
import { CODE_ALPHABET } from "../../worker/modules/promotions/codes";
import { adminSession, register } from "./helpers/accounts";
import { deliverCompleted, pay } from "./helpers/checkout";
import { parseCsv } from "./helpers/csv";
import { auditEntries, createCategory, createProduct, db, expectError } from "./helpers/factories";
import { hostileNumber, jsonText, RawJson, runs } from "./helpers/hostile";
import {
  adminCall,
  checkoutWith,
  makePromotion,
  orderOf,
  promotionBody,
  validateDiscount,
} from "./helpers/promotions";

const line = (id: string) => [{ _id: id, quantity: 1 }];

async function product(priceCents = 4000) {
  const category = await createCategory();
  return createProduct(category.id, {
    finalPriceCents: priceCents,
    originalPriceCents: priceCents,
  });
}

describe("making and editing promotions", () => {
  it("stores Brisbane wall-clock as UTC, answers it back as typed, and audits each change", async () => {
    const admin = await adminSession();
    const tok = admin.accessToken;
    const category = await createCategory();
    const made = await makePromotion(tok, {
      name: "Diwali weekend",
      code: "diwali-26",
      scope: "categories",
      categoryIds: [category.id, category.id],
      startsAt: "2026-11-06T09:00",
      endsAt: "2026-11-09T23:59",
      usageLimit: 100,
      perCustomerLimit: 1,
      // Ignored: a percentage keeps no fixed amount.
      amountOffCents: 500,
    });
    expect(made).toMatchObject({
      name: "Diwali weekend",
      code: "DIWALI-26",
      kind: "percent",
      percentOff: 10,
      amountOffCents: null,
      categoryIds: [category.id],
      startsAt: "2026-11-06T09:00",
      endsAt: "2026-11-09T23:59",
      status: "active",
      batchCodes: 0,
      stats: { orders: 0, held: 0, revenueCents: 0, discountCents: 0 },
    });
    const [row] = await db().select().from(promotions);
    // 09:00 in Brisbane (UTC+10) is 23:00 UTC the day before.
    expect(row?.startsAt?.toISOString()).toBe("2026-11-05T23:00:00.000Z");

    const paused = await adminCall(tok, "POST", `/api/admin/promotions/${made.id}`, {
      ...promotionBody(),
      name: "Diwali weekend",
      code: "DIWALI-26",
      status: "paused",
    });
    expect(paused.status).toBe(200);
    expect((await paused.json<{ promotion: PromotionDto }>()).promotion).toMatchObject({
      status: "paused",
      state: "paused",
      scope: "order",
      categoryIds: [],
      startsAt: null,
    });
    const entries = await auditEntries(made.id, { entity: "promotion" });
    expect(entries.map((e) => e.action)).toEqual(["create", "update"]);
    expect(entries[1]?.before).toMatchObject({ status: "active", code: "DIWALI-26" });
    expect(entries[1]?.after).toMatchObject({ status: "paused" });

    const listed = await adminCall(tok, "GET", "/api/admin/promotions?state=paused&q=diwali");
    const list = await listed.json<PromotionListResponse>();
    expect(list).toMatchObject({ success: true, total: 1, page: 1, pageSize: 20 });
    expect(list.promotions.map((p) => p.id)).toEqual([made.id]);
    const running = await adminCall(tok, "GET", "/api/admin/promotions?state=running");
    expect((await running.json<PromotionListResponse>()).total).toBe(0);
  });

  it("refuses a code another promotion has, in any case, with a 409 and nothing written", async () => {
    const admin = await adminSession();
    await makePromotion(admin.accessToken, { code: "WELCOME" });
    const res = await adminCall(
      admin.accessToken,
      "POST",
      "/api/admin/promotions",
      promotionBody({ code: "welcome" }),
    );
    await expectError(res, 409, "code_taken");
    expect(await db().select().from(promotions)).toHaveLength(1);
  });

  it("is for admins only", async () => {
    const shopper = await register();
    const res = await adminCall(
      shopper.accessToken,
      "POST",
      "/api/admin/promotions",
      promotionBody(),
    );
    expect(res.status).toBe(403);
    expect(await db().select().from(promotions)).toHaveLength(0);
  });
});

describe("hostile promotion bodies", () => {
  const BAD: [string, Record<string, unknown>][] = [
    ["negative percentage", { percentOff: -10 }],
    ["over 100%", { percentOff: 101 }],
    ["fractional percentage", { percentOff: 12.5 }],
    ["percentage as text", { percentOff: "10" }],
    ["percentage without its per cent", { percentOff: null }],
    ["fixed without its amount", { kind: "fixed", percentOff: null }],
    ["negative amount", { kind: "fixed", amountOffCents: -500 }],
    ["huge amount", { kind: "fixed", amountOffCents: 1e15 }],
    ["end before start", { startsAt: "2026-12-24T09:00", endsAt: "2026-12-24T08:59" }],
    ["a day that does not exist", { startsAt: "2026-02-30T09:00" }],
    ["a time with seconds", { endsAt: "2026-12-24T09:00:00" }],
    ["huge usage limit", { usageLimit: 1e12 }],
    ["zero usage limit", { usageLimit: 0 }],
    ["infinite per-customer limit", { perCustomerLimit: "Infinity" }],
    ["negative minimum spend", { minSpendCents: -1 }],
    ["unknown kind", { kind: "bogo" }],
    ["unknown status", { status: "deleted" }],
    ["a code with spaces", { code: "TEN OFF" }],
    ["a code too long", { code: "X".repeat(33) }],
    ["no code and not automatic", { code: null }],
    ["categories scope without categories", { scope: "categories" }],
    ["an unknown category", { scope: "categories", categoryIds: ["0123456789abcdef01234567"] }],
    ["an unknown product", { scope: "products", productIds: ["not-an-id"] }],
    ["automatic as text", { automatic: "yes" }],
    ["stacking as a number", { stacksWithCreator: 1 }],
    ["a name as an object", { name: { first: "x" } }],
    ["too many targets", { scope: "products", productIds: Array(201).fill("x") }],
  ];

  it("refuses each whole, with a 400 and nothing written or audited", async () => {
    const admin = await adminSession();
    const existing = await makePromotion(admin.accessToken);
    for (const [what, change] of BAD) {
      const created = await adminCall(
        admin.accessToken,
        "POST",
        "/api/admin/promotions",
        promotionBody(change),
      );
      expect(created.status, what).toBe(400);
      expect(await created.json(), what).toMatchObject({ success: false });
      const edited = await adminCall(
        admin.accessToken,
        "POST",
        `/api/admin/promotions/${existing.id}`,
        promotionBody({ code: existing.code, ...change }),
      );
      expect(edited.status, what).toBe(400);
    }
    expect(await db().select().from(promotions)).toHaveLength(1);
    const [row] = await db().select().from(promotions);
    expect(row).toMatchObject({ percentOff: 10, kind: "percent", status: "active" });
    expect(await db().select().from(auditLog)).toHaveLength(1);
  });

  it("refuses any number that is not a whole per cent from 1 to 100, writing nothing", async () => {
    const admin = await adminSession();
    await fc.assert(
      fc.asyncProperty(hostileNumber, async (percentOff) => {
        // What the Worker reads: a raw literal parses as JSON would (1E1 is 10, a whole per cent).
        const read = percentOff instanceof RawJson ? JSON.parse(percentOff.text) : percentOff;
        const ok = Number.isInteger(read) && read >= 1 && read <= 100;
        fc.pre(!ok);
        const res = await adminCall(
          admin.accessToken,
          "POST",
          "/api/admin/promotions",
          jsonText(promotionBody({ percentOff })),
        );
        expect(res.status).toBe(400);
      }),
      runs(40),
    );
    expect(await db().select().from(promotions)).toHaveLength(0);
  });
});

describe("what a promotion did", () => {
  it("counts paid orders, held uses, revenue and discount given, and lists the orders", async () => {
    const admin = await adminSession();
    const item = await product(5000);
    const promo = await makePromotion(admin.accessToken, { percentOff: 20 });
    const paid = await checkoutWith(line(item.id), {
      ip: "203.0.113.40",
      discountCode: promo.code ?? "",
    });
    expect((await pay(paid.body.session_url ?? "")).status).toBe(303);
    await deliverCompleted(paid.sessionId);
    const open = await checkoutWith(line(item.id), {
      ip: "203.0.113.41",
      discountCode: promo.code ?? "",
      email: "second@example.com",
    });
    expect(open.status).toBe(200);
    const order = await orderOf(paid.sessionId);

    const res = await adminCall(admin.accessToken, "GET", `/api/admin/promotions/${promo.id}`);
    const detail = await res.json<PromotionDetailResponse>();
    // $50 + $5 tax + $10 delivery - $10 = $55
    expect(detail.promotion.stats).toEqual({
      orders: 1,
      held: 1,
      revenueCents: 5500,
      discountCents: 1000,
    });
    expect(detail.orders).toEqual([
      {
        orderId: order.id,
        date: order.paidAt?.toISOString(),
        customer: "meera@example.com",
        code: promo.code,
        totalCents: 5500,
        discountCents: 1000,
      },
    ]);
    await expectError(
      await adminCall(admin.accessToken, "GET", "/api/admin/promotions/0123456789abcdef01234567"),
      404,
      "promotion_not_found",
    );
  });
});

describe("batches of single-use codes", () => {
  it("makes unguessable unique codes, each good once, exported as CSV", async () => {
    const admin = await adminSession();
    const item = await product();
    const promo = await makePromotion(admin.accessToken, { code: "-ONEOFF" });
    const res = await adminCall(
      admin.accessToken,
      "POST",
      `/api/admin/promotions/${promo.id}/codes`,
      {
        count: 50,
        prefix: "xmas",
      },
    );
    expect(await res.json()).toEqual({ success: true, created: 50, message: "50 codes created." });
    const codes = (await db().select().from(promotionCodes))
      .filter((c) => c.singleUse)
      .map((c) => c.code);
    expect(new Set(codes).size).toBe(50);
    const pattern = new RegExp(`^XMAS-[${CODE_ALPHABET}]{12}$`);
    for (const code of codes) expect(code).toMatch(pattern);
    expect(await auditEntries(promo.id, { action: "codes.batch" })).toHaveLength(1);

    const [code] = codes as [string];
    const used = await checkoutWith(line(item.id), {
      ip: "203.0.113.50",
      discountCode: code.toLowerCase(),
    });
    expect(used.status).toBe(200);
    expect((await pay(used.body.session_url ?? "")).status).toBe(303);
    await deliverCompleted(used.sessionId);
    const order = await orderOf(used.sessionId);
    expect(await validateDiscount({ code, items: line(item.id) })).toMatchObject({
      body: { valid: false, reason: "used_up", message: DISCOUNT_MESSAGES.usedUp },
    });
    const again = await checkoutWith(line(item.id), { ip: "203.0.113.51", discountCode: code });
    expect(again.body.code).toBe("used_up");

    const csv = await adminCall(
      admin.accessToken,
      "GET",
      `/api/admin/promotions/${promo.id}/codes.csv`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = parseCsv(await csv.text());
    expect(rows[0]).toEqual(["code", "used", "order_id"]);
    // The one-off code first, its leading dash neutralised for spreadsheets.
    expect(rows[1]).toEqual(["'-ONEOFF", "0", ""]);
    expect(rows.slice(2)).toHaveLength(50);
    expect(rows.find((r) => r[0] === code)).toEqual([code, "1", order.id]);
    expect(rows.filter((r) => r[1] === "0").length).toBe(50);
  });

  it("refuses codes for an automatic offer, and a batch too big", async () => {
    const admin = await adminSession();
    const offer = await makePromotion(admin.accessToken, { automatic: true, code: null });
    await expectError(
      await adminCall(admin.accessToken, "POST", `/api/admin/promotions/${offer.id}/codes`, {
        count: 5,
      }),
      400,
      "automatic_offer",
    );
    const promo = await makePromotion(admin.accessToken);
    const tooMany = await adminCall(
      admin.accessToken,
      "POST",
      `/api/admin/promotions/${promo.id}/codes`,
      { count: 5001 },
    );
    expect(tooMany.status).toBe(400);
    expect(await db().select().from(promotionCodes)).toHaveLength(1);
  });
});
