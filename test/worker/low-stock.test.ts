// The owner's low-stock list (modules/catalogue/stock.ts): each product's threshold, set in the back-office
// and audited, and GET /api/admin/stock/low listing the tracked, unarchived products at or under
// it, sold out first. The daily mail of that list is in mail-retention.test.ts.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type AdminProductDto,
  type AdminProductListResponse,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type LowStockResponse,
  MAX_LOW_STOCK_THRESHOLD,
} from "../../worker/contracts/admin-catalogue";
import { auditLog, products } from "../../worker/db/schema";
import { seedShop } from "../../worker/seed/seed";
import { adminSession, call } from "./helpers/accounts";
import { auditEntries, createCategory, createProduct, db } from "./helpers/factories";

const lowList = async (token: string) => {
  const res = await call(token, "GET", "/api/admin/stock/low");
  expect(res.status).toBe(200);
  return res.json<LowStockResponse>();
};

const productBody = (category: string, overrides: Record<string, unknown> = {}) => ({
  name: "Brass Temple Bell",
  description: "Cast brass, hand-finished.",
  category,
  originalPrice: 49.95,
  finalPrice: 39.99,
  ...overrides,
});

describe("GET /api/admin/stock/low", () => {
  it("lists tracked, unarchived products at or under their threshold: sold out first, then fewest left, then by name", async () => {
    const admin = await adminSession();
    const { id: cat } = await createCategory();
    const make = (name: string, overrides: Partial<typeof products.$inferInsert>) =>
      createProduct(cat, { name, ...overrides });

    const zinc = await make("Zinc Bowl", { stockOnHand: 0 });
    // Sold out because checkouts hold what is left: available, not on hand, decides.
    const held = await make("Brass Lamp", { stockOnHand: 2, stockReserved: 2 });
    const zeroThreshold = await make("Copper Ladle", {
      stockOnHand: 0,
      lowStockThreshold: 0,
      imageKeys: [],
    });
    const draft = await make("Draft Diya", { stockOnHand: 1, status: "draft" });
    const bell = await make("Bell", { stockOnHand: 3 });
    const partlyHeld = await make("Tingsha", { stockOnHand: 10, stockReserved: 6 });
    const atThreshold = await make("Copper Jug", { stockOnHand: 5 });
    const highThreshold = await make("Nataraja", { stockOnHand: 30, lowStockThreshold: 50 });
    // Not on the list: above the threshold, untracked, archived, or over a threshold of 0.
    await make("Above", { stockOnHand: 6 });
    await make("Above once held", { stockOnHand: 10, stockReserved: 4 });
    await make("Untracked", { stockOnHand: null });
    await make("Archived", { stockOnHand: 0, status: "archived" });
    await make("One left, threshold 0", { stockOnHand: 1, lowStockThreshold: 0 });

    const body = await lowList(admin.accessToken);
    expect(body.success).toBe(true);
    expect(body.products.map((p) => p.name)).toEqual([
      "Brass Lamp",
      "Copper Ladle",
      "Zinc Bowl",
      "Draft Diya",
      "Bell",
      "Tingsha",
      "Copper Jug",
      "Nataraja",
    ]);
    const entry = (
      p: typeof zinc,
      onHand: number,
      reserved: number,
      lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD,
    ) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      status: p.status ?? "active",
      image: p.imageKeys[0] ? `/images/${p.imageKeys[0]}` : null,
      onHand,
      reserved,
      available: onHand - reserved,
      lowStockThreshold,
    });
    expect(body.products).toEqual([
      entry(held, 2, 2),
      entry(zeroThreshold, 0, 0, 0),
      entry(zinc, 0, 0),
      entry(draft, 1, 0),
      entry(bell, 3, 0),
      entry(partlyHeld, 10, 6),
      entry(atThreshold, 5, 0),
      entry(highThreshold, 30, 0, 50),
    ]);
    expect(body.products[1]?.image).toBeNull();
    expect(body.products[0]?.image).toBe("/images/products/a.svg");
  });

  it("answers an empty list when nothing is low, and follows threshold and stock changes at once", async () => {
    const admin = await adminSession();
    const { id: cat } = await createCategory();
    const plenty = await createProduct(cat, { stockOnHand: 40 });
    await createProduct(cat, { stockOnHand: null });
    expect(await lowList(admin.accessToken)).toEqual({ success: true, products: [] });

    const raise = await call(admin.accessToken, "POST", `/api/admin/products/${plenty.id}`, {
      lowStockThreshold: 40,
    });
    expect(raise.status).toBe(200);
    expect((await lowList(admin.accessToken)).products.map((p) => p.id)).toEqual([plenty.id]);

    await call(admin.accessToken, "POST", `/api/admin/products/${plenty.id}/stock`, {
      delta: 1,
      reason: "delivery",
    });
    expect((await lowList(admin.accessToken)).products).toEqual([]);
  });

  it("lists the seeded shop's low products, the two sold out first", async () => {
    const admin = await adminSession();
    await seedShop(env);
    const { products: low } = await lowList(admin.accessToken);
    expect(low.map((p) => [p.slug, p.available])).toEqual([
      ["dhokra-tribal-horse-artifact", 0],
      ["tibetan-tingsha-cymbals", 0],
      ["chakra-singing-bowl-set-of-7", 2],
      ["nataraja-bronze-statue-12in", 3],
      ["brass-kuber-oil-lamp", 5],
    ]);
    for (const p of low) expect(p.image).toMatch(/^\/images\/products\//);
  });
});

