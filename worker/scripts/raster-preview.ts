// Node-only: turns a seed SVG into the raster link preview that crawlers (WhatsApp, Facebook, X)
// can draw, since none of them draws SVG. seedShop takes it as its `rasterize` hook; inside
// workerd (the Worker tests) sharp cannot run, so there the seed stores no previews.
import sharp from "sharp";
import { PREVIEW_IMAGE } from "../contracts/catalogue";

/** JPEG quality: smooth gradients without banding, 25-70 kB for the seed art (limit 300 kB). */
const QUALITY = 85;

/**
 * A PREVIEW_IMAGE-sized JPEG of `svg`: the whole picture (contain), as tall as the canvas and
 * centred, with its left and right edge columns carried out to the canvas sides, so the backdrop
 * continues instead of a letterbox. Any transparency is flattened onto the art's average colour.
 */
export async function rasterizePreview(svg: string): Promise<Uint8Array> {
  const { width, height } = PREVIEW_IMAGE;
  // Raw pixels between the steps: no PNG encode and decode in the middle.
  const art = await sharp(Buffer.from(svg))
    .resize({ width, height, fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: art.info.width, height: art.info.height, channels: 4 as const } };
  const { dominant } = await sharp(art.data, raw).stats();
  const side = Math.max(0, width - art.info.width);
  const left = Math.floor(side / 2);
  const jpeg = await sharp(art.data, raw)
    .flatten({ background: dominant })
    .extend({
      top: Math.floor((height - art.info.height) / 2),
      bottom: Math.ceil((height - art.info.height) / 2),
      left,
      right: side - left,
      extendWith: "copy",
    })
    .jpeg({ quality: QUALITY, chromaSubsampling: "4:2:0" })
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}
