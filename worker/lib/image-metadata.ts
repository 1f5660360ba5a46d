// A photo is stored without what its camera or editor wrote about it: Exif (GPS position, camera,
// time), XMP, IPTC, comments, text chunks and thumbnails. Only the bytes that draw the picture
// stay, with its colour profile and its orientation. Workers run no native image library, so this
// walks each format's own structure (JPEG segments, PNG chunks, RIFF chunks, ISO-BMFF boxes) and
// copies what it keeps; image data is never decoded or re-encoded. A file whose structure does not
// hold together is refused (MalformedImage), never stored.
import type { ImageType } from "../contracts/admin-images";

/** The file's structure does not hold together: the upload answers a 400 saying so. */
export class MalformedImage extends Error {}

function fail(why: string): never {
  throw new MalformedImage(why);
}

const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
const textAt = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const startsWith = (bytes: Uint8Array, prefix: string, at = 0) =>
  bytes.length >= at + prefix.length && textAt(bytes, at, prefix.length) === prefix;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Orientation: the one thing of Exif a picture needs (EXIF 2.32, tag 0x0112 in the first IFD)

const ORIENTATION_TAG = 0x0112;

/** The orientation (2 to 8) a TIFF-structured Exif block gives, or null for none, 1 or unreadable. */
export function exifOrientation(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null;
  const little = startsWith(tiff, "II");
  if (!little && !startsWith(tiff, "MM")) return null;
  const data = view(tiff);
  if (data.getUint16(2, little) !== 42) return null;
  const ifd = data.getUint32(4, little);
  if (ifd < 8 || ifd + 2 > tiff.length) return null;
  const entries = data.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (data.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    // SHORT (3), one value, held in the entry itself.
    if (data.getUint16(entry + 2, little) !== 3 || data.getUint32(entry + 4, little) !== 1) {
      return null;
    }
    const value = data.getUint16(entry + 8, little);
    return value >= 2 && value <= 8 ? value : null;
  }
  return null;
}

/** A TIFF-structured Exif block with the Orientation tag alone (big-endian, one IFD). */
export function orientationOnlyExif(orientation: number): Uint8Array {
  const tiff = new Uint8Array(26);
  const data = view(tiff);
  tiff.set(ascii("MM"));
  data.setUint16(2, 42);
  data.setUint32(4, 8);
  data.setUint16(8, 1);
  data.setUint16(10, ORIENTATION_TAG);
  data.setUint16(12, 3);
  data.setUint32(14, 1);
  data.setUint16(18, orientation);
  // Bytes 20-21 pad the value; 22-25 say no next IFD.
  return tiff;
}

// ---------------------------------------------------------------------------------------------
// JPEG (ITU T.81, JFIF 1.02, Exif 2.32): segments between SOI and EOI

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const EXIF_HEADER = "Exif\0\0";

/** Start-of-frame markers: C0-CF but DHT (C4), JPG (C8) and DAC (CC). */
const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Markers that stand alone, without a length: TEM and RST0-7. */
const standsAlone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

const segment = (marker: number, payload: Uint8Array) => {
  if (payload.length + 2 > 0xffff) fail("a JPEG segment too long to write");
  const head = new Uint8Array([
    0xff,
    marker,
    (payload.length + 2) >> 8,
    (payload.length + 2) & 255,
  ]);
  return concat([head, payload]);
};

/**
 * A JFIF APP0 without its thumbnail (which could show the picture before it was cropped): version,
 * units and density as they were, thumbnail 0 x 0.
 */
const jfifWithoutThumbnail = (payload: Uint8Array) => {
  if (payload.length < 14) fail("a JFIF header too short");
  const kept = payload.slice(0, 14);
  kept[12] = 0;
  kept[13] = 0;
  return kept;
};

