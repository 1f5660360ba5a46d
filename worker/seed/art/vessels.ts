// Metal vessels: copper bottle, copper tumbler/jug, singing bowl, temple bell.
import {
  between,
  brass,
  type Ctx,
  clip,
  copper,
  diamond,
  dimples,
  fade,
  floorShadow,
  gloss,
  intBetween,
  type KindArt,
  linear,
  n,
  radial,
} from "./core";

function bronze(ctx: Ctx): string {
  return linear(ctx, "bronze", [
    [0, "#4A2E12"],
    [0.2, "#8A5C26"],
    [0.4, "#C89448"],
    [0.5, "#F0CF8A"],
    [0.62, "#C08A40"],
    [0.85, "#7A4E1E"],
    [1, "#42270C"],
  ]);
}

/** Darkens the lower part of a body so it reads as round. */
function bodyShade(ctx: Ctx): string {
  return fade(
    ctx,
    "bodyShade",
    "#2A1005",
    [
      [0, 0],
      [0.7, 0],
      [1, 0.35],
    ],
    "0 0 0 1",
  );
}

/** Small row of diamonds used on enamel bands. */
function diamonds(x0: number, x1: number, y: number, size: number, fill: string): string {
  let d = "";
  const step = size * 2.6;
  for (let x = x0 + step / 2; x < x1; x += step) {
    d += diamond(x, y, size, size);
  }
  return `<path d="${d}" fill="${fill}"/>`;
}

const bottle: KindArt = {
  hanging: false,
  focus: [410, 250, 1.9],
  zoom: 1.05,
  draw(ctx) {
    const { pal } = ctx;
    const body =
      "M318 300C318 250 352 234 352 198L352 186L448 186L448 198C448 234 482 250 482 300" +
      "L482 660Q482 684 458 684L342 684Q318 684 318 660Z";
    const cl = clip(ctx, "bottle", `<path d="${body}"/>`);
    const bandY = intBetween(ctx.rng, 400, 470);
    const band =
      ctx.rng() < 0.75
        ? `<rect x="310" y="${bandY}" width="180" height="58" fill="${pal.accent}"/>` +
          `<rect x="310" y="${bandY + 4}" width="180" height="3" fill="#F4C430"/>` +
          `<rect x="310" y="${bandY + 51}" width="180" height="3" fill="#F4C430"/>` +
          diamonds(318, 482, bandY + 29, 9, "#F7E7CE") +
          diamonds(318, 482, bandY + 29, 4, pal.accentDark)
        : `<path d="M318 ${bandY}h164M318 ${bandY + 10}h164M318 ${bandY + 60}h164" ` +
          `stroke="#5A2A10" stroke-width="3" opacity="0.5"/>`;
    const capTop = ctx.rng() < 0.5 ? "#E3A06A" : "#D9AE4E";
    return (
      floorShadow(ctx, 400, 684, 125, 18) +
      `<path d="${body}" fill="${copper(ctx)}"/>` +
      `<g clip-path="${cl}">${dimples(ctx, 312, 196, 176, 490, 13)}${band}` +
      `<rect x="300" y="180" width="200" height="510" fill="${bodyShade(ctx)}"/></g>` +
      `<rect x="344" y="222" width="28" height="440" rx="14" fill="${gloss(ctx)}" ` +
      `opacity="0.85"/>` +
      `<rect x="452" y="240" width="8" height="400" rx="4" fill="${gloss(ctx)}" opacity="0.35"/>` +
      `<rect x="348" y="176" width="104" height="16" rx="5" fill="#6E3616"/>` +
      `<rect x="344" y="92" width="112" height="90" rx="16" fill="${copper(ctx)}"/>` +
      `<path d="M348 116h104M348 128h104M348 140h104" stroke="#5A2A10" stroke-width="2" ` +
      `opacity="0.45"/>` +
      `<ellipse cx="400" cy="96" rx="52" ry="9" fill="${capTop}"/>` +
      `<rect x="362" y="104" width="12" height="70" rx="6" fill="${gloss(ctx)}" opacity="0.6"/>`
    );
  },
};

