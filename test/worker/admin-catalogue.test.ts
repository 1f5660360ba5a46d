// The back-office catalogue: products and categories of every status, prices in dollars at the
// boundary and exact cents in D1, one audit entry per write, and the storefront (lists, pages,
// carts, checkout, caches) following each change at once.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuditEntryDto } from "../../worker/contracts/admin";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminCategoryDto,
  type AdminProductDto,
  CATALOGUE_MESSAGES,
} from "../../worker/contracts/admin-catalogue";
import type { ProductListResponse } from "../../worker/contracts/catalogue";
import {
  auditLog,
  categories,
  orderItems,
  orders,
  products,
  stockMovements,
  users,
} from "../../worker/db/schema";
import { newId } from "../../worker/lib/ids";
import { adminSession, asUser, call, creatorSession, register, setRole } from "./helpers/accounts";
import { address } from "./helpers/checkout";
import {
  api,
  auditEntries,
  callWorker,
  createCategory,
  createProduct,
  db,
} from "./helpers/factories";

const productBody = (category: string, overrides: Record<string, unknown> = {}) => ({
  name: "Brass Temple Bell",
  description: "Cast brass, hand-finished.",
  category,
  tags: ["brass", "puja"],
  originalPrice: 49.95,
  finalPrice: 39.99,
  bestseller: true,
  new: true,
  premium: false,
  variant: "Small",
  ...overrides,
});

async function createViaApi(token: string, body: Record<string, unknown>) {
  const res = await call(token, "POST", "/api/admin/products", body);
  expect(res.status).toBe(200);
  return (await res.json<{ product: AdminProductDto }>()).product;
}

/** A paid order as fulfilment leaves it: its lines are copies, not references to today's product. */
async function placedOrder(
  email: string,
  product: { id: string; name: string; finalPriceCents: number; imageKeys: string[] },
  quantity: number,
) {
  const [user] = await db().select().from(users).where(eq(users.email, email));
  const subtotal = product.finalPriceCents * quantity;
  const orderId = newId();
  await db().batch([
    db()
      .insert(orders)
      .values({
        id: orderId,
        userId: user?.id ?? null,
        email,
        address: address(),
        subtotalCents: subtotal,
        taxCents: 0,
        deliveryFeeCents: 0,
        discountCents: 0,
        totalCents: subtotal,
        status: "Order Placed",
        paidAt: new Date(),
      }),
    db()
      .insert(orderItems)
      .values({
        id: newId(),
        orderId,
        productId: product.id,
        name: product.name,
        imageKey: product.imageKeys[0] ?? "",
        unitPriceCents: product.finalPriceCents,
        quantity,
      }),
  ]);
}

const storefrontIds = async () =>
  (await (await api("/api/product/list")).json<ProductListResponse>()).products.map((p) => p._id);

describe("who may use the catalogue endpoints", () => {
  const endpoints = (productId: string, categoryId: string): [string, string, unknown?][] => [
    ["GET", "/api/admin/products"],
    ["GET", `/api/admin/products/${productId}`],
    ["POST", "/api/admin/products", productBody(categoryId)],
    ["POST", `/api/admin/products/${productId}`, { name: "Taken over" }],
    ["DELETE", `/api/admin/products/${productId}`],
    ["GET", "/api/admin/categories"],
    ["POST", "/api/admin/categories", { name: "Intruders" }],
    ["POST", `/api/admin/categories/${categoryId}`, { name: "Renamed" }],
    ["GET", "/api/admin/stock/low"],
  ];

  it("answers 401 without a token, 403 to a shopper, a creator and a demoted admin; nothing written", async () => {
    const cat = await createCategory();
    const product = await createProduct(cat.id);
    const shopper = await register();
    const creator = await creatorSession();
    const demoted = await adminSession();
    await setRole(demoted.email, "user");
    for (const [method, path, body] of endpoints(product.id, cat.id)) {
      const none = await call(undefined, method, path, body);
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(await none.json()).toMatchObject({ success: false, code: "unauthorized" });
      for (const token of [shopper.accessToken, creator.accessToken, demoted.accessToken]) {
        const res = await call(token, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json()).toMatchObject({ success: false, code: "forbidden" });
      }
    }
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ name: product.name, status: "active" });
    expect(await db().select().from(categories)).toHaveLength(1);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });

  it("shuts an admin out right after demotion", async () => {
    const admin = await adminSession();
    expect((await call(admin.accessToken, "GET", "/api/admin/products")).status).toBe(200);
    await setRole(admin.email, "creator");
    expect((await call(admin.accessToken, "GET", "/api/admin/products")).status).toBe(403);
  });
});

