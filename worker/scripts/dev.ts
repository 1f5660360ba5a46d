// `npm run dev`: the whole shop on http://localhost:8787 as `npm start` serves it (wrangler dev,
// the local Stripe sandbox, seeded data), rebuilt on every change: wrangler reloads the Worker when
// worker/ changes, and a change under web/ or public/ rebuilds the shop (React Router's build, then
// the back-office's), which wrangler picks up too: reload the page to see it.
import { type FSWatcher, watch } from "node:fs";
import { join } from "node:path";
import {
  applyMigrations,
  buildSpa,
  ensureDevVars,
  onShutdown,
  ROOT,
  startLocalStripe,
  startWrangler,
  stopChild,
} from "./local";
import { seedIfEmpty } from "./seed";

const origin = "http://localhost:8787";
const vars = ensureDevVars();
console.log("Building the storefront…");
await buildSpa();
await applyMigrations();
await seedIfEmpty();

const stripe = await startLocalStripe(vars, `${origin}/api/stripe/webhook`);
const wrangler = startWrangler({ port: 8787, origin });

/** How long a burst of saves settles before one rebuild. */
const SETTLE_MS = 300;
let timer: NodeJS.Timeout | undefined;
let building: Promise<void> | undefined;
let again = false;

async function rebuild(): Promise<void> {
  if (building) {
    again = true;
    return;
  }
  const started = Date.now();
  // Built over the previous build, not after emptying it: wrangler keeps serving the folder.
  building = buildSpa({ emptyOutDir: false })
    .then(() =>
      console.log(`Rebuilt the storefront in ${Date.now() - started} ms: reload the page.`),
    )
    .catch((error: unknown) => console.error(`The storefront did not build: ${String(error)}`));
  await building;
  building = undefined;
  if (again) {
    again = false;
    await rebuild();
  }
}

const watchers: FSWatcher[] = ["web", "public"].map((folder) =>
  watch(join(ROOT, folder), { recursive: true }, (_, file) => {
    if (!file || file.startsWith("dist") || file.includes(".react-router")) return;
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), SETTLE_MS);
  }),
);

const stop = () => {
  for (const watcher of watchers) watcher.close();
  stopChild(wrangler);
  void stripe?.close();
  process.exit(0);
};
onShutdown(stop);
console.log(
  `Open ${origin}: changes under web/ rebuild the storefront, worker/ reloads the Worker.`,
);