/**
 * Keeps what draws the picture: frames, tables, scans, restart intervals, the JFIF header (without
 * thumbnail), an ICC profile (APP2 ICC_PROFILE) and Adobe's colour transform (APP14). Drops every
 * other application segment (APP1 Exif and XMP, APP2 FlashPix and MPF, APP13 IPTC and Photoshop,
 * ...), comments, and anything after EOI (a second picture, a trailer). An Orientation other than
 * 1 comes back as an Exif APP1 of that tag alone.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) fail("a JPEG must start with SOI");
  let jfif: Uint8Array | null = null;
  let orientation: number | null = null;
  let frame = false;
  let scan = false;
  const kept: Uint8Array[] = [];
  let at = 2;
  for (;;) {
    if (bytes[at] !== 0xff) fail("a JPEG segment must start with a marker");
    while (bytes[at] === 0xff) at++;
    if (at >= bytes.length) fail("a JPEG must end with EOI");
    const marker = bytes[at++] ?? 0;
    if (marker === EOI) break;
    if (marker === 0 || marker === SOI) fail("a JPEG marker out of place");
    if (standsAlone(marker)) {
      kept.push(new Uint8Array([0xff, marker]));
      continue;
    }
    if (at + 2 > bytes.length) fail("a JPEG segment cut short");
    const length = ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
    if (length < 2 || at + length > bytes.length) fail("a JPEG segment longer than the file");
    const payload = bytes.subarray(at + 2, at + length);
    const whole = bytes.subarray(at - 2, at + length);
    at += length;
    if (marker === APP0) {
      if (jfif === null && startsWith(payload, "JFIF\0")) jfif = jfifWithoutThumbnail(payload);
    } else if (marker === APP1) {
      if (orientation === null && startsWith(payload, EXIF_HEADER)) {
        orientation = exifOrientation(payload.subarray(EXIF_HEADER.length)) ?? 1;
      }
    } else if (marker === APP2) {
      if (startsWith(payload, "ICC_PROFILE\0")) kept.push(whole);
    } else if (marker === APP14) {
      if (startsWith(payload, "Adobe")) kept.push(whole);
    } else if (marker >= 0xe0 && marker <= 0xef) {
      // Any other application segment: IPTC, Photoshop, Ducky, FlashPix, HDR maps, ...
    } else if (marker === 0xfe) {
      // A comment.
    } else {
      kept.push(whole);
      frame ||= isFrame(marker);
      if (marker === SOS) {
        if (!frame) fail("a JPEG scan before its frame");
        scan = true;
        // The entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a
        // restart marker, which it contains.
        const start = at;
        for (let from = at; ; from = at + 1) {
          at = bytes.indexOf(0xff, from);
          if (at < 0 || at + 1 >= bytes.length) fail("a JPEG scan without its end");
          const next = bytes[at + 1] ?? 0;
          if (next !== 0 && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        kept.push(bytes.subarray(start, at));
      }
    }
  }
  if (!frame || !scan) fail("a JPEG without a frame and a scan");
  const exif =
    orientation !== null && orientation !== 1
      ? [segment(APP1, concat([ascii(EXIF_HEADER), orientationOnlyExif(orientation)]))]
      : [];
  return concat([
    new Uint8Array([0xff, SOI]),
    ...(jfif ? [segment(APP0, jfif)] : []),
    ...exif,
    ...kept,
    new Uint8Array([0xff, EOI]),
  ]);
}

// ---------------------------------------------------------------------------------------------
// PNG (PNG 3rd edition, and APNG): chunks after the signature

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The chunks that draw the picture, its colours and its animation. Everything else is left out:
 * eXIf, tEXt, zTXt, iTXt, tIME and any private chunk.
 */
const PNG_KEPT = new Set([
  ...["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP"],
  ...["mDCV", "cLLI", "bKGD", "hIST", "pHYs", "sPLT", "acTL", "fcTL", "fdAT"],
]);

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG computes it (ISO 3309), over `bytes`. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 255] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const out = view(chunk);
  out.setUint32(0, data.length);
  chunk.set(ascii(type), 4);
  chunk.set(data, 8);
  out.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

function stripPng(bytes: Uint8Array): Uint8Array {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) fail("a PNG must start with its signature");
  const data = view(bytes);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let orientation: number | null = null;
  let exifAt = -1;
  let at = 8;
  let ended = false;
  let pictures = 0;
  while (!ended) {
    if (at + 12 > bytes.length) fail("a PNG must end with IEND");
    const length = data.getUint32(at);
    const type = textAt(bytes, at + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) fail("a PNG chunk with a malformed type");
    if (length > 0x7fffffff || at + 12 + length > bytes.length) fail("a PNG chunk past the end");
    const whole = bytes.subarray(at, at + 12 + length);
    if (crc32(whole.subarray(4, 8 + length)) !== data.getUint32(at + 8 + length)) {
      fail(`a PNG ${type} chunk whose CRC is wrong`);
    }
    if ((at === 8) !== (type === "IHDR")) fail("a PNG must start with IHDR, once");
    at += 12 + length;
    if (type === "IEND") ended = true;
    if (type === "IDAT") {
      pictures++;
      if (exifAt < 0) exifAt = kept.length;
    }
    if (type === "eXIf" && orientation === null) {
      orientation = exifOrientation(whole.subarray(8, 8 + length)) ?? 1;
    }
    if (PNG_KEPT.has(type)) kept.push(whole);
    else if (type.charCodeAt(0) < 97) fail(`a PNG critical chunk ${type} no decoder knows`);
  }
  if (pictures === 0) fail("a PNG without image data");
  // eXIf must come before the first IDAT.
  if (orientation !== null && orientation !== 1) {
    kept.splice(exifAt, 0, pngChunk("eXIf", orientationOnlyExif(orientation)));
  }
  return concat(kept);
}

