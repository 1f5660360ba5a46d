// The signed-in shopper's server cart (SPEC.md section 7). Prices are always today's, from D1;
// every line holds 1..10 of a product that exists.
import { and, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import {
  CartAddSchema,
  type CartData,
  CartMergeSchema,
  CartUpdateSchema,
  MAX_CART_QUANTITY,
} from "../contracts/account";
import { imageUrl } from "../contracts/catalogue";
import { centsToDollars } from "../contracts/money";
import type { Db } from "../db/client";
import { cartItems, products } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { requireAuth } from "../http/auth";
import { notFound } from "../http/errors";
import { validate } from "../http/validate";
import { ID_PATTERN } from "../lib/ids";

async function readCart(db: Db, userId: string): Promise<CartData> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.finalPriceCents,
      imageKeys: products.imageKeys,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(cartItems.updatedAt);
  const cart: CartData = {};
  for (const r of rows) {
    cart[r.id] = {
      _id: r.id,
      name: r.name,
      price: centsToDollars(r.priceCents),
      quantity: r.quantity,
      image: r.imageKeys[0] ? imageUrl(r.imageKeys[0]) : "",
    };
  }
  return cart;
}

/** Adds to a line, never past the cap: one statement, so concurrent adds cannot overshoot. */
const addToLine = (db: Db, userId: string, productId: string, quantity: number) =>
  db
    .insert(cartItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: {
        quantity: sql`min(${MAX_CART_QUANTITY}, ${cartItems.quantity} + excluded.quantity)`,
        updatedAt: new Date(),
      },
    });

async function assertProduct(db: Db, productId: string): Promise<void> {
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!p) throw notFound("Product not found", "product_not_found");
}

export const cartRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/get", async (c) => {
    return c.json({
      success: true as const,
      cartData: await readCart(c.var.db, c.var.auth.userId),
    });
  })
  .post("/add", validate("json", CartAddSchema), async (c) => {
    const { itemId, quantity } = c.req.valid("json");
    await assertProduct(c.var.db, itemId);
    await addToLine(c.var.db, c.var.auth.userId, itemId, quantity);
    const cartData = await readCart(c.var.db, c.var.auth.userId);
    return c.json({ success: true as const, cartData, message: "Added to cart" });
  })
  .post("/update", validate("json", CartUpdateSchema), async (c) => {
    const { itemId, quantity } = c.req.valid("json");
    const userId = c.var.auth.userId;
    const line = and(eq(cartItems.userId, userId), eq(cartItems.productId, itemId));
    if (quantity === 0) {
      await c.var.db.delete(cartItems).where(line);
    } else {
      await assertProduct(c.var.db, itemId);
      await c.var.db
        .insert(cartItems)
        .values({ userId, productId: itemId, quantity })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId],
          set: { quantity, updatedAt: new Date() },
        });
    }
    const cartData = await readCart(c.var.db, userId);
    return c.json({ success: true as const, cartData, message: "Cart updated" });
  })
  .post("/merge", validate("json", CartMergeSchema), async (c) => {
    const userId = c.var.auth.userId;
    const db = c.var.db;
    const wanted = Object.entries(c.req.valid("json").cartData).filter(
      ([id, line]) => ID_PATTERN.test(id) && line.quantity > 0,
    );
    // Lines for products that no longer exist (or never did) are dropped.
    const known = wanted.length
      ? new Set(
          (
            await db
              .select({ id: products.id })
              .from(products)
              .where(
                inArray(
                  products.id,
                  wanted.map(([id]) => id),
                ),
              )
          ).map((p) => p.id),
        )
      : new Set<string>();
    const adds = wanted
      .filter(([id]) => known.has(id))
      .map(([id, line]) => addToLine(db, userId, id, line.quantity));
    const [first, ...rest] = adds;
    if (first) await db.batch([first, ...rest]);
    const cartData = await readCart(db, userId);
    return c.json({ success: true as const, cartData, message: "Cart merged" });
  })
  .post("/clear", async (c) => {
    await c.var.db.delete(cartItems).where(eq(cartItems.userId, c.var.auth.userId));
    return c.json({ success: true as const, cartData: {} as CartData, message: "Cart cleared" });
  });
