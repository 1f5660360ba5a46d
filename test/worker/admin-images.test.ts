// Product photos through the back-office: uploads into R2 judged by their bytes, size limits,
// reorder, alt text, delete (with R2 cleanup of what nothing references), audit and the storefront.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  MAX_ALT_LENGTH,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMAGES_PER_PRODUCT,
  type ProductImageDto,
} from "../../worker/contracts/admin-images";
import type { ProductDto } from "../../worker/contracts/catalogue";
import { auditLog, products } from "../../worker/db/schema";
import { adminSession, creatorSession, register, setRole } from "./helpers/accounts";
import { callWorker, createCategory, createProduct, db } from "./helpers/factories";
import { NASTY_STRINGS, wellFormed } from "./helpers/hostile";

// ---------------------------------------------------------------------------------------------
// Small files whose first bytes are what they claim (or not)

const bytesOf = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (ch) => ch.charCodeAt(0)) : p)),
  );
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const filler = Array.from({ length: 32 }, (_, i) => (i * 37) & 255);

const JPEG = bytesOf([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0], filler, [0xff, 0xd9]);
const PNG = bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], u32(13), "IHDR", filler);
const WEBP = bytesOf("RIFF", [36, 0, 0, 0], "WEBP", "VP8 ", filler);
/** An ftyp box: size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytesOf(u32(16 + 4 * compatible.length), "ftyp", major, u32(0), ...compatible, filler);
const AVIF = ftyp("avif", "mif1", "miaf");
const AVIF_COMPATIBLE = ftyp("mif1", "miaf", "avis");

const SVG = bytesOf('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const HTML = bytesOf("<!doctype html><script>alert(document.cookie)</script>");
const GIF = bytesOf("GIF89a", [1, 0, 1, 0, 0, 0, 0], filler);
const HEIC = ftyp("heic", "mif1", "heic");
const RANDOM = crypto.getRandomValues(new Uint8Array(512));

// ---------------------------------------------------------------------------------------------
// Calls

interface Upload {
  bytes?: Uint8Array;
  name?: string;
  type?: string;
  alt?: string;
}

function uploadForm({ bytes = PNG, name = "photo.png", type = "image/png", alt }: Upload) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  if (alt !== undefined) form.append("alt", alt);
  return form;
}

const imagesPath = (productId: string) => `/api/admin/products/${productId}/images`;
const imagePath = (productId: string, key: string) =>
  `${imagesPath(productId)}/${encodeURIComponent(key)}`;

const upload = (token: string | undefined, productId: string, body: FormData | Upload = {}) =>
  callWorker(imagesPath(productId), {
    method: "POST",
    headers: token ? { token } : {},
    body: body instanceof FormData ? body : uploadForm(body),
  });

const sendJson = (token: string | undefined, path: string, body: unknown, method = "POST") =>
  callWorker(path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const reorder = (token: string, productId: string, keys: string[]) =>
  sendJson(token, `${imagesPath(productId)}/order`, { keys });

const remove = (token: string | undefined, productId: string, key: string) =>
  callWorker(imagePath(productId, key), { method: "DELETE", headers: token ? { token } : {} });

async function uploaded(token: string, productId: string, body: Upload = {}) {
  const res = await upload(token, productId, body);
  expect(res.status).toBe(200);
  const { image } = await res.json<{ image: ProductImageDto }>();
  return image;
}

async function productWithPhotos(keys = ["products/a.svg", "products/b.svg"]) {
  const category = await createCategory();
  return createProduct(category.id, { imageKeys: keys });
}

const storedKeys = async (productId: string) => {
  const [row] = await db()
    .select({ keys: products.imageKeys, alts: products.imageAlts })
    .from(products)
    .where(eq(products.id, productId));
  return row;
};

const objectsUnder = async (prefix: string) =>
  (await env.IMAGES.list({ prefix })).objects.map((o) => o.key);

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toMatchObject({ success: false, code });
}

// ---------------------------------------------------------------------------------------------

describe("POST /api/admin/products/:id/images", () => {
  it.each([
    ["JPEG", JPEG, "image/jpeg", "jpg"],
    ["PNG", PNG, "image/png", "png"],
    ["WebP", WEBP, "image/webp", "webp"],
    ["AVIF", AVIF, "image/avif", "avif"],
    ["AVIF with avis as a compatible brand", AVIF_COMPATIBLE, "image/avif", "avif"],
  ])("stores a %s in R2 and serves it immutable with an ETag", async (_, bytes, type, ext) => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    // The declared name and type are ignored: only the bytes count.
    const image = await uploaded(admin.accessToken, product.id, {
      bytes,
      name: "upload.bin",
      type: "application/octet-stream",
    });
    expect(image.key).toMatch(new RegExp(`^products/${product.id}/[0-9a-f]{24}\\.${ext}$`));
    expect(image).toMatchObject({ url: `/images/${image.key}`, alt: "" });
    expect((await storedKeys(product.id))?.keys).toEqual([
      "products/a.svg",
      "products/b.svg",
      image.key,
    ]);

    const res = await callWorker(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const again = await callWorker(image.url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("records each upload in the audit log with the image list before and after", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos(["products/a.svg"]);
    const image = await uploaded(admin.accessToken, product.id, { alt: "A copper bottle" });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "image"), eq(auditLog.entityId, product.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "upload",
      before: { images: [{ key: "products/a.svg", alt: "" }] },
      after: {
        images: [
          { key: "products/a.svg", alt: "" },
          { key: image.key, alt: "A copper bottle" },
        ],
      },
    });
  });

  it.each([
    ["an SVG renamed .png and sent as image/png", SVG, "evil.png", "image/png"],
    ["an HTML page sent as image/png", HTML, "page.png", "image/png"],
    ["a GIF", GIF, "anim.gif", "image/gif"],
    ["a HEIC (an ftyp box without an AVIF brand)", HEIC, "photo.avif", "image/avif"],
    ["random bytes named .jpg", RANDOM, "photo.jpg", "image/jpeg"],
  ])("refuses %s with 415 and stores nothing", async (_, bytes, name, type) => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    const res = await upload(admin.accessToken, product.id, { bytes, name, type });
    await expectError(res, 415, "unsupported_image_type");
    expect(await objectsUnder(`products/${product.id}/`)).toEqual([]);
    expect((await storedKeys(product.id))?.keys).toEqual(["products/a.svg", "products/b.svg"]);
  });

  it("refuses an empty file, a missing file field and a body that is not multipart with 400", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    const token = admin.accessToken;
    await expectError(
      await upload(token, product.id, { bytes: new Uint8Array() }),
      400,
      "empty_file",
    );

    const altOnly = new FormData();
    altOnly.append("alt", "no photo here");
    await expectError(await upload(token, product.id, altOnly), 400, "missing_file");

    const fileAsText = new FormData();
    fileAsText.append("file", "not a file");
    await expectError(await upload(token, product.id, fileAsText), 400, "missing_file");

    const twoFiles = uploadForm({});
    twoFiles.append("file", new File([JPEG], "second.jpg"));
    await expectError(await upload(token, product.id, twoFiles), 400, "missing_file");

    const json = await sendJson(token, imagesPath(product.id), { file: "x" });
    await expectError(json, 400, "invalid_upload");
    expect(await objectsUnder(`products/${product.id}/`)).toEqual([]);
  });

  it("refuses alt text that is too long or not one line", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    for (const alt of ["x".repeat(MAX_ALT_LENGTH + 1), "two\nlines"]) {
      await expectError(await upload(admin.accessToken, product.id, { alt }), 400, "invalid_input");
    }
    expect(await objectsUnder(`products/${product.id}/`)).toEqual([]);
  });

  it("accepts a photo of exactly 10 MB and refuses one byte more with 413", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    const big = new Uint8Array(MAX_IMAGE_BYTES);
    big.set(JPEG);
    const image = await uploaded(admin.accessToken, product.id, { bytes: big, name: "big.jpg" });
    expect((await env.IMAGES.head(image.key))?.size).toBe(MAX_IMAGE_BYTES);

    const tooBig = new Uint8Array(MAX_IMAGE_BYTES + 1);
    tooBig.set(JPEG);
    const res = await upload(admin.accessToken, product.id, { bytes: tooBig, name: "big.jpg" });
    await expectError(res, 413, "payload_too_large");
    expect(await objectsUnder(`products/${product.id}/`)).toEqual([image.key]);
  });

  it("refuses a body whose Content-Length is too large, or whose real size is, with 413", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    const boundary = "----photo";
    const headers = {
      token: admin.accessToken,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    };
    const declared = await callWorker(imagesPath(product.id), {
      method: "POST",
      headers: { ...headers, "content-length": String(MAX_IMAGE_UPLOAD_BYTES + 1) },
      body: "x",
    });
    await expectError(declared, 413, "payload_too_large");

    // A Content-Length that lies low, and a stream with none: the bytes are counted as they come.
    const huge = new Uint8Array(MAX_IMAGE_UPLOAD_BYTES + 1);
    const lying = await callWorker(imagesPath(product.id), {
      method: "POST",
      headers: { ...headers, "content-length": "100" },
      body: huge,
    });
    await expectError(lying, 413, "payload_too_large");
    const streamed = await callWorker(imagesPath(product.id), {
      method: "POST",
      headers,
      body: new Blob([huge]).stream(),
    });
    await expectError(streamed, 413, "payload_too_large");
  });

  it("keeps the 64 kB limit on every other admin route", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    const res = await sendJson(admin.accessToken, `${imagesPath(product.id)}/order`, {
      keys: ["x".repeat(70 * 1024)],
    });
    await expectError(res, 413, "payload_too_large");
  });

  it("answers 404 for an unknown product and 409 beyond the photo limit, keeping R2 clean", async () => {
    const admin = await adminSession();
    await expectError(await upload(admin.accessToken, "f".repeat(24)), 404, "product_not_found");
    const full = Array.from({ length: MAX_IMAGES_PER_PRODUCT }, (_, i) => `products/p${i}.svg`);
    const product = await productWithPhotos(full);
    await expectError(await upload(admin.accessToken, product.id), 409, "too_many_images");
    expect(await objectsUnder(`products/${product.id}/`)).toEqual([]);
  });
});

describe("who may change photos", () => {
  const calls = (productId: string) => [
    (token?: string) => upload(token, productId),
    (token?: string) => remove(token, productId, "products/a.svg"),
    (token?: string) =>
      sendJson(token, `${imagesPath(productId)}/order`, { keys: ["products/a.svg"] }),
    (token?: string) => sendJson(token, imagePath(productId, "products/a.svg"), { alt: "x" }),
  ];

  it("answers 401 without a token, 403 to a shopper, a creator and a demoted admin", async () => {
    const product = await productWithPhotos(["products/a.svg"]);
    const shopper = await register();
    const creator = await creatorSession();
    const demoted = await adminSession();
    await setRole(demoted.email, "user");
    for (const call of calls(product.id)) {
      await expectError(await call(undefined), 401, "unauthorized");
      for (const token of [shopper.accessToken, creator.accessToken, demoted.accessToken]) {
        await expectError(await call(token), 403, "forbidden");
      }
    }
    expect((await storedKeys(product.id))?.keys).toEqual(["products/a.svg"]);
    expect(await objectsUnder(`products/${product.id}/`)).toEqual([]);
  });

  it("refuses a large upload without a token before reading it", async () => {
    const product = await productWithPhotos();
    const res = await callWorker(imagesPath(product.id), {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(MAX_IMAGE_UPLOAD_BYTES),
      },
      body: "x",
    });
    await expectError(res, 401, "unauthorized");
  });
});

describe("reorder, alt text and delete", () => {
  it("reorders to a permutation of the product's photos, and the storefront follows", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos(["products/a.svg"]);
    const jpeg = await uploaded(admin.accessToken, product.id, { bytes: JPEG, alt: "Front" });
    const before = await callWorker(`/api/product/${product.id}`);
    const etag = before.headers.get("etag") ?? "";

    const order = [jpeg.key, "products/a.svg"];
    const res = await reorder(admin.accessToken, product.id, order);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      images: [
        { key: jpeg.key, url: `/images/${jpeg.key}`, alt: "Front" },
        { key: "products/a.svg", url: "/images/products/a.svg", alt: "" },
      ],
    });

    const after = await callWorker(`/api/product/${product.id}`, {
      headers: { "If-None-Match": etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const { product: shown } = await after.json<{ product: ProductDto }>();
    expect(shown.image).toEqual([`/images/${jpeg.key}`, "/images/products/a.svg"]);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, product.id), eq(auditLog.action, "reorder")));
    expect(entry?.after).toEqual({
      images: [
        { key: jpeg.key, alt: "Front" },
        { key: "products/a.svg", alt: "" },
      ],
    });
  });

  it.each([
    ["one missing", ["products/b.svg"]],
    ["one unknown", ["products/b.svg", "products/a.svg", "products/c.svg"]],
    ["a duplicate", ["products/a.svg", "products/a.svg"]],
    ["another in place of one", ["products/a.svg", "products/c.svg"]],
    ["none", []],
  ])("refuses an order with %s with 400 and changes nothing", async (_, keys) => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    await expectError(
      await reorder(admin.accessToken, product.id, keys),
      400,
      "invalid_image_order",
    );
    expect((await storedKeys(product.id))?.keys).toEqual(["products/a.svg", "products/b.svg"]);
    expect(await db().select().from(auditLog)).toEqual([]);
  });

  it("refuses a malformed order body with 400", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    for (const body of [{}, { keys: "products/a.svg" }, { keys: [1, 2] }, { keys: [], extra: 1 }]) {
      await expectError(
        await sendJson(admin.accessToken, `${imagesPath(product.id)}/order`, body),
        400,
        "invalid_input",
      );
    }
  });

  it("stores alt text on upload, changes it, and returns it", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos(["products/a.svg"]);
    const image = await uploaded(admin.accessToken, product.id, { alt: "  Side view  " });
    expect(image.alt).toBe("Side view");

    const res = await sendJson(admin.accessToken, imagePath(product.id, image.key), {
      alt: "Side view, lid open",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      image: { key: image.key, url: image.url, alt: "Side view, lid open" },
    });
    // A key with its slashes left raw names the same photo.
    const raw = await sendJson(admin.accessToken, `${imagesPath(product.id)}/products/a.svg`, {
      alt: "Cover",
    });
    expect(raw.status).toBe(200);
    expect((await storedKeys(product.id))?.alts).toEqual({
      "products/a.svg": "Cover",
      [image.key]: "Side view, lid open",
    });
    const unknown = await sendJson(admin.accessToken, imagePath(product.id, "products/z.svg"), {
      alt: "x",
    });
    await expectError(unknown, 404, "image_not_found");
  });

  it("deletes a photo and removes it from R2 when nothing else references it", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos(["products/a.svg"]);
    const image = await uploaded(admin.accessToken, product.id, { alt: "Gone soon" });
    expect(await env.IMAGES.head(image.key)).not.toBeNull();

    const res = await remove(admin.accessToken, product.id, image.key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      images: [{ key: "products/a.svg", url: "/images/products/a.svg", alt: "" }],
    });
    expect(await storedKeys(product.id)).toEqual({ keys: ["products/a.svg"], alts: {} });
    expect(await env.IMAGES.head(image.key)).toBeNull();
    expect((await callWorker(image.url)).status).toBe(404);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, product.id), eq(auditLog.action, "delete")));
    expect(entry?.before).toMatchObject({ images: [{}, { key: image.key, alt: "Gone soon" }] });

    await expectError(
      await remove(admin.accessToken, product.id, image.key),
      404,
      "image_not_found",
    );
  });

  it("keeps the R2 object when another product or a category still references it", async () => {
    const admin = await adminSession();
    const shared = "products/shared-abc.jpg";
    const tile = "categories/tile-abc.jpg";
    for (const key of [shared, tile]) await env.IMAGES.put(key, JPEG);
    const category = await createCategory({ imageKey: tile });
    const first = await createProduct(category.id, { imageKeys: [shared, tile] });
    await createProduct(category.id, { imageKeys: ["products/other.svg", shared] });

    expect((await remove(admin.accessToken, first.id, shared)).status).toBe(200);
    expect((await remove(admin.accessToken, first.id, tile)).status).toBe(200);
    expect(await storedKeys(first.id)).toEqual({ keys: [], alts: {} });
    expect(await env.IMAGES.head(shared)).not.toBeNull();
    expect(await env.IMAGES.head(tile)).not.toBeNull();
  });
});

describe("photos under pressure", () => {
  it("keeps every photo of concurrent uploads, each audited once", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos([]);
    const results = await Promise.all(
      [JPEG, PNG, WEBP].map((bytes) => upload(admin.accessToken, product.id, { bytes })),
    );
    const keys: string[] = [];
    // Each round of conditional writes lets at least one through, so three attempts suffice.
    for (const res of results) {
      expect(res.status).toBe(200);
      keys.push((await res.json<{ image: ProductImageDto }>()).image.key);
    }
    expect(keys).toHaveLength(3);
    expect(new Set((await storedKeys(product.id))?.keys)).toEqual(new Set(keys));
    expect(new Set(await objectsUnder(`products/${product.id}/`))).toEqual(new Set(keys));
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, product.id));
    expect(entries).toHaveLength(keys.length);
  });

  it("answers hostile keys and alt text in the one error shape, never a 500", async () => {
    const admin = await adminSession();
    const product = await productWithPhotos(["products/a.svg"]);
    for (const nasty of NASTY_STRINGS) {
      for (const res of [
        await remove(admin.accessToken, product.id, wellFormed(nasty)),
        await sendJson(admin.accessToken, imagePath(product.id, "products/a.svg"), { alt: nasty }),
        await upload(admin.accessToken, product.id, { bytes: bytesOf(nasty), name: nasty }),
      ]) {
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(await res.json()).toMatchObject({ success: false });
      }
    }
    expect((await storedKeys(product.id))?.keys).toEqual(["products/a.svg"]);
    expect(await objectsUnder(`products/${product.id}/`)).toEqual([]);
  });
});
