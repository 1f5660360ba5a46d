// Nobody can hold stock they are not buying: a browser (or an account) holds one unpaid checkout,
// a network holds a few, and only so many units of any tracked product; a product whose last units
// are held says so, rather than "sold out".
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ProductResponse } from "../../worker/contracts/catalogue";
import { orders, stockMovements } from "../../worker/db/schema";
import { noteCatalogueChange } from "../../worker/modules/catalogue/cache";
import { HOLD_LIMITS, HOLD_MESSAGES } from "../../worker/modules/orders/stock-holds";
import { register } from "./helpers/accounts";
import {
  address,
  orderAccessCookieOf,
  pay,
  sessionIdOf,
  startCheckout,
  stripe,
} from "./helpers/checkout";
import {
  api,
  callWorker,
  createCategory,
  createProduct,
  db,
  productRow,
} from "./helpers/factories";

/** createStripeSession from a browser (its order-access cookie, if any) on network `ip`. */
async function checkout(
  items: { _id: string; quantity: number }[],
  from: { ip: string; cookie?: string; token?: string },
) {
  const res = await callWorker("/api/order/createStripeSession", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "cf-connecting-ip": from.ip,
      ...(from.cookie ? { cookie: from.cookie } : {}),
      ...(from.token ? { token: from.token } : {}),
    },
    body: JSON.stringify({ address: address(), amount: 0, tax: 0, affiliateCode: "", items }),
  });
  const body = await res.json<{ session_url?: string; code?: string; message?: string }>();
  const sessionId = sessionIdOf(body.session_url ?? "") || undefined;
  return { status: res.status, body, cookie: orderAccessCookieOf(res), sessionId };
}

const stockOf = async (id: string) => {
  const row = await productRow(id);
  return row && { onHand: row.stockOnHand, reserved: row.stockReserved };
};

const orderOfSession = async (sessionId: string | undefined) => {
  const [row] = await db()
    .select()
    .from(orders)
    .where(eq(orders.stripeSessionId, sessionId ?? ""));
  return row;
};

describe("one browser, one unpaid checkout", () => {
  it("a new checkout from the same browser releases the earlier one, which can no longer be paid", async () => {
    const cat = await createCategory();
    const piece = await createProduct(cat.id, { stockOnHand: 1 });
    const first = await checkout([{ _id: piece.id, quantity: 1 }], { ip: "203.0.113.5" });
    expect(first.status).toBe(200);
    // The shopper changed their mind and checked out again: the only piece is theirs again.
    const second = await checkout([{ _id: piece.id, quantity: 1 }], {
      ip: "203.0.113.5",
      cookie: first.cookie,
    });
    expect(second.status).toBe(200);
    expect(await stockOf(piece.id)).toEqual({ onHand: 1, reserved: 1 });

    const earlier = await orderOfSession(first.sessionId);
    expect(earlier).toMatchObject({ status: "expired", stockHold: "released" });
    const session = await stripe().checkout.sessions.retrieve(first.sessionId ?? "");
    expect(session.status).toBe("expired");
    expect((await pay(first.body.session_url ?? "")).status).toBe(410);
    const ledger = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, earlier?.id ?? ""));
    expect(ledger.map((m) => [m.kind, m.reservedDelta])).toEqual([
      ["reserve", 1],
      ["release", -1],
    ]);
  });

  it("a signed-in shopper's new checkout releases their earlier one, from any device", async () => {
    const cat = await createCategory();
    const piece = await createProduct(cat.id, { stockOnHand: 1 });
    const shopper = await register();
    const phone = await checkout([{ _id: piece.id, quantity: 1 }], {
      ip: "203.0.113.6",
      token: shopper.accessToken,
    });
    const laptop = await checkout([{ _id: piece.id, quantity: 1 }], {
      ip: "198.51.100.6",
      token: shopper.accessToken,
    });
    expect([phone.status, laptop.status]).toEqual([200, 200]);
    expect((await orderOfSession(phone.sessionId))?.stockHold).toBe("released");
    expect(await stockOf(piece.id)).toEqual({ onHand: 1, reserved: 1 });
  });

  it("never releases an earlier checkout that was paid meanwhile", async () => {
    const cat = await createCategory();
    const bowl = await createProduct(cat.id, { stockOnHand: 2 });
    const first = await checkout([{ _id: bowl.id, quantity: 1 }], { ip: "203.0.113.7" });
    const session = await stripe().checkout.sessions.retrieve(first.sessionId ?? "");
    expect((await pay(session.url ?? "")).status).toBe(303);
    // Paid at Stripe, its webhook not yet here: the order is still pending in D1.
    const second = await checkout([{ _id: bowl.id, quantity: 1 }], {
      ip: "203.0.113.7",
      cookie: first.cookie,
    });
    expect(second.status).toBe(200);
    expect((await orderOfSession(first.sessionId))?.stockHold).toBe("held");
    expect(await stockOf(bowl.id)).toEqual({ onHand: 2, reserved: 2 });
  });

  it("another shopper finds the last piece held, not sold, and is told it may come back", async () => {
    const cat = await createCategory();
    const piece = await createProduct(cat.id, { name: "Brass Urli", stockOnHand: 1 });
    expect((await checkout([{ _id: piece.id, quantity: 1 }], { ip: "203.0.113.8" })).status).toBe(
      200,
    );
    noteCatalogueChange();
    const answer = await (await api(`/api/product/${piece.id}`)).json<ProductResponse>();
    expect(answer.product).toMatchObject({ inStock: false, available: 0, held: true });
    const other = await checkout([{ _id: piece.id, quantity: 1 }], { ip: "198.51.100.8" });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("out_of_stock");
  });
});

