// Helpers shared by the local scripts (start, dev, seed, bench): .dev.vars, child processes, and
// the local bindings wrangler persists under .wrangler/state.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type StripeSandbox, startStripeSandbox } from "../../stripe-sandbox/sandbox";
import { parseEnv } from "../env";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const bin = (tool: string) => join(ROOT, "node_modules", ".bin", tool);

/** Offline wrangler otherwise prints a stack trace while trying to fetch Request.cf data. */
export const WRANGLER_ENV = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

export function parseDotenv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m?.[1] || line.trimStart().startsWith("#")) continue;
    vars[m[1]] = (m[2] ?? "").replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/**
 * Creates .dev.vars from the committed example on first start, adds variables the example gained
 * since (an older checkout's file keeps its own values), then checks it like the Worker does.
 */
export function ensureDevVars(overrides: Record<string, string> = {}): Record<string, string> {
  const file = join(ROOT, ".dev.vars");
  const exampleText = readFileSync(join(ROOT, ".dev.vars.example"), "utf8");
  if (!existsSync(file)) {
    writeFileSync(file, exampleText);
    console.log("Created .dev.vars from .dev.vars.example");
  }
  const current = parseDotenv(readFileSync(file, "utf8"));
  const added = Object.entries(parseDotenv(exampleText)).filter(([key]) => !(key in current));
  if (added.length > 0) {
    appendFileSync(file, `\n${added.map(([k, v]) => `${k}=${v}`).join("\n")}\n`);
    console.log(`Added ${added.map(([k]) => k).join(", ")} to .dev.vars from .dev.vars.example`);
  }
  const vars = { ...current, ...Object.fromEntries(added), ...overrides };
  parseEnv(vars);
  return vars;
}

export function run(command: string, args: string[], env = WRANGLER_ENV): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/**
 * The shop's build (React Router: the browser's code in web/dist/client, the pages' server build in
 * web/dist/server), then the back-office's page beside it.
 */
export async function buildSpa({ emptyOutDir = true } = {}): Promise<void> {
  // web/vite.config.ts reads it: React Router's command line cannot turn emptying off.
  const env = emptyOutDir ? WRANGLER_ENV : { ...WRANGLER_ENV, KEEP_SHOP_BUILD: "1" };
  await run(bin("react-router"), ["build", "web", "--logLevel", "warn"], env);
  await run(bin("vite"), ["build", "--config", "web/admin.vite.config.ts", "--logLevel", "warn"]);
}
/** Where local D1/R2 and Durable Objects live; the bench uses its own folder so it never disturbs `npm start`. */
export const DEFAULT_STATE = ".wrangler/state";

export const applyMigrations = (persistTo = DEFAULT_STATE) =>
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);

export interface WranglerOptions {
  port: number;
  origin: string;
  quiet?: boolean;
  persistTo?: string;
  /** Extra variables for this run only (wrangler --var). */
  vars?: Record<string, string>;
}

/** Starts `wrangler dev` on loopback; stop it with stopChild(). */
export function startWrangler({
  port,
  origin,
  quiet,
  persistTo = DEFAULT_STATE,
  vars = {},
}: WranglerOptions): ChildProcess {
  // .dev.vars outranks --var, so per-run values (this port's origin, bench switches) go into a
  // second env file that wrangler reads after it.
  const overrides = join(ROOT, ".wrangler", `run-${port}.vars`);
  mkdirSync(dirname(overrides), { recursive: true });
  const lines = Object.entries({ APP_ORIGIN: origin, ...vars }).map(([k, v]) => `${k}=${v}`);
  writeFileSync(overrides, `${lines.join("\n")}\n`);
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1"];
  args.push("--env-file", join(ROOT, ".dev.vars"), "--env-file", overrides);
  args.push("--persist-to", persistTo, "--show-interactive-dev-session=false");
  args.push("--log-level", quiet ? "error" : "info");
  return spawn(bin("wrangler"), args, {
    cwd: ROOT,
    env: WRANGLER_ENV,
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
    detached: true,
  });
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Stops a child and everything it started (wrangler runs workerd as its own child). */
export function stopChild(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

export function portFromEnv(fallback = 8787): number {
  const port = Number(process.env.PORT ?? fallback);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PORT must be 1-65535, got ${process.env.PORT}`);
  return port;
}

/**
 * Runs `stop` on Ctrl-C or SIGTERM before anything else: miniflare (used by the seed's platform
 * proxy) leaves exit hooks behind that would end this process before the children are stopped.
 */
export function onShutdown(stop: () => void): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.prependListener(signal, stop);
}

/**
 * Runs the local Stripe sandbox that STRIPE_API_BASE points at, delivering webhooks to
 * `webhookUrl`; `port` overrides the port in STRIPE_API_BASE (0 picks a free one). Returns null
 * when STRIPE_API_BASE is unset or not on this machine (Stripe's own test mode, say).
 */
export async function startLocalStripe(
  vars: Record<string, string>,
  webhookUrl: string | undefined,
  port?: number,
  quiet = false,
): Promise<StripeSandbox | null> {
  const base = vars.STRIPE_API_BASE ? new URL(vars.STRIPE_API_BASE) : null;
  if (!base || !["127.0.0.1", "localhost"].includes(base.hostname)) return null;
  return startStripeSandbox({
    port: port ?? Number(base.port),
    apiKey: vars.STRIPE_SECRET_KEY ?? "",
    webhookSecret: vars.STRIPE_WEBHOOK_SECRET ?? "",
    ...(webhookUrl && { webhookUrl }),
    log: quiet ? () => {} : (line) => console.log(`[stripe sandbox] ${line}`),
  });
}

export interface LaunchedShop {
  origin: string;
  /** The shop's Stripe sandbox, when it runs one. */
  stripeUrl: string | undefined;
  stop: () => void;
}

/**
 * Builds, migrates and seeds a separate local state, then serves the shop on `port`: what bench,
 * screenshots and Lighthouse run against, without touching the state `npm start` uses.
 */
export async function launchShop(
  port: number,
  persistTo: string,
  vars: Record<string, string> = {},
  { webhooks = true }: { webhooks?: boolean } = {},
): Promise<LaunchedShop> {
  const origin = `http://localhost:${port}`;
  const devVars = ensureDevVars();
  await buildSpa();
  await applyMigrations(persistTo);
  const { seedIfEmpty } = await import("./seed");
  await seedIfEmpty(persistTo);
  // A sandbox of its own on a free port, so a running `npm start` keeps its own.
  // Without webhooks the sandbox only records events (GET /v1/events), for the bench to deliver.
  const stripe = await startLocalStripe(
    devVars,
    webhooks ? `${origin}/api/stripe/webhook` : undefined,
    0,
    true,
  );
  const stripeVars: Record<string, string> = stripe ? { STRIPE_API_BASE: stripe.url } : {};
  const child = startWrangler({
    port,
    origin,
    quiet: true,
    persistTo,
    vars: { ...stripeVars, ...vars },
  });
  const stop = () => {
    stopChild(child);
    void stripe?.close();
  };
  onShutdown(stop);
  await waitForHttp(`${origin}/api/health`);
  return { origin, stripeUrl: stripe?.url, stop };
}
