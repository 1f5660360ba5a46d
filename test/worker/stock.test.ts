// Stock that never oversells (modules/catalogue/stock.ts): reservations in the checkout's own batch, one
// release per lapsed checkout however the webhook and the sweep race, sales at fulfilment, the
// ledger, the back-office endpoint, and what the storefront says.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ProductListResponse } from "../../worker/contracts/catalogue";
import { orderItems, orders, products, stockMovements } from "../../worker/db/schema";
import { SESSION_LIFETIME_SECONDS } from "../../worker/modules/orders/checkout";
import { releaseLapsedHolds } from "../../worker/modules/orders/stock-holds";
import { adminSession, register } from "./helpers/accounts";
import {
  deliver,
  eventFor,
  openSession,
  paidOrder,
  startCheckout,
  stripe,
} from "./helpers/checkout";
import { api, callWorker, createCategory, createProduct, db } from "./helpers/factories";

const LIFETIME_MS = SESSION_LIFETIME_SECONDS * 1000;

async function stocked(onHand: number | null, name?: string) {
  const category = await createCategory();
  return createProduct(category.id, { stockOnHand: onHand, ...(name && { name }) });
}

const levels = async (id: string) =>
  db()
    .select({ onHand: products.stockOnHand, reserved: products.stockReserved })
    .from(products)
    .where(eq(products.id, id))
    .get();

const ledger = (productId: string) =>
  db()
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(stockMovements.id);

const setStock = (id: string, body: unknown, token?: string) =>
  callWorker(`/api/admin/products/${id}/stock`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token && { token }) },
    body: JSON.stringify(body),
  });

describe("reserving at checkout", () => {
  it("gives the last unit to exactly one of 20 concurrent checkouts", async () => {
    const product = await stocked(1, "Last Wind Chime");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        startCheckout({ items: [{ _id: product.id, quantity: 1 }] }).then(async (res) => ({
          i,
          status: res.status,
          body: await res.json<{ code?: string; message: string }>(),
        })),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.body.code).toBe("out_of_stock");
      expect(r.body.message).toBe("Last Wind Chime is sold out");
    }
    expect(await levels(product.id)).toEqual({ onHand: 1, reserved: 1 });
    expect(await db().select().from(orders)).toHaveLength(1);
    const rows = await ledger(product.id);
    expect(rows.map((r) => [r.kind, r.onHandDelta, r.reservedDelta])).toEqual([["reserve", 0, 1]]);
  });

  it("reserves nothing when one line is short, and names it", async () => {
    const plenty = await stocked(5);
    const few = await stocked(1, "Brass Bell");
    const res = await startCheckout({
      items: [
        { _id: plenty.id, quantity: 2 },
        { _id: few.id, quantity: 2 },
      ],
    });
    expect(res.status).toBe(409);
    const body = await res.json<{ code: string; message: string; issues: unknown[] }>();
    expect(body).toMatchObject({ code: "out_of_stock", message: "Only 1 left of Brass Bell" });
    expect(body.issues).toEqual([{ path: few.id, message: "Only 1 left of Brass Bell" }]);
    expect(await levels(plenty.id)).toEqual({ onHand: 5, reserved: 0 });
    expect(await levels(few.id)).toEqual({ onHand: 1, reserved: 0 });
    expect(await db().select().from(orders)).toHaveLength(0);
    expect(await db().select().from(orderItems)).toHaveLength(0);
    expect(await db().select().from(stockMovements)).toHaveLength(0);
  });

  it("rolls the batch back when the shortfall appears only at write time", async () => {
    const plenty = await stocked(5);
    const few = await stocked(2, "Brass Bell");
    // Both pass the read-time check; the database refuses whichever comes second.
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        startCheckout({
          items: [
            { _id: plenty.id, quantity: 1 },
            { _id: few.id, quantity: 2 },
          ],
        }),
      ),
    );
    expect([a?.status, b?.status].sort()).toEqual([200, 409]);
    expect(await levels(plenty.id)).toEqual({ onHand: 5, reserved: 1 });
    expect(await levels(few.id)).toEqual({ onHand: 2, reserved: 2 });
    expect(await db().select().from(orders)).toHaveLength(1);
  });

  it("leaves untracked products alone: any quantity, available null", async () => {
    const product = await stocked(null);
    const { session } = await openSession({ items: [{ _id: product.id, quantity: 10 }] });
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
    expect(session.expires_at - session.created).toBeLessThanOrEqual(SESSION_LIFETIME_SECONDS);
    expect(await levels(product.id)).toEqual({ onHand: null, reserved: 10 });
    const listed = await (await api("/api/product/list")).json<ProductListResponse>();
    expect(listed.products[0]).toMatchObject({ _id: product.id, inStock: true, available: null });
  });
});

