// The card rule of self-referral: an attributed order paid with the card that
// paid one of the creator's own orders (Stripe's card fingerprint) is taken as any other, with its
// discount, but its commission is held for the owner's review: never approved or paid out until
// released, never at all once rejected. The owner's queue, decisions and their audit entries.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreatorDto } from "../../worker/contracts/account";
import type { ReviewedCommissionDto } from "../../worker/contracts/admin-creators";
import { auditLog, commissions, orders } from "../../worker/db/schema";
import { approveDueCommissions, SAME_CARD_REASON } from "../../worker/modules/creators/commissions";
import { adminSession, asUser, creatorSession, register, uniqueEmail } from "./helpers/accounts";
import { address, paidOrder } from "./helpers/checkout";
import { createCategory, createProduct, db } from "./helpers/factories";
import { createPayout, givePayoutDetails } from "./helpers/payouts";

const CREATOR_CARD = "4000 0566 5566 5556";
const OTHER_CARD = "5555 5555 5555 4444";

/** A creator who paid an order of their own with CREATOR_CARD, and products to sell. */
async function creatorWhoPaidByCard() {
  const creator = await creatorSession();
  const cat = await createCategory();
  const p = await createProduct(cat.id, { originalPriceCents: 60_000, finalPriceCents: 60_000 });
  const items = [{ _id: p.id, quantity: 1 }];
  // Shipped to the creator's own street, so the strangers below match them by card alone.
  await paidOrder(
    {
      items,
      address: address({ email: creator.email, street: "7 Wattle Lane", zipcode: "4066" }),
    },
    creator.accessToken,
    CREATOR_CARD,
  );
  return { creator, items };
}

/** A stranger's order through the creator's code, paid with `card`; its order and commission. */
async function strangersOrder(code: string, items: unknown, card: string) {
  const { session } = await paidOrder(
    { items, affiliateCode: code, address: address({ email: uniqueEmail("stranger") }) },
    undefined,
    card,
  );
  const [order] = await db().select().from(orders).where(eq(orders.stripeSessionId, session.id));
  const [commission] = await db()
    .select()
    .from(commissions)
    .where(eq(commissions.orderId, order?.id ?? ""));
  if (!order || !commission) throw new Error("no attributed order");
  return { order, commission };
}

const review = (token: string, id: string, body: unknown) =>
  asUser(token, `/api/admin/commissions/${id}/review`, body);

async function heldList(token: string, query = "") {
  const res = await asUser(token, `/api/admin/commissions${query}`, undefined, "GET");
  expect(res.status).toBe(200);
  return res.json<{ commissions: ReviewedCommissionDto[]; total: number }>();
}

const approveAll = () => approveDueCommissions({ db: db() }, { holdMs: 0, now: Date.now() + 1 });

describe("an order paid with the creator's own card", () => {
  it("keeps its discount and attribution, and its commission is held for review", async () => {
    const { creator, items } = await creatorWhoPaidByCard();
    const { order, commission } = await strangersOrder(creator.code, items, CREATOR_CARD);
    expect(order).toMatchObject({ creatorId: creator.userId, discountCents: 1000 });
    expect(order.cardFingerprint).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(commission).toMatchObject({
      amountCents: 5900,
      status: "pending",
      review: "held",
      reviewReason: SAME_CARD_REASON,
    });

    // Held: the hold passing does not make it payable, and no payout takes it.
    await approveAll();
    const [still] = await db().select().from(commissions).where(eq(commissions.id, commission.id));
    expect(still?.status).toBe("pending");
    await givePayoutDetails(creator.accessToken);
    const admin = await adminSession();
    expect((await createPayout(admin.accessToken, { minimum: 0.01 })).status).toBe(409);

    // The creator sees it under review.
    const me = await asUser(creator.accessToken, "/api/user/creator/me", undefined, "GET");
    const { creator: dto } = await me.json<{ creator: CreatorDto }>();
    expect(dto.commissions.find((c) => c.orderNumber === order.id.slice(-8))).toMatchObject({
      review: "held",
      status: "pending",
    });
  });

  it("earns as usual when paid with another card", async () => {
    const { creator, items } = await creatorWhoPaidByCard();
    const { commission } = await strangersOrder(creator.code, items, OTHER_CARD);
    expect(commission.review).toBeNull();
    await approveAll();
    const [row] = await db().select().from(commissions).where(eq(commissions.id, commission.id));
    expect(row?.status).toBe("approved");
  });

  it("is not held when the card only paid other shoppers' orders", async () => {
    const { creator, items } = await creatorWhoPaidByCard();
    const shopper = await register();
    await paidOrder(
      { items, address: address({ email: shopper.email }) },
      shopper.accessToken,
      OTHER_CARD,
    );
    const { commission } = await strangersOrder(creator.code, items, OTHER_CARD);
    expect(commission.review).toBeNull();
  });
});

