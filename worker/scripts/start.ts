// `npm start`: builds the SPA, applies local D1 migrations, seeds an empty database, and serves the
// whole shop with `wrangler dev` at http://localhost:8787 (PORT overrides), with the local Stripe
// sandbox on 127.0.0.1:12111 (STRIPE_SANDBOX_PORT overrides, so two checkouts can run side by
// side). Ctrl-C stops it all.
import { DEMO_ACCOUNTS } from "../seed/demo-accounts";
import {
  applyMigrations,
  buildSpa,
  ensureDevVars,
  onShutdown,
  portFromEnv,
  startLocalStripe,
  startWrangler,
  stopChild,
  waitForHttp,
} from "./local";
import { seedIfEmpty } from "./seed";

const started = Date.now();
const port = portFromEnv();
const origin = `http://localhost:${port}`;

const vars = ensureDevVars({ APP_ORIGIN: origin });
console.log("Building the storefront…");
await buildSpa();
console.log("Applying local database migrations…");
await applyMigrations();
const seeded = await seedIfEmpty();
if (seeded)
  console.log(`Seeded an empty database: ${seeded.products} products, ${seeded.posts} posts.`);

const sandboxPort = process.env.STRIPE_SANDBOX_PORT
  ? Number(process.env.STRIPE_SANDBOX_PORT)
  : null;
const stripe = await startLocalStripe(
  vars,
  `${origin}/api/stripe/webhook`,
  sandboxPort ?? undefined,
);
const wrangler = startWrangler({
  port,
  origin,
  quiet: process.env.QUIET === "1",
  ...(sandboxPort && { vars: { STRIPE_API_BASE: `http://127.0.0.1:${sandboxPort}` } }),
});
const stop = () => {
  stopChild(wrangler);
  void stripe?.close();
  process.exit(0);
};
onShutdown(stop);
wrangler.on("exit", (code) => {
  console.error(`wrangler dev stopped (exit ${code}).`);
  process.exit(code ?? 1);
});

await waitForHttp(`${origin}/api/health`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nTamra & Tara is running at ${origin} (ready in ${seconds} s). Ctrl-C stops it.`);
if (stripe) {
  console.log(
    `Payments go to the local Stripe sandbox at ${stripe.url}: pay with card 4242 4242 4242 4242 (4000 0000 0000 0002 is declined).`,
  );
}
console.log(`Mail the shop sends: ${origin}/dev/mailbox\n`);
console.log("Demo accounts:");
for (const a of DEMO_ACCOUNTS) {
  const code = a.affiliateCode ? `  affiliate code ${a.affiliateCode}` : "";
  console.log(`  ${a.role.padEnd(8)} ${a.email.padEnd(22)} ${a.password}${code}`);
}
