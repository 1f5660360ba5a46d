// Size budget of the production build, read from Vite's manifest: the JavaScript and CSS the home
// route loads (the entry, the app it always imports, the lazy home route, and everything they import
// statically), the largest lazy route chunk, and the entry's own code, which runs before the app is
// fetched; that the app's start chunk carries V8's compile hint; and that no shop page can ever load
// back-office code. Prints the figures; exits 1 when a budget is exceeded, the hint is missing, or a
// shop page reaches web/admin.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { ModuleMapChunk } from "../../web/build/module-map";
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

// The shop's entry; the back-office (admin.html) is the build's other one.
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k === "index.html");
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

// Shop pages never download back-office code: from every page's HTML but admin.html, follow each
// script, preload and stylesheet it names through every import, static or dynamic (so every route
// and every lazy part a shopper could ever load), and look at the modules inside those chunks.
const modules: Record<string, ModuleMapChunk> = JSON.parse(
  readFileSync(join(DIST, ".vite", "modules.json"), "utf8"),
);
const ADMIN_HTML = "admin.html";
const isAdminModule = (id: string) => id.startsWith("web/admin/") || id === "web/admin.html";

/** The chunks an HTML page names, and everything they can import, ever. */
function reachable(html: string): Set<string> {
  const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? "");
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !modules[file]) return;
    seen.add(file);
    for (const next of [...modules[file].imports, ...modules[file].dynamicImports]) visit(next);
  };
  for (const file of named) visit(file);
  return seen;
}

const pages = readdirSync(DIST).filter((f) => f.endsWith(".html"));
const shopChunks = new Set<string>();
for (const page of pages.filter((p) => p !== ADMIN_HTML)) {
  for (const file of reachable(readFileSync(join(DIST, page), "utf8"))) shopChunks.add(file);
}
const leaks = [...shopChunks].flatMap((file) =>
  (modules[file]?.modules ?? []).filter(isAdminModule).map((id) => `${file} holds ${id}`),
);
// The proof means something only if the back-office is in the build, under web/admin/.
const adminChunks = pages.includes(ADMIN_HTML)
  ? [...reachable(readFileSync(join(DIST, ADMIN_HTML), "utf8"))].filter((file) =>
      modules[file]?.modules.some(isAdminModule),
    )
  : [];
const separate = leaks.length === 0 && adminChunks.length > 0;
failed ||= !separate;
console.log(
  `  ${separate ? "ok  " : "LEAK"} shop pages (${pages.length - 1} HTML files) reach ${shopChunks.size} chunks, ` +
    `${leaks.length === 0 ? "none" : leaks.length} with back-office code; the back-office's own ${adminChunks.length} chunks: ` +
    `${kb(sum(adminChunks))} JavaScript (gzip)`,
);
for (const leak of leaks) console.log(`       ${leak}`);
if (adminChunks.length === 0) console.log("       admin.html or its web/admin chunks are missing");

process.exit(failed ? 1 : 0);
