// Browser journeys (`npm run test:e2e`): Playwright's runner driving Debian's Chromium (never a
// downloaded browser) against the shop started exactly as `npm start` starts it, Stripe sandbox
// included. One worker: the journeys share one local shop on a 2-core machine.
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 8787);
export const ORIGIN = `http://localhost:${PORT}`;
/** An everyday desktop browser: headless browsers count as bots for creator link clicks. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: "../../test-results/e2e",
  fullyParallel: false,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // No retries: a journey that passes only on a second try is a defect to fix, not to hide.
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "../../test-results/e2e/results.json" }]],
  use: {
    baseURL: ORIGIN,
    userAgent: BROWSER_UA,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    reducedMotion: "reduce",
  },
  webServer: {
    // What `npm start` runs, started without the npm wrapper so that stopping it stops wrangler
    // and the Stripe sandbox too (npm does not pass the signal on).
    command: "./node_modules/.bin/tsx worker/scripts/start.ts",
    cwd: "../..",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    url: `${ORIGIN}/api/health`,
    env: { PORT: String(PORT), QUIET: "1" },
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