describe("products: create, edit, archive", () => {
  it("creates a draft with exact cents, a unique slug, an audit entry, and off the storefront", async () => {
    const admin = await adminSession();
    const cat = await createCategory({ name: "Bells" });
    const { category: _id, description: _text, ...sent } = productBody(cat.id);
    const product = await createViaApi(admin.accessToken, productBody(cat.id));
    // The figures and flags sent come back as sent; the category by its name.
    expect(product).toMatchObject({
      ...sent,
      slug: "brass-temple-bell",
      category: "Bells",
      categoryId: cat.id,
      status: "draft",
      images: [],
      stock: { onHand: null, reserved: 0, available: null },
    });
    const [row] = await db().select().from(products).where(eq(products.id, product._id));
    expect(row).toMatchObject({ originalPriceCents: 4995, finalPriceCents: 3999, status: "draft" });

    const again = await createViaApi(admin.accessToken, productBody(cat.id, { status: "active" }));
    expect(again.slug).not.toBe(product.slug);
    expect(again.slug.startsWith("brass-temple-bell-")).toBe(true);

    const [entry] = await auditEntries(product._id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      entity: "product",
      action: "create",
      before: null,
      after: { name: "Brass Temple Bell", originalPriceCents: 4995, finalPriceCents: 3999 },
    });
    expect(await storefrontIds()).toEqual([again._id]);
    expect((await api(`/api/product/${product._id}`)).status).toBe(404);

    const got = await call(admin.accessToken, "GET", `/api/admin/products/${product._id}`);
    expect((await got.json<{ product: AdminProductDto }>()).product).toEqual(product);
  });

  it("edits any subset, logging only what changed, and refuses final above original with 400", async () => {
    const admin = await adminSession();
    const cat = await createCategory();
    const other = await createCategory({ name: "Chimes" });
    const product = await createViaApi(admin.accessToken, productBody(cat.id));
    const path = `/api/admin/products/${product._id}`;

    const edited = await call(admin.accessToken, "POST", path, {
      finalPrice: 19.1,
      category: other.id,
      variant: "",
    });
    expect(edited.status).toBe(200);
    expect((await edited.json<{ product: AdminProductDto }>()).product).toMatchObject({
      name: product.name,
      originalPrice: 49.95,
      finalPrice: 19.1,
      category: "Chimes",
      variant: null,
    });
    const [row] = await db().select().from(products).where(eq(products.id, product._id));
    expect(row).toMatchObject({ finalPriceCents: 1910, categoryId: other.id, variant: null });
    const entries = await auditEntries(product._id);
    expect(entries.at(-1)).toMatchObject({
      action: "update",
      before: { finalPriceCents: 3999, categoryId: cat.id, variant: "Small" },
      after: { finalPriceCents: 1910, categoryId: other.id, variant: null },
    });

    // Against the stored original, and both given at once.
    for (const body of [{ finalPrice: 50 }, { originalPrice: 10, finalPrice: 10.01 }]) {
      const res = await call(admin.accessToken, "POST", path, body);
      expect(res.status).toBe(400);
      const json = await res.json<{ message: string; issues: { path: string }[] }>();
      expect(json.message).toBe(CATALOGUE_MESSAGES.finalAboveOriginal);
      expect(json.issues.map((i) => i.path)).toContain("finalPrice");
    }
    // Lowering the original under the stored final is refused the same way.
    expect((await call(admin.accessToken, "POST", path, { originalPrice: 5 })).status).toBe(400);
    const create = await call(
      admin.accessToken,
      "POST",
      "/api/admin/products",
      productBody(cat.id, { originalPrice: 1, finalPrice: 2 }),
    );
    expect(create.status).toBe(400);
    expect(await create.json()).toMatchObject({ message: CATALOGUE_MESSAGES.finalAboveOriginal });

    // An edit that changes nothing writes nothing.
    const before = (await auditEntries(product._id)).length;
    expect((await call(admin.accessToken, "POST", path, { finalPrice: 19.1 })).status).toBe(200);
    expect(await auditEntries(product._id)).toHaveLength(before);
    expect(
      (await call(admin.accessToken, "POST", `/api/admin/products/${newId()}`, {})).status,
    ).toBe(404);
  });

  it("archives: gone from the storefront, its page 404, carts and checkout refuse it, old orders still show it", async () => {
    const admin = await adminSession();
    const shopper = await register();
    const cat = await createCategory();
    const product = await createProduct(cat.id, { name: "Copper Lota" });
    await placedOrder(shopper.email, product, 2);
    expect(await storefrontIds()).toEqual([product.id]);

    const res = await call(admin.accessToken, "DELETE", `/api/admin/products/${product.id}`);
    expect(res.status).toBe(200);
    expect((await res.json<{ product: AdminProductDto }>()).product.status).toBe("archived");

    expect(await storefrontIds()).toEqual([]);
    expect((await api(`/api/product/${product.id}`)).status).toBe(404);
    const sitemap = await (await api("/sitemap.xml")).text();
    expect(sitemap).not.toContain(product.id);
    const add = await asUser(shopper.accessToken, "/api/cart/add", {
      itemId: product.id,
      quantity: 1,
    });
    expect(add.status).toBe(404);
    const checkout = await asUser(shopper.accessToken, "/api/order/createStripeSession", {
      address: address(),
      items: [{ _id: product.id, quantity: 1 }],
      amount: 0,
      tax: 0,
      affiliateCode: "",
    });
    expect(checkout.status).toBe(400);
    expect(await checkout.json()).toMatchObject({ code: "product_unavailable" });

    const orders = await asUser(shopper.accessToken, "/api/order/userorders");
    const { orders: list } = await orders.json<{
      orders: { items: { _id: string; name: string; quantity: number }[] }[];
    }>();
    expect(list[0]?.items).toEqual([
      expect.objectContaining({ _id: product.id, name: "Copper Lota", quantity: 2 }),
    ]);

    expect((await auditEntries(product.id)).at(-1)).toMatchObject({
      action: "archive",
      before: { status: "active" },
      after: { status: "archived" },
    });
    // Still in the back-office, and back on sale when made active again.
    const archived = await call(admin.accessToken, "GET", "/api/admin/products?status=archived");
    expect(await archived.json()).toMatchObject({ total: 1, products: [{ _id: product.id }] });
    await call(admin.accessToken, "POST", `/api/admin/products/${product.id}`, {
      status: "active",
    });
    expect(await storefrontIds()).toEqual([product.id]);
  });

  it("lists every status, filters by status and name (any case, wildcards as text), 20 a page, newest first", async () => {
    const admin = await adminSession();
    const cat = await createCategory();
    const made = [];
    for (let i = 0; i < ADMIN_PRODUCTS_PAGE_SIZE + 2; i++) {
      made.push(
        await createProduct(cat.id, {
          name: i === 3 ? "100% Copper_Bottle" : `Item ${i}`,
          listedAt: new Date(Date.UTC(2026, 0, 1 + i)),
          status: i % 3 === 0 ? "draft" : "active",
        }),
      );
    }
    const list = async (query: string) => {
      const res = await call(admin.accessToken, "GET", `/api/admin/products${query}`);
      expect(res.status).toBe(200);
      return res.json<{ success: true; products: AdminProductDto[]; total: number }>();
    };
    const first = await list("");
    expect(first.total).toBe(made.length);
    expect(first.products.map((p) => p._id)).toEqual(
      [...made]
        .reverse()
        .slice(0, ADMIN_PRODUCTS_PAGE_SIZE)
        .map((p) => p.id),
    );
    expect((await list("?page=2")).products).toHaveLength(2);
    const drafts = await list("?status=draft");
    expect(drafts.total).toBe(made.filter((_, i) => i % 3 === 0).length);
    expect(drafts.products.every((p) => p.status === "draft")).toBe(true);
    expect((await list("?q=COPPER_b")).products.map((p) => p.name)).toEqual(["100% Copper_Bottle"]);
    expect((await list("?q=%25")).total).toBe(1);
    expect((await list("?q=_")).total).toBe(1);
    expect((await list("?q=item&status=draft&page=1")).total).toBe(drafts.total - 1);
  });

  it("accepts stock on create and edit", async () => {
    const admin = await adminSession();
    const cat = await createCategory();
    const product = await createViaApi(admin.accessToken, productBody(cat.id, { stock: 3 }));
    expect(product.stock).toEqual({ onHand: 3, reserved: 0, available: 3 });
    const res = await call(admin.accessToken, "POST", `/api/admin/products/${product._id}`, {
      stock: 5,
    });
    expect(res.status).toBe(200);
    expect((await res.json<{ product: { stock: unknown } }>()).product.stock).toEqual({
      onHand: 5,
      reserved: 0,
      available: 5,
    });
    // Each count is a ledger row and a stock audit entry, like the stock endpoint's.
    const moves = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product._id));
    expect(moves.map((m) => m.onHandDelta)).toEqual([3, 2]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "stock"), eq(auditLog.entityId, product._id)));
    expect(audit).toHaveLength(2);
  });
});

