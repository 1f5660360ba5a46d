// Size budget of the production build, read from Vite's manifest: the JavaScript and CSS the home
// route loads (the entry, the app it always imports, the lazy home route, and everything they import
// statically), the largest lazy route chunk, and the entry's own code, which runs before the app is
// fetched; and that the app's start chunk carries V8's compile hint. Prints the figures; exits 1
// when a budget is exceeded or the hint is missing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "../../worker/scripts/local";

const DIST = join(ROOT, "web", "dist");
const BUDGET = {
  homeJs: 130 * 1024,
  homeCss: 20 * 1024,
  routeChunk: 60 * 1024,
  // The entry only holds the first frame's clicks until the app starts (docs/decisions/0006).
  entryJs: 5 * 1024,
};

interface Chunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest: Record<string, Chunk> = JSON.parse(
  readFileSync(join(DIST, ".vite", "manifest.json"), "utf8"),
);

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Files a chunk loads up front: itself, its static imports, and their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imp of manifest[key]?.imports ?? []) closure(imp, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
const homeKey = Object.keys(manifest).find((k) => k.endsWith("routes/home.tsx"));
if (!entryKey || !homeKey) throw new Error("manifest has no entry or routes/home.tsx chunk");
// The entry (main.tsx) imports the app dynamically, only to let the first frame paint first: what
// it imports that way loads on every page, so it counts with the entry rather than as a route.
const appKeys = new Set(manifest[entryKey]?.dynamicImports ?? []);
if (![...appKeys].some((k) => k.endsWith("app/start.tsx"))) {
  throw new Error("the entry does not import app/start.tsx");
}

/** The JavaScript files and stylesheets that the chunks in `keys` load up front. */
function files(keys: Iterable<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith(".js")) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js, css };
}
const sum = (names: Iterable<string>) => [...names].reduce((total, f) => total + gz(f), 0);

const home = files(
  new Set([
    ...closure(entryKey),
    ...[...appKeys].flatMap((k) => [...closure(k)]),
    ...closure(homeKey),
  ]),
);
const homeJs = sum(home.js);
const homeCss = sum(home.css);
const entryJs = sum(files(closure(entryKey)).js);

const routes = Object.entries(manifest)
  .filter(([key, c]) => c.isDynamicEntry && !appKeys.has(key))
  .map(([key, c]) => ({ key, size: gz(c.file) }))
  .sort((a, b) => b.size - a.size);

const rows = [
  ["home route JavaScript (gzip)", homeJs, BUDGET.homeJs],
  ["home route CSS (gzip)", homeCss, BUDGET.homeCss],
  [`largest route chunk (${routes[0]?.key ?? "none"})`, routes[0]?.size ?? 0, BUDGET.routeChunk],
  ["entry JavaScript, run before the app (gzip)", entryJs, BUDGET.entryJs],
] as const;

let failed = false;
console.log("Bundle budget (production build)");
for (const [label, size, budget] of rows) {
  const ok = size <= budget;
  failed ||= !ok;
  console.log(`  ${ok ? "ok  " : "OVER"} ${label}: ${kb(size)} of ${kb(budget)}`);
}
for (const r of routes) console.log(`       route chunk ${r.key}: ${kb(r.size)}`);

// The app's start chunk asks V8 to compile it ahead, off the main thread (web/vite.config.ts).
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const startFiles = Object.values(manifest)
  .filter((chunk) => chunk.name === "start" && chunk.file.endsWith(".js"))
  .map((chunk) => chunk.file);
const unhinted = startFiles.filter(
  (file) => !readFileSync(join(DIST, file), "utf8").startsWith(COMPILE_HINT),
);
const hinted = startFiles.length > 0 && unhinted.length === 0;
failed ||= !hinted;
console.log(
  `  ${hinted ? "ok  " : "MISS"} start chunk opens with V8's compile hint` +
    (hinted ? "" : `: ${startFiles.length === 0 ? "no start chunk" : unhinted.join(", ")}`),
);
process.exit(failed ? 1 : 0);
