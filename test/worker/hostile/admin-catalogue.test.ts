// Hostile input on the back-office's catalogue (routes admin/products, admin/categories,
// admin/stock, admin/product-images): every token, body, query and param answered in the one
// shape; only the admin changes anything; products, stock and photos stay within their rules.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect } from "vitest";
import {
  type LowStockProductDto,
  MAX_LOW_STOCK_THRESHOLD,
  PRODUCT_STATUSES,
} from "../../../worker/contracts/admin-catalogue";
import { asUser } from "../helpers/accounts";
import { openSession } from "../helpers/checkout";
import {
  adminEndpoint,
  adminRead,
  type Case,
  describeEndpoints,
  encoded,
  hexId,
  hostileNumber,
  hostileText,
  IMAGE_MAGIC,
  idIn,
  multipartWire,
  page,
  param,
  pathSegment,
  plausibleName,
  query,
  SVG,
  send,
  startsAsImage,
  type World,
  withQuery,
} from "../helpers/hostile";
import { PNG } from "../helpers/images";

const BOUNDARY = "----hostile-example";
/** An upload for `examples`: one `file` part, as a browser's FormData sends it. */
function upload(
  token: string | null,
  productId: string,
  bytes: readonly number[] | Uint8Array,
  filename: string,
  type: string,
): Case {
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${BOUNDARY}--\r\n`);
  return {
    method: "POST",
    path: `/api/admin/products/${productId}/images`,
    headers: token === null ? {} : { token },
    wire: {
      kind: "bytes",
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: new Uint8Array([...head, ...bytes, ...tail]),
    },
  };
}

/**
 * Its products by name, a checkout holding 2 of p2's 5 units (the stock fuzz meets "below
 * reserved" too), and a photo of p0's uploaded, so p0 lists one under its own folder.
 */
async function given(w: World) {
  const [p0 = "", p1 = "", p2 = ""] = w.products.map((p) => p.id);
  expect(
    (await asUser(w.admin.token, `/api/admin/products/${p2}/stock`, { onHand: 5 })).status,
  ).toBe(200);
  await openSession({ items: [{ id: p2, quantity: 2 }] });
  const c = upload(w.admin.token, p0, PNG, "photo.png", "image/png");
  expect((await send(c.method, c.path, c.headers, c.wire)).res.status).toBe(200);
  const row = await env.DB.prepare("SELECT image_keys FROM products WHERE id = ?")
    .bind(p0)
    .first<{ image_keys: string }>();
  return { p0, p1, p2, ids: [p0, p1, p2], p0Keys: JSON.parse(row?.image_keys ?? "[]") as string[] };
}
type Given = Awaited<ReturnType<typeof given>>;

const expectStock = (stock: unknown) => {
  const s = stock as { onHand: number | null; reserved: number; available: number | null };
  expect(s.reserved).toBeGreaterThanOrEqual(0);
  if (s.onHand === null) expect(s.available).toBeNull();
  else {
    expect(s.onHand).toBeGreaterThanOrEqual(s.reserved);
    expect(s.available).toBe(s.onHand - s.reserved);
  }
};
const expectProduct = (product: unknown) => {
  const p = product as {
    status: string;
    originalPrice: number;
    finalPrice: number;
    lowStockThreshold: number;
    stock: unknown;
  };
  expect(PRODUCT_STATUSES).toContain(p.status);
  expect(p.finalPrice).toBeLessThanOrEqual(p.originalPrice);
  expect(Number.isInteger(p.lowStockThreshold)).toBe(true);
  expect(p.lowStockThreshold).toBeGreaterThanOrEqual(0);
  expect(p.lowStockThreshold).toBeLessThanOrEqual(MAX_LOW_STOCK_THRESHOLD);
  expectStock(p.stock);
};
/** An answer to a POST that is a product holds to expectProduct. */
const postedProduct = (a: { status: number; json?: Record<string, unknown> }, c: Case) => {
  if (a.status === 200 && c.method === "POST") expectProduct(a.json?.product);
};

// Products: create and edit. Prices in dollars, final ≤ original in the valid bodies.
const prices = fc.tuple(fc.nat(100_000_000), fc.nat(100_000_000)).map(([a, b]) => ({
  originalPrice: Math.max(a, b) / 100,
  finalPrice: Math.min(a, b) / 100,
}));
const productFields = (categoryId: string) => ({
  name: fc.oneof(plausibleName, hostileText),
  description: fc.oneof(fc.constant("Hand-hammered copper."), hostileText),
  category: fc.oneof(
    { weight: 4, arbitrary: fc.constant(categoryId) },
    { weight: 1, arbitrary: hexId },
  ),
  tags: fc.array(fc.oneof(fc.constantFrom("copper", "Copper ", "brass"), hostileText), {
    maxLength: 4,
  }),
  bestseller: fc.boolean(),
  new: fc.boolean(),
  premium: fc.boolean(),
  variant: fc.option(fc.oneof(fc.constant("Large"), hostileText), { nil: null }),
  status: fc.constantFrom(...PRODUCT_STATUSES),
  stock: fc.oneof(fc.integer({ min: 0, max: 50 }), hostileNumber),
  lowStockThreshold: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom(-1, 10_000, 10_001, 2.5) },
    { weight: 1, arbitrary: hostileNumber },
  ),
});
const PRODUCT_FIELDS = [...Object.keys(productFields("")), "originalPrice", "finalPrice"];
const validProduct = (categoryId: string) => ({
  name: "Copper Tongue Cleaner",
  description: "Hand-hammered copper.",
  category: categoryId,
  tags: ["copper"],
  originalPrice: 24.99,
  finalPrice: 19.99,
  stock: 3,
});

const categoryBody = fc.record(
  {
    name: fc.oneof(plausibleName, hostileText, fc.constant("Copper")),
    description: fc.oneof(fc.constant("Pots and bottles."), hostileText),
    imageKey: fc.oneof(
      fc.constantFrom(
        "products/a.svg",
        "products/missing.svg",
        "../products/a.svg",
        "products//a.svg",
      ),
      hostileText,
    ),
  },
  { requiredKeys: [] },
);

// Stock: set or adjust, below zero and below what the checkout holds included.
const stockBody = fc.oneof(
  fc.record(
    {
      onHand: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 0, max: 20 }) },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: hostileNumber },
      ),
      reason: fc.oneof(fc.constant("recount"), hostileText),
    },
    { requiredKeys: ["onHand"] },
  ),
  fc.record({
    delta: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: -8, max: 8 }) },
      { weight: 1, arbitrary: fc.constantFrom(1_000_000, -1_000_000, 1_000_001) },
      { weight: 1, arbitrary: hostileNumber },
    ),
    reason: fc.oneof(fc.constantFrom("delivery", "breakage", "", "  "), hostileText),
  }),
);

const productPath =
  (suffix = "") =>
  ({ x }: { x: Given }) =>
    idIn(x.ids).map((id) => `/api/admin/products/${id}${suffix}`);

describeEndpoints<Given>("hostile input: the back-office's catalogue", {
  given,
  // Every photo under a product's folder in R2 is one that product lists: refused and failed
  // uploads leave nothing behind, a deleted photo goes.
  after: async () => {
    const listed = new Set(
      (
        await env.DB.prepare("SELECT value FROM products, json_each(products.image_keys)").all<{
          value: string;
        }>()
      ).results.map((r) => r.value),
    );
    const orphans = (await env.IMAGES.list({ prefix: "products/" })).objects
      .map((o) => o.key)
      .filter((k) => /^products\/[0-9a-f]{24}\//.test(k) && !listed.has(k));
    expect(orphans).toEqual([]);
  },
  endpoints: [
    adminEndpoint({
      name: "GET /api/admin/products",
      runs: 25,
      method: "GET",
      path: () =>
        withQuery(
          "/api/admin/products",
          query(
            param(
              "status",
              fc.oneof(fc.constantFrom(...PRODUCT_STATUSES), hostileText.map(encoded)),
            ),
            param(
              "q",
              fc.oneof(fc.constantFrom("copper", "%", "_", "%25"), hostileText.map(encoded)),
            ),
            param("page", page),
          ),
        ),
      valid: ({ ex }) => [ex("GET", "/api/admin/products?status=active&q=copper&page=1")],
      refused: () => [["GET", "/api/admin/products"]],
      never: (a, c) => {
        if (a.status !== 200 || c.method !== "GET") return;
        const products = a.json?.products as unknown[];
        expect(a.json?.total).toBeGreaterThanOrEqual(products.length);
        for (const product of products) expectProduct(product);
      },
    }),
    adminEndpoint({
      name: "GET /api/admin/products/:id",
      runs: 25,
      method: ["GET", "GET", "DELETE", "HEAD", "PUT"],
      path: productPath(),
      valid: ({ ex, x }) => [ex("GET", `/api/admin/products/${x.p0}`)],
      refused: ({ x }) => [
        ["GET", `/api/admin/products/${x.p0}`],
        ["DELETE", `/api/admin/products/${x.p0}`],
      ],
      never: (a) => {
        if (a.status === 200 && a.json?.product) expectProduct(a.json.product);
      },
    }),
    adminEndpoint({
      name: "POST /api/admin/products",
      runs: 30,
      method: "POST",
      path: () => fc.constant("/api/admin/products"),
      body: ({ w }) =>
        fc
          .tuple(
            fc.record(productFields(w.categoryId), {
              requiredKeys: ["name", "description", "category"],
            }),
            prices,
          )
          .map(([r, p]) => ({ ...r, ...p })),
      fields: PRODUCT_FIELDS,
      valid: ({ ex, w }) => [ex("POST", "/api/admin/products", validProduct(w.categoryId))],
      refused: ({ w }) => [["POST", "/api/admin/products", validProduct(w.categoryId)]],
      never: postedProduct,
    }),
    adminEndpoint({
      name: "POST /api/admin/products/:id",
      runs: 30,
      method: "POST",
      path: productPath(),
      body: ({ w }) =>
        fc
          .tuple(
            fc.record(productFields(w.categoryId), { requiredKeys: [] }),
            fc.oneof(
              prices,
              // One price alone: judged against the stored other one.
              prices.map(({ finalPrice }) => ({ finalPrice })),
              prices.map(({ originalPrice }) => ({ originalPrice })),
              fc.constant({}),
            ),
          )
          .map(([r, p]) => ({ ...r, ...p })),
      fields: PRODUCT_FIELDS,
      valid: ({ ex, x }) => [
        ex("POST", `/api/admin/products/${x.p0}`, { finalPrice: 10, status: "draft", stock: 4 }),
      ],
      refused: ({ x }) => [
        ["POST", `/api/admin/products/${x.p0}`, { finalPrice: 1, status: "archived" }],
      ],
      never: postedProduct,
    }),
    adminEndpoint({
      name: "GET /api/admin/categories",
      runs: 15,
      method: "GET",
      path: () => fc.constant("/api/admin/categories"),
      valid: ({ ex }) => [ex("GET", "/api/admin/categories")],
      refused: () => [["GET", "/api/admin/categories"]],
    }),
    adminEndpoint({
      name: "POST /api/admin/categories",
      runs: 25,
      method: "POST",
      path: () => fc.constant("/api/admin/categories"),
      body: () => categoryBody,
      fields: ["name", "description", "imageKey"],
      valid: ({ ex }) => [
        ex("POST", "/api/admin/categories", { name: "Brass", imageKey: "products/a.svg" }),
      ],
      refused: () => [["POST", "/api/admin/categories", { name: "Tin" }]],
    }),
    adminEndpoint({
      name: "POST /api/admin/categories/:id",
      runs: 25,
      method: "POST",
      path: ({ w }) => idIn([w.categoryId]).map((id) => `/api/admin/categories/${id}`),
      body: () => categoryBody,
      fields: ["name", "description", "imageKey"],
      valid: ({ ex, w }) => [
        ex("POST", `/api/admin/categories/${w.categoryId}`, { name: "Copperware" }),
      ],
      refused: ({ w }) => [["POST", `/api/admin/categories/${w.categoryId}`, { name: "Pwned" }]],
    }),
    adminEndpoint({
      name: "POST /api/admin/products/:id/stock",
      runs: 40,
      method: "POST",
      path: productPath("/stock"),
      body: () => stockBody,
      fields: ["onHand", "delta", "reason"],
      valid: ({ ex, x }) => [
        ex("POST", `/api/admin/products/${x.p2}/stock`, { delta: 3, reason: "delivery" }),
        ex("POST", `/api/admin/products/${x.p2}/stock`, { onHand: 1 }),
        ex("POST", `/api/admin/products/${x.p2}/stock`, { delta: -100, reason: "breakage" }),
      ],
      refused: ({ x }) => [["POST", `/api/admin/products/${x.p2}/stock`, { onHand: 1000 }]],
      never: (a, c) => {
        if (a.status === 200 && c.method === "POST") expectStock(a.json?.stock);
      },
      reaches: [200, 401, 403, 409],
    }),
    adminRead<Given>("/api/admin/stock/low", 20, (a) => {
      const low = a.json?.products as LowStockProductDto[];
      for (const p of low) {
        expect(p.status).not.toBe("archived");
        expect(p.available).toBe(p.onHand - p.reserved);
        expect(p.available).toBeLessThanOrEqual(p.lowStockThreshold);
        expectStock(p);
      }
      const order = low.map((p) => p.available);
      expect(order).toEqual([...order].sort((x, y) => x - y));
    }),
    // Photos: upload (multipart), reorder, alt text, delete.
    adminEndpoint({
      name: "POST /api/admin/products/:id/images",
      runs: 40,
      method: "POST",
      path: productPath("/images"),
      wire: () => multipartWire,
      valid: ({ w, x }) => [
        upload(w.admin.token, x.p0, PNG, "photo.png", "image/png"),
        upload(w.admin.token, x.p0, new TextEncoder().encode(SVG), "photo.png", "image/png"),
        ...[null, w.shopper.token, w.creator.token, w.demoted.token].map((t) =>
          upload(t, x.p0, IMAGE_MAGIC["image/jpeg"], "photo.jpg", "image/jpeg"),
        ),
      ],
      refused: () => [],
      never: async (a, c) => {
        if (a.status !== 200) return;
        const image = a.json?.image as { key: string; url: string };
        const [, id] = /^\/api\/admin\/products\/([^/?]+)\/images$/.exec(c.path) ?? [];
        expect(image.key).toMatch(
          new RegExp(`^products/${id}/[0-9a-f]{24}\\.(jpg|png|webp|avif)$`),
        );
        expect(image.url).toBe(`/images/${image.key}`);
        // Accepted by its bytes: what R2 holds begins as an image of the type it is served as.
        const stored = await env.IMAGES.get(image.key);
        const bytes = new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0));
        const kind = startsAsImage(bytes);
        expect(kind, `${image.key} is not an image`).toBeDefined();
        if (kind !== "image/avif") expect(stored?.httpMetadata?.contentType).toBe(kind);
      },
      reaches: [200, 415, 401, 403],
    }),
    adminEndpoint({
      name: "POST /api/admin/products/:id/images/order",
      runs: 30,
      method: "POST",
      path: productPath("/images/order"),
      body: ({ x }) =>
        fc.record({
          keys: fc.oneof(
            fc.shuffledSubarray(x.p0Keys, { minLength: x.p0Keys.length }),
            fc.shuffledSubarray([...x.p0Keys, ...x.p0Keys, "products/evil.svg"]),
            fc.array(hostileText, { maxLength: 3 }),
          ),
        }),
      fields: ["keys"],
      valid: ({ ex, x }) => [
        ex("POST", `/api/admin/products/${x.p0}/images/order`, { keys: [...x.p0Keys].reverse() }),
      ],
      refused: ({ x }) => [
        ["POST", `/api/admin/products/${x.p0}/images/order`, { keys: x.p0Keys }],
      ],
    }),
    adminEndpoint({
      name: "POST /api/admin/products/:id/images/:key",
      runs: 40,
      method: ["POST", "POST", "POST", "DELETE", "GET"],
      path: ({ x }) =>
        fc
          .tuple(
            idIn(x.ids),
            fc.oneof(
              {
                weight: 4,
                arbitrary: fc.constantFrom(...x.p0Keys, ...x.p0Keys.map(encodeURIComponent)),
              },
              {
                weight: 1,
                arbitrary: fc
                  .array(pathSegment, { minLength: 1, maxLength: 3 })
                  .map((s) => s.join("/")),
              },
            ),
          )
          .map(([id, key]) => `/api/admin/products/${id}/images/${key}`),
      body: () => fc.record({ alt: fc.oneof(fc.constant("A copper bottle"), hostileText) }),
      fields: ["alt"],
      valid: ({ ex, x }) => [
        ex("POST", `/api/admin/products/${x.p0}/images/${x.p0Keys[0]}`, { alt: "The bottle" }),
        ex("DELETE", `/api/admin/products/${x.p0}/images/${x.p0Keys.at(-1)}`),
      ],
      refused: ({ x }) => [
        ["POST", `/api/admin/products/${x.p0}/images/${x.p0Keys[0]}`, { alt: "Pwned" }],
        ["DELETE", `/api/admin/products/${x.p0}/images/${x.p0Keys[0]}`],
      ],
    }),
  ],
});
