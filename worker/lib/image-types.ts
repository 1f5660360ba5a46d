// What kind of picture a file is, from its first bytes (its "magic number"), never from its name or
// the type its sender declared: an SVG or HTML page called photo.png is neither.
import type { ImageType } from "../contracts/admin-images";

export interface SniffedImage {
  type: ImageType;
  ext: "jpg" | "png" | "webp" | "avif";
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const AVIF_BRANDS = new Set(["avif", "avis"]);

/**
 * AVIF is an ISO-BMFF file whose first box is `ftyp`: size (4 bytes, big-endian), "ftyp", the
 * major brand, a minor version, then compatible brands to the end of the box. It is AVIF when
 * "avif" or "avis" is the major brand or one of the compatible ones.
 */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii("ftyp"), 4)) return false;
  const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (size < 16 || size > bytes.length || size % 4 !== 0) return false;
  const brand = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (AVIF_BRANDS.has(brand(8))) return true;
  for (let at = 16; at + 4 <= size; at += 4) {
    if (AVIF_BRANDS.has(brand(at))) return true;
  }
  return false;
}

/** The picture's kind, or null when it is not a JPEG, PNG, WebP or AVIF. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (startsWith(bytes, JPEG)) return { type: "image/jpeg", ext: "jpg" };
  if (startsWith(bytes, PNG)) return { type: "image/png", ext: "png" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) {
    return { type: "image/webp", ext: "webp" };
  }
  if (isAvif(bytes)) return { type: "image/avif", ext: "avif" };
  return null;
}
