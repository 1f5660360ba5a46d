// Devotional pieces: seated brass idol, clay diya, incense in a holder.
import {
  between,
  blend,
  blur,
  brass,
  type Ctx,
  fade,
  floorShadow,
  intBetween,
  type KindArt,
  linear,
  n,
  radial,
} from "./core";
import { petalRing } from "./hanging";

function mirror(d: string): string {
  // Mirrors absolute path coordinates about x = 400 (every even number in a pair is an x).
  let i = 0;
  return d.replace(/-?\d+(\.\d+)?/g, (m) => (i++ % 2 === 0 ? n(800 - Number(m)) : m));
}

function marigold(x: number, y: number, r: number): string {
  return (
    `<g transform="translate(${x} ${y})"><path d="${petalRing(14, 0, r, r * 0.32)}" ` +
    `fill="#F08A00"/><path d="${petalRing(10, 0, r * 0.7, r * 0.3, 18)}" fill="#F4B400"/>` +
    `<circle r="${n(r * 0.22)}" fill="#B85A00"/></g>`
  );
}

const idol: KindArt = {
  hanging: false,
  focus: [400, 270, 2.2],
  draw(ctx) {
    const { pal, rng } = ctx;
    const b = brass(ctx);
    const line = `stroke="#6B4A12" stroke-width="2"`;
    const aura = radial(ctx, "aura", [
      [0, pal.accentLight, 0.55],
      [1, pal.accent, 0.75],
    ]);
    const halo = radial(ctx, "halo", [
      [0, "#FFF1B8", 0.95],
      [0.7, "#F4C430", 0.5],
      [1, "#F4A300", 0],
    ]);
    const rays = intBetween(rng, 18, 30);
    let rayD = "";
    for (let i = 0; i < rays; i++) {
      const a = (Math.PI * 2 * i) / rays;
      rayD += `M${n(400 + 100 * Math.cos(a))} ${n(240 + 100 * Math.sin(a))}`;
      rayD += `L${n(400 + 122 * Math.cos(a))} ${n(240 + 122 * Math.sin(a))}`;
    }
    let lotus = "";
    let back = "";
    for (let i = -5; i <= 5; i++) {
      const x = 400 + i * 33;
      lotus += `M${x - 19} 652Q${x - 20} 606 ${x} 586Q${x + 20} 606 ${x + 19} 652Z`;
      if (i < 5) back += `M${x} 640Q${x - 2} 596 ${x + 16} 574Q${x + 35} 596 ${x + 33} 640Z`;
    }
    const arm =
      "M304 346C268 382 258 452 282 504C302 540 350 552 400 552L400 522C362 522 330 508 318 482" +
      "C306 452 310 404 322 366Z";
    const hair =
      "M348 236C348 190 372 178 400 178C428 178 452 190 452 236C440 214 420 206 400 206" +
      "C380 206 360 214 348 236Z";
    const curls = `<g fill="#6B4A12" opacity="0.55">${[0, 1, 2, 3, 4, 5, 6]
      .map((i) => `<circle cx="${362 + i * 12.5}" cy="${i % 2 ? 196 : 204}" r="3"/>`)
      .join("")}</g>`;
    return (
      `<path d="M400 110C566 110 606 300 606 430V640H194V430C194 300 234 110 400 110Z" ` +
      `fill="${aura}"/>` +
      `<path d="M400 124C552 124 590 300 590 430V640H210V430C210 300 248 124 400 124Z" ` +
      `fill="none" stroke="#F4C430" stroke-width="4" stroke-dasharray="2 10" ` +
      `stroke-linecap="round"/>` +
      `<circle cx="400" cy="240" r="98" fill="${halo}"/>` +
      `<path d="${rayD}" stroke="#F4C430" stroke-width="4" stroke-linecap="round"/>` +
      `<circle cx="400" cy="240" r="96" fill="none" stroke="${b}" stroke-width="6"/>` +
      floorShadow(ctx, 400, 690, 200, 20) +
      `<rect x="216" y="648" width="368" height="42" rx="8" fill="${b}" ${line}/>` +
      `<rect x="216" y="662" width="368" height="8" fill="${pal.accentDark}" opacity="0.6"/>` +
      `<path d="${back}" fill="#A87A26" ${line}/>` +
      `<path d="${lotus}" fill="${b}" ${line}/>` +
      `<path d="M246 604C246 548 330 524 400 532C470 524 554 548 554 604` +
      `C554 628 246 628 246 604Z" ` +
      `fill="${b}" ${line}/>` +
      `<path d="M300 540C290 460 282 384 302 348C322 322 360 318 400 318C440 318 478 322 498 348` +
      `C518 384 510 460 500 540Z" fill="${b}" ${line}/>` +
      `<path d="M316 354C360 420 440 470 500 524" fill="none" ${line} opacity="0.7"/>` +
      `<path d="${arm}" fill="${b}" ${line}/><path d="${mirror(arm)}" fill="${b}" ${line}/>` +
      `<ellipse cx="400" cy="536" rx="50" ry="16" fill="#E9C46A" ${line}/>` +
      `<rect x="378" y="284" width="44" height="42" fill="${b}"/>` +
      `<ellipse cx="346" cy="256" rx="11" ry="34" fill="${b}" ${line}/>` +
      `<ellipse cx="454" cy="256" rx="11" ry="34" fill="${b}" ${line}/>` +
      `<ellipse cx="400" cy="248" rx="52" ry="60" fill="${b}" ${line}/>` +
      `<path d="${hair}" fill="#8A6119"/>${curls}` +
      `<circle cx="400" cy="176" r="22" fill="#8A6119" ${line}/>` +
      `<path d="M372 254q10 6 20 0M408 254q10 6 20 0M392 286q8 4 16 0" fill="none" ` +
      `stroke="#5C3D0E" stroke-width="2.5" stroke-linecap="round"/>` +
      `<circle cx="400" cy="232" r="3" fill="#5C3D0E"/>` +
      `<ellipse cx="384" cy="226" rx="10" ry="22" fill="#FFF6D8" opacity="0.2"/>`
    );
  },
};

