// `npm test`: every tier in turn, each printed as it runs, then one summary line per tier
// ("N passed, N failed"). Every tier runs even after a failure, so one run shows everything that
// is wrong; the exit code is non-zero when any tier failed. With LIGHTHOUSE=1 (as .ci/run sets
// it), Lighthouse runs too.
//
//   TIERS=worker,e2e npm test     runs only the named tiers
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../worker/scripts/local";
import { CHROMIUM_PATH } from "./support/chromium";

const REPORTS = join(ROOT, "test-results");

interface Tier {
  name: string;
  /** The npm script that runs it alone. */
  script: string;
  /** Passed and failed counts, read from the tier's report or output once it has run. */
  count: (output: string, exitCode: number) => { passed: number; failed: number };
  needsChromium?: boolean;
  /** Runs only when this environment variable is 1 (or when named in TIERS). */
  onlyWith?: string;
}

/** One check: the whole tier passed or failed. */
const whole = (_: string, code: number) => ({
  passed: code === 0 ? 1 : 0,
  failed: code === 0 ? 0 : 1,
});

/** Lines of the tier's output that start with a marker, e.g. "  ok " and "  OVER". */
const lines = (ok: RegExp, bad: RegExp) => (output: string, code: number) => {
  const all = output.split("\n");
  const passed = all.filter((l) => ok.test(l)).length;
  const failed = all.filter((l) => bad.test(l)).length;
  return passed + failed > 0 ? { passed, failed } : whole(output, code);
};

/** Vitest's JSON report. */
const vitestReport = (file: string) => (output: string, code: number) => {
  try {
    const report = JSON.parse(readFileSync(join(REPORTS, file), "utf8"));
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0),
    };
  } catch {
    return whole(output, code);
  }
};

/** Playwright's JSON report. */
const playwrightReport = (output: string, code: number) => {
  try {
    const { stats } = JSON.parse(readFileSync(join(REPORTS, "e2e", "results.json"), "utf8"));
    const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
    return { passed: stats.expected + stats.flaky, failed };
  } catch {
    return whole(output, code);
  }
};

const TIERS: Tier[] = [
  { name: "types", script: "typecheck", count: whole },
  { name: "lint + format", script: "lint:check", count: whole },
  { name: "budget", script: "test:budget", count: lines(/^\s+ok\s/, /^\s+(OVER|MISS)\s/) },
  { name: "Stripe sandbox", script: "test:sandbox", count: vitestReport("sandbox.json") },
  { name: "Worker", script: "test:worker", count: vitestReport("worker.json") },
  { name: "web", script: "test:web", count: vitestReport("web.json") },
  // The bench runs end to end for a second a row: it fails only when the bench itself breaks.
  { name: "bench smoke", script: "bench:smoke", count: whole },
  { name: "browser journeys", script: "test:e2e", count: playwrightReport, needsChromium: true },
  {
    name: "Lighthouse",
    script: "test:perf",
    count: lines(/^ok\s/, /^MISS\s/),
    needsChromium: true,
    onlyWith: "LIGHTHOUSE",
  },
];

function run(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      output += chunk.toString();
      to.write(chunk);
    };
    child.stdout.on("data", (c: Buffer) => keep(c, process.stdout));
    child.stderr.on("data", (c: Buffer) => keep(c, process.stderr));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

const only = process.env.TIERS?.split(",").map((t) => t.trim().toLowerCase());
const selected = TIERS.filter((t) =>
  only
    ? only.some((o) => t.name.toLowerCase().startsWith(o) || t.script.endsWith(o))
    : !t.onlyWith || process.env[t.onlyWith] === "1",
);

mkdirSync(REPORTS, { recursive: true });
const summary: string[] = [];
let failedTiers = 0;
const started = Date.now();
for (const tier of selected) {
  const tierStart = Date.now();
  console.log(`\n=== ${tier.name} (npm run ${tier.script}) ===`);
  let result: { passed: number; failed: number };
  if (tier.needsChromium && !existsSync(CHROMIUM_PATH)) {
    console.error(
      `${CHROMIUM_PATH} is missing: install Debian's Chromium (apt-get install -y chromium).`,
    );
    result = { passed: 0, failed: 1 };
  } else {
    const { code, output } = await run(tier.script, { ...process.env, FORCE_COLOR: "0" });
    result = tier.count(output, code);
    if (code !== 0 && result.failed === 0) result.failed = 1;
  }
  if (result.failed > 0) failedTiers++;
  const seconds = ((Date.now() - tierStart) / 1000).toFixed(0);
  summary.push(
    `${result.failed > 0 ? "FAIL" : "ok  "} ${tier.name.padEnd(17)} ${result.passed} passed, ${result.failed} failed (${seconds} s)`,
  );
}

console.log(`\nSummary (${((Date.now() - started) / 60000).toFixed(1)} min):`);
for (const line of summary) console.log(`  ${line}`);
process.exit(failedTiers > 0 ? 1 : 0);