// ---------------------------------------------------------------------------------------------
// WebP (RFC 9649): RIFF chunks

/** Image data, alpha, animation, colour profile; not EXIF, XMP or unknown chunks. */
const WEBP_KEPT = new Set(["VP8X", "VP8 ", "VP8L", "ALPH", "ANIM", "ANMF", "ICCP"]);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function riffChunk(fourcc: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(8 + data.length + (data.length & 1));
  chunk.set(ascii(fourcc));
  view(chunk).setUint32(4, data.length, true);
  chunk.set(data, 8);
  return chunk;
}

function stripWebp(bytes: Uint8Array): Uint8Array {
  if (!startsWith(bytes, "RIFF") || !startsWith(bytes, "WEBP", 8)) fail("not a RIFF WebP");
  const size = view(bytes).getUint32(4, true);
  if (size < 4 || 8 + size > bytes.length) fail("a RIFF size that lies");
  const end = 8 + size;
  const kept: Uint8Array[] = [];
  let orientation: number | null = null;
  let extended: Uint8Array | null = null;
  let pictures = 0;
  for (let at = 12; at < end; ) {
    if (at + 8 > end) fail("a WebP chunk cut short");
    const fourcc = textAt(bytes, at, 4);
    const length = view(bytes).getUint32(at + 4, true);
    if (at + 8 + length > end) fail("a WebP chunk past the end");
    // Each chunk is padded to an even size; a last chunk may lack its pad byte.
    const next = Math.min(end, at + 8 + length + (length & 1));
    const payload = bytes.subarray(at + 8, at + 8 + length);
    if (fourcc === "VP8X") {
      if (at !== 12 || length < 10) fail("a misplaced or short VP8X");
      // Written once its flags are known, below.
      extended = payload.slice();
      kept.push(extended);
    } else if (fourcc === "EXIF") {
      if (orientation === null) {
        const tiff = startsWith(payload, EXIF_HEADER) ? payload.subarray(6) : payload;
        orientation = exifOrientation(tiff) ?? 1;
      }
    } else if (WEBP_KEPT.has(fourcc)) {
      if (fourcc === "VP8 " || fourcc === "VP8L" || fourcc === "ANMF") pictures++;
      kept.push(riffChunk(fourcc, payload));
    }
    at = next;
  }
  if (pictures === 0) fail("a WebP without image data");
  if (extended) {
    const flags = extended[0] ?? 0;
    const keepsOrientation = orientation !== null && orientation !== 1;
    extended[0] = (flags & ~(VP8X_EXIF | VP8X_XMP)) | (keepsOrientation ? VP8X_EXIF : 0);
    kept[0] = riffChunk("VP8X", extended);
    // EXIF comes after the image data.
    if (keepsOrientation) kept.push(riffChunk("EXIF", orientationOnlyExif(orientation ?? 1)));
  }
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(ascii("RIFF"));
  view(header).setUint32(4, 4 + body.length, true);
  header.set(ascii("WEBP"), 8);
  return concat([header, body]);
}

// ---------------------------------------------------------------------------------------------
// AVIF (ISO/IEC 14496-12 boxes, HEIF items): metadata items blanked in place

interface Box {
  type: string;
  /** Where the box starts, where its content starts, and where it ends (offsets in the file). */
  start: number;
  content: number;
  end: number;
}

/** The boxes from `from` to `to`; a box of size 0 runs to `to`. */
function boxes(bytes: Uint8Array, from: number, to: number): Box[] {
  const data = view(bytes);
  const found: Box[] = [];
  for (let at = from; at < to; ) {
    if (at + 8 > to) fail("an AVIF box cut short");
    let size = data.getUint32(at);
    let content = at + 8;
    if (size === 1) {
      if (at + 16 > to) fail("an AVIF box cut short");
      size = Number(data.getBigUint64(at + 8));
      content = at + 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < content - at || at + size > to) fail("an AVIF box past its end");
    found.push({ type: textAt(bytes, at + 4, 4), start: at, content, end: at + size });
    at += size;
  }
  return found;
}

/** Reads unsigned big-endian integers (0 to 8 bytes) along a box, never past `end`. */
class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
    private readonly end: number,
  ) {}
  uint(size: number): number {
    if (size > 8 || this.at + size > this.end) fail("an AVIF field past its box");
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + (this.bytes[this.at + i] ?? 0);
    this.at += size;
    return value;
  }
}