/** Point on a cubic Bezier. */
function bez(p: number[], t: number): [number, number] {
  const u = 1 - t;
  const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  let x = 0;
  let y = 0;
  for (let i = 0; i < 4; i++) {
    x += (w[i] ?? 0) * (p[i * 2] ?? 0);
    y += (w[i] ?? 0) * (p[i * 2 + 1] ?? 0);
  }
  return [x, y];
}

function flame(ctx: Ctx, x: number, y: number, s: number): string {
  const fl = radial(
    ctx,
    "flame",
    [
      [0, "#FFFDF0"],
      [0.35, "#FFE27A"],
      [0.75, "#FF9A1F"],
      [1, "#E5560A"],
    ],
    "0.5 0.8 0.75",
  );
  const p = (dx: number, dy: number): string => `${n(x + dx * s)} ${n(y + dy * s)}`;
  return (
    `<path d="M${p(0, 6)}C${p(-34, -10)} ${p(-26, -68)} ${p(-2, -134)}` +
    `C${p(24, -68)} ${p(36, -10)} ${p(0, 6)}Z" fill="${fl}"/>` +
    `<path d="M${p(0, 0)}C${p(-14, -10)} ${p(-12, -38)} ${p(-1, -68)}` +
    `C${p(12, -38)} ${p(14, -10)} ${p(0, 0)}Z" fill="#FFFCEB"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y + 1 * s)}" rx="${n(7 * s)}" ry="${n(4 * s)}" fill="#5B8BD9" ` +
    `opacity="0.6"/>`
  );
}

