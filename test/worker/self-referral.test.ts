// Self-referral without leaks: a stranger is answered the same whatever a
// creator's private email or address, an order that merely looks like the creator's own earns no
// commission, and only the creator signed in is told the code is their own.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreatorDto } from "../../worker/contracts/account";
import { commissions, orders } from "../../worker/db/schema";
import { approveDueCommissions, SAME_CARD_REASON } from "../../worker/modules/creators/commissions";
import { adminSession, asUser, creatorSession, register, uniqueEmail } from "./helpers/accounts";
import {
  address,
  deliver,
  eventFor,
  openSession,
  paidOrder,
  pay,
  sessionIdOf,
  startCheckout,
  stripe,
} from "./helpers/checkout";
import {
  callWorker,
  createCategory,
  createProduct,
  db,
  postJson,
  useNewTestNetwork,
} from "./helpers/factories";
import { createPayout, givePayoutDetails } from "./helpers/payouts";

const HOME = { street: "7 Wattle Lane", zipcode: "4066", city: "Toowong" };

/** An approved creator with a payout email of their own who once shipped a paid order HOME. */
async function creatorWithHistory() {
  const creator = await creatorSession({ payoutEmail: uniqueEmail("payout") });
  const cat = await createCategory();
  const p = await createProduct(cat.id, { finalPriceCents: 3995 });
  const items = [{ _id: p.id, quantity: 1 }];
  await paidOrder(
    { items, address: address({ ...HOME, email: creator.email }) },
    creator.accessToken,
  );
  return { creator, items };
}

/** All a shopper sees of a checkout: status, body and the session's figures (ids and urls aside). */
async function seen(res: Response) {
  const { session_url, ...body } = await res.json<{ session_url?: string }>();
  const sessionId = sessionIdOf(session_url ?? "") || null;
  if (!sessionId) return { answer: { status: res.status, body }, sessionId };
  const s = await stripe().checkout.sessions.retrieve(sessionId);
  const figures = {
    subtotal: s.amount_subtotal,
    total: s.amount_total,
    discount: s.total_details?.amount_discount,
    tax: s.total_details?.amount_tax,
  };
  return { answer: { status: res.status, body, figures }, sessionId };
}

const orderOf = async (sessionId: string | null) =>
  (await db().select().from(orders)).find((o) => o.stripeSessionId === sessionId);

const linkCheckout = (code: string, body: Record<string, unknown>) =>
  callWorker("/api/order/createStripeSession", {
    method: "POST",
    headers: { "content-type": "application/json", Cookie: `tt_ref=${code}` },
    body: JSON.stringify({ address: address(), amount: 0, tax: 0, ...body }),
  });

describe("a stranger's checkout with a creator's code", () => {
  it("is answered the same whatever the creator's email or address, and credits only a stranger", async () => {
    const { creator, items } = await creatorWithHistory();
    // Each checkout from a shopper of its own: one network holds at most three unpaid checkouts.
    const typed = (overrides: Record<string, unknown>) => {
      useNewTestNetwork();
      return startCheckout({ items, affiliateCode: creator.code, address: address(overrides) });
    };

    const stranger = await seen(await typed({ email: uniqueEmail("stranger") }));
    const probes = {
      accountEmail: await seen(await typed({ email: ` ${creator.email.toUpperCase()} ` })),
      payoutEmail: await seen(await typed({ email: creator.payoutEmail })),
      address: await seen(
        await typed({ ...HOME, street: " 7  WATTLE   lane ", email: uniqueEmail("friend") }),
      ),
    };
    expect(stranger.answer).toMatchObject({
      status: 200,
      figures: { discount: 1000 },
    });
    for (const probe of Object.values(probes)) expect(probe.answer).toEqual(stranger.answer);

    expect(await orderOf(stranger.sessionId)).toMatchObject({
      affiliateCode: creator.code,
      attribution: "typed",
      creatorId: creator.userId,
      discountCents: 1000,
    });
    for (const probe of Object.values(probes)) {
      expect(await orderOf(probe.sessionId)).toMatchObject({
        affiliateCode: creator.code,
        attribution: null,
        creatorId: null,
        discountCents: 1000,
      });
    }
  });

  it("is answered the same through the creator's link, whatever the email", async () => {
    const { creator, items } = await creatorWithHistory();
    const stranger = await seen(
      await linkCheckout(creator.code, { items, address: address({ email: uniqueEmail("s") }) }),
    );
    const lookalike = await seen(
      await linkCheckout(creator.code, { items, address: address({ email: creator.email }) }),
    );
    expect(stranger.answer).toMatchObject({ status: 200, figures: { discount: 1000 } });
    expect(lookalike.answer).toEqual(stranger.answer);
    expect(await orderOf(lookalike.sessionId)).toMatchObject({
      creatorId: null,
      attribution: null,
    });
  });

  it("is answered the same when the stranger is signed in with the creator's payout email", async () => {
    const { creator, items } = await creatorWithHistory();
    const plain = await register();
    const payoutHolder = await register({ email: creator.payoutEmail });
    const as = async (token: string, email: string) =>
      seen(
        await startCheckout(
          { items, affiliateCode: creator.code, address: address({ email }) },
          token,
        ),
      );
    const a = await as(plain.accessToken, plain.email);
    const b = await as(payoutHolder.accessToken, payoutHolder.email);
    expect(a.answer).toMatchObject({ status: 200, figures: { discount: 1000 } });
    expect(b.answer).toEqual(a.answer);
    expect(await orderOf(a.sessionId)).toMatchObject({ creatorId: creator.userId });
    expect(await orderOf(b.sessionId)).toMatchObject({ creatorId: null, attribution: null });
  });

  it("pays no commission on the order that looks like the creator's own", async () => {
    const { creator, items } = await creatorWithHistory();
    const honest = await paidOrder({
      items,
      affiliateCode: creator.code,
      address: address({ email: uniqueEmail("honest") }),
    });
    const lookalike = await paidOrder({
      items,
      affiliateCode: creator.code,
      address: address({ ...HOME, email: uniqueEmail("friend") }),
    });
    const rows = await db().select().from(commissions);
    const orderId = async (sessionId: string) => (await orderOf(sessionId))?.id;
    expect(rows.map((r) => r.orderId)).toEqual([await orderId(honest.session.id)]);
    const paid = await orderOf(lookalike.session.id);
    expect(paid?.paidAt).not.toBeNull();
    expect(paid).toMatchObject({ creatorId: null, discountCents: 1000 });
    expect(
      await db()
        .select()
        .from(commissions)
        .where(eq(commissions.orderId, paid?.id ?? "")),
    ).toEqual([]);
  });
});