const XMP_UUID = "be7acfcb97a942e89c71999491e3afac";
const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** What a blanked item's type becomes: readers skip items of a type they do not know. */
const BLANKED_ITEM = "free";

/**
 * Items that draw the picture: coded images, grids, overlays, derived ones and gain maps. Any
 * other item (Exif, XMP's mime, a URI, one no reader knows) is metadata to blank.
 */
const PICTURE_ITEMS = new Set(["av01", "grid", "iovl", "iden", "tmap"]);

/**
 * The ids of the meta box's items that are not pictures, whose type (from infe version 2) it
 * changes to BLANKED_ITEM, `bytes` being the copy being stripped.
 */
function metadataItems(bytes: Uint8Array, iinf: Box): Set<number> {
  const ids = new Set<number>();
  const version = bytes[iinf.content] ?? 0;
  const entriesAt = iinf.content + 4 + (version === 0 ? 2 : 4);
  for (const infe of boxes(bytes, entriesAt, iinf.end)) {
    if (infe.type !== "infe") continue;
    const r = new Reader(bytes, infe.content, infe.end);
    const infeVersion = r.uint(1);
    r.uint(3);
    const id = r.uint(infeVersion === 3 ? 4 : 2);
    if (infeVersion < 2) {
      // Before version 2 an entry has no type: a name and a MIME type, never a picture of AVIF's.
      ids.add(id);
      continue;
    }
    r.uint(2);
    const typeAt = r.at;
    if (PICTURE_ITEMS.has(textAt(bytes, typeAt, 4))) continue;
    ids.add(id);
    bytes.set(ascii(BLANKED_ITEM), typeAt);
  }
  return ids;
}

/**
 * Blanks (zeroes) the bytes of every item that is not a picture (Exif, XMP, ...) where iloc says
 * they are, in the file or in the meta box's idat: nothing moves, so every offset in the file stays
 * true. A top-level XMP uuid
 * box becomes a free box. Orientation in AVIF is the irot and imir properties, which stay.
 */
function stripAvif(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  const top = boxes(out, 0, out.length);
  if (top[0]?.type !== "ftyp") fail("an AVIF must start with ftyp");
  const meta = top.find((b) => b.type === "meta");
  if (!meta) return fail("an AVIF without a meta box");
  for (const box of top) {
    if (box.type === "uuid" && hex(out.subarray(box.content, box.content + 16)) === XMP_UUID) {
      out.set(ascii("free"), box.start + 4);
      out.fill(0, box.content, box.end);
    }
  }
  const inMeta = boxes(out, meta.content + 4, meta.end);
  const iinf = inMeta.find((b) => b.type === "iinf");
  const iloc = inMeta.find((b) => b.type === "iloc");
  const idat = inMeta.find((b) => b.type === "idat");
  const wanted = iinf ? metadataItems(out, iinf) : new Set<number>();
  if (wanted.size === 0) return out;
  if (!iloc) return fail("an AVIF with items but no iloc");
  const r = new Reader(out, iloc.content, iloc.end);
  const version = r.uint(1);
  r.uint(3);
  const sizes = r.uint(1);
  const more = r.uint(1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 15;
  const baseSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  const count = r.uint(version < 2 ? 2 : 4);
  for (let i = 0; i < count; i++) {
    const id = r.uint(version < 2 ? 2 : 4);
    const method = version === 1 || version === 2 ? r.uint(2) & 15 : 0;
    r.uint(2);
    const base = r.uint(baseSize);
    const extents = r.uint(2);
    for (let e = 0; e < extents; e++) {
      r.uint(indexSize);
      const offset = base + r.uint(offsetSize);
      const length = r.uint(lengthSize);
      if (!wanted.has(id)) continue;
      const [from, to] =
        method === 0
          ? [0, out.length]
          : method === 1 && idat
            ? [idat.content, idat.end]
            : fail("an AVIF metadata item stored where it cannot be blanked");
      if (length === 0 || from + offset + length > to) fail("an AVIF item past its data");
      out.fill(0, from + offset, from + offset + length);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/** `bytes` of a picture of `type` (as sniffed) without its metadata; MalformedImage if broken. */
export function stripMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  try {
    switch (type) {
      case "image/jpeg":
        return stripJpeg(bytes);
      case "image/png":
        return stripPng(bytes);
      case "image/webp":
        return stripWebp(bytes);
      case "image/avif":
        return stripAvif(bytes);
    }
  } catch (err) {
    // A read past the end of a DataView is a broken file too.
    if (err instanceof RangeError) throw new MalformedImage("a structure past the end of the file");
    throw err;
  }
}
