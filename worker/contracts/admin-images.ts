// Product photos in the back-office (README, back-office): the limits, the accepted kinds and the
// shapes of /api/admin/products/:id/images*, shared by the Worker and the admin SPA.
import * as v from "valibot";
import { imageUrl } from "./catalogue";

/** The most one photo may weigh. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** A whole upload request: the photo plus the multipart framing and the alt text. */
export const MAX_IMAGE_UPLOAD_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
/** Photos per product: a gallery, not a store. */
export const MAX_IMAGES_PER_PRODUCT = 20;
export const MAX_ALT_LENGTH = 250;

/** What the Worker accepts, judged by the file's first bytes (worker/lib/image-types.ts). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** What a file picker may offer; the Worker still decides by the bytes. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");

export const IMAGE_MESSAGES = {
  notMultipart: "Send the photo as multipart/form-data with a `file` field",
  missingFile: "file is required: one photo",
  emptyFile: "The photo is empty",
  tooLarge: `A photo may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  unsupportedType: "Only JPEG, PNG, WebP and AVIF photos are accepted",
  malformed:
    "The photo's file is damaged or incomplete: it could not be read. Please export it again",
  tooMany: `A product may have at most ${MAX_IMAGES_PER_PRODUCT} photos`,
  notAPermutation: "keys must list each of the product's photos exactly once",
  imageNotFound: "The product has no such photo",
  productNotFound: "Product not found",
  busy: "The product's photos changed at the same moment; try again",
} as const;

/** Alt text: one line, trimmed; empty means none. */
export const AltSchema = v.pipe(
  v.string("alt must be text"),
  v.trim(),
  v.maxLength(MAX_ALT_LENGTH, `alt must be at most ${MAX_ALT_LENGTH} characters`),
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  v.regex(/^[^\u0000-\u001f\u007f\u2028\u2029]*$/, "alt must be one line of text"),
);

export const ImageAltBody = v.strictObject({ alt: AltSchema }, (issue) =>
  issue.expected === "never"
    ? `Unknown field ${String(issue.received)}`
    : "The body must be a JSON object with alt",
);

/** An R2 key as /images/<key> serves it (routes/images.ts). */
const ImageKey = v.pipe(v.string("each key must be text"), v.maxLength(200, "unknown key"));

export const ImageOrderBody = v.strictObject(
  {
    keys: v.pipe(
      v.array(ImageKey, "keys must be a list of the product's photo keys"),
      v.maxLength(MAX_IMAGES_PER_PRODUCT, IMAGE_MESSAGES.notAPermutation),
    ),
  },
  (issue) =>
    issue.expected === "never"
      ? `Unknown field ${String(issue.received)}`
      : "The body must be a JSON object with keys",
);

export interface ProductImageDto {
  key: string;
  /** Where the storefront serves it: /images/<key>. */
  url: string;
  /** Empty when the photo has none. */
  alt: string;
}

/** A product's photos, cover first, with their alt text. */
export const productImages = (keys: string[], alts: Record<string, string>): ProductImageDto[] =>
  keys.map((key) => ({ key, url: imageUrl(key), alt: alts[key] ?? "" }));

export interface ProductImageResponse {
  success: true;
  image: ProductImageDto;
}

export interface ProductImagesResponse {
  success: true;
  images: ProductImageDto[];
}
