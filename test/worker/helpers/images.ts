// Small real pictures for the upload tests, and the metadata a camera or editor writes into them,
// built here byte by byte: Exif with a GPS position, XMP, IPTC, comments, text chunks. Also
// walkers that read each format's structure on their own (not with worker/lib/image-metadata.ts),
// to check what the Worker stored.
//
// The base pictures are 8 x 6 gradients encoded by sharp 0.34 (libvips 8.17) in Node, with no
// metadata, kept here as base64: sharp does not run inside workerd. AVIF_WITH_METADATA is the same
// AVIF with sharp's withExif (Make "SecretPhoneCo", a GPS position) and withXmp, since an AVIF's
// metadata items are written by the encoder's muxer.

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));

/** Baseline JPEG (DQT, SOF0, DHT, SOS), no application segments. */
export const JPEG = fromBase64(
  [
    "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUo",
    "KSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo",
    "KCj/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAZEAEAAwEBAAAAAAAAAAAAAAABAAID",
    "EdH/xAAVAQEBAAAAAAAAAAAAAAAAAAACBv/EAB4RAAIBAwUAAAAAAAAAAAAAAAECBAADBQYRIVHB/9oADAMBAAIRAxEA",
    "PwCAc87Xa5cqK8H2IiKWqxlQWgBuOh7VZE07jCnNkV//2Q==",
  ].join(""),
);
/** PNG: IHDR, IDAT, IEND. */
export const PNG = fromBase64(
  [
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAoUlEQVR4nAGWAGn/",
    "AADIAAXFCwrCFg+/IRS8LBm5Nx62QiOzTQAosFgtrWMyqm43p3k8pIRBoY9GnppLm6UAUJiwVZW7WpLGX4/RZIzcaYnn",
    "bobyc4P9AHiACH19E4J6Hod3KYx0NJFxP5ZuSptrVQCgaGClZWuqYnavX4G0XIy5WZe+VqLDU60AyFC4zU3D0krO10fZ",
    "3ETk4UHv5j766zsFiohFyVm4NFcAAAAASUVORK5CYII=",
  ].join(""),
);
/** Lossy WebP, simple format (one VP8 chunk). */
export const WEBP = fromBase64(
  [
    "UklGRlgAAABXRUJQVlA4IEwAAACwAQCdASoIAAYAAUAmJbACdAEOZTUcAPoQVDk9IRiqhQhpGi/5HpB8xZ8i2/KqNq7C",
    "gXUCsNX/DX/k43Xjq/+Gv/Jxuv/pqf8eAAAA",
  ].join(""),
);
/** AVIF: ftyp, meta (hdlr, pitm, iloc, iinf, iprp), mdat. */
export const AVIF = fromBase64(
  [
    "AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAA",
    "AAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAD6AAEAAAAAAAAANgAAACNpaW5mAAAAAAABAAAA",
    "FWluZmUCAAAAAAEAAGF2MDEAAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAgAAAAGAAAA",
    "EHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAA+bWRhdBIACgg4CL1hAQ0GkDIoGAAAAFDY23OK92Ty",
    "IK7zrnrIPb0l8zaNCaaXR2rSoaMozydLJj9BQA==",
  ].join(""),
);
/** The AVIF with an Exif item (camera, GPS) and an XMP item. */
export const AVIF_WITH_METADATA = fromBase64(
  [
    "AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAAWFtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAA",
    "AAAAAAAAAA5waXRtAAAAAAABAAAARmlsb2MAAAAAREAAAwABAAAAAAGFAAEAAAAAAAAANgACAAAAAAG7AAEAAAAAAAAB",
    "YAADAAAAAAMbAAEAAAAAAAABHAAAAGJpaW5mAAAAAAADAAAAFWluZmUCAAAAAAEAAGF2MDEAAAAAFWluZmUCAAABAAIA",
    "AEV4aWYAAAAAKmluZmUCAAABAAMAAG1pbWUAYXBwbGljYXRpb24vcmRmK3htbAAAAAAAVmlwcnAAAAA4aXBjbwAAAAxh",
    "djFDgSACAAAAABRpc3BlAAAAAAAAAAgAAAAGAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAo",
    "aXJlZgAAAAAAAAAOY2RzYwACAAEAAQAAAA5jZHNjAAMAAQABAAACum1kYXQSAAoIOAi9YQENBpAyKBgAAABQ2Ntzivdk",
    "8iCu8656yD29JfM2jQmml0dq0qGjKM8nSyY/QUAAAAAGRXhpZgAASUkqAAgAAAAJAA8BAgAOAAAAlAAAABABAgAJAAAA",
    "igAAABIBAwABAAAAAQAAABoBBQABAAAAegAAABsBBQABAAAAggAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAAB",
    "AAAAogAAACWIBAABAAAA8AAAAAAAAAA4YwAA6AMAADhjAADoAwAAUG9ja2V0IDkAAFNlY3JldFBob25lQ28ABgAAkAcA",
    "BAAAADAyMTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAAAgAAAADoAQAAQAAAAYAAAAA",
    "AAAABAABAAIAAgAAAFMAAAACAAUAAwAAAD4BAAADAAIAAgAAAEUAAAAEAAUAAwAAACYBAAAAAAAAmQAAAAEAAAABAAAA",
    "AQAAACIAAAAKAAAAGwAAAAEAAAAcAAAAAQAAAEoAAAAKAAAAPD94cGFja2V0IGJlZ2luPSIiIGlkPSJXNU0wTXBDZWhp",
    "SHpyZVN6TlRjemtjOWQiPz48eDp4bXBtZXRhIHhtbG5zOng9ImFkb2JlOm5zOm1ldGEvIj48cmRmOlJERiB4bWxuczpy",
    "ZGY9Imh0dHA6Ly93d3cudzMub3JnLzE5OTkvMDIvMjItcmRmLXN5bnRheC1ucyMiPjxyZGY6RGVzY3JpcHRpb24geG1s",
    "bnM6ZXhpZj0iaHR0cDovL25zLmFkb2JlLmNvbS9leGlmLzEuMC8iIGV4aWY6R1BTTGF0aXR1ZGU9IjI3LDI4LjEyMzRT",
    "Ii8+PC9yZGY6UkRGPjwveDp4bXBtZXRhPjw/eHBhY2tldCBlbmQ9InciPz4=",
  ].join(""),
);

