// `npm start`: builds the SPA, applies local D1 migrations, seeds an empty database, and serves the
// whole shop with `wrangler dev` at http://localhost:8787 (PORT overrides). Ctrl-C stops it all.
import { DEMO_ACCOUNTS } from "../seed/demo-accounts";
import {
  applyMigrations,
  buildSpa,
  ensureDevVars,
  onShutdown,
  portFromEnv,
  startWrangler,
  stopChild,
  waitForHttp,
} from "./local";
import { seedIfEmpty } from "./seed";

const started = Date.now();
const port = portFromEnv();
const origin = `http://localhost:${port}`;

ensureDevVars({ APP_ORIGIN: origin });
console.log("Building the storefront…");
await buildSpa();
console.log("Applying local database migrations…");
await applyMigrations();
const seeded = await seedIfEmpty();
if (seeded)
  console.log(`Seeded an empty database: ${seeded.products} products, ${seeded.posts} posts.`);

const wrangler = startWrangler({ port, origin, quiet: process.env.QUIET === "1" });
const stop = () => {
  stopChild(wrangler);
  process.exit(0);
};
onShutdown(stop);
wrangler.on("exit", (code) => {
  console.error(`wrangler dev stopped (exit ${code}).`);
  process.exit(code ?? 1);
});

await waitForHttp(`${origin}/api/health`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nTamra & Tara is running at ${origin} (ready in ${seconds} s). Ctrl-C stops it.\n`);
console.log("Demo accounts:");
for (const a of DEMO_ACCOUNTS) {
  const code = a.affiliateCode ? `  affiliate code ${a.affiliateCode}` : "";
  console.log(`  ${a.role.padEnd(8)} ${a.email.padEnd(22)} ${a.password}${code}`);
}
