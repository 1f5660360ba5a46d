// Backdrops and framing: studio shot, lifestyle scene, detail crop, category tile, blog cover.
import {
  between,
  blend,
  blur,
  COLORS,
  type Ctx,
  dropShadow,
  furnitureWood,
  intBetween,
  type KindArt,
  linear,
  mix,
  n,
  radial,
} from "./core";
import { petalRing } from "./hanging";

export function svgDocument(ctx: Ctx, w: number, h: number, body: string, title?: string): string {
  const t = title
    ? `<title>${title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</title>`
    : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    `${t}${ctx.defsMarkup()}${body}</svg>`
  );
}

function object(ctx: Ctx, art: KindArt, flourish: boolean, transform = ""): string {
  const drop = art.hanging ? ` filter="${dropShadow(ctx)}"` : "";
  const z = art.zoom;
  const tr = transform ? ` transform="${transform}"` : "";
  const zoom = z
    ? ` transform="translate(${n(400 - 400 * z)} ${n(684 - 684 * z)}) scale(${z})"`
    : "";
  return `<g${tr}><g${zoom}${drop}>${art.draw(ctx, flourish)}</g></g>`;
}

function studio(ctx: Ctx, w: number, h: number, floorY: number | null): string {
  const { pal } = ctx;
  const bg = radial(
    ctx,
    "studio",
    [
      [0, "#FFFCF6"],
      [0.55, pal.tint],
      [1, pal.tintDeep],
    ],
    "0.5 0.4 0.8",
  );
  let out = `<rect width="${w}" height="${h}" fill="${bg}"/>`;
  if (floorY !== null) {
    const floor = linear(
      ctx,
      "floor",
      [
        [0, pal.tintDeep, 0],
        [0.3, mix(pal.tintDeep, "#B08660", 0.25), 0.7],
        [1, mix(pal.tintDeep, "#8A6040", 0.35), 0.9],
      ],
      "0 0 0 1",
    );
    out += `<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="${floor}"/>`;
  }
  return out;
}

/** Potted plant standing on y = base. */
function plant(ctx: Ctx, x: number, base: number, s: number): string {
  const rng = ctx.scene;
  const p = (dx: number, dy: number): string => `${n(x + dx * s)} ${n(base + dy * s)}`;
  const greens = ["#5F8A45", "#7FA35A", "#4E7438", "#6C9A4C"];
  let leaves = "";
  const count = intBetween(rng, 6, 9);
  for (let i = 0; i < count; i++) {
    const a = (-75 + (150 * i) / (count - 1) + between(rng, -8, 8)) * (Math.PI / 180);
    const len = between(rng, 110, 170);
    const tx = Math.sin(a) * len;
    const ty = -96 - Math.cos(a) * len;
    const nx = -Math.cos(a) * 26;
    const ny = -Math.sin(a) * 26;
    const mx = tx * 0.5;
    const my = (ty - 96) * 0.5;
    leaves +=
      `<path d="M${p(0, -92)}Q${p(mx + nx, my + ny)} ${p(tx, ty)}Q${p(mx - nx, my - ny)} ` +
      `${p(0, -92)}Z" fill="${greens[i % greens.length]}"/>`;
  }
  return (
    `<ellipse cx="${n(x)}" cy="${n(base)}" rx="${n(60 * s)}" ry="${n(9 * s)}" fill="#3A1A10" ` +
    `opacity="0.25" filter="${blur(ctx, 5)}"/>` +
    leaves +
    `<path d="M${p(-46, -96)}L${p(-36, 0)}H${n(x + 36 * s)}L${p(46, -96)}Z" fill="#B8663A"/>` +
    `<rect x="${n(x - 52 * s)}" y="${n(base - 108 * s)}" width="${n(104 * s)}" ` +
    `height="${n(20 * s)}" rx="${n(4 * s)}" fill="#C97A48"/>` +
    `<path d="M${p(-40, -60)}H${n(x + 40 * s)}" stroke="${ctx.pal.accent}" ` +
    `stroke-width="${n(8 * s)}"/>`
  );
}

function arch(x: number, top: number, halfW: number, bottom: number): string {
  return (
    `M${n(x - halfW)} ${n(bottom)}V${n(top + halfW)}A${n(halfW)} ${n(halfW)} 0 0 1 ` +
    `${n(x + halfW)} ${n(top + halfW)}V${n(bottom)}Z`
  );
}

function warmGlow(ctx: Ctx): string {
  return radial(ctx, "warmGlow", [
    [0, "#FFE3A8", 0.7],
    [1, "#FFE3A8", 0],
  ]);
}

export function studioShot(ctx: Ctx, art: KindArt): string {
  return studio(ctx, 800, 800, art.hanging ? null : 560) + object(ctx, art, false);
}

export function lifestyle(ctx: Ctx, art: KindArt): string {
  const { pal, scene } = ctx;
  const left = scene() < 0.5;
  const ox = left ? 470 : 330;
  const px = left ? 150 : 650;
  const wall = blend(ctx, "wall", mix(pal.tint, "#FFFFFF", 0.3), pal.tintDeep, "0 0 0 1");
  const windowFill = blend(ctx, "window", "#FFFDF7", mix(pal.tint, "#FFFFFF", 0.4), "0 0 0 1");
  let out =
    `<rect width="800" height="800" fill="${wall}"/>` +
    `<path d="${arch(ox, 70, 190, 800)}" fill="${windowFill}" stroke="${COLORS.copperLight}" ` +
    `stroke-width="5" opacity="0.9"/>` +
    `<circle cx="${ox}" cy="420" r="300" fill="${warmGlow(ctx)}"/>`;
  if (art.hanging) {
    out +=
      `<rect y="730" width="800" height="70" fill="${mix(pal.tintDeep, "#8A6040", 0.3)}"/>` +
      object(ctx, art, true, `translate(${ox - 320} 30) scale(0.8)`) +
      plant(ctx, px, 770, 1.05);
  } else {
    const wood = furnitureWood(ctx, "shelf", [0.35, 0.4]);
    out +=
      `<rect y="648" width="800" height="80" fill="${wood}"/>` +
      `<rect y="728" width="800" height="72" fill="${mix(pal.tintDeep, "#5E3418", 0.35)}"/>` +
      `<rect y="728" width="800" height="16" fill="#2A1008" opacity="0.25"/>` +
      object(ctx, art, true, `translate(${n(ox - 296)} ${n(672 - 684 * 0.74)}) scale(0.74)`) +
      plant(ctx, px, 676, 0.95);
  }
  return out;
}