describe("a product's low-stock threshold", () => {
  it("defaults to the column's default, is set and edited through the product endpoints, shown next to the stock and audited", async () => {
    const admin = await adminSession();
    const { id: cat } = await createCategory();
    // The contract's default is the column's: a row written without one gets the same number.
    const bare = await createProduct(cat);
    const [row] = await db().select().from(products).where(eq(products.id, bare.id));
    expect(row?.lowStockThreshold).toBe(DEFAULT_LOW_STOCK_THRESHOLD);

    const created = await call(admin.accessToken, "POST", "/api/admin/products", productBody(cat));
    expect((await created.json<{ product: AdminProductDto }>()).product.lowStockThreshold).toBe(
      DEFAULT_LOW_STOCK_THRESHOLD,
    );

    const res = await call(
      admin.accessToken,
      "POST",
      "/api/admin/products",
      productBody(cat, { name: "Copper Jug", lowStockThreshold: 12, stock: 3 }),
    );
    expect(res.status).toBe(200);
    const { product } = await res.json<{ product: AdminProductDto }>();
    expect(product).toMatchObject({
      lowStockThreshold: 12,
      stock: { onHand: 3, reserved: 0, available: 3 },
    });
    const [createEntry] = await auditEntries(product._id);
    expect(createEntry).toMatchObject({ action: "create", after: { lowStockThreshold: 12 } });

    const edit = await call(admin.accessToken, "POST", `/api/admin/products/${product._id}`, {
      lowStockThreshold: 0,
    });
    expect(edit.status).toBe(200);
    expect((await edit.json<{ product: AdminProductDto }>()).product.lowStockThreshold).toBe(0);
    const got = await call(admin.accessToken, "GET", `/api/admin/products/${product._id}`);
    expect((await got.json<{ product: AdminProductDto }>()).product).toMatchObject({
      lowStockThreshold: 0,
      stock: { onHand: 3 },
    });
    const list = await call(admin.accessToken, "GET", "/api/admin/products?q=copper%20jug");
    const listed = (await list.json<AdminProductListResponse>()).products;
    expect(listed.map((p) => [p._id, p.lowStockThreshold])).toEqual([[product._id, 0]]);

    const entries = (await auditEntries(product._id)).filter((e) => e.entity === "product");
    expect(entries.map((e) => e.action)).toEqual(["create", "update"]);
    expect(entries[1]).toMatchObject({
      actorId: admin.id,
      before: { lowStockThreshold: 12 },
      after: { lowStockThreshold: 0 },
    });
    expect(Object.keys(entries[1]?.after ?? {})).toEqual(["lowStockThreshold"]);

    // The same value again changes nothing and logs nothing; the largest allowed is taken.
    await call(admin.accessToken, "POST", `/api/admin/products/${product._id}`, {
      lowStockThreshold: 0,
    });
    expect(await auditEntries(product._id)).toHaveLength(entries.length + 1); // + the opening stock
    const max = await call(admin.accessToken, "POST", `/api/admin/products/${product._id}`, {
      lowStockThreshold: MAX_LOW_STOCK_THRESHOLD,
    });
    expect(max.status).toBe(200);
  });

  it("refuses a negative, fractional, huge or non-numeric threshold with 400 in the error shape, writing nothing", async () => {
    const admin = await adminSession();
    const { id: cat } = await createCategory();
    const product = await createProduct(cat, { stockOnHand: 4 });
    const bad: [unknown, string][] = [
      [-1, "lowStockThreshold must not be negative"],
      [1.5, "lowStockThreshold must be a whole number"],
      [MAX_LOW_STOCK_THRESHOLD + 1, `lowStockThreshold must be at most ${MAX_LOW_STOCK_THRESHOLD}`],
      [1e308, `lowStockThreshold must be at most ${MAX_LOW_STOCK_THRESHOLD}`],
      ["5", "lowStockThreshold must be a whole number"],
      [null, "lowStockThreshold must be a whole number"],
      [true, "lowStockThreshold must be a whole number"],
      [[5], "lowStockThreshold must be a whole number"],
    ];
    for (const [value, message] of bad) {
      for (const [path, body] of [
        ["/api/admin/products", productBody(cat, { lowStockThreshold: value })],
        [`/api/admin/products/${product.id}`, { lowStockThreshold: value }],
      ] as const) {
        const res = await call(admin.accessToken, "POST", path, body);
        expect(res.status, `${path} ${JSON.stringify(value)}`).toBe(400);
        expect(await res.json()).toEqual({
          success: false,
          message,
          code: "invalid_input",
          issues: [{ path: "lowStockThreshold", message }],
        });
      }
    }
    const rows = await db().select().from(products);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.lowStockThreshold).toBe(DEFAULT_LOW_STOCK_THRESHOLD);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });
});