describe("the creator signed in", () => {
  it("is told the code is their own, at checkout and when validating it", async () => {
    const { creator, items } = await creatorWithHistory();
    const res = await startCheckout({ items, affiliateCode: creator.code }, creator.accessToken);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      success: false,
      code: "self_referral",
      message: "You can't use your own affiliate code.",
    });
    const check = await asUser(creator.accessToken, "/api/user/validate-affiliate", {
      code: creator.code,
    });
    expect(await check.json()).toEqual({
      success: true,
      valid: false,
      message: "You can't use your own affiliate code.",
    });
  });
});

describe("validate-affiliate", () => {
  it("answers a stranger the same whatever email they are signed in with", async () => {
    const { creator } = await creatorWithHistory();
    const plain = await register();
    const payoutHolder = await register({ email: creator.payoutEmail });
    const guest = await postJson("/api/user/validate-affiliate", { code: creator.code });
    const expected = { status: guest.status, body: await guest.text() };
    expect(JSON.parse(expected.body)).toMatchObject({ valid: true, discount: 10 });
    for (const who of [plain, payoutHolder]) {
      const res = await asUser(who.accessToken, "/api/user/validate-affiliate", {
        code: creator.code,
      });
      expect({ status: res.status, body: await res.text() }).toEqual(expected);
    }
  });
});

