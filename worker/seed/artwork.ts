// Generated SVG illustrations for products, categories and blog covers (no photos, no fonts).
// Pure and deterministic: the same arguments always give the same document.
import { Ctx, type KindArt, makeRng, palette } from "./art/core";
import { hanging } from "./art/hanging";
import { sacred } from "./art/sacred";
import { cover, detail, lifestyle, studioShot, svgDocument, tile } from "./art/scenes";
import { vessels } from "./art/vessels";
import type { ArtworkKind } from "./types";

const KINDS: Record<ArtworkKind, KindArt> = { ...vessels, ...hanging, ...sacred };

export interface ProductArtOptions {
  kind: ArtworkKind;
  hue: number;
  view: 0 | 1 | 2;
  /** Becomes the SVG <title> and also seeds the shape, so same-kind, same-hue products differ. */
  label?: string;
}

function context(kind: ArtworkKind, hue: number, view: number, label = ""): Ctx {
  const h = Math.round(((hue % 360) + 360) % 360);
  return new Ctx(
    makeRng(`${kind}|${h}|${label}`),
    makeRng(`${kind}|${h}|${label}|${view}`),
    palette(h),
  );
}

/**
 * 800x800 product picture. view 0 = the product centred on a soft studio backdrop; view 1 = the
 * product in a small scene (on a shelf or wall, with a plant and a glow); view 2 = a detail crop.
 */
export function productArt(o: ProductArtOptions): string {
  const ctx = context(o.kind, o.hue, o.view, o.label);
  const art = KINDS[o.kind];
  const body =
    o.view === 0 ? studioShot(ctx, art) : o.view === 1 ? lifestyle(ctx, art) : detail(ctx, art);
  return svgDocument(ctx, 800, 800, body, o.label);
}

/** 600x600 square tile for a category. */
export function categoryArt(kind: ArtworkKind, hue: number): string {
  const ctx = context(kind, hue, 3);
  return svgDocument(ctx, 600, 600, tile(ctx, KINDS[kind]));
}

/** 1200x675 blog cover. */
export function coverArt(kind: ArtworkKind, hue: number): string {
  const ctx = context(kind, hue, 4);
  return svgDocument(ctx, 1200, 675, cover(ctx, KINDS[kind]));
}