describe("categories", () => {
  it("creates, renames (products follow) and re-pictures, with 409 on a name in any case", async () => {
    const admin = await adminSession();
    await env.IMAGES.put("categories/bells.svg", "<svg/>");
    const created = await call(admin.accessToken, "POST", "/api/admin/categories", {
      name: "Temple Bells",
      description: "Ring in the day.",
    });
    expect(created.status).toBe(200);
    const { category } = await created.json<{ category: AdminCategoryDto }>();
    expect(category).toMatchObject({
      name: "Temple Bells",
      imageKey: "",
      image: null,
      productCount: 0,
    });
    const product = await createViaApi(
      admin.accessToken,
      productBody(category._id, { status: "active" }),
    );

    for (const name of ["temple bells", " TEMPLE BELLS "]) {
      const clash = await call(admin.accessToken, "POST", "/api/admin/categories", { name });
      expect(clash.status).toBe(409);
      expect(await clash.json()).toMatchObject({ success: false, code: "category_name_taken" });
    }
    const other = await createCategory({ name: "Chimes" });
    const renameClash = await call(admin.accessToken, "POST", `/api/admin/categories/${other.id}`, {
      name: "TEMPLE bells",
    });
    expect(renameClash.status).toBe(409);

    const missingPicture = await call(
      admin.accessToken,
      "POST",
      `/api/admin/categories/${category._id}`,
      { imageKey: "categories/nope.svg" },
    );
    expect(missingPicture.status).toBe(400);

    const renamed = await call(admin.accessToken, "POST", `/api/admin/categories/${category._id}`, {
      name: "Bells & Gongs",
      imageKey: "categories/bells.svg",
    });
    expect(renamed.status).toBe(200);
    expect((await renamed.json<{ category: AdminCategoryDto }>()).category).toMatchObject({
      name: "Bells & Gongs",
      image: "/images/categories/bells.svg",
      productCount: 1,
    });
    const list = await (await api("/api/product/list")).json<ProductListResponse>();
    expect(list.products.find((p) => p._id === product._id)?.category).toBe("Bells & Gongs");
    const adminList = await call(admin.accessToken, "GET", "/api/admin/categories");
    expect(
      (await adminList.json<{ categories: AdminCategoryDto[] }>()).categories.map((c) => c.name),
    ).toEqual(["Bells & Gongs", "Chimes"]);

    const entries = await auditEntries(category._id);
    expect(entries.map((e) => e.action)).toEqual(["create", "update"]);
    expect(entries[1]).toMatchObject({
      entity: "category",
      before: { name: "Temple Bells", imageKey: "" },
      after: { name: "Bells & Gongs", imageKey: "categories/bells.svg" },
    });
    const api404 = await call(admin.accessToken, "POST", `/api/admin/categories/${newId()}`, {
      name: "Ghost",
    });
    expect(api404.status).toBe(404);
  });
});