describe("what one network may hold", () => {
  it(`allows ${HOLD_LIMITS.checkoutsPerNetwork} unpaid checkouts from one network, then refuses; other networks go on`, async () => {
    const cat = await createCategory();
    const p = await createProduct(cat.id, { stockOnHand: 100 });
    const line = [{ _id: p.id, quantity: 1 }];
    for (let i = 0; i < HOLD_LIMITS.checkoutsPerNetwork; i++) {
      expect((await checkout(line, { ip: "203.0.113.9" })).status).toBe(200);
    }
    const refused = await checkout(line, { ip: "203.0.113.9" });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      code: "too_many_checkouts",
      message: HOLD_MESSAGES.tooManyCheckouts,
    });
    // Nothing of the refused checkout was written: no order, no reservation.
    expect(await stockOf(p.id)).toEqual({
      onHand: 100,
      reserved: HOLD_LIMITS.checkoutsPerNetwork,
    });
    expect((await checkout(line, { ip: "198.51.100.9" })).status).toBe(200);
    // An IPv6 client is its /64: another address in it is the same network.
    for (let i = 0; i < HOLD_LIMITS.checkoutsPerNetwork; i++) {
      expect((await checkout(line, { ip: `2001:db8:1:2::${i + 1}` })).status).toBe(200);
    }
    expect((await checkout(line, { ip: "2001:db8:1:2:ffff::9" })).status).toBe(429);
  });

  it("lets exactly the limit through when one network opens many checkouts at once", async () => {
    const cat = await createCategory();
    const p = await createProduct(cat.id, { stockOnHand: 100 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        checkout([{ _id: p.id, quantity: 1 }], { ip: "203.0.113.10" }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(HOLD_LIMITS.checkoutsPerNetwork);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - HOLD_LIMITS.checkoutsPerNetwork);
    expect(await stockOf(p.id)).toEqual({
      onHand: 100,
      reserved: HOLD_LIMITS.checkoutsPerNetwork,
    });
  });

  it("bounds the units of one tracked product a network holds across its checkouts", async () => {
    const cat = await createCategory();
    const chime = await createProduct(cat.id, { stockOnHand: 50 });
    const incense = await createProduct(cat.id, { stockOnHand: null });
    const most = HOLD_LIMITS.unitsPerProductPerNetwork;
    expect(
      (await checkout([{ _id: chime.id, quantity: most }], { ip: "203.0.113.11" })).status,
    ).toBe(200);
    const more = await checkout(
      [
        { _id: incense.id, quantity: 10 },
        { _id: chime.id, quantity: 1 },
      ],
      { ip: "203.0.113.11" },
    );
    expect(more.status).toBe(429);
    expect(more.body).toMatchObject({
      code: "hold_limit",
      message: HOLD_MESSAGES.tooManyUnits(most),
    });
    expect(await stockOf(chime.id)).toEqual({ onHand: 50, reserved: most });
    // Untracked stock cannot run out, so holding it harms nobody.
    expect(
      (await checkout([{ _id: incense.id, quantity: 10 }], { ip: "203.0.113.11" })).status,
    ).toBe(200);
    expect((await checkout([{ _id: chime.id, quantity: 1 }], { ip: "198.51.100.11" })).status).toBe(
      200,
    );
  });

  it("stores the network only as a keyed hash", async () => {
    const cat = await createCategory();
    const p = await createProduct(cat.id);
    const { sessionId } = await checkout([{ _id: p.id, quantity: 1 }], { ip: "203.0.113.12" });
    const order = await orderOfSession(sessionId);
    expect(order?.clientNetworkHash).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(order?.clientNetworkHash).not.toContain("203.0.113");
  });
});

describe("the checkout's bad input still answers 4xx", () => {
  it("refuses an empty or malformed cart before holding anything", async () => {
    const res = await startCheckout({ items: [] });
    expect(res.status).toBe(400);
  });
});
