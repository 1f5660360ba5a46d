// Shared plumbing for the generated SVG illustrations: PRNG, colours, defs registry, shadows.

/** Deterministic 32-bit PRNG (mulberry32) returning floats in [0, 1). */
export type Rng = () => number;

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function makeRng(seed: string): Rng {
  let a = hashString(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(rng: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rng();
}

export function intBetween(rng: Rng, lo: number, hi: number): number {
  return Math.floor(between(rng, lo, hi + 1));
}

/** Rounds to one decimal so coordinates stay short. */
export function n(x: number): string {
  return String(Math.round(x * 10) / 10);
}

function hex2(v: number): string {
  return Math.round(Math.max(0, Math.min(255, v)))
    .toString(16)
    .padStart(2, "0");
}

/** HSL (degrees, percent, percent) to #rrggbb. */
export function hsl(h: number, s: number, l: number): string {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = s / 100;
  const ll = l / 100;
  const q = ll < 0.5 ? ll * (1 + ss) : ll + ss - ll * ss;
  const p = 2 * ll - q;
  const ch = (t: number): number => {
    let u = t;
    if (u < 0) u += 1;
    if (u > 1) u -= 1;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return `#${hex2(ch(hh + 1 / 3) * 255)}${hex2(ch(hh) * 255)}${hex2(ch(hh - 1 / 3) * 255)}`;
}

/** Linear blend of two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => Number.parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => Number.parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => hex2(v + ((pb[i] ?? v) - v) * t)).join("")}`;
}

export interface Palette {
  accent: string;
  accentLight: string;
  accentDark: string;
  /** Backdrop wash: cream nudged towards the hue. */
  tint: string;
  tintDeep: string;
}

export const COLORS = {
  copper: "#B87333",
  copperDark: "#8C4A22",
  copperLight: "#D99058",
  saffron: "#F4A300",
  saffronLight: "#F4C430",
  maroon: "#4A1C2B",
  aubergine: "#2B1320",
  cream: "#FFF6E8",
  sand: "#F7E7CE",
  wood: "#8A5A35",
  leaf: "#5F8A45",
} as const;

/**
 * Warm hues (reds, oranges, golds) keep full strength; pinks and purples are pulled towards
 * plum and cool hues are muted, so every accent sits quietly beside copper. The backdrop only
 * takes a hint of a cool hue so it stays cream.
 */
export function palette(hue: number): Palette {
  const h = ((hue % 360) + 360) % 360;
  const warm = h <= 65 || h >= 345;
  const plum = h >= 285 && h < 345;
  const s = warm ? 60 : plum ? 42 : 32;
  const l = plum ? 38 : h >= 35 && h <= 65 ? 47 : 42;
  const wash = warm ? 0.28 : 0.12;
  return {
    accent: hsl(h, s, l),
    accentLight: hsl(h, s + 8, l + 20),
    accentDark: hsl(h, s, l - 17),
    tint: mix(COLORS.cream, hsl(h, 55, 80), wash),
    tintDeep: mix(COLORS.sand, hsl(h, 45, 62), wash + 0.02),
  };
}

/** Per-document drawing context; defs are registered once by name so ids stay unique. */
export class Ctx {
  private readonly defs = new Map<string, string>();
  /** Shape variation: seeded by kind + hue so a product's views show the same object. */
  readonly rng: Rng;
  /** Scene variation: seeded by kind + hue + view. */
  readonly scene: Rng;
  readonly pal: Palette;

  constructor(rng: Rng, scene: Rng, pal: Palette) {
    this.rng = rng;
    this.scene = scene;
    this.pal = pal;
  }

  /** Registers a def under `name` (body is built with the final id) and returns `url(#id)`. */
  def(name: string, body: (id: string) => string): string {
    const id = `a-${name}`;
    if (!this.defs.has(id)) this.defs.set(id, body(id));
    return `url(#${id})`;
  }

  defsMarkup(): string {
    return this.defs.size ? `<defs>${[...this.defs.values()].join("")}</defs>` : "";
  }
}

export type Stop = [offset: number, color: string, opacity?: number];

function stops(list: Stop[]): string {
  return list
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`,
    )
    .join("");
}

/** Linear gradient in bounding-box units; direction from (x1,y1) to (x2,y2). */
export function linear(ctx: Ctx, name: string, list: Stop[], dir = "0 0 1 0"): string {
  const [x1, y1, x2, y2] = dir.split(" ");
  return ctx.def(
    name,
    (id) =>
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
      `${stops(list)}</linearGradient>`,
  );
}

/** A linear gradient from one colour to another. */
export const blend = (ctx: Ctx, name: string, from: string, to: string, dir?: string) =>
  linear(
    ctx,
    name,
    [
      [0, from],
      [1, to],
    ],
    dir,
  );

/** One colour whose opacity changes along the way: each stop is [offset, opacity]. */
export const fade = (
  ctx: Ctx,
  name: string,
  color: string,
  list: [offset: number, opacity: number][],
  dir?: string,
) =>
  linear(
    ctx,
    name,
    list.map(([o, a]): Stop => [o, color, a]),
    dir,
  );

/** The shelf's and table's varnished wood: light above, dark below, a dark grain band between. */
export const furnitureWood = (ctx: Ctx, name: string, [from, to]: [number, number]) =>
  linear(
    ctx,
    name,
    [
      [0, "#D2A574"],
      [from, "#B98A5E"],
      [to, "#8A5A35"],
      [1, "#5E3418"],
    ],
    "0 0 0 1",
  );

/** Radial gradient in bounding-box units, optional focal point. */
export function radial(
  ctx: Ctx,
  name: string,
  list: Stop[],
  at = "0.5 0.5 0.5",
  focal = "",
): string {
  const [cx, cy, r] = at.split(" ");
  const [fx, fy] = focal ? focal.split(" ") : [cx, cy];
  return ctx.def(
    name,
    (id) =>
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">` +
      `${stops(list)}</radialGradient>`,
  );
}

export function blur(ctx: Ctx, sd: number): string {
  return ctx.def(
    `blur${sd}`,
    (id) =>
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%">` +
      `<feGaussianBlur stdDeviation="${sd}"/></filter>`,
  );
}

/** Soft drop shadow cast onto a wall, for hanging objects. */
export function dropShadow(ctx: Ctx): string {
  return ctx.def(
    "drop",
    (id) =>
      `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%">` +
      `<feGaussianBlur in="SourceAlpha" stdDeviation="9"/><feOffset dx="10" dy="16"/>` +
      `<feComponentTransfer><feFuncA type="linear" slope="0.28"/></feComponentTransfer>` +
      `<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
  );
}

/** Blurred contact shadow on the floor. */
export function floorShadow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number): string {
  return (
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#3A1A10" ` +
    `opacity="0.32" filter="${blur(ctx, 10)}"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy - ry * 0.15)}" rx="${n(rx * 0.7)}" ry="${n(ry * 0.45)}" ` +
    `fill="#2A1008" opacity="0.35" filter="${blur(ctx, 4)}"/>`
  );
}

export function copper(ctx: Ctx): string {
  return linear(ctx, "copper", [
    [0, "#4F240E"],
    [0.16, "#8C4A22"],
    [0.34, "#C47D45"],
    [0.44, "#F2B483"],
    [0.56, "#C98348"],
    [0.8, "#8C4A22"],
    [1, "#4A210C"],
  ]);
}

export function brass(ctx: Ctx): string {
  return linear(ctx, "brass", [
    [0, "#5C3D0E"],
    [0.18, "#9C7223"],
    [0.38, "#D9AE4E"],
    [0.48, "#F8E2A0"],
    [0.6, "#CF9F3E"],
    [0.84, "#8A6119"],
    [1, "#4E330B"],
  ]);
}

/** Vertical gloss stripe used on metal bodies. */
export function gloss(ctx: Ctx): string {
  return fade(
    ctx,
    "gloss",
    "#FFFFFF",
    [
      [0, 0],
      [0.3, 0.5],
      [0.7, 0.35],
      [1, 0],
    ],
    "0 0 0 1",
  );
}

/** Hammered-metal texture: a hex tiling of shaded dimples filling a box (caller clips it). */
export function dimples(ctx: Ctx, x: number, y: number, w: number, h: number, size = 10): string {
  const fill = radial(
    ctx,
    "dimple",
    [
      [0, "#FFE6C8", 0.5],
      [0.55, "#D08A50", 0],
      [0.9, "#3C1A08", 0.2],
      [1, "#3C1A08", 0.3],
    ],
    "0.5 0.5 0.55",
    "0.32 0.28",
  );
  const sx = size * 2;
  const sy = size * 1.7;
  // Four dimple classes; each keeps its own jitter wherever the tile repeats it.
  const classes = [0, 1, 2, 3].map(() => ({
    r: size * between(ctx.rng, 0.85, 1.12),
    dx: between(ctx.rng, -2, 2) * (size / 10),
    dy: between(ctx.rng, -2, 2) * (size / 10),
  }));
  const at: [number, number, number][] = [
    [0, 0, 0],
    [2 * sx, 0, 0],
    [0, 2 * sy, 0],
    [2 * sx, 2 * sy, 0],
    [sx, 0, 1],
    [sx, 2 * sy, 1],
    [sx / 2, sy, 2],
    [1.5 * sx, sy, 3],
  ];
  const dots = at
    .map(([px, py, c]) => {
      const k = classes[c] ?? { r: size, dx: 0, dy: 0 };
      return (
        `<ellipse cx="${n(px + k.dx)}" cy="${n(py + k.dy)}" ` +
        `rx="${n(k.r)}" ry="${n(k.r * 0.85)}"/>`
      );
    })
    .join("");
  const pattern = ctx.def(
    `hammer${Math.round(size * 10)}`,
    (id) =>
      `<pattern id="${id}" width="${n(2 * sx)}" height="${n(2 * sy)}" ` +
      `patternUnits="userSpaceOnUse" x="${n(x)}" y="${n(y)}">` +
      `<g fill="${fill}">${dots}</g></pattern>`,
  );
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${pattern}" ` +
    `opacity="0.6"/>`
  );
}