describe("the storefront's caches follow admin writes at once", () => {
  it("changes the product list's ETag and body right after an edit, and the category list's after a rename", async () => {
    const admin = await adminSession();
    const cat = await createCategory({ name: "Vessels" });
    const product = await createProduct(cat.id, {
      originalPriceCents: 5000,
      finalPriceCents: 5000,
    });
    const first = await api("/api/product/list");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect((await api("/api/product/list", { headers: { "if-none-match": etag } })).status).toBe(
      304,
    );

    await call(admin.accessToken, "POST", `/api/admin/products/${product.id}`, {
      finalPrice: 12.34,
    });
    const after = await api("/api/product/list", { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const body = await after.json<ProductListResponse>();
    expect(body.products[0]?.finalPrice).toBe(12.34);
    const page = await api(`/api/product/${product.id}`);
    expect((await page.json<{ product: { finalPrice: number } }>()).product.finalPrice).toBe(12.34);

    const cats = await api("/api/category/list");
    const catEtag = cats.headers.get("etag") ?? "";
    await call(admin.accessToken, "POST", `/api/admin/categories/${cat.id}`, {
      name: "Copper Vessels",
    });
    const catsAfter = await api("/api/category/list");
    expect(catsAfter.headers.get("etag")).not.toBe(catEtag);
    expect(await catsAfter.json()).toMatchObject({ categories: [{ name: "Copper Vessels" }] });
  });
});

describe("hostile and malformed bodies", () => {
  it("answers 4xx in the error shape and writes nothing", async () => {
    const admin = await adminSession();
    const cat = await createCategory();
    const product = await createProduct(cat.id);
    const valid = productBody(cat.id);
    const bad: unknown[] = [
      null,
      [],
      "text",
      42,
      {},
      { ...valid, originalPrice: "49.95" },
      { ...valid, originalPrice: 1.005 },
      { ...valid, originalPrice: -1, finalPrice: -1 },
      { ...valid, originalPrice: 1e12, finalPrice: 1 },
      { ...valid, finalPrice: Number.NaN },
      { ...valid, name: "" },
      { ...valid, name: "   " },
      { ...valid, name: "x".repeat(500) },
      { ...valid, description: { $gt: "" } },
      { ...valid, tags: "brass" },
      { ...valid, tags: Array.from({ length: 50 }, (_, i) => `t${i}`) },
      { ...valid, tags: [1, 2] },
      { ...valid, variant: "v".repeat(200) },
      { ...valid, status: "deleted" },
      { ...valid, bestseller: "yes" },
      { ...valid, category: "' OR 1=1 --" },
      { ...valid, category: newId() },
      { ...valid, stock: -1 },
      { ...valid, stock: 1.5 },
      { ...valid, isAdmin: true },
      { ...valid, originalPriceCents: 1 },
    ];
    const paths = ["/api/admin/products", `/api/admin/products/${product.id}`];
    for (const path of paths) {
      for (const body of bad) {
        // Partial edits may omit fields, so only what is wrong in itself must fail there.
        if (
          path !== paths[0] &&
          body !== null &&
          typeof body === "object" &&
          !Array.isArray(body) &&
          Object.keys(body).length === 0
        )
          continue;
        const res = await call(admin.accessToken, "POST", path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(await res.json()).toMatchObject({ success: false });
      }
      for (const raw of ["{", "", "nul", '{"name":"a"'.repeat(3)]) {
        const res = await callWorker(path, {
          method: "POST",
          headers: { "content-type": "application/json", token: admin.accessToken },
          body: raw,
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
    const refused = async (method: string, path: string, body?: unknown) => {
      const res = await call(admin.accessToken, method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
    };
    const categoryBodies = [
      null,
      {},
      { name: "" },
      { name: 1 },
      { name: "a", imageKey: "../etc/passwd" },
      { name: "a", imageKey: "/x" },
      { name: "x".repeat(100) },
    ];
    for (const body of categoryBodies) await refused("POST", "/api/admin/categories", body);
    const queries = [
      "?page=0",
      "?page=-1",
      "?page=abc",
      "?status=deleted",
      `?q=${"a".repeat(200)}`,
    ];
    for (const query of queries) await refused("GET", `/api/admin/products${query}`);
    for (const id of ["nope", "' OR 1=1", "%00"]) await refused("GET", `/api/admin/products/${id}`);
    expect(await db().select().from(products)).toHaveLength(1);
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ name: product.name, originalPriceCents: 4995, status: "active" });
    expect(await db().select().from(categories)).toHaveLength(1);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });
});

// The audit log endpoint shows these writes too (its own suite covers paging).
describe("GET /api/admin/audit for a product", () => {
  it("lists its create and edit newest first", async () => {
    const admin = await adminSession();
    const cat = await createCategory();
    const product = await createViaApi(admin.accessToken, productBody(cat.id));
    await call(admin.accessToken, "POST", `/api/admin/products/${product._id}`, {
      name: "Renamed Bell",
    });
    const res = await call(
      admin.accessToken,
      "GET",
      `/api/admin/audit?entity=product&id=${product._id}`,
    );
    const { entries } = await res.json<{ entries: AuditEntryDto[] }>();
    expect(entries.map((e) => e.action)).toEqual(["update", "create"]);
    expect(entries[0]).toMatchObject({
      before: { name: "Brass Temple Bell" },
      after: { name: "Renamed Bell" },
    });
  });
});
