// Size budget of the production build, read from the shop's Vite manifest (React Router's client
// build, web/dist/client): the JavaScript and CSS the home page loads (the client entry, the root
// route and the home route, and everything they import statically), and
// the largest route or lazy chunk; and that no shop page can ever load back-office code. Prints the
// figures; exits 1 when a budget is exceeded or a shop chunk holds web/admin code.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { ModuleMapChunk } from "../../web/build/module-map";
import { ROOT } from "../../worker/scripts/local";

const DIST = join(ROOT, "web", "dist", "client");
const BUDGET = {
  homeJs: 130 * 1024,
  homeCss: 20 * 1024,
  routeChunk: 60 * 1024,
};

interface Chunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(DIST, file), "utf8"));
const manifest = readJson<Record<string, Chunk>>(".vite/manifest.json");

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Chunks a chunk loads up front: itself and its static imports. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imp of manifest[key]?.imports ?? []) closure(imp, seen);
  return seen;
}

/** React Router's route modules are entries named by their file, then `?__react-router-…`. */
const ROUTE_MODULE = /^(.*\.tsx)\?__react-router-build-client-route$/;
const keyOf = (match: (key: string, chunk: Chunk) => boolean) => {
  const key = Object.keys(manifest).find((k) => match(k, manifest[k] as Chunk));
  if (!key) throw new Error("the manifest has no such chunk");
  return key;
};
const entryKey = keyOf((_, c) => c.isEntry === true && c.name === "entry.client");
const rootKey = keyOf((k) => ROUTE_MODULE.exec(k)?.[1] === "root.tsx");
const homeKey = keyOf((k) => ROUTE_MODULE.exec(k)?.[1] === "routes/home.tsx");
// The page's own routes come inline in its HTML (routeDiscovery "lazy", react-router.config.ts),
// not as a file: the home page's is about 0.6 kB gzip (README's figures).
const home = [entryKey, rootKey, homeKey].flatMap((key) => [...closure(key)]);
const homeJs = new Set(home.map((k) => manifest[k]?.file ?? ""));
const homeCss = new Set(home.flatMap((k) => manifest[k]?.css ?? []));
const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gz(f), 0);

const routes = Object.entries(manifest)
  .filter(([key, c]) => (ROUTE_MODULE.test(key) && key !== rootKey) || c.isDynamicEntry)
  .map(([key, c]) => ({ key: ROUTE_MODULE.exec(key)?.[1] ?? key, size: gz(c.file) }))
  .sort((a, b) => b.size - a.size);

const rows = [
  ["home page JavaScript (gzip)", sum(homeJs), BUDGET.homeJs],
  ["home page CSS (gzip)", sum(homeCss), BUDGET.homeCss],
  [`largest route chunk (${routes[0]?.key ?? "none"})`, routes[0]?.size ?? 0, BUDGET.routeChunk],
] as const;

let failed = false;
console.log("Bundle budget (production build)");
for (const [label, size, budget] of rows) {
  const ok = size <= budget;
  failed ||= !ok;
  console.log(`  ${ok ? "ok  " : "OVER"} ${label}: ${kb(size)} of ${kb(budget)}`);
}
for (const r of routes) console.log(`       route chunk ${r.key}: ${kb(r.size)}`);

// Shop pages never download back-office code. The shop's pages can only ever load files of the
// shop's own build (React Router's route table names every route module, and their imports, static
// or lazy, are chunks of the same build): none of its chunks may hold a module of web/admin/. The
// back-office is a build of its own (admin.vite.config.ts), whose chunks must hold web/admin/.
const isAdminModule = (id: string) => id.startsWith("web/admin/") || id === "web/admin.html";
const shop = readJson<Record<string, ModuleMapChunk>>(".vite/modules.json");
const admin = readJson<Record<string, ModuleMapChunk>>(".vite/admin-modules.json");
const leaks = Object.entries(shop).flatMap(([file, chunk]) =>
  chunk.modules.filter(isAdminModule).map((id) => `${file} holds ${id}`),
);
const adminChunks = Object.keys(admin).filter((file) => admin[file]?.modules.some(isAdminModule));
const separate = leaks.length === 0 && adminChunks.length > 0;
failed ||= !separate;
console.log(
  `  ${separate ? "ok  " : "LEAK"} the shop's ${Object.keys(shop).length} chunks hold ` +
    `${leaks.length === 0 ? "no" : leaks.length} back-office modules; the back-office's own ` +
    `${adminChunks.length} chunks: ${kb(sum(adminChunks))} JavaScript (gzip)`,
);
for (const leak of leaks) console.log(`       ${leak}`);
if (adminChunks.length === 0)
  console.log("       the back-office's build or its web/admin chunks are missing");

process.exit(failed ? 1 : 0);