const diya: KindArt = {
  hanging: false,
  focus: [500, 520, 1.7],
  zoom: 1.3,
  draw(ctx, flourish) {
    const { pal, rng } = ctx;
    const glow = radial(ctx, "glow", [
      [0, "#FFD36B", 0.75],
      [0.4, "#FFC04A", 0.3],
      [1, "#FFC04A", 0],
    ]);
    const clay = linear(
      ctx,
      "clay",
      [
        [0, "#D9804A"],
        [0.5, "#A4502A"],
        [1, "#5E2610"],
      ],
      "0 0 0 1",
    );
    const oil = blend(ctx, "oil", "#5A2A0C", "#D99A3A", "0 0 0 1");
    const body =
      "M230 560C236 632 312 670 380 670C462 670 546 618 590 546C530 588 452 598 380 598" +
      "C310 598 230 586 230 560Z";
    const cl = ctx.def("diyaClip", (id) => `<clipPath id="${id}"><path d="${body}"/></clipPath>`);
    const curve = [236, 604, 300, 640, 470, 640, 582, 566];
    let dots = "";
    for (let t = 0.04; t < 1; t += 0.06) {
      const [x, y] = bez(curve, t);
      dots += `<circle cx="${n(x)}" cy="${n(y)}" r="3.6"/>`;
    }
    const drop = rng() < 0.5;
    let motifs = "";
    for (let t = 0.1; t < 0.9; t += 0.16) {
      const [x, y] = bez(curve, t);
      motifs += drop
        ? `M${n(x)} ${n(y + 14)}q-8 14 0 22q8 -8 0 -22z`
        : `M${n(x - 9)} ${n(y + 16)}l9 16l9 -16z`;
    }
    return (
      `<circle cx="560" cy="470" r="${flourish ? 300 : 230}" fill="${glow}"/>` +
      floorShadow(ctx, 390, 682, 160, 18) +
      `<path d="M336 662L344 686H416L424 662Z" fill="#7A3618"/>` +
      `<path d="${body}" fill="${clay}"/>` +
      `<g clip-path="${cl}">` +
      `<path d="M${curve.slice(0, 2).join(" ")}C${curve.slice(2).join(" ")}" ` +
      `fill="none" stroke="${pal.accent}" stroke-width="14"/>` +
      `<g fill="#FFF1D6">${dots}</g><path d="${motifs}" fill="#F4C430"/>` +
      `<path d="M262 596C300 634 370 646 430 646" stroke="#FFE2C4" stroke-width="12" fill="none" ` +
      `opacity="0.3" filter="${blur(ctx, 4)}"/></g>` +
      `<path d="M230 560C230 534 310 520 380 520C452 520 530 528 590 546C530 588 452 598 380 598` +
      `C310 598 230 586 230 560Z" fill="#D27A46"/>` +
      `<path d="M250 560C250 542 316 532 380 532C446 532 510 540 562 552C510 580 446 588 380 588` +
      `C316 588 250 578 250 560Z" fill="${oil}"/>` +
      `<path d="M540 562L574 538" stroke="#3A2010" stroke-width="5" stroke-linecap="round"/>` +
      flame(ctx, 576, 536, 1) +
      (flourish ? marigold(150, 690, 34) + marigold(670, 700, 28) + marigold(215, 716, 22) : "")
    );
  },
};

