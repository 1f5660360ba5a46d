// /api/admin/products/:id/images (mounted by products.ts): a product's photos, uploaded as
// multipart \`file\` (+ \`alt\`), judged by their bytes, stored in R2 without their metadata; reorder,
// alt text and delete. A photo upload has its own size limit, checked here after the admin check
// (app.ts lets it past the API's 64 kB body limit).
import { Hono } from "hono";
import * as v from "valibot";
import {
  AltSchema,
  IMAGE_MESSAGES,
  ImageAltBody,
  ImageOrderBody,
  type ImageType,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMAGES_PER_PRODUCT,
  productImages,
} from "../../contracts/admin-images";
import { IdParam, IdSchema } from "../../contracts/fields";
import { validate } from "../../http/validate";
import { AppError, badRequest, notFound } from "../../lib/app-error";
import { newId } from "../../lib/ids";
import { MalformedImage, stripMetadata } from "../../lib/image-metadata";
import { sniffImage } from "../../lib/image-types";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import {
  editProductImages,
  readProductImages,
  removeUnreferencedImages,
} from "../../modules/catalogue/images";

/** The upload route: app.ts exempts it from the 64 kB limit of /api/*; it applies its own. */
const UPLOAD_PATH = /^\/api\/admin\/products\/[^/]+\/images$/;
export const isImageUpload = (method: string, path: string) =>
  method === "POST" && UPLOAD_PATH.test(path);

const tooLarge = () => new AppError(413, IMAGE_MESSAGES.tooLarge, "payload_too_large");
const tooMany = () => new AppError(409, IMAGE_MESSAGES.tooMany, "too_many_images");
const noSuchImage = () => notFound(IMAGE_MESSAGES.imageNotFound, "image_not_found");

/**
 * The multipart body, read no further than MAX_IMAGE_UPLOAD_BYTES: a Content-Length above it is
 * refused before reading, and the bytes are counted as they arrive (a body may have no length, or
 * a false one).
 */
async function readUpload(req: Request): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) {
    throw badRequest(IMAGE_MESSAGES.notMultipart, "invalid_upload");
  }
  if (Number(req.headers.get("content-length") ?? 0) > MAX_IMAGE_UPLOAD_BYTES) throw tooLarge();
  if (!req.body) throw badRequest(IMAGE_MESSAGES.missingFile, "missing_file");
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_IMAGE_UPLOAD_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw badRequest(IMAGE_MESSAGES.notMultipart, "invalid_upload");
  }
}

/** The photo as it is stored: without its metadata; a 400 for a file whose structure is broken. */
function withoutMetadata(upload: Uint8Array, type: ImageType): Uint8Array {
  try {
    return stripMetadata(upload, type);
  } catch (err) {
    if (err instanceof MalformedImage) throw badRequest(IMAGE_MESSAGES.malformed, "invalid_image");
    throw err;
  }
}

const ImageParam = v.object({ id: IdSchema, key: v.string() });

export const adminProductImageRoutes = new Hono<AppEnv>()
  .post("/order", validate("param", IdParam), validate("json", ImageOrderBody), async (c) => {
    const { id } = c.req.valid("param");
    const { keys } = c.req.valid("json");
    const { after } = await editProductImages(adminDeps(c), id, "reorder", (list) => {
      const wanted = new Set(keys);
      const isPermutation =
        wanted.size === keys.length &&
        keys.length === list.keys.length &&
        list.keys.every((k) => wanted.has(k));
      if (!isPermutation) throw badRequest(IMAGE_MESSAGES.notAPermutation, "invalid_image_order");
      return { keys, alts: list.alts };
    });
    return c.json({ success: true as const, images: productImages(after.keys, after.alts) });
  })
  .post("/", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const existing = await readProductImages({ db: c.var.db }, id);
    if (!existing) throw notFound(IMAGE_MESSAGES.productNotFound, "product_not_found");
    if (existing.length >= MAX_IMAGES_PER_PRODUCT) throw tooMany();

    const form = await readUpload(c.req.raw);
    // workers-types still types form values as strings; the runtime gives a File for a file part.
    const files: unknown[] = form.getAll("file");
    const file = files[0];
    if (files.length !== 1 || !(file instanceof File)) {
      throw badRequest(IMAGE_MESSAGES.missingFile, "missing_file");
    }
    const altField: unknown = form.get("alt") ?? "";
    const alt = v.safeParse(AltSchema, typeof altField === "string" ? altField : null);
    if (!alt.success) {
      throw badRequest(alt.issues[0].message, "invalid_input", [
        { path: "alt", message: alt.issues[0].message },
      ]);
    }
    if (file.size === 0) throw badRequest(IMAGE_MESSAGES.emptyFile, "empty_file");
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
    const upload = new Uint8Array(await file.arrayBuffer());
    const kind = sniffImage(upload);
    if (!kind) throw new AppError(415, IMAGE_MESSAGES.unsupportedType, "unsupported_image_type");
    const bytes = withoutMetadata(upload, kind.type);

    // A fresh random key per upload: no two uploads share an object, so deleting one photo can
    // never race with another upload of the same bytes.
    const key = `products/${id}/${newId()}.${kind.ext}`;
    const digest = await crypto.subtle.digest("SHA-256", bytes);
    await c.env.IMAGES.put(key, bytes, {
      httpMetadata: { contentType: kind.type },
      sha256: digest,
    });
    try {
      await editProductImages(adminDeps(c), id, "upload", (list) => {
        if (list.keys.length >= MAX_IMAGES_PER_PRODUCT) throw tooMany();
        return { keys: [...list.keys, key], alts: { ...list.alts, [key]: alt.output } };
      });
    } catch (err) {
      // D1 never pointed at it: the object is nobody's.
      await c.env.IMAGES.delete(key);
      throw err;
    }
    const [image] = productImages([key], { [key]: alt.output });
    return c.json({ success: true as const, image });
  })
  .post("/:key{.+}", validate("param", ImageParam), validate("json", ImageAltBody), async (c) => {
    const { id, key } = c.req.valid("param");
    const { alt } = c.req.valid("json");
    const { after } = await editProductImages(adminDeps(c), id, "alt", (list) => {
      if (!list.keys.includes(key)) throw noSuchImage();
      return { keys: list.keys, alts: { ...list.alts, [key]: alt } };
    });
    const [image] = productImages([key], after.alts);
    return c.json({ success: true as const, image });
  })
  .delete("/:key{.+}", validate("param", ImageParam), async (c) => {
    const { id, key } = c.req.valid("param");
    const { after } = await editProductImages(adminDeps(c), id, "delete", (list) => {
      if (!list.keys.includes(key)) throw noSuchImage();
      return { keys: list.keys.filter((k) => k !== key), alts: list.alts };
    });
    // After the D1 change has committed: only then is it certain this product no longer needs it.
    await removeUnreferencedImages({ db: c.var.db, env: c.env }, [key]);
    return c.json({ success: true as const, images: productImages(after.keys, after.alts) });
  });
