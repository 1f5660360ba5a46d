// Things that hang on a wall or from a hook: wind chime, wall hanging, mandala plate.
import {
  blend,
  brass,
  COLORS,
  type Ctx,
  copper,
  diamond,
  intBetween,
  type KindArt,
  linear,
  mix,
  n,
  rot,
} from "./core";

function wood(ctx: Ctx): string {
  return linear(
    ctx,
    "wood",
    [
      [0, "#C99466"],
      [0.45, "#9A6438"],
      [1, "#5E3418"],
    ],
    "0 0 0 1",
  );
}

/** Closed petal outline from radius rin to rout, rotated by deg about (0, 0). */
function petal(rin: number, rout: number, w: number, deg: number): string {
  const len = rout - rin;
  const pts: [number, number][] = [
    [0, -rin],
    [w, -(rin + len * 0.3)],
    [w * 0.45, -(rout - len * 0.12)],
    [0, -rout],
    [-w * 0.45, -(rout - len * 0.12)],
    [-w, -(rin + len * 0.3)],
    [0, -rin],
  ];
  const r = pts.map(([x, y]) => rot(x, y, 0, 0, deg).map((v) => Math.round(v)));
  // Relative curves keep the numbers short: many petals share one path.
  const rel = (i: number, from: number): string =>
    `${(r[i]?.[0] ?? 0) - (r[from]?.[0] ?? 0)} ${(r[i]?.[1] ?? 0) - (r[from]?.[1] ?? 0)}`;
  const first = `c${rel(1, 0)} ${rel(2, 0)} ${rel(3, 0)}`;
  return `M${r[0]?.join(" ")}${first}c${rel(4, 3)} ${rel(5, 3)} ${rel(6, 3)}z`;
}

export function petalRing(count: number, rin: number, rout: number, w: number, offset = 0): string {
  let d = "";
  for (let i = 0; i < count; i++) d += petal(rin, rout, w, offset + (360 * i) / count);
  return d;
}

export function dotRing(count: number, r: number, size: number, offset = 0): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const [x, y] = rot(0, -r, 0, 0, offset + (360 * i) / count);
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${size}"/>`;
  }
  return out;
}

const windChime: KindArt = {
  hanging: true,
  focus: [420, 520, 1.7],
  draw(ctx) {
    const { rng, pal } = ctx;
    const count = intBetween(rng, 5, 7);
    const metal = rng() < 0.5 ? copper(ctx) : brass(ctx);
    const arch = rng() < 0.5;
    const spacing = 260 / (count - 1);
    let strings = "";
    let tubes = "";
    for (let i = 0; i < count; i++) {
      const x = 270 + i * spacing;
      const t = i / (count - 1);
      const len =
        (arch ? 330 - 170 * Math.abs(t - 0.5) * 2 : 340 - 170 * t) + intBetween(rng, -8, 8);
      strings += `M${n(x)} 166V206`;
      tubes +=
        `<rect x="${n(x - 12)}" y="204" width="24" height="${len}" rx="6" fill="${metal}"/>` +
        `<rect x="${n(x - 6)}" y="214" width="3.5" height="${len - 24}" rx="1.5" fill="#FFF6E0" ` +
        `opacity="0.6"/>` +
        `<ellipse cx="${n(x)}" cy="206" rx="12" ry="3.5" fill="#3A1A08"/>`;
    }
    const sailFill = blend(ctx, "sail", pal.accentLight, pal.accentDark, "0 0 1 1");
    const shape = intBetween(rng, 0, 2);
    const sail = [
      "M400 560C470 610 476 690 400 750C324 690 330 610 400 560Z",
      "M400 560A80 80 0 1 1 399.9 560Z",
      "M400 560L460 580L470 740H330L340 580Z",
    ][shape];
    const cy = shape === 1 ? 640 : 660;
    return (
      `<path d="M400 -200V60M400 60L266 150M400 60L534 150M400 60V140" stroke="#5A3A28" ` +
      `stroke-width="3" fill="none"/>` +
      `<path d="${strings}M400 166V560" stroke="#5A3A28" stroke-width="2"/>` +
      `<ellipse cx="400" cy="166" rx="142" ry="22" fill="#5E3418"/>` +
      `<rect x="258" y="150" width="284" height="16" fill="${wood(ctx)}"/>` +
      `<ellipse cx="400" cy="150" rx="142" ry="22" fill="#C99466"/>` +
      `<ellipse cx="400" cy="150" rx="104" ry="14" fill="none" stroke="${pal.accent}" ` +
      `stroke-width="5"/>` +
      tubes +
      `<ellipse cx="400" cy="462" rx="46" ry="10" fill="#5E3418"/>` +
      `<rect x="354" y="452" width="92" height="10" fill="${wood(ctx)}"/>` +
      `<ellipse cx="400" cy="452" rx="46" ry="10" fill="#C99466"/>` +
      `<path d="${sail}" fill="${sailFill}" stroke="#F4C430" stroke-width="4"/>` +
      `<g transform="translate(400 ${cy})"><path d="${petalRing(8, 8, 40, 11)}" fill="#F4C430"/>` +
      `<circle r="12" fill="${COLORS.cream}"/><circle r="5" fill="${pal.accentDark}"/></g>`
    );
  },
};

