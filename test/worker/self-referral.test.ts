// Self-referral without leaks (issue 18, item 6): a stranger is answered the same whatever a
// creator's private email or address, an order that merely looks like the creator's own earns no
// commission, and only the creator signed in is told the code is their own.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { commissions, orders } from "../../worker/db/schema";
import { asUser, creatorSession, register, uniqueEmail } from "./helpers/accounts";
import { address, paidOrder, startCheckout, stripe } from "./helpers/checkout";
import { callWorker, createCategory, createProduct, db, postJson } from "./helpers/factories";

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
  const sessionId = /\/c\/pay\/(cs_[A-Za-z0-9_]+)/.exec(session_url ?? "")?.[1] ?? null;
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
    const typed = (overrides: Record<string, unknown>) =>
      startCheckout({ items, affiliateCode: creator.code, address: address(overrides) });

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
