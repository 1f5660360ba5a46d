// `npm run dev`: hot reload for both programs. Vite serves web/ on :5173 and proxies /api, /images
// and /r to `wrangler dev` on :8787, which reloads the Worker when worker/ changes.
import { spawn } from "node:child_process";
import {
  applyMigrations,
  bin,
  ensureDevVars,
  onShutdown,
  ROOT,
  startLocalStripe,
  startWrangler,
  stopChild,
} from "./local";
import { seedIfEmpty } from "./seed";

const origin = "http://localhost:5173";
const vars = ensureDevVars();
await applyMigrations();
await seedIfEmpty();

const stripe = await startLocalStripe(vars, "http://localhost:8787/api/stripe/webhook");
const wrangler = startWrangler({ port: 8787, origin });
const vite = spawn(bin("vite"), ["--config", "web/vite.config.ts"], {
  cwd: ROOT,
  stdio: "inherit",
  detached: true,
});
const stop = () => {
  stopChild(vite);
  stopChild(wrangler);
  void stripe?.close();
  process.exit(0);
};
onShutdown(stop);
console.log(`Open ${origin} (the SPA with hot reload); the API runs on http://localhost:8787.`);