const wallHanging: KindArt = {
  hanging: true,
  focus: [400, 330, 2],
  draw(ctx) {
    const { rng, pal } = ctx;
    const panel = "M262 172H538V540L400 640L262 540Z";
    const swap = rng() < 0.5;
    const a = swap ? "#7A2E3A" : pal.accent;
    const b = swap ? pal.accent : "#4A1C2B";
    const weave = ctx.def(
      "weave",
      (id) =>
        `<pattern id="${id}" width="10" height="10" patternUnits="userSpaceOnUse">` +
        `<path d="M0 5h10M5 0v5" stroke="#C9AE86" stroke-width="1" opacity="0.6"/></pattern>`,
    );
    const cl = ctx.def("panel", (id) => `<clipPath id="${id}"><path d="${panel}"/></clipPath>`);
    let teeth = "M262 186";
    for (let x = 262; x < 538; x += 23) teeth += "l11.5 22l11.5 -22";
    teeth += "V186Z";
    const dCount = intBetween(rng, 4, 6);
    let dia = "";
    let diaIn = "";
    const step = 276 / dCount;
    for (let i = 0; i < dCount; i++) {
      const x = 262 + step * (i + 0.5);
      const h = step * 0.46;
      dia += diamond(x, 290, h, h * 1.4);
      diaIn += diamond(x, 290, h / 2, h * 0.7);
    }
    let zig = "M262 360";
    for (let x = 262; x < 538; x += 30) zig += "l15 -14l15 14";
    const petals = intBetween(rng, 6, 10);
    let chev = "";
    for (let k = 1; k <= 3; k++)
      chev += `M250 ${540 - 34 * k}L400 ${640 - 34 * k}L550 ${540 - 34 * k}`;
    let fringe = "";
    let accentFringe = "";
    for (let i = 0; i <= 22; i++) {
      const t = i / 22;
      const len = 130 + intBetween(rng, -10, 14);
      const left = `M${n(264 + 136 * t)} ${n(540 + 100 * t)}v${len}`;
      const right = `M${n(536 - 136 * t)} ${n(540 + 100 * t)}v${len}`;
      if (i % 5 === 2) accentFringe += left + right;
      else fringe += left + right;
    }
    const tassel = (x: number): string =>
      `<path d="M${x} 172V250" stroke="${a}" stroke-width="3"/>` +
      `<path d="M${x - 6} 250h12l6 56h-24z" fill="${a}"/><circle cx="${x}" cy="250" r="7" ` +
      `fill="#F4C430"/>`;
    return (
      `<path d="M400 70L236 160M400 70L564 160" stroke="#6B4A32" stroke-width="3"/>` +
      `<circle cx="400" cy="70" r="7" fill="#8C6A4A"/>` +
      `<path d="${fringe}" stroke="#EAD3AE" stroke-width="5" stroke-linecap="round"/>` +
      `<path d="${accentFringe}" stroke="${a}" stroke-width="5" stroke-linecap="round"/>` +
      `<path d="${panel}" fill="#F6E6C8"/>` +
      `<g clip-path="${cl}"><rect x="262" y="172" width="276" height="470" fill="${weave}"/>` +
      `<path d="${teeth}" fill="${a}"/>` +
      `<path d="M262 224H538M262 228H538" stroke="${b}" stroke-width="3"/>` +
      `<path d="${dia}" fill="${a}"/><path d="${diaIn}" fill="#F4A300"/>` +
      `<path d="${zig}" fill="none" stroke="#F4A300" stroke-width="6"/>` +
      `<path d="${chev}" fill="none" stroke="${b}" stroke-width="10"/>` +
      `<path d="M262 540L400 640L538 540" fill="none" stroke="#D9A441" stroke-width="8"/></g>` +
      `<g transform="translate(400 438)"><circle r="58" fill="${b}"/>` +
      `<path d="${petalRing(petals, 14, 52, 14)}" fill="#F4A300"/>` +
      `<circle r="16" fill="#F6E6C8"/><circle r="7" fill="${a}"/></g>` +
      tassel(236) +
      tassel(564) +
      `<rect x="212" y="150" width="376" height="24" rx="12" fill="${wood(ctx)}"/>` +
      `<circle cx="212" cy="162" r="15" fill="#6A3E20"/><circle cx="588" cy="162" r="15" ` +
      `fill="#6A3E20"/>`
    );
  },
};

