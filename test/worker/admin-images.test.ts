// Product photos through the back-office: uploads into R2 judged by their bytes, stored without
// their metadata, size limits, reorder, alt text, delete (with R2 cleanup of what nothing
// references), audit and the storefront.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  IMAGE_MESSAGES,
  type ImageType,
  MAX_ALT_LENGTH,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMAGES_PER_PRODUCT,
  type ProductImageDto,
} from "../../worker/contracts/admin-images";
import type { ProductDto } from "../../worker/contracts/catalogue";
import { auditLog } from "../../worker/db/schema";
import { MalformedImage, stripMetadata } from "../../worker/lib/image-metadata";
import { adminSession, creatorSession, register, setRole } from "./helpers/accounts";
import {
  auditEntries,
  callWorker,
  createCategory,
  createProduct,
  db,
  expectError,
  productRow,
} from "./helpers/factories";
import { NASTY_STRINGS, wellFormed } from "./helpers/hostile";
import {
  AVIF,
  AVIF_WITH_METADATA,
  concat,
  extendedWebp,
  gpsExif,
  JPEG,
  jpegSegment,
  jpegSegments,
  jpegWith,
  LATITUDE,
  latin1,
  PNG,
  pngChunk,
  pngChunks,
  pngWith,
  readOrientation,
  riff,
  riffChunk,
  SECRETS,
  topBoxes,
  WEBP,
  webpChunks,
  XMP,
} from "./helpers/images";

// ---------------------------------------------------------------------------------------------
// Small files whose first bytes are what they claim (or not)

const bytesOf = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (ch) => ch.charCodeAt(0)) : p)),
  );
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const filler = Array.from({ length: 32 }, (_, i) => (i * 37) & 255);

/** An ftyp box: size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytesOf(u32(16 + 4 * compatible.length), "ftyp", major, u32(0), ...compatible, filler);
/** The AVIF with "mif1" as its major brand and "avis" among the compatible ones. */
const AVIF_COMPATIBLE = AVIF.slice();
AVIF_COMPATIBLE.set(bytesOf("mif1"), 8);
AVIF_COMPATIBLE.set(bytesOf("avis"), 20);

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
  const row = await productRow(productId);
  return row && { keys: row.imageKeys, alts: row.imageAlts };
};

const objectsUnder = async (prefix: string) =>
  (await env.IMAGES.list({ prefix })).objects.map((o) => o.key);

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
    const entries = await auditEntries(product.id, { entity: "image" });
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
    // A PNG made that large by one more IDAT chunk: all of it is the picture's, none metadata.
    const pngOf = (size: number) =>
      pngWith(PNG, [], [pngChunk("IDAT", new Uint8Array(size - PNG.length - 12))]);
    const big = pngOf(MAX_IMAGE_BYTES);
    const image = await uploaded(admin.accessToken, product.id, { bytes: big, name: "big.png" });
    expect((await env.IMAGES.head(image.key))?.size).toBe(MAX_IMAGE_BYTES);

    const tooBig = pngOf(MAX_IMAGE_BYTES + 1);
    const res = await upload(admin.accessToken, product.id, { bytes: tooBig, name: "big.png" });
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

    const [entry] = await auditEntries(product.id, { action: "reorder" });
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
    const [entry] = await auditEntries(product.id, { action: "delete" });
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

