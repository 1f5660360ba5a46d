// Every badge and pill of the shop and the back-office (a class ending in badge, pill, chip, tag
// or status that has a ground of its own, and its .is-* tones) holds its text at 4.5:1 or more
// against its own background on each surface it may sit on (paper, cream, cream-deep and white),
// read from the stylesheets as shipped: the CSS variables resolved, translucent tints laid over
// the surface. Reading files takes Node: tsconfig.json checks this test, as raster-preview's.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const WEB = join(import.meta.dirname, "../../web");

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "dist" || name === "node_modules") return [];
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith(".css") ? [path] : [];
  });
}

/** Top-level rules (not those inside @media), as selector → declarations. */
function rules(css: string): [string, Record<string, string>][] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const out: [string, Record<string, string>][] = [];
  let depth = 0;
  let start = 0;
  let selector = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    // A statement at the top (an @import) ends at its semicolon.
    if (ch === ";" && depth === 0) start = i + 1;
    else if (ch === "{") {
      if (depth === 0) selector = text.slice(start, i).trim();
      depth += 1;
      start = i + 1;
    } else if (ch === "}") {
      depth -= 1;
      if (depth === 0) {
        if (!selector.startsWith("@")) {
          const body = text.slice(start, i);
          const decls = Object.fromEntries(
            body
              .split(";")
              .map((d) => d.split(/:(.*)/s).map((p) => p.trim()))
              .filter((d) => d.length >= 2 && d[0]),
          );
          for (const one of selector.split(",")) out.push([one.trim(), decls]);
        }
        start = i + 1;
      }
    }
  }
  return out;
}

type Rgba = [number, number, number, number];

const vars = new Map<string, string>();
for (const file of [join(WEB, "app/styles.css"), join(WEB, "admin/admin.css")]) {
  for (const [selector, decls] of rules(readFileSync(file, "utf8"))) {
    if (selector !== ":root") continue;
    for (const [name, value] of Object.entries(decls)) vars.set(name, value);
  }
}

function color(value: string): Rgba | null {
  const v = value.trim();
  const variable = /^var\((--[\w-]+)\)$/.exec(v);
  if (variable) return color(vars.get(variable[1] as string) ?? "");
  if (v === "transparent") return [0, 0, 0, 0];
  if (v === "#fff" || v === "white") return [255, 255, 255, 1];
  const hex = /^#([0-9a-f]{6})$/i.exec(v);
  if (hex) {
    const n = Number.parseInt(hex[1] as string, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const rgb = /^rgb\(\s*(\d+)[ ,]+(\d+)[ ,]+(\d+)\s*(?:\/\s*([\d.]+))?\s*\)$/.exec(v);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), Number(rgb[4] ?? 1)];
  return null;
}

const over = (top: Rgba, under: Rgba): Rgba => [
  top[0] * top[3] + under[0] * (1 - top[3]),
  top[1] * top[3] + under[1] * (1 - top[3]),
  top[2] * top[3] + under[2] * (1 - top[3]),
  1,
];

const luminance = ([r, g, b]: Rgba) => {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};

const contrast = (a: Rgba, b: Rgba) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const SURFACES = ["--paper", "--cream", "--cream-deep"].map((name) => [
  name,
  color(`var(${name})`) as Rgba,
]);
SURFACES.push(["white", [255, 255, 255, 1]]);

const BADGE = /^\.([a-z-]*(?:badge|pill|chip|tag|status))(?:\.(is-[a-z-]+))?$/;

/** Each badge's tones: its base rule merged with each .is-* rule, by file. */
function badges() {
  const found: { name: string; text: Rgba; background: Rgba }[] = [];
  for (const file of cssFiles(WEB)) {
    const bases = new Map<string, Record<string, string>>();
    const tones: [string, string, Record<string, string>][] = [];
    for (const [selector, decls] of rules(readFileSync(file, "utf8"))) {
      const match = BADGE.exec(selector);
      if (!match) continue;
      const [, base, tone] = match as unknown as [string, string, string | undefined];
      if (tone) tones.push([base, tone, decls]);
      else bases.set(base, { ...bases.get(base), ...decls });
    }
    const where = relative(WEB, file);
    const add = (name: string, decls: Record<string, string>) => {
      const text = color(decls.color ?? "var(--ink)");
      const background = color(decls.background ?? decls["background-color"] ?? "transparent");
      if (text && background) found.push({ name: `${where} ${name}`, text, background });
    };
    // A badge has a ground of its own (or a tone has); text alone in a colour is not one.
    const hasGround = (decls: Record<string, string> | undefined) =>
      Boolean(decls?.background ?? decls?.["background-color"] ?? decls?.border);
    for (const [base, decls] of bases) {
      if (hasGround(decls)) add(`.${base}`, decls);
    }
    for (const [base, tone, decls] of tones) {
      if (hasGround(bases.get(base)) || hasGround(decls)) {
        add(`.${base}.${tone}`, { ...bases.get(base), ...decls });
      }
    }
  }
  return found;
}

describe("badges and pills", () => {
  const all = badges();

  it("are found in both programs' stylesheets", () => {
    const names = all.map((badge) => badge.name);
    for (const expected of [
      "admin/admin.css .admin-pill.is-ok",
      "admin/admin.css .admin-pill.is-warn",
      "admin/admin.css .admin-pill.is-danger",
      "features/creator-payouts/components/creator-payouts.css .commission-status.is-paid",
      "features/catalogue/components/product-card.css .sale-badge",
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(all.map((badge) => [badge.name, badge] as const))(
    "%s reads at 4.5:1 or more on every surface",
    (_name, badge) => {
      for (const [surface, under] of SURFACES) {
        const background = over(badge.background, under as Rgba);
        const ratio = contrast(over(badge.text, background), background);
        expect(ratio, `on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