/** Diamond path centred on (x, y) with half-width hw and half-height hh. */
export function diamond(x: number, y: number, hw: number, hh: number): string {
  return `M${n(x)} ${n(y - hh)}l${n(hw)} ${n(hh)}l${n(-hw)} ${n(hh)}l${n(-hw)} ${n(-hh)}z`;
}

export function clip(ctx: Ctx, name: string, shape: string): string {
  return ctx.def(name, (id) => `<clipPath id="${id}">${shape}</clipPath>`);
}

/** Rotates point (x, y) about (cx, cy) by deg. */
export function rot(x: number, y: number, cx: number, cy: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  const dx = x - cx;
  const dy = y - cy;
  return [cx + dx * Math.cos(a) - dy * Math.sin(a), cy + dx * Math.sin(a) + dy * Math.cos(a)];
}

/** One picture family: draws its object in an 800 x 800 space; standing objects rest on y = 684. */
export interface KindArt {
  /** Hangs from above (drawn from y < 0) instead of standing on a surface. */
  hanging: boolean;
  /** Detail crop: centre x, centre y and zoom in the 800 x 800 drawing space. */
  focus: [number, number, number];
  /** Enlarges a low, wide object about its base point (400, 684) so it fills the frame. */
  zoom?: number;
  /** `flourish` adds scene extras (sound rings, petals) for lifestyle views. */
  draw(ctx: Ctx, flourish: boolean): string;
}