function tumblerShape(
  ctx: Ctx,
  name: string,
  cx: number,
  base: number,
  s: number,
  band: boolean,
): string {
  const top = base - 360 * s;
  const tw = 108 * s;
  const bw = 84 * s;
  const body =
    `M${n(cx - tw)} ${n(top)}L${n(cx - bw)} ${n(base)}A${n(bw)} ${n(16 * s)} 0 0 0 ${n(cx + bw)} ` +
    `${n(base)}L${n(cx + tw)} ${n(top)}A${n(tw)} ${n(24 * s)} 0 0 1 ${n(cx - tw)} ${n(top)}Z`;
  const cl = clip(ctx, name, `<path d="${body}"/>`);
  const inside = linear(
    ctx,
    "inside",
    [
      [0, "#D08A50"],
      [0.6, "#7A3C18"],
      [1, "#3A1806"],
    ],
    "0 0 0 1",
  );
  const by = top + 70 * s;
  const decor = band
    ? `<rect x="${n(cx - tw)}" y="${n(by)}" width="${n(tw * 2)}" height="${n(34 * s)}" ` +
      `fill="${ctx.pal.accent}"/>` +
      diamonds(cx - tw, cx + tw, by + 17 * s, 7 * s, "#F4C430")
    : `<path d="M${n(cx - tw)} ${n(by)}h${n(tw * 2)}` +
      `M${n(cx - tw)} ${n(by + 8 * s)}h${n(tw * 2)}" ` +
      `stroke="#5A2A10" stroke-width="2.5" opacity="0.45"/>`;
  return (
    floorShadow(ctx, cx, base + 4, 105 * s, 16 * s) +
    `<path d="${body}" fill="${copper(ctx)}"/>` +
    `<g clip-path="${cl}">${dimples(ctx, cx - tw, top, tw * 2, 360 * s, 12 * s)}${decor}` +
    `<rect x="${n(cx - tw)}" y="${n(top)}" width="${n(tw * 2)}" height="${n(380 * s)}" ` +
    `fill="${bodyShade(ctx)}"/></g>` +
    `<path d="M${n(cx - tw * 0.62)} ${n(top + 30 * s)}L${n(cx - bw * 0.55)} ${n(base - 14 * s)}" ` +
    `stroke="#FFF3E0" stroke-width="${n(14 * s)}" stroke-linecap="round" opacity="0.35"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(top)}" rx="${n(tw)}" ry="${n(24 * s)}" fill="${inside}"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(top)}" rx="${n(tw - 2)}" ry="${n(24 * s - 2)}" fill="none" ` +
    `stroke="#F6C192" stroke-width="${n(4 * s)}"/>`
  );
}

function jug(ctx: Ctx, cx: number): string {
  const p = (dx: number, y: number): string => `${n(cx + dx)} ${y}`;
  const body =
    `M${p(-140, 262)}C${p(-112, 272)} ${p(-84, 300)} ${p(-80, 332)}` +
    `C${p(-78, 384)} ${p(-124, 432)} ${p(-122, 520)}` +
    `C${p(-120, 610)} ${p(-96, 660)} ${p(-84, 676)}A84 14 0 0 0 ${p(84, 676)}` +
    `C${p(96, 660)} ${p(120, 610)} ${p(122, 520)}C${p(124, 432)} ${p(78, 384)} ${p(80, 332)}` +
    `C${p(82, 306)} ${p(88, 292)} ${p(92, 284)}A92 16 0 0 1 ${p(-92, 286)}Z`;
  const cl = clip(ctx, "jug", `<path d="${body}"/>`);
  return (
    floorShadow(ctx, cx, 680, 130, 18) +
    `<path d="M${p(82, 330)}C${p(180, 320)} ${p(186, 480)} ${p(112, 560)}" fill="none" ` +
    `stroke="#7A3C18" stroke-width="24" stroke-linecap="round"/>` +
    `<path d="M${p(88, 328)}C${p(170, 326)} ${p(174, 470)} ${p(114, 548)}" fill="none" ` +
    `stroke="#E7A572" stroke-width="5" stroke-linecap="round" opacity="0.6"/>` +
    `<path d="${body}" fill="${copper(ctx)}"/>` +
    `<g clip-path="${cl}">${dimples(ctx, cx - 130, 260, 260, 420, 13)}` +
    `<rect x="${n(cx - 130)}" y="${n(452)}" width="260" height="44" fill="${ctx.pal.accent}"/>` +
    diamonds(cx - 130, cx + 130, 474, 8, "#F4C430") +
    `<rect x="${n(cx - 140)}" y="250" width="280" height="440" fill="${bodyShade(ctx)}"/></g>` +
    `<rect x="${n(cx - 62)}" y="350" width="22" height="300" rx="11" fill="${gloss(ctx)}" ` +
    `opacity="0.6"/>` +
    `<ellipse cx="${n(cx)}" cy="285" rx="90" ry="15" fill="#4A210C"/>` +
    `<ellipse cx="${n(cx)}" cy="285" rx="90" ry="15" fill="none" stroke="#F6C192" ` +
    `stroke-width="4"/>`
  );
}

