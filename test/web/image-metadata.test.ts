// Photos without metadata (worker/lib/image-metadata.ts), checked by a real decoder: sharp (libvips,
// libjpeg, libpng, libwebp, libheif) makes each kind of picture with a GPS position, a camera and
// XMP, and decodes what the stripper keeps. sharp runs in Node only, so this test sits in the web
// tier (vitest in Node) beside raster-preview.test.ts; test/worker/admin-images.test.ts holds the
// upload's own tests in workerd.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ImageType } from "../../worker/contracts/admin-images";
import { stripMetadata } from "../../worker/lib/image-metadata";

const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="27,28.1234S" exif:GPSLongitude="153,1.5678E"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
const EXIF = {
  IFD0: { Make: "SecretPhoneCo", Model: "Pocket 9" },
  IFD3: {
    GPSLatitudeRef: "S",
    GPSLatitude: "27/1 28/1 74/10",
    GPSLongitudeRef: "E",
    GPSLongitude: "153/1 1/1 34/10",
  },
};

/** A 12 x 8 picture with a gradient, so a wrong decode would not pass for the right one. */
const picture = () =>
  sharp(
    Buffer.from(
      Array.from({ length: 12 * 8 }, (_, i) => [i * 2, 255 - i * 2, (i * 7) % 256]).flat(),
    ),
    { raw: { width: 12, height: 8, channels: 3 } },
  );

const KINDS: [ImageType, (s: sharp.Sharp) => sharp.Sharp][] = [
  ["image/jpeg", (s) => s.jpeg({ quality: 90 })],
  ["image/png", (s) => s.png()],
  ["image/webp", (s) => s.webp({ lossless: true })],
  ["image/avif", (s) => s.avif({ lossless: true })],
];

const pixels = async (bytes: Uint8Array) =>
  (await sharp(bytes).rotate().raw().toBuffer({ resolveWithObject: true })).data;

describe("stripMetadata, read back by libvips", () => {
  it.each(KINDS)(
    "keeps a %s's pixels and orientation, and none of its GPS, camera or XMP",
    async (type, encode) => {
      const original = new Uint8Array(
        await encode(picture())
          .withExif(EXIF)
          .withXmp(XMP)
          .withMetadata({ orientation: 6 })
          .toBuffer(),
      );
      const before = await sharp(original).metadata();
      expect(before.exif).toBeDefined();
      expect(before.xmp).toBeDefined();

      const stripped = stripMetadata(original, type);
      const text = Buffer.from(stripped).toString("latin1");
      for (const secret of ["SecretPhoneCo", "Pocket 9", "GPSLatitude", "xmpmeta", "28.1234S"]) {
        expect(text, secret).not.toContain(secret);
      }
      const after = await sharp(stripped).metadata();
      expect(after.xmp).toBeUndefined();
      expect([after.width, after.height]).toEqual([before.width, before.height]);
      // Orientation: AVIF carries it as a property (irot), the others in the Exif kept for it.
      expect(after.orientation ?? 1).toBe(before.orientation ?? 1);
      if (type !== "image/avif") expect(before.orientation).toBe(6);
      // What Exif is left holds the orientation alone (the Exif header and one 12-byte entry).
      expect(after.exif?.length ?? 0).toBeLessThanOrEqual(type === "image/avif" ? 0 : 40);
      expect(Buffer.compare(await pixels(stripped), await pixels(original))).toBe(0);
      // AVIF's metadata is blanked where it lies, so that every offset in the file stays true.
      if (type === "image/avif") expect(stripped.length).toBe(original.length);
      else expect(stripped.length).toBeLessThan(original.length);
    },
  );

  it.each(KINDS)("leaves a %s without metadata as it decodes", async (type, encode) => {
    const original = new Uint8Array(await encode(picture()).toBuffer());
    const stripped = stripMetadata(original, type);
    expect(Buffer.compare(await pixels(stripped), await pixels(original))).toBe(0);
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
  });
});
