// The signed-in shopper's server cart (SPEC.md section 7). Lines live in the user's CartStore
// Durable Object; names, prices and pictures are today's catalogue, joined on every answer.
import { Hono } from "hono";
import type { CartData } from "../contracts/cart";
import { CartAddSchema, CartMergeSchema, CartUpdateSchema } from "../contracts/cart-requests";
import { imageUrl } from "../contracts/catalogue";
import { centsToDollars } from "../contracts/money";
import type { CartLine } from "../durable-objects/cart";
import { validate } from "../http/validate";
import { notFound } from "../lib/app-error";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { requireAuth } from "../middleware/auth";
import { cachedCatalogueValue } from "../modules/catalogue/cache";
import { type ProductSummary, productSummaries } from "../modules/catalogue/reads";

/** Today's catalogue by product id, from isolate memory for the current catalogue version. */
const catalogue = (c: AppContext) =>
  cachedCatalogueValue({ db: c.var.db }, "product-summaries", () =>
    productSummaries({ db: c.var.db }),
  );

const userCart = (c: AppContext) => c.env.CARTS.getByName(c.var.auth.userId);

/**
 * The answer for these lines. Lines whose product has left the catalogue are not shown and are
 * removed from the store after the response.
 */
function toCartData(c: AppContext, lines: CartLine[], products: Map<string, ProductSummary>) {
  const cart: CartData = {};
  const gone: string[] = [];
  for (const { productId, quantity } of lines) {
    const p = products.get(productId);
    if (!p) {
      gone.push(productId);
      continue;
    }
    cart[productId] = {
      _id: productId,
      name: p.name,
      price: centsToDollars(p.priceCents),
      quantity,
      image: p.imageKey ? imageUrl(p.imageKey) : "",
    };
  }
  if (gone.length > 0) c.executionCtx.waitUntil(userCart(c).remove(gone));
  return cart;
}

/** Refuses a product the catalogue does not have, then applies the change. */
async function changeLine(c: AppContext, itemId: string, change: () => Promise<CartLine[]>) {
  const products = await catalogue(c);
  if (!products.has(itemId)) throw notFound("Product not found", "product_not_found");
  return toCartData(c, await change(), products);
}

export const cartRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/get", async (c) => {
    const [lines, products] = await Promise.all([userCart(c).lines(), catalogue(c)]);
    return c.json({
      success: true as const,
      cartData: toCartData(c, lines, products),
      message: "Cart loaded",
    });
  })
  .post("/add", validate("json", CartAddSchema), async (c) => {
    const { itemId, quantity } = c.req.valid("json");
    const cartData = await changeLine(c, itemId, () =>
      userCart(c).add([{ productId: itemId, quantity }]),
    );
    return c.json({ success: true as const, cartData, message: "Added to cart" });
  })
  .post("/update", validate("json", CartUpdateSchema), async (c) => {
    const { itemId, quantity } = c.req.valid("json");
    const cart = userCart(c);
    // Removing needs no catalogue check: a line whose product is gone must still be removable.
    const cartData =
      quantity === 0
        ? toCartData(c, await cart.set(itemId, 0), await catalogue(c))
        : await changeLine(c, itemId, () => cart.set(itemId, quantity));
    return c.json({ success: true as const, cartData, message: "Cart updated" });
  })
  .post("/merge", validate("json", CartMergeSchema), async (c) => {
    const products = await catalogue(c);
    // Lines for products that no longer exist (or never did) are dropped.
    const additions = Object.entries(c.req.valid("json").cartData)
      .filter(([id, line]) => products.has(id) && line.quantity > 0)
      .map(([productId, line]) => ({ productId, quantity: line.quantity }));
    const cartData = toCartData(c, await userCart(c).add(additions), products);
    return c.json({ success: true as const, cartData, message: "Cart merged" });
  })
  .post("/clear", async (c) => {
    await userCart(c).remove();
    return c.json({ success: true as const, cartData: {} as CartData, message: "Cart cleared" });
  });