const mandala: KindArt = {
  hanging: true,
  focus: [470, 320, 2],
  draw(ctx) {
    const { rng, pal } = ctx;
    const dark = rng() < 0.5;
    const ground = dark ? "#3A1626" : "#FFF1DC";
    const outer = [16, 20, 24][intBetween(rng, 0, 2)] ?? 20;
    const mid = outer / 2;
    const inner = intBetween(rng, 6, 10);
    const w1 = (Math.PI * 2 * 225) / outer / 1.05;
    const w2 = (Math.PI * 2 * 150) / mid / 1.15;
    const ring = dark ? "#F4C430" : "#8C4A22";
    return (
      `<circle cx="400" cy="400" r="304" fill="${copper(ctx)}"/>` +
      `<circle cx="400" cy="400" r="284" fill="${ground}"/>` +
      `<g transform="translate(400 400)">` +
      `<circle r="190" fill="${mix(ground, pal.accentLight, dark ? 0.2 : 0.3)}"/>` +
      `<path d="${petalRing(outer, 192, 272, w1)}" fill="${pal.accent}"/>` +
      `<path d="${petalRing(outer, 205, 250, w1 * 0.45)}" ` +
      `fill="${dark ? "#F7E7CE" : "#F4C430"}"/>` +
      `<g fill="#F4A300">${dotRing(outer, 272, 5, 180 / outer)}</g>` +
      `<circle r="190" fill="none" stroke="${ring}" stroke-width="4"/>` +
      `<path d="${petalRing(mid, 104, 190, w2, 180 / mid)}" fill="#F4A300"/>` +
      `<path d="${petalRing(mid, 118, 168, w2 * 0.45, 180 / mid)}" fill="${pal.accentDark}"/>` +
      `<path d="${petalRing(mid, 100, 186, w2 * 0.42)}" fill="${COLORS.copperLight}"/>` +
      `<g fill="${ring}">${dotRing(mid * 2, 96, 4)}</g>` +
      `<circle r="88" fill="${dark ? "#4A1C2B" : "#F7E7CE"}"/>` +
      `<path d="${petalRing(inner, 30, 84, 20)}" fill="${pal.accentLight}"/>` +
      `<path d="${petalRing(inner, 40, 70, 8)}" fill="${pal.accentDark}"/>` +
      `<circle r="34" fill="#F4A300"/><circle r="20" fill="${pal.accent}"/>` +
      `<circle r="8" fill="#FFF6E8"/></g>` +
      `<circle cx="400" cy="400" r="294" fill="none" stroke="#F2B483" stroke-width="3" ` +
      `opacity="0.7"/>`
    );
  },
};

export const hanging = {
  "wind-chime": windChime,
  "wall-hanging": wallHanging,
  mandala,
} satisfies Record<string, KindArt>;
