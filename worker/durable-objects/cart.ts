// The signed-in shopper's server cart: one Durable Object per user, holding product ids and
// quantities in its own SQLite storage (docs/decisions/0003-cart-durable-object.md). Names and
// prices are never stored here; the cart route joins today's catalogue on every read. A user's cart
// is `env.CARTS.getByName(userId)`.
import { DurableObject } from "cloudflare:workers";
import { MAX_CART_QUANTITY } from "../contracts/cart";
import type { Bindings } from "../env";

export interface CartLine {
  productId: string;
  quantity: number;
}

/**
 * A Durable Object runs one call at a time and these methods never await, so each read-modify-write
 * is atomic: concurrent adds cannot push a line past the cap.
 */
export class CartStore extends DurableObject<Bindings> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS cart_lines (
      product_id TEXT PRIMARY KEY,
      quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND ${MAX_CART_QUANTITY}),
      added_at INTEGER NOT NULL
    )`);
  }

  /** The lines in the order they were first added (changing a quantity keeps a line in place). */
  lines(): CartLine[] {
    return this.sql
      .exec<{ product_id: string; quantity: number }>(
        "SELECT product_id, quantity FROM cart_lines ORDER BY added_at, product_id",
      )
      .toArray()
      .map((r) => ({ productId: r.product_id, quantity: r.quantity }));
  }

  /** Adds each quantity to its line, capping the line at the maximum. */
  add(additions: CartLine[]): CartLine[] {
    const now = Date.now();
    for (const { productId, quantity } of additions) {
      if (quantity <= 0) continue;
      this.sql.exec(
        `INSERT INTO cart_lines (product_id, quantity, added_at) VALUES (?, min(?, ?), ?)
         ON CONFLICT (product_id) DO UPDATE SET quantity = min(?, quantity + excluded.quantity)`,
        productId,
        MAX_CART_QUANTITY,
        quantity,
        now,
        MAX_CART_QUANTITY,
      );
    }
    return this.lines();
  }

  /** Sets a line's quantity; 0 removes the line. */
  set(productId: string, quantity: number): CartLine[] {
    if (quantity <= 0) {
      this.sql.exec("DELETE FROM cart_lines WHERE product_id = ?", productId);
    } else {
      this.sql.exec(
        `INSERT INTO cart_lines (product_id, quantity, added_at) VALUES (?, ?, ?)
         ON CONFLICT (product_id) DO UPDATE SET quantity = excluded.quantity`,
        productId,
        Math.min(quantity, MAX_CART_QUANTITY),
        Date.now(),
      );
    }
    return this.lines();
  }

  /** Drops the given lines (products that left the catalogue), or every line. */
  remove(productIds?: string[]): CartLine[] {
    if (productIds === undefined) {
      this.sql.exec("DELETE FROM cart_lines");
    } else {
      for (const id of productIds) this.sql.exec("DELETE FROM cart_lines WHERE product_id = ?", id);
    }
    return this.lines();
  }
}