export function detail(ctx: Ctx, art: KindArt): string {
  const [fx, fy, s] = art.focus;
  const vignette = radial(ctx, "vignette", [
    [0.55, "#8C4A22", 0],
    [1, "#5A2A14", 0.16],
  ]);
  return (
    studio(ctx, 800, 800, null) +
    object(ctx, art, false, `translate(${n(400 - fx * s)} ${n(400 - fy * s)}) scale(${s})`) +
    `<rect width="800" height="800" fill="${vignette}"/>`
  );
}

export function tile(ctx: Ctx, art: KindArt): string {
  const { pal } = ctx;
  const bg = blend(ctx, "tileBg", COLORS.maroon, COLORS.aubergine, "0 0 1 1");
  const inner = radial(
    ctx,
    "tileIn",
    [
      [0, "#FFFCF6"],
      [0.6, pal.tint],
      [1, pal.tintDeep],
    ],
    "0.5 0.45 0.7",
  );
  const shape = arch(300, 44, 210, 566);
  const cl = ctx.def("tileClip", (id) => `<clipPath id="${id}"><path d="${shape}"/></clipPath>`);
  const floor = art.hanging
    ? ""
    : `<rect x="90" y="480" width="420" height="90" fill="${mix(pal.tintDeep, "#B08660", 0.3)}"/>`;
  return (
    `<rect width="600" height="600" fill="${bg}"/>` +
    `<rect x="18" y="18" width="564" height="564" rx="10" fill="none" stroke="#F4C430" ` +
    `stroke-width="3" stroke-dasharray="1 9" stroke-linecap="round" opacity="0.6"/>` +
    `<path d="${shape}" fill="${inner}"/>` +
    `<g clip-path="${cl}">${floor}` +
    `<circle cx="300" cy="300" r="220" fill="${warmGlow(ctx)}"/>` +
    object(ctx, art, false, `translate(${art.hanging ? "68 80" : "72 100"}) scale(0.57)`) +
    `</g><path d="${shape}" fill="none" stroke="${COLORS.copperLight}" stroke-width="7"/>` +
    `<path d="M300 24l8 12-8 12-8-12z" fill="#F4C430"/>`
  );
}

export function cover(ctx: Ctx, art: KindArt): string {
  const { pal, scene } = ctx;
  const bg = linear(ctx, "coverBg", [
    [0, "#FFF9F0"],
    [0.5, pal.tint],
    [1, pal.tintDeep],
  ]);
  const sparkle = radial(ctx, "sparkle", [
    [0, "#FFD66B", 0.9],
    [1, "#FFD66B", 0],
  ]);
  let bokeh = "";
  for (let i = 0; i < 9; i++) {
    bokeh +=
      `<circle cx="${n(between(scene, 40, 1160))}" cy="${n(between(scene, 40, 520))}" ` +
      `r="${n(between(scene, 6, 22))}" opacity="${n(between(scene, 0.25, 0.6))}"/>`;
  }
  const deco =
    `<g transform="translate(250 330)" fill="none" stroke="${COLORS.copper}" opacity="0.22">` +
    `<circle r="250" stroke-width="3"/><circle r="236" stroke-width="1.5"/>` +
    `<circle r="160" stroke-width="2"/><circle r="70" stroke-width="2"/>` +
    `<path d="${petalRing(16, 160, 246, 30)}" stroke-width="2.5"/>` +
    `<path d="${petalRing(8, 70, 160, 34, 22.5)}" stroke-width="2.5"/>` +
    `<path d="${petalRing(8, 0, 70, 18)}" stroke-width="2"/></g>`;
  const archFill = radial(
    ctx,
    "coverArch",
    [
      [0, "#FFFDF8"],
      [1, mix(pal.tint, "#FFFFFF", 0.2)],
    ],
    "0.5 0.45 0.7",
  );
  let out =
    `<rect width="1200" height="675" fill="${bg}"/>${deco}` +
    `<g fill="${sparkle}">${bokeh}</g>` +
    `<path d="${arch(820, 30, 230, 675)}" fill="${archFill}" stroke="${COLORS.copperLight}" ` +
    `stroke-width="6"/>` +
    `<circle cx="820" cy="330" r="300" fill="${warmGlow(ctx)}"/>`;
  if (art.hanging) {
    out +=
      `<rect y="630" width="1200" height="45" fill="${mix(pal.tintDeep, "#8A6040", 0.3)}"/>` +
      object(ctx, art, true, "translate(508 20) scale(0.78)") +
      plant(ctx, 1110, 660, 1);
  } else {
    const wood = furnitureWood(ctx, "table", [0.3, 0.34]);
    out +=
      `<rect y="560" width="1200" height="115" fill="${wood}"/>` +
      object(ctx, art, true, `translate(500 ${n(588 - 684 * 0.8)}) scale(0.8)`) +
      plant(ctx, 1110, 588, 0.9);
  }
  return out;
}