const tumbler: KindArt = {
  hanging: false,
  focus: [460, 420, 1.9],
  zoom: 1.1,
  draw(ctx) {
    const band = ctx.rng() < 0.6;
    if (ctx.rng() < 0.45) {
      return jug(ctx, 330) + tumblerShape(ctx, "tumb1", 575, 700, 0.62, band);
    }
    return (
      tumblerShape(ctx, "tumb0", 290, 640, 0.78, band) +
      tumblerShape(ctx, "tumb1", 470, 696, 1, band)
    );
  },
};

const singingBowl: KindArt = {
  hanging: false,
  focus: [420, 500, 1.8],
  zoom: 1.25,
  draw(ctx, flourish) {
    const { pal } = ctx;
    const cushion = linear(
      ctx,
      "cushion",
      [
        [0, pal.accentLight],
        [0.55, pal.accent],
        [1, pal.accentDark],
      ],
      "0 0 0 1",
    );
    const pillow =
      "M214 640C196 600 236 566 300 572L500 572C564 566 604 600 586 640" +
      "C604 690 564 716 500 708L300 708C236 716 196 690 214 640Z";
    const tassel = (x: number, y: number): string =>
      `<circle cx="${x}" cy="${y}" r="7" fill="#F4C430"/>` +
      `<path d="M${x - 7} ${y + 4}l-5 26h24l-5-26z" fill="#E09A1A"/>`;
    const bowlBody =
      "M228 450A172 38 0 0 0 572 450C570 548 500 616 400 618C300 616 230 548 228 450Z";
    const inner = linear(
      ctx,
      "bowlIn",
      [
        [0, "#2E1A08"],
        [0.7, "#7A5224"],
        [1, "#C89448"],
      ],
      "0 0 0 1",
    );
    let dots = "";
    const count = intBetween(ctx.rng, 18, 26);
    for (let i = 1; i < count; i++) {
      const a = Math.PI * (i / count);
      const x = n(400 - 160 * Math.cos(a));
      dots += `<circle cx="${x}" cy="${n(500 + 40 * Math.sin(a))}" r="3.2"/>`;
    }
    const malletAngle = between(ctx.rng, -14, -6);
    const waves = flourish
      ? `<g fill="none" stroke="#F4A300" stroke-width="3" opacity="0.45">` +
        `<path d="M190 380Q400 270 610 380"/><path d="M150 330Q400 190 650 330" opacity="0.6"/>` +
        `<path d="M110 280Q400 110 690 280" opacity="0.35"/></g>`
      : "";
    return (
      waves +
      floorShadow(ctx, 400, 706, 210, 22) +
      `<path d="${pillow}" fill="${cushion}"/>` +
      `<path d="M238 640C226 610 256 590 304 594L496 594C544 590 574 610 562 640` +
      `C574 676 544 692 496 688L304 688C256 692 226 676 238 640Z" fill="none" ` +
      `stroke="#F7E7CE" stroke-width="2.5" stroke-dasharray="8 7" opacity="0.7"/>` +
      tassel(218, 650) +
      tassel(582, 650) +
      `<ellipse cx="400" cy="610" rx="150" ry="22" fill="${pal.accentDark}" opacity="0.55"/>` +
      `<path d="${bowlBody}" fill="${bronze(ctx)}"/>` +
      `<path d="M236 480A166 40 0 0 0 564 480M248 528A150 40 0 0 0 552 528" fill="none" ` +
      `stroke="#5A3812" stroke-width="2.5" opacity="0.55"/>` +
      `<g fill="#5A3812" opacity="0.5">${dots}</g>` +
      `<path d="M300 470C300 530 330 580 372 600" stroke="#FFF5DC" stroke-width="12" fill="none" ` +
      `stroke-linecap="round" opacity="0.35"/>` +
      `<ellipse cx="400" cy="450" rx="172" ry="38" fill="${inner}"/>` +
      `<ellipse cx="400" cy="452" rx="164" ry="33" fill="none" stroke="#F5D98F" ` +
      `stroke-width="4"/>` +
      `<g transform="rotate(${n(malletAngle)} 600 700)">` +
      `<rect x="440" y="708" width="250" height="16" rx="8" fill="#A0703F"/>` +
      `<rect x="440" y="711" width="250" height="4" rx="2" fill="#D9A66A" opacity="0.7"/>` +
      `<rect x="420" y="702" width="78" height="28" rx="12" fill="#5E3324"/>` +
      `<rect x="426" y="706" width="66" height="6" rx="3" fill="#8A5A48"/></g>`
    );
  },
};