function smoke(ctx: Ctx, x: number, y: number): string {
  const rng = ctx.rng;
  const wisps = fade(
    ctx,
    "smoke",
    "#7E7486",
    [
      [0, 0],
      [0.55, 0.45],
      [1, 0.75],
    ],
    "0 0 0 1",
  );
  let d = `M${n(x)} ${n(y)}`;
  let wisp = "";
  let cx = x;
  let cy = y;
  let dir = rng() < 0.5 ? -1 : 1;
  for (let i = 0; i < 6; i++) {
    const rise = between(rng, 55, 90);
    const drift = between(rng, 10, 26) * (1 + i * 0.45) * dir;
    const seg =
      `C${n(cx + drift)} ${n(cy - rise * 0.3)} ${n(cx + drift * 1.2)} ${n(cy - rise * 0.75)} ` +
      `${n(cx + drift * 0.4)} ${n(cy - rise)}`;
    if (i >= 2) wisp += `M${n(cx)} ${n(cy)}${seg}`;
    d += seg;
    cx += drift * 0.4;
    cy -= rise;
    dir = -dir;
  }
  return (
    `<path d="${d}" stroke="#8A7F92" stroke-width="20" fill="none" opacity="0.22" ` +
    `filter="${blur(ctx, 7)}"/>` +
    `<path d="${d}" stroke="${wisps}" stroke-width="4.5" fill="none" stroke-linecap="round"/>` +
    `<path d="${wisp}" stroke="${wisps}" stroke-width="1.5" fill="none" opacity="0.7" ` +
    `transform="translate(10 -6)"/>`
  );
}

const incense: KindArt = {
  hanging: false,
  focus: [405, 340, 1.55],
  zoom: 1.12,
  draw(ctx) {
    const { pal, rng } = ctx;
    const count = intBetween(rng, 1, 3);
    const angles = [[0], [-9, 8], [-15, 0, 13]][count - 1] ?? [0];
    const ember = radial(ctx, "ember", [
      [0, "#FFD08A", 0.9],
      [0.4, "#FF6A1A", 0.5],
      [1, "#FF6A1A", 0],
    ]);
    const bowl = linear(ctx, "bowl", [
      [0, pal.accentDark],
      [0.45, pal.accentLight],
      [1, pal.accentDark],
    ]);
    let bowlDots = "";
    for (let i = 1; i < 18; i++) {
      const a = (Math.PI * i) / 18;
      const x = n(400 - 112 * Math.cos(a));
      bowlDots += `<circle cx="${x}" cy="${n(644 + 24 * Math.sin(a))}" r="4"/>`;
    }
    let sticks = "";
    let smokes = "";
    for (const a of angles) {
      const len = between(rng, 300, 350);
      const rad = (a * Math.PI) / 180;
      const dx = Math.sin(rad);
      const dy = -Math.cos(rad);
      const bx = 400 + a * 3;
      const by = 592;
      const at = (d: number): string => `${n(bx + dx * d)} ${n(by + dy * d)}`;
      const tipX = bx + dx * len;
      const tipY = by + dy * len;
      sticks +=
        `<path d="M${at(0)}L${at(46)}" stroke="#C9A06A" stroke-width="4"/>` +
        `<path d="M${at(46)}L${at(len - 20)}" stroke="#5C2A1A" stroke-width="7" ` +
        `stroke-linecap="round"/>` +
        `<path d="M${at(len - 20)}L${at(len - 3)}" stroke="#A59A90" stroke-width="6.5"/>` +
        `<circle cx="${n(tipX)}" cy="${n(tipY)}" r="18" fill="${ember}"/>` +
        `<circle cx="${n(tipX)}" cy="${n(tipY)}" r="4" fill="#FF7A1A"/>`;
      smokes += smoke(ctx, tipX, tipY - 4);
    }
    return (
      smokes +
      floorShadow(ctx, 400, 684, 150, 18) +
      `<path d="M270 590A130 26 0 0 0 530 590C526 650 480 684 400 684C320 684 274 650 270 590Z" ` +
      `fill="${bowl}"/>` +
      `<path d="M282 620A122 30 0 0 0 518 620" fill="none" stroke="#F4C430" stroke-width="5"/>` +
      `<g fill="#F4C430">${bowlDots}</g>` +
      `<ellipse cx="400" cy="590" rx="130" ry="26" fill="${pal.accentDark}"/>` +
      `<ellipse cx="400" cy="592" rx="120" ry="21" fill="#D9C29A"/>` +
      `<ellipse cx="400" cy="598" rx="100" ry="12" fill="#E8D6B2"/>` +
      sticks
    );
  },
};

export const sacred = { idol, diya, incense } satisfies Record<string, KindArt>;
