// The seed's link previews (worker/scripts/raster-preview.ts). sharp runs in Node only, so this
// test sits in the web tier (vitest in Node) rather than with the Worker tests in workerd. It keeps
// the tier's happy-dom environment because setup.ts clears localStorage after every test, and
// Node's own environment has none; sharp loads the same under either.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PREVIEW_IMAGE } from "../../worker/contracts/catalogue";
import { rasterizePreview } from "../../worker/scripts/raster-preview";
import { productArt } from "../../worker/seed/artwork";
import { products } from "../../worker/seed/content/products";

/** A standing object, a hanging one, a busy flat one and an idol: different backdrops and edges. */
const SLUGS = [
  "hammered-copper-water-bottle-950ml",
  "seven-chakra-brass-wind-chime",
  "block-printed-mandala-cotton-tapestry",
  "narmada-shiva-lingam-brass-base",
];

const coverOf = (slug: string): string => {
  const product = products.find((p) => p.slug === slug);
  if (!product) throw new Error(`no seed product ${slug}`);
  return productArt({ kind: product.artwork, hue: product.hue, view: 0, label: product.name });
};

/** RGB pixels of an image, row by row. */
const rgb = async (image: sharp.Sharp) => {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  return { data, info, at };
};

const maxDiff = (a: number[], b: number[]) =>
  Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? 0))));

describe("rasterizePreview", () => {
  it.each(SLUGS)(
    "makes a 1200x630 JPEG of %s with the art whole and its backdrop carried on",
    async (slug) => {
      const svg = coverOf(slug);
      const jpeg = await rasterizePreview(svg);

      const meta = await sharp(jpeg).metadata();
      expect(meta.format).toBe("jpeg");
      expect([meta.width, meta.height]).toEqual([PREVIEW_IMAGE.width, PREVIEW_IMAGE.height]);
      expect(jpeg.byteLength).toBeLessThan(300_000);

      const { height, width } = PREVIEW_IMAGE;
      const side = (width - height) / 2;
      const preview = await rgb(sharp(jpeg));
      const art = await rgb(sharp(Buffer.from(svg)).resize(height, height));

      // The art, whole and 630 px tall, sits in the middle: pixel for pixel, give or take JPEG.
      const middle = await rgb(sharp(jpeg).extract({ left: side, top: 0, width: height, height }));
      let total = 0;
      for (let i = 0; i < art.data.length; i++)
        total += Math.abs((art.data[i] ?? 0) - (middle.data[i] ?? 0));
      expect(total / art.data.length).toBeLessThan(4);

      // The sides continue the art's own edge colour (no black or white letterbox bands).
      for (const y of [0, Math.floor(height / 2), height - 1]) {
        const leftCorner = preview.at(0, y);
        const rightCorner = preview.at(width - 1, y);
        expect(maxDiff(leftCorner, art.at(0, y)), `left at y=${y}`).toBeLessThan(16);
        expect(maxDiff(rightCorner, art.at(height - 1, y)), `right at y=${y}`).toBeLessThan(16);
        expect(Math.max(...leftCorner), `left at y=${y} is not black`).toBeGreaterThan(64);
      }
    },
  );
});