const bell: KindArt = {
  hanging: true,
  focus: [400, 470, 2],
  draw(ctx) {
    const { pal } = ctx;
    const rope = ctx.rng() < 0.5 ? pal.accent : "#9E2A2B";
    const body =
      "M346 190C318 190 300 214 298 262C294 360 284 440 252 516C240 544 228 556 222 566" +
      "A178 22 0 0 0 578 566C572 556 560 544 548 516C516 440 506 360 502 262" +
      "C500 214 482 190 454 190Z";
    const cl = clip(ctx, "bell", `<path d="${body}"/>`);
    const bands = intBetween(ctx.rng, 2, 3);
    let lines = "";
    for (let i = 0; i < bands; i++) {
      const y = 270 + i * 18;
      lines += `M280 ${y}Q400 ${y + 14} 520 ${y}`;
    }
    const patternY = intBetween(ctx.rng, 410, 450);
    const petals = radial(ctx, "bellGlow", [
      [0, "#FFF3C4", 0.9],
      [1, "#FFF3C4", 0],
    ]);
    return (
      `<path d="M400 560V626" stroke="#6B4A12" stroke-width="8"/>` +
      `<circle cx="400" cy="640" r="22" fill="${brass(ctx)}"/>` +
      `<path d="M400 -200V134" stroke="${rope}" stroke-width="16"/>` +
      `<path d="M400 -200V134" stroke="#FFFFFF" stroke-width="16" stroke-dasharray="4 10" ` +
      `opacity="0.25"/>` +
      `<circle cx="400" cy="150" r="24" fill="none" stroke="${brass(ctx)}" stroke-width="11"/>` +
      `<path d="M372 194Q400 160 428 194Z" fill="${brass(ctx)}"/>` +
      `<path d="${body}" fill="${brass(ctx)}"/>` +
      `<g clip-path="${cl}">` +
      `<path d="${lines}" fill="none" stroke="#6B4A12" stroke-width="3" opacity="0.6"/>` +
      `<rect x="220" y="${patternY}" width="360" height="36" fill="${pal.accent}" opacity="0.9"/>` +
      diamonds(220, 580, patternY + 18, 8, "#F8E2A0") +
      `<path d="M220 ${patternY}q180 14 360 0M220 ${patternY + 36}q180 14 360 0" ` +
      `stroke="#F8E2A0" stroke-width="3" fill="none"/>` +
      `<rect x="220" y="180" width="360" height="400" fill="${bodyShade(ctx)}"/>` +
      `<ellipse cx="372" cy="330" rx="26" ry="120" fill="${petals}" opacity="0.6"/></g>` +
      `<path d="M222 566A178 22 0 0 0 578 566L580 578A180 26 0 0 1 220 578Z" fill="#8A6119"/>`
    );
  },
};

export const vessels = {
  "copper-bottle": bottle,
  "copper-tumbler": tumbler,
  "singing-bowl": singingBowl,
  bell,
} satisfies Record<string, KindArt>;