describe("releasing and selling", () => {
  it("gives an expired session's stock back once, webhook and sweep racing", async () => {
    const product = await stocked(3);
    const { session } = await openSession({ items: [{ _id: product.id, quantity: 2 }] });
    expect(await levels(product.id)).toEqual({ onHand: 3, reserved: 2 });
    await stripe().checkout.sessions.expire(session.id);
    const event = await eventFor(session.id, "checkout.session.expired");
    const later = Date.now() + LIFETIME_MS + 60 * 60 * 1000;
    const [delivered, , swept] = await Promise.all([
      deliver(event),
      deliver({ ...event, id: `${event.id}_again` }),
      releaseLapsedHolds({ db: db() }, later, LIFETIME_MS),
    ]);
    expect(delivered.status).toBe(200);
    expect(swept).toBeLessThanOrEqual(1);
    expect(await levels(product.id)).toEqual({ onHand: 3, reserved: 0 });
    expect(await releaseLapsedHolds({ db: db() }, later, LIFETIME_MS)).toBe(0);
    expect((await deliver(event)).status).toBe(200);
    expect(await levels(product.id)).toEqual({ onHand: 3, reserved: 0 });
    const rows = await ledger(product.id);
    expect(rows.map((r) => [r.kind, r.reservedDelta])).toEqual([
      ["reserve", 2],
      ["release", -2],
    ]);
    const [order] = await db().select().from(orders);
    expect(order).toMatchObject({ status: "expired", stockHold: "released" });
  });

  it("the sweep releases a pending checkout long past its expiry, and only then", async () => {
    const product = await stocked(4);
    await openSession({ items: [{ _id: product.id, quantity: 3 }] });
    expect(await releaseLapsedHolds({ db: db() }, Date.now(), LIFETIME_MS)).toBe(0);
    expect(await levels(product.id)).toEqual({ onHand: 4, reserved: 3 });
    expect(await releaseLapsedHolds({ db: db() }, Date.now() + 2 * LIFETIME_MS, LIFETIME_MS)).toBe(
      1,
    );
    expect(await levels(product.id)).toEqual({ onHand: 4, reserved: 0 });
    const [order] = await db().select().from(orders);
    expect(order).toMatchObject({ status: "expired", stockHold: "released" });
  });

  it("turns a paid order's reservation into a sale, once", async () => {
    const product = await stocked(5);
    const untracked = await stocked(null);
    const { event } = await paidOrder({
      items: [
        { _id: product.id, quantity: 2 },
        { _id: untracked.id, quantity: 1 },
      ],
    });
    expect(await levels(product.id)).toEqual({ onHand: 3, reserved: 0 });
    expect(await levels(untracked.id)).toEqual({ onHand: null, reserved: 0 });
    await deliver(event);
    await deliver({ ...event, id: `${event.id}_again` });
    expect(await levels(product.id)).toEqual({ onHand: 3, reserved: 0 });
    expect(await releaseLapsedHolds({ db: db() }, Date.now() + 2 * LIFETIME_MS, LIFETIME_MS)).toBe(
      0,
    );
    const rows = await ledger(product.id);
    expect(rows.map((r) => [r.kind, r.onHandDelta, r.reservedDelta])).toEqual([
      ["reserve", 0, 2],
      ["sale", -2, -2],
    ]);
    const [order] = await db().select().from(orders);
    expect(order?.stockHold).toBe("sold");
  });
});

describe("POST /api/admin/products/:id/stock", () => {
  it("answers 401 without a token and 403 to a shopper", async () => {
    const product = await stocked(1);
    expect((await setStock(product.id, { onHand: 5 })).status).toBe(401);
    const shopper = await register();
    expect((await setStock(product.id, { onHand: 5 }, shopper.accessToken)).status).toBe(403);
    expect(await levels(product.id)).toEqual({ onHand: 1, reserved: 0 });
  });

  it("sets and adjusts the count, audited and in the ledger; refuses below reserved", async () => {
    const admin = await adminSession();
    const product = await stocked(3);
    await openSession({ items: [{ _id: product.id, quantity: 2 }] });

    const set = await setStock(product.id, { onHand: 10 }, admin.accessToken);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({
      success: true,
      stock: { onHand: 10, reserved: 2, available: 8 },
    });
    const restock = await setStock(
      product.id,
      { delta: 5, reason: "delivery from Moradabad" },
      admin.accessToken,
    );
    expect(await restock.json()).toMatchObject({
      stock: { onHand: 15, reserved: 2, available: 13 },
    });

    const below = await setStock(product.id, { onHand: 1 }, admin.accessToken);
    expect(below.status).toBe(409);
    expect(await below.json()).toMatchObject({ success: false, code: "below_reserved" });
    const negative = await setStock(
      product.id,
      { delta: -14, reason: "breakage" },
      admin.accessToken,
    );
    expect(negative.status).toBe(409);
    expect((await setStock(product.id, { delta: 2 }, admin.accessToken)).status).toBe(400);
    expect(await levels(product.id)).toEqual({ onHand: 15, reserved: 2 });

    const rows = await ledger(product.id);
    expect(rows.map((r) => [r.kind, r.onHandDelta, r.reason])).toEqual([
      ["reserve", 0, "checkout started"],
      ["correction", 7, "count set to 10"],
      ["restock", 5, "delivery from Moradabad"],
    ]);
    expect(rows[1]?.actorId).toBe(admin.id);

    const audit = await callWorker(`/api/admin/audit?entity=stock&id=${product.id}`, {
      headers: { token: admin.accessToken },
    });
    const { entries } = await audit.json<{
      entries: { action: string; before: unknown; after: unknown }[];
    }>();
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.action).sort()).toEqual(["adjust", "set"]);
    const setEntry = entries.find((e) => e.action === "set");
    expect(setEntry?.before).toMatchObject({ onHand: 3, reserved: 2, available: 1 });
    expect(setEntry?.after).toMatchObject({ onHand: 10 });
  });

  it("shows the change on the storefront at once", async () => {
    const admin = await adminSession();
    const product = await stocked(2);
    // The admin's own isolate answers from the new version at once (others within seconds).
    const first = await (await callWorker("/api/product/list")).json<ProductListResponse>();
    expect(first.products[0]).toMatchObject({ inStock: true, available: 2 });
    await setStock(product.id, { onHand: 0 }, admin.accessToken);
    const after = await (await callWorker("/api/product/list")).json<ProductListResponse>();
    expect(after.products[0]).toMatchObject({ inStock: false, available: 0 });
  });
});