describe("photos are stored without their metadata", () => {
  /** Uploads `bytes` to a new product and answers what R2 then holds, and what it serves. */
  async function storedOf(bytes: Uint8Array) {
    const admin = await adminSession();
    const product = await productWithPhotos([]);
    const image = await uploaded(admin.accessToken, product.id, {
      bytes,
      name: "IMG_0042",
      type: "application/octet-stream",
    });
    const stored = new Uint8Array((await (await env.IMAGES.get(image.key))?.arrayBuffer()) ?? []);
    const served = new Uint8Array(await (await callWorker(image.url)).arrayBuffer());
    expect(served).toEqual(stored);
    return stored;
  }

  const expectNoSecrets = (bytes: Uint8Array) => {
    const text = latin1(bytes);
    for (const secret of [...SECRETS, latin1(LATITUDE), "http://ns.adobe.com"]) {
      expect(text.includes(secret), `stored bytes hold ${JSON.stringify(secret)}`).toBe(false);
    }
  };

  /** A JPEG as a phone and an editor leave it: every kind of segment that tells on its owner. */
  const JPEG_FROM_A_PHONE = (orientation: number | null, little = false) =>
    jpegWith(
      JPEG,
      [
        jpegSegment(0xe0, concat("JFIF\0", [1, 2, 1, 0, 72, 0, 72, 1, 1], [255, 0, 0])),
        jpegSegment(0xe1, concat("Exif\0\0", gpsExif(orientation, little))),
        jpegSegment(0xe1, concat("http://ns.adobe.com/xap/1.0/\0", XMP)),
        jpegSegment(0xe2, concat("MPF\0", gpsExif(null))),
        jpegSegment(0xed, concat("Photoshop 3.0\0", "8BIM", [4, 4, 0, 0], "Shot at home")),
        jpegSegment(0xfe, "Shot at home"),
      ],
      // A second picture after EOI, as an MPF or "motion photo" file carries, with its own Exif.
      concat([0xff, 0xd8], jpegSegment(0xe1, concat("Exif\0\0", gpsExif(1)))),
    );

  it.each([
    ["big-endian", false],
    ["little-endian", true],
  ])("keeps a JPEG's picture and orientation only (%s Exif)", async (_, little) => {
    const stored = await storedOf(JPEG_FROM_A_PHONE(6, little));
    expectNoSecrets(stored);
    const { segments, trailer } = jpegSegments(stored);
    expect(trailer).toBe(0);
    expect(segments.map((s) => s.marker.toString(16))).toEqual([
      "e0",
      "e1",
      ...jpegSegments(JPEG).segments.map((s) => s.marker.toString(16)),
    ]);
    // The JFIF header, without its thumbnail; the Exif, with the orientation alone.
    expect([...(segments[0]?.payload ?? [])]).toEqual([
      ...bytesOf("JFIF\0", [1, 2, 1, 0, 72, 0, 72, 0, 0]),
    ]);
    const exif = segments[1]?.payload ?? new Uint8Array();
    expect(latin1(exif.subarray(0, 6))).toBe("Exif\0\0");
    expect(readOrientation(exif.subarray(6))).toEqual({ orientation: 6, tags: 1 });
    // The picture itself, byte for byte.
    expect(segments.slice(2)).toEqual(jpegSegments(JPEG).segments);
  });

  it("writes no Exif at all for a JPEG that is upright, or has no orientation", async () => {
    for (const orientation of [1, null]) {
      const stored = await storedOf(JPEG_FROM_A_PHONE(orientation));
      expectNoSecrets(stored);
      const markers = jpegSegments(stored).segments.map((s) => s.marker);
      expect(markers).not.toContain(0xe1);
      expect(markers.filter((m) => m >= 0xe0 && m <= 0xef)).toEqual([0xe0]);
    }
    // A JPEG without metadata is stored as it came.
    expect(await storedOf(JPEG)).toEqual(JPEG);
  });

  it("keeps a PNG's picture chunks and orientation only, every CRC right", async () => {
    const phone = pngWith(
      PNG,
      [
        pngChunk("eXIf", gpsExif(8)),
        pngChunk("tEXt", "Comment\0Shot at home"),
        pngChunk("zTXt", concat("Author\0", [0], [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
        pngChunk("iTXt", concat("XML:com.adobe.xmp\0", [0, 0], "\0\0", XMP)),
        pngChunk("tIME", new Uint8Array([7, 234, 1, 2, 7, 8, 9])),
        pngChunk("prVt", "SecretPhoneCo"),
      ],
      [pngChunk("tEXt", "Software\0Pocket 9")],
    );
    const stored = await storedOf(phone);
    expectNoSecrets(stored);
    const chunks = pngChunks(stored);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "pHYs", "eXIf", "IDAT", "IEND"]);
    expect(readOrientation(chunks[2]?.data ?? new Uint8Array())).toEqual({
      orientation: 8,
      tags: 1,
    });
    expect(chunks.find((c) => c.type === "IDAT")).toEqual(
      pngChunks(PNG).find((c) => c.type === "IDAT"),
    );
    expect(await storedOf(PNG)).toEqual(PNG);
  });

  it("keeps a WebP's picture and orientation only, with VP8X's flags and RIFF's size right", async () => {
    const EXIF = 0x08;
    const XMP_FLAG = 0x04;
    const ICC = 0x20;
    const profile = riffChunk("ICCP", "not a real profile, kept as it is");
    const withMetadata = (orientation: number) =>
      extendedWebp(WEBP, ICC | EXIF | XMP_FLAG, [
        riffChunk("EXIF", concat("Exif\0\0", gpsExif(orientation))),
        riffChunk("XMP ", XMP),
        riffChunk("zzzz", "SecretPhoneCo"),
      ]);
    // ICCP must come before the image data; extendedWebp puts extras after it, so build by hand.
    const turned = withMetadata(3);
    const turnedWithProfile = riff(
      ...webpChunks(turned)
        .map((c) => riffChunk(c.fourcc, c.data))
        .slice(0, 1),
      profile,
      ...webpChunks(turned)
        .map((c) => riffChunk(c.fourcc, c.data))
        .slice(1),
    );
    const stored = await storedOf(turnedWithProfile);
    expectNoSecrets(stored);
    const chunks = webpChunks(stored);
    expect(chunks.map((c) => c.fourcc)).toEqual(["VP8X", "ICCP", "VP8 ", "EXIF"]);
    expect((chunks[0]?.data[0] ?? 0) & (ICC | EXIF | XMP_FLAG)).toBe(ICC | EXIF);
    expect(readOrientation(chunks[3]?.data ?? new Uint8Array())).toEqual({
      orientation: 3,
      tags: 1,
    });
    expect(chunks[2]?.data).toEqual(webpChunks(WEBP)[0]?.data);

    const upright = webpChunks(await storedOf(withMetadata(1)));
    expect(upright.map((c) => c.fourcc)).toEqual(["VP8X", "VP8 "]);
    expect((upright[0]?.data[0] ?? 0) & (EXIF | XMP_FLAG)).toBe(0);
    expect(await storedOf(WEBP)).toEqual(WEBP);
  });

  it("blanks an AVIF's Exif and XMP items where they lie, every box in place", async () => {
    expect(latin1(AVIF_WITH_METADATA)).toContain("SecretPhoneCo");
    const stored = await storedOf(AVIF_WITH_METADATA);
    expectNoSecrets(stored);
    expect(stored.length).toBe(AVIF_WITH_METADATA.length);
    expect(topBoxes(stored)).toEqual(topBoxes(AVIF_WITH_METADATA));
    // Only the metadata's bytes (and their items' types) changed: the picture's are untouched.
    const changed = [...stored.keys()].filter((i) => stored[i] !== AVIF_WITH_METADATA[i]);
    expect(changed.length).toBeGreaterThan(0);
    const mdat = latin1(stored).indexOf("mdat");
    const pictureEnd = mdat + 4 + (AVIF.length - latin1(AVIF).indexOf("mdat") - 4);
    expect(changed.every((i) => i < mdat || i >= pictureEnd)).toBe(true);
    expect(await storedOf(AVIF)).toEqual(AVIF);
  });

  const truncatedScan = JPEG.subarray(0, JPEG.length - 10);
  it.each<[string, Uint8Array]>([
    ["a JPEG cut inside its scan", truncatedScan],
    ["a JPEG without EOI", JPEG.subarray(0, JPEG.length - 2)],
    [
      "a JPEG with no frame or scan",
      bytesOf([0xff, 0xd8, 0xff, 0xe0, 0, 16], "JFIF\0", filler.slice(0, 9), [0xff, 0xd9]),
    ],
    [
      "a JPEG whose segment runs past the end",
      concat(JPEG.subarray(0, 4), [0xff, 0xff], JPEG.subarray(6)),
    ],
    [
      "a JPEG with a marker out of place",
      concat(JPEG.subarray(0, 2), [0xff, 0xd8], JPEG.subarray(2)),
    ],
    ["a PNG with a wrong CRC", concat(PNG.subarray(0, 30), [(PNG[30] ?? 0) ^ 1], PNG.subarray(31))],
    ["a PNG without IEND", PNG.subarray(0, PNG.length - 12)],
    [
      "a PNG whose first chunk is not IHDR",
      concat(PNG.subarray(0, 8), pngChunk("tEXt", "a\0b"), PNG.subarray(8)),
    ],
    ["a PNG with an unknown critical chunk", pngWith(PNG, [pngChunk("ZZZZ", "x")])],
    ["a PNG with no image data", concat(PNG.subarray(0, 33), PNG.subarray(PNG.length - 12))],
    [
      "a WebP whose RIFF size is past the end",
      concat(WEBP.subarray(0, 4), [255, 255, 0, 0], WEBP.subarray(8)),
    ],
    ["a WebP without image data", riff(riffChunk("XMP ", XMP))],
    [
      "a WebP whose chunk runs past the RIFF",
      concat(WEBP.subarray(0, 16), [255, 255, 0, 0], WEBP.subarray(20)),
    ],
    [
      "an AVIF whose box runs past the end",
      concat(AVIF.subarray(0, 28), [0, 0, 255, 255], AVIF.subarray(32)),
    ],
    ["an AVIF without its meta box", concat(AVIF.subarray(0, 28), [0, 0, 0, 8], "free")],
  ])("refuses %s with 400 and stores nothing", async (_, bytes) => {
    const admin = await adminSession();
    const product = await productWithPhotos();
    const res = await upload(admin.accessToken, product.id, { bytes });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: IMAGE_MESSAGES.malformed,
      code: "invalid_image",
    });
    expect(await objectsUnder(`products/${product.id}/`)).toEqual([]);
    expect((await storedKeys(product.id))?.keys).toEqual(["products/a.svg", "products/b.svg"]);
  });

  it("never fails but as a malformed image, and keeps a sound structure, whatever bytes change", () => {
    const sources: [ImageType, Uint8Array][] = [
      ["image/jpeg", JPEG_FROM_A_PHONE(6)],
      [
        "image/png",
        pngWith(PNG, [pngChunk("eXIf", gpsExif(8)), pngChunk("tEXt", "Comment\0Shot at home")]),
      ],
      [
        "image/webp",
        extendedWebp(WEBP, 0x0c, [riffChunk("EXIF", gpsExif(3)), riffChunk("XMP ", XMP)]),
      ],
      ["image/avif", AVIF_WITH_METADATA],
    ];
    const mutation = fc.record({
      source: fc.nat(sources.length - 1),
      edits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
      cut: fc.option(fc.nat(), { nil: undefined }),
    });
    fc.assert(
      fc.property(mutation, ({ source, edits, cut }) => {
        const [type, original] = sources[source] ?? sources[0] ?? ["image/png", PNG];
        let bytes = original.slice();
        for (const [at, value] of edits) bytes[at % bytes.length] = value;
        if (cut !== undefined) bytes = bytes.subarray(0, cut % bytes.length);
        let stored: Uint8Array;
        try {
          stored = stripMetadata(bytes, type);
        } catch (err) {
          expect(err).toBeInstanceOf(MalformedImage);
          return;
        }
        // (A changed byte may make metadata look like a picture's own table: only the structure
        // of what is kept is certain then; the tests above hold the metadata of real files.)
        if (type === "image/jpeg") jpegSegments(stored);
        if (type === "image/png") pngChunks(stored);
        if (type === "image/webp") webpChunks(stored);
      }),
      { numRuns: 400, seed: 20261128 },
    );
  });
});