describe("the owner's review", () => {
  it("lists held commissions; release lets it earn, audited on the order", async () => {
    const { creator, items } = await creatorWhoPaidByCard();
    const { order, commission } = await strangersOrder(creator.code, items, CREATOR_CARD);
    const admin = await adminSession();
    const list = await heldList(admin.accessToken);
    expect(list.total).toBe(1);
    expect(list.commissions[0]).toMatchObject({
      _id: commission.id,
      orderId: order.id,
      orderNumber: order.id.slice(-8),
      creatorEmail: creator.email,
      affiliateCode: creator.code,
      amount: 59,
      review: "held",
      reviewReason: SAME_CARD_REASON,
    });

    const res = await review(admin.accessToken, commission.id, {
      decision: "release",
      note: "Her sister's order, checked by phone",
    });
    expect(res.status).toBe(200);
    expect((await res.json<{ commission: ReviewedCommissionDto }>()).commission.review).toBe(
      "released",
    );
    expect((await heldList(admin.accessToken)).total).toBe(0);
    expect((await heldList(admin.accessToken, "?review=released")).total).toBe(1);
    await approveAll();
    const [row] = await db().select().from(commissions).where(eq(commissions.id, commission.id));
    expect(row?.status).toBe("approved");
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((a) => [a.entity, a.action, a.actorEmail])).toEqual([
      ["order", "commission-release", admin.email],
    ]);
    expect(audit[0]?.after).toMatchObject({ note: "Her sister's order, checked by phone" });
    // The decision is on the order's timeline.
    const page = await asUser(admin.accessToken, `/api/admin/orders/${order.id}`, undefined, "GET");
    const { order: detail } = await page.json<{
      order: { events: { kind: string; title: string; detail?: string }[] };
    }>();
    expect(detail.events.filter((e) => e.kind === "commission_review")).toEqual([
      expect.objectContaining({
        title: "Held commission released",
        detail: "Her sister's order, checked by phone",
      }),
    ]);

    // Decided once: a second decision is a 409.
    const again = await review(admin.accessToken, commission.id, { decision: "reject" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "not_held" });
  });

  it("rejects for good: never approved, never paid, not in the creator's earnings", async () => {
    const { creator, items } = await creatorWhoPaidByCard();
    const { commission } = await strangersOrder(creator.code, items, CREATOR_CARD);
    const admin = await adminSession();
    const decisions = await Promise.all([
      review(admin.accessToken, commission.id, { decision: "reject" }),
      review(admin.accessToken, commission.id, { decision: "reject" }),
      review(admin.accessToken, commission.id, { decision: "release" }),
    ]);
    const statuses = decisions.map((r) => r.status);
    const [row] = await db().select().from(commissions).where(eq(commissions.id, commission.id));
    // Whichever came first decided; a different decision after it is a 409.
    if (row?.review === "rejected") expect(statuses).toEqual([200, 200, 409]);
    else expect(statuses).toEqual([409, 409, 200]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, commission.orderId));
    expect(audit).toHaveLength(1);

    if (row?.review === "rejected") {
      await approveAll();
      const [after] = await db()
        .select()
        .from(commissions)
        .where(eq(commissions.id, commission.id));
      expect(after?.status).toBe("pending");
      const me = await asUser(creator.accessToken, "/api/user/creator/me", undefined, "GET");
      const { creator: dto } = await me.json<{ creator: CreatorDto }>();
      expect(dto.balance.pending).toBe(0);
      expect(dto.stats.earnings).toBe(0);
    }
  });

  it("is for admins only, and validates its input", async () => {
    const { creator, items } = await creatorWhoPaidByCard();
    const { commission } = await strangersOrder(creator.code, items, CREATOR_CARD);
    expect((await review(creator.accessToken, commission.id, { decision: "release" })).status).toBe(
      403,
    );
    const admin = await adminSession();
    for (const body of [{}, { decision: "approve" }, { decision: "release", note: 5 }]) {
      expect((await review(admin.accessToken, commission.id, body)).status).toBe(400);
    }
    expect((await review(admin.accessToken, "0".repeat(24), { decision: "release" })).status).toBe(
      404,
    );
    const bad = await asUser(
      admin.accessToken,
      "/api/admin/commissions?review=maybe",
      undefined,
      "GET",
    );
    expect(bad.status).toBe(400);
  });
});
