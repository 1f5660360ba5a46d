// The signed-in shopper's server cart: /api/cart/* over the user's Durable Object.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import type { CartData } from "../../worker/contracts/cart";
import { products } from "../../worker/db/schema";
import { newId } from "../../worker/lib/ids";
import { forgetCatalogueMemory } from "../../worker/modules/catalogue/cache";
import { asUser, register } from "./helpers/accounts";
import { createCategory, createProduct, db, postJson } from "./helpers/factories";

describe("server cart", () => {
  async function setup() {
    const cat = await createCategory();
    const a = await createProduct(cat.id, {
      finalPriceCents: 3995,
      imageKeys: ["products/a-1.svg"],
    });
    const b = await createProduct(cat.id, { finalPriceCents: 1250 });
    const s = await register();
    const cart = (path: string, body?: unknown) => asUser(s.accessToken, `/api/cart/${path}`, body);
    const data = async (res: Response) => (await res.json<{ cartData: CartData }>()).cartData;
    // What the user's CartStore holds, read past the API.
    const stored = () => env.CARTS.getByName(decodeJwt(s.accessToken).sub ?? "").lines();
    return { a, b, s, cart, data, stored };
  }

  it("requires a token", async () => {
    for (const path of ["get", "add", "update", "merge", "clear"]) {
      expect((await postJson(`/api/cart/${path}`, {})).status, path).toBe(401);
    }
  });

  it("adds, reads with today's price, updates, removes at 0 and clears", async () => {
    const { a, b, cart, data, stored } = await setup();
    const added = await cart("add", { itemId: a.id, quantity: 2 });
    expect(added.status).toBe(200);
    expect(await data(added)).toEqual({
      [a.id]: {
        _id: a.id,
        name: a.name,
        price: 39.95,
        quantity: 2,
        image: "/images/products/a-1.svg",
      },
    });
    await cart("add", { itemId: a.id, quantity: 9 });
    expect((await data(await cart("get")))[a.id]?.quantity).toBe(10);
    await cart("add", { itemId: b.id, quantity: 1 });
    expect((await data(await cart("update", { itemId: b.id, quantity: 4 })))[b.id]?.quantity).toBe(
      4,
    );
    expect(Object.keys(await data(await cart("update", { itemId: b.id, quantity: 0 })))).toEqual([
      a.id,
    ]);
    expect(await data(await cart("clear"))).toEqual({});
    expect(await stored()).toEqual([]);
  });

  it.each([-1, 0.5, 11, 1e9, "2", null, Number.NaN])(
    "refuses the quantity %s with 400",
    async (quantity) => {
      const { a, cart, stored } = await setup();
      const res = await cart("add", { itemId: a.id, quantity });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_input" });
      expect(await stored()).toEqual([]);
    },
  );

  it("answers 404 for an unknown product and 400 for a malformed id", async () => {
    const { cart, stored } = await setup();
    expect((await cart("add", { itemId: newId(), quantity: 1 })).status).toBe(404);
    expect((await cart("update", { itemId: newId(), quantity: 2 })).status).toBe(404);
    expect((await cart("add", { itemId: "1 OR 1=1", quantity: 1 })).status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it("merges a guest cart: quantities added, each line capped at 10, unknown products dropped", async () => {
    const { a, b, cart, data } = await setup();
    await cart("add", { itemId: a.id, quantity: 7 });
    const merged = await data(
      await cart("merge", {
        cartData: {
          [a.id]: { _id: a.id, name: "stale name", price: 0.01, quantity: 6, image: "x" },
          [b.id]: { quantity: 2 },
          [newId()]: { quantity: 3 },
          "not-an-id": { quantity: 1 },
        },
      }),
    );
    expect(merged[a.id]).toMatchObject({ quantity: 10, price: 39.95, name: a.name });
    expect(merged[b.id]?.quantity).toBe(2);
    expect(Object.keys(merged)).toHaveLength(2);
    expect((await cart("merge", { cartData: { [a.id]: { quantity: 11 } } })).status).toBe(400);
    expect((await cart("merge", { cartData: [] })).status).toBe(400);
  });

  it("keeps lines in the order they were added when a quantity changes", async () => {
    const { a, b, cart, data } = await setup();
    await cart("add", { itemId: a.id, quantity: 1 });
    await cart("add", { itemId: b.id, quantity: 1 });
    const updated = await data(await cart("update", { itemId: a.id, quantity: 5 }));
    expect(Object.keys(updated)).toEqual([a.id, b.id]);
  });

  it("shows today's price and drops a product that left the catalogue", async () => {
    const { a, b, cart, data, stored } = await setup();
    await cart("add", { itemId: a.id, quantity: 1 });
    await cart("add", { itemId: b.id, quantity: 2 });
    await db().update(products).set({ finalPriceCents: 2500 }).where(eq(products.id, a.id));
    await db().delete(products).where(eq(products.id, b.id));
    // The isolate re-reads the catalogue version every few seconds; a new isolate reads it at once.
    forgetCatalogueMemory();
    const now = await data(await cart("get"));
    expect(now).toEqual({ [a.id]: expect.objectContaining({ price: 25, quantity: 1 }) });
    await expect.poll(stored).toEqual([{ productId: a.id, quantity: 1 }]);
    // A line whose product is gone can always be removed.
    expect((await cart("update", { itemId: b.id, quantity: 0 })).status).toBe(200);
  });

  it("never lets concurrent adds push a line past 10", async () => {
    const { a, cart, data } = await setup();
    await Promise.all(Array.from({ length: 6 }, () => cart("add", { itemId: a.id, quantity: 3 })));
    expect((await data(await cart("get")))[a.id]?.quantity).toBe(10);
  });
});
