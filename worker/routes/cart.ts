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

/** The cart's lines with today's product data; usable alone or as the last step of a batch. */
const cartQuery = (db: Db, userId: string) =>
  db
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

type CartRow = Awaited<ReturnType<typeof cartQuery>>[number];

function toCartData(rows: CartRow[]): CartData {
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

const readCart = async (db: Db, userId: string) => toCartData(await cartQuery(db, userId));

/**
 * Writes a line only when the product exists (INSERT ... SELECT), so an unknown id changes
 * nothing; `mode` adds to the line (capped) or sets it. One statement: concurrent writes cannot
 * overshoot the cap.
 */
const writeLine = (
  db: Db,
  userId: string,
  productId: string,
  quantity: number,
  mode: "add" | "set",
) =>
  db
    .insert(cartItems)
    .select(
      db
        .select({
          userId: sql<string>`${userId}`.as("user_id"),
          productId: products.id,
          quantity: sql<number>`${quantity}`.as("quantity"),
          updatedAt: sql<Date>`${Date.now()}`.as("updated_at"),
        })
        .from(products)
        .where(eq(products.id, productId)),
    )
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: {
        quantity:
          mode === "add"
            ? sql`min(${MAX_CART_QUANTITY}, ${cartItems.quantity} + excluded.quantity)`
            : sql`excluded.quantity`,
        updatedAt: sql`excluded.updated_at`,
      },
    });

const productExists = (db: Db, productId: string) =>
  db.select({ id: products.id }).from(products).where(eq(products.id, productId));

/** Checks, writes and reads back in one D1 round trip. */
async function changeLine(
  db: Db,
  userId: string,
  productId: string,
  quantity: number,
  mode: "add" | "set",
) {
  const [found, , rows] = await db.batch([
    productExists(db, productId),
    writeLine(db, userId, productId, quantity, mode),
    cartQuery(db, userId),
  ]);
  if (found.length === 0) throw notFound("Product not found", "product_not_found");
  return toCartData(rows);
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
    const cartData = await changeLine(c.var.db, c.var.auth.userId, itemId, quantity, "add");
    return c.json({ success: true as const, cartData, message: "Added to cart" });
  })
  .post("/update", validate("json", CartUpdateSchema), async (c) => {
    const { itemId, quantity } = c.req.valid("json");
    const userId = c.var.auth.userId;
    const db = c.var.db;
    let cartData: CartData;
    if (quantity === 0) {
      const line = and(eq(cartItems.userId, userId), eq(cartItems.productId, itemId));
      const [, rows] = await db.batch([db.delete(cartItems).where(line), cartQuery(db, userId)]);
      cartData = toCartData(rows);
    } else {
      cartData = await changeLine(db, userId, itemId, quantity, "set");
    }
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
      .map(([id, line]) => writeLine(db, userId, id, line.quantity, "add"));
    const [first, ...rest] = adds;
    if (first) await db.batch([first, ...rest]);
    const cartData = await readCart(db, userId);
    return c.json({ success: true as const, cartData, message: "Cart merged" });
  })
  .post("/clear", async (c) => {
    await c.var.db.delete(cartItems).where(eq(cartItems.userId, c.var.auth.userId));
    return c.json({ success: true as const, cartData: {} as CartData, message: "Cart cleared" });
  });