describe("the card rule: every card the creator paid their own orders with", () => {
  const CARD = "4000 0566 5566 5556";
  const OTHER_CARD = "5555 5555 5555 4444";

  /** An approved creator with a payout email of their own, and a product to sell. */
  async function creatorAndProduct() {
    const creator = await creatorSession({ payoutEmail: uniqueEmail("payout") });
    const cat = await createCategory();
    const p = await createProduct(cat.id, { originalPriceCents: 60_000, finalPriceCents: 60_000 });
    return { creator, items: [{ _id: p.id, quantity: 1 }] };
  }

  type Creator = Awaited<ReturnType<typeof creatorSession>>;
  type Items = { _id: string; quantity: number }[];

  /** A stranger's order through the creator's code, paid with `card`. */
  const strangersOrder = (creator: Creator, items: Items, card: string) =>
    paidOrder(
      { items, affiliateCode: creator.code, address: address({ email: uniqueEmail("s") }) },
      undefined,
      card,
    );

  /**
   * The creator's own order, signed in or as a guest under `email`, paid with `card`; shipped HOME,
   * so strangers' orders (to address()'s street) match the creator by card alone.
   */
  const ownOrder = (creator: Creator, items: Items, card: string, as: "account" | string) =>
    paidOrder(
      { items, address: address({ ...HOME, email: as === "account" ? creator.email : as }) },
      as === "account" ? creator.accessToken : undefined,
      card,
    );

  const commissionOf = async (sessionId: string) => {
    const order = await orderOf(sessionId);
    const [row] = await db()
      .select()
      .from(commissions)
      .where(eq(commissions.orderId, order?.id ?? ""));
    if (!row) throw new Error(`no commission for ${sessionId}`);
    return row;
  };

  const approveAll = () => approveDueCommissions({ db: db() }, { holdMs: 0, now: Date.now() + 1 });

  it.each([
    ["as a guest with their sign-in email", (c: Creator) => c.email.toUpperCase()],
    ["as a guest with their payout email", (c: Creator) => ` ${c.payoutEmail} `],
    ["signed in", (_: Creator) => "account"],
  ])("holds a later order's commission paid with a card the creator used %s", async (_, as) => {
    const { creator, items } = await creatorAndProduct();
    await ownOrder(creator, items, CARD, as(creator));
    const same = await strangersOrder(creator, items, CARD);
    const other = await strangersOrder(creator, items, OTHER_CARD);
    expect(await commissionOf(same.session.id)).toMatchObject({
      review: "held",
      reviewReason: SAME_CARD_REASON,
      status: "pending",
    });
    expect((await commissionOf(other.session.id)).review).toBeNull();
  });

  it.each([
    ["signed in", (_: Creator) => "account"],
    ["as a guest with their payout email", (c: Creator) => c.payoutEmail],
  ])("holds the earlier commissions once the creator pays %s with that card", async (_, as) => {
    const { creator, items } = await creatorAndProduct();
    const same = await strangersOrder(creator, items, CARD);
    const other = await strangersOrder(creator, items, OTHER_CARD);
    expect((await commissionOf(same.session.id)).review).toBeNull();

    await ownOrder(creator, items, CARD, as(creator));
    expect(await commissionOf(same.session.id)).toMatchObject({
      review: "held",
      reviewReason: SAME_CARD_REASON,
      status: "pending",
    });
    expect((await commissionOf(other.session.id)).review).toBeNull();
    // Held: the hold passing does not make it payable.
    await approveAll();
    expect((await commissionOf(same.session.id)).status).toBe("pending");
    expect((await commissionOf(other.session.id)).status).toBe("approved");
  });

  it("takes an approved commission back to pending and held: no payout takes it until released", async () => {
    const { creator, items } = await creatorAndProduct();
    const same = await strangersOrder(creator, items, CARD);
    await approveAll();
    expect(await commissionOf(same.session.id)).toMatchObject({ status: "approved" });

    await ownOrder(creator, items, CARD, creator.email);
    const held = await commissionOf(same.session.id);
    expect(held).toMatchObject({ status: "pending", approvedAt: null, review: "held" });
    await givePayoutDetails(creator.accessToken);
    const admin = await adminSession();
    expect((await createPayout(admin.accessToken, { minimum: 0.01 })).status).toBe(409);
    const me = await asUser(creator.accessToken, "/api/user/creator/me", undefined, "GET");
    const { creator: dto } = await me.json<{ creator: CreatorDto }>();
    expect(dto.balance).toMatchObject({ payable: 0, pending: 59 });

    const release = await asUser(admin.accessToken, `/api/admin/commissions/${held.id}/review`, {
      decision: "release",
    });
    expect(release.status).toBe(200);
    await approveAll();
    expect((await commissionOf(same.session.id)).status).toBe("approved");
    expect((await createPayout(admin.accessToken, { minimum: 0.01 })).status).toBe(200);
  });

  it("leaves what a payout took, what the owner released, and other creators' commissions", async () => {
    const { creator, items } = await creatorAndProduct();
    const another = await creatorSession({ payoutEmail: uniqueEmail("payout") });
    const admin = await adminSession();
    await givePayoutDetails(creator.accessToken);

    // Paid out before the creator is seen with the card: the money has gone, it stays as it is.
    const paidOut = await strangersOrder(creator, items, CARD);
    await approveAll();
    expect((await createPayout(admin.accessToken, { minimum: 0.01 })).status).toBe(200);
    // Another creator's sale with the same card: not this creator's self-referral.
    const theirs = await strangersOrder(another, items, CARD);
    await ownOrder(creator, items, CARD, "account");
    expect(await commissionOf(paidOut.session.id)).toMatchObject({ review: null });
    expect((await commissionOf(theirs.session.id)).review).toBeNull();

    // Held, then released by the owner: a later order of the creator's own changes nothing.
    const released = await strangersOrder(creator, items, CARD);
    const row = await commissionOf(released.session.id);
    expect(row.review).toBe("held");
    await asUser(admin.accessToken, `/api/admin/commissions/${row.id}/review`, {
      decision: "release",
    });
    await ownOrder(creator, items, CARD, creator.payoutEmail);
    expect((await commissionOf(released.session.id)).review).toBe("released");
  });

  it("holds the commission whichever payment lands first, when both land at once", async () => {
    for (const ownFirst of [true, false, true, false]) {
      const { creator, items } = await creatorAndProduct();
      const sale = await openSession({
        items,
        affiliateCode: creator.code,
        address: address({ email: uniqueEmail("s") }),
      });
      const mine = await openSession(
        { items, address: address({ ...HOME, email: creator.email }) },
        creator.accessToken,
      );
      for (const { url } of [sale, mine]) expect((await pay(url, CARD)).status).toBe(303);
      const events = await Promise.all(
        [sale, mine].map((s) => eventFor(s.session.id, "checkout.session.completed")),
      );
      const deliveries = ownFirst ? [...events].reverse() : events;
      const answers = await Promise.all(deliveries.map((e) => deliver(e)));
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(await commissionOf(sale.session.id)).toMatchObject({
        review: "held",
        status: "pending",
      });
    }
  });
});