// ---------------------------------------------------------------------------------------------
// Bytes

export const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
export const latin1 = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => String.fromCharCode(b)).join("");

export function concat(...parts: (Uint8Array | number[] | string)[]): Uint8Array {
  const arrays = parts.map((p) =>
    typeof p === "string" ? ascii(p) : p instanceof Uint8Array ? p : Uint8Array.from(p),
  );
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

const be16 = (n: number) => [(n >> 8) & 255, n & 255];
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

/** CRC-32 (PNG's), bit by bit: a second implementation to check the Worker's against. */
export function crc(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Metadata

/** What the metadata below gives away: none of it may be in a stored photo. */
export const SECRETS = [
  "SecretPhoneCo",
  "Pocket 9",
  "GPSLatitude",
  "xmpmeta",
  "Photoshop 3.0",
  "Shot at home",
  "2026:01:02 07:08:09",
];
/** The GPS latitude 27 deg 28' 7.4" as the three rationals Exif writes, big-endian. */
export const LATITUDE = concat(be32(27), be32(1), be32(28), be32(1), be32(74), be32(10));

/**
 * A TIFF-structured Exif block as a phone writes it: IFD0 with Make, Model, DateTime and (unless
 * null) Orientation, and a GPS IFD with a latitude and longitude. Big-endian unless `little`.
 */
export function gpsExif(orientation: number | null, little = false): Uint8Array {
  const u16 = (n: number) => (little ? [n & 255, (n >> 8) & 255] : be16(n));
  const u32 = (n: number) => (little ? le32(n) : be32(n));
  const make = "SecretPhoneCo\0";
  const model = "Pocket 9\0";
  const time = "2026:01:02 07:08:09\0";
  const ifd0Count = orientation === null ? 4 : 5;
  const ifd0End = 8 + 2 + ifd0Count * 12 + 4;
  const makeAt = ifd0End;
  const modelAt = makeAt + make.length;
  const timeAt = modelAt + model.length;
  const gpsAt = timeAt + time.length + (time.length % 2);
  const gpsEnd = gpsAt + 2 + 4 * 12 + 4;
  const entry = (tag: number, type: number, count: number, value: number[]) =>
    concat(u16(tag), u16(type), u32(count), value);
  const rationals = (...parts: number[]) => concat(...parts.map(u32));
  const ifd0 = [
    entry(0x010f, 2, make.length, u32(makeAt)),
    entry(0x0110, 2, model.length, u32(modelAt)),
    ...(orientation === null ? [] : [entry(0x0112, 3, 1, [...u16(orientation), 0, 0])]),
    entry(0x0132, 2, time.length, u32(timeAt)),
    entry(0x8825, 4, 1, u32(gpsAt)),
  ];
  const gps = [
    entry(0x0001, 2, 2, [0x53, 0, 0, 0]),
    entry(0x0002, 5, 3, u32(gpsEnd)),
    entry(0x0003, 2, 2, [0x45, 0, 0, 0]),
    entry(0x0004, 5, 3, u32(gpsEnd + 24)),
  ];
  return concat(
    little ? "II" : "MM",
    u16(42),
    u32(8),
    u16(ifd0.length),
    ...ifd0,
    u32(0),
    make,
    model,
    time,
    time.length % 2 ? [0] : [],
    u16(gps.length),
    ...gps,
    u32(0),
    rationals(27, 1, 28, 1, 74, 10),
    rationals(153, 1, 1, 1, 34, 10),
  );
}

export const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="27,28.1234S" exif:GPSLongitude="153,1.5678E"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** Orientation in a TIFF-structured Exif block (tag 0x0112 of IFD0), and how many tags IFD0 has. */
export function readOrientation(tiff: Uint8Array): { orientation: number | null; tags: number } {
  const little = tiff[0] === 0x49;
  const data = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = data.getUint32(4, little);
  const tags = data.getUint16(ifd, little);
  for (let i = 0; i < tags; i++) {
    const at = ifd + 2 + i * 12;
    if (data.getUint16(at, little) === 0x0112) {
      return { orientation: data.getUint16(at + 8, little), tags };
    }
  }
  return { orientation: null, tags };
}

// ---------------------------------------------------------------------------------------------
// JPEG

export const jpegSegment = (marker: number, payload: Uint8Array | string) => {
  const body = typeof payload === "string" ? ascii(payload) : payload;
  return concat([0xff, marker], be16(body.length + 2), body);
};

/** JPEG's segments as the test reads them: marker, payload, and the entropy data after a SOS. */
export interface JpegSegment {
  marker: number;
  payload: Uint8Array;
  scan?: Uint8Array;
}

/** The segments from SOI to EOI; throws on a broken structure. Anything after EOI is `trailer`. */
export function jpegSegments(bytes: Uint8Array): { segments: JpegSegment[]; trailer: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error("no SOI");
  const segments: JpegSegment[] = [];
  let at = 2;
  for (;;) {
    if (bytes[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = bytes[at + 1] ?? 0;
    at += 2;
    if (marker === 0xd9) return { segments, trailer: bytes.length - at };
    const length = ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
    if (length < 2 || at + length > bytes.length) throw new Error(`bad length at ${at}`);
    const segment: JpegSegment = { marker, payload: bytes.subarray(at + 2, at + length) };
    at += length;
    if (marker === 0xda) {
      const start = at;
      while (
        !(
          bytes[at] === 0xff &&
          (bytes[at + 1] ?? 0) !== 0 &&
          ((bytes[at + 1] ?? 0) & 0xf8) !== 0xd0
        )
      ) {
        at++;
        if (at >= bytes.length) throw new Error("scan without end");
      }
      segment.scan = bytes.subarray(start, at);
    }
    segments.push(segment);
  }
}

/** `base` (a JPEG) with `segments` right after its SOI and `trailer` after its EOI. */
export const jpegWith = (
  base: Uint8Array,
  segments: Uint8Array[],
  trailer: Uint8Array = new Uint8Array(),
) => concat(base.subarray(0, 2), ...segments, base.subarray(2), trailer);

// ---------------------------------------------------------------------------------------------
// PNG

export function pngChunk(type: string, data: Uint8Array | string): Uint8Array {
  const body = typeof data === "string" ? ascii(data) : data;
  const typed = concat(type, body);
  return concat(be32(body.length), typed, be32(crc(typed)));
}

export interface PngChunk {
  type: string;
  data: Uint8Array;
}

/** The chunks after the signature, each CRC checked; throws on a broken structure. */
export function pngChunks(bytes: Uint8Array): PngChunk[] {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: PngChunk[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = data.getUint32(at);
    const typed = bytes.subarray(at + 4, at + 8 + length);
    if (crc(typed) !== data.getUint32(at + 8 + length)) throw new Error(`bad CRC at ${at}`);
    chunks.push({ type: latin1(typed.subarray(0, 4)), data: typed.subarray(4) });
    at += 12 + length;
  }
  return chunks;
}

/** `base` (a PNG) with `before` right after IHDR and `after` right before IEND. */
export function pngWith(base: Uint8Array, before: Uint8Array[], after: Uint8Array[] = []) {
  const ihdrEnd = 8 + 25;
  return concat(
    base.subarray(0, ihdrEnd),
    ...before,
    base.subarray(ihdrEnd, base.length - 12),
    ...after,
    base.subarray(base.length - 12),
  );
}

// ---------------------------------------------------------------------------------------------
// WebP

export function riffChunk(fourcc: string, data: Uint8Array | string): Uint8Array {
  const body = typeof data === "string" ? ascii(data) : data;
  return concat(fourcc, le32(body.length), body, body.length % 2 ? [0] : []);
}

export const riff = (...chunks: Uint8Array[]) => {
  const body = concat(...chunks);
  return concat("RIFF", le32(4 + body.length), "WEBP", body);
};

/** The chunks of a RIFF WebP whose size is right; throws on a broken structure. */
export function webpChunks(bytes: Uint8Array): { fourcc: string; data: Uint8Array }[] {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (latin1(bytes.subarray(0, 4)) !== "RIFF" || latin1(bytes.subarray(8, 12)) !== "WEBP") {
    throw new Error("not RIFF WEBP");
  }
  if (data.getUint32(4, true) !== bytes.length - 8) throw new Error("RIFF size is not the file's");
  const chunks: { fourcc: string; data: Uint8Array }[] = [];
  for (let at = 12; at < bytes.length; ) {
    const length = data.getUint32(at + 4, true);
    if (at + 8 + length > bytes.length) throw new Error(`chunk past the end at ${at}`);
    chunks.push({
      fourcc: latin1(bytes.subarray(at, at + 4)),
      data: bytes.subarray(at + 8, at + 8 + length),
    });
    at += 8 + length + (length % 2);
  }
  return chunks;
}

/** The simple WebP `base` as an extended one: VP8X (canvas 8 x 6, `flags`), its VP8, `extra`. */
export function extendedWebp(base: Uint8Array, flags: number, extra: Uint8Array[]): Uint8Array {
  const vp8x = new Uint8Array(10);
  vp8x[0] = flags;
  vp8x.set([7, 0, 0, 5, 0, 0], 4);
  return riff(riffChunk("VP8X", vp8x), base.subarray(12), ...extra);
}

// ---------------------------------------------------------------------------------------------
// ISO-BMFF

/** The top-level boxes (type and size), which must tile the file exactly. */
export function topBoxes(bytes: Uint8Array): { type: string; size: number }[] {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: { type: string; size: number }[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = data.getUint32(at);
    if (size < 8 || at + size > bytes.length) throw new Error(`bad box at ${at}`);
    boxes.push({ type: latin1(bytes.subarray(at + 4, at + 8)), size });
    at += size;
  }
  return boxes;
}
