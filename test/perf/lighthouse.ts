// `npm run test:perf`: Lighthouse 12 (mobile preset, Debian's Chromium) on the main screens of the
// production build served by wrangler dev, on the same simulated phone whatever the host.
//
// Calibration. Lighthouse simulates a phone by multiplying the main-thread work it observed on
// the host by a CPU slowdown (4x by default), so a fixed 4x simulates a slower phone on a slower
// host: the same build passed on one machine and failed on the next. Before each page this script
// measures the host in the same Chromium with Lighthouse's own benchmark (`benchmarkIndex`) and
// runs the page with slowdown = host / PHONE_BENCHMARK_INDEX (Lighthouse's docs/throttling.md: the
// multiplier scales with the host's benchmarkIndex), so every machine simulates the same phone.
// The host's figure is the fastest of HOST_SAMPLES readings: other work on the two cores (the
// Worker, Lighthouse digesting the last trace) only ever slows a reading down, and on a quiet
// machine of this kind the readings agree within a few per cent (2,240-2,810 in twelve readings).
// Every page prints the host's readings and the slowdown; every run, its own reading too.
//
// Gates. Accessibility, best practices and SEO hold at 100 on every run. CLS <= 0.02 and the timing
// figures (performance >= 95, TBT <= 100 ms, LCP within the page's budget) hold on the median of
// RUNS runs (default 5) after one unmeasured warm-up; a single run whose layout shifted more is
// printed with the elements that moved (one home run in about 45 showed CLS 0.124, not reproduced
// since), so a rare shift is seen without blocking everyone. Exits 1 when a page
// misses unless LIGHTHOUSE_REPORT_ONLY=1. A run that Lighthouse itself reports as broken
// (NO_NAVSTART, an unreadable trace) is repeated, at most twice, and says so.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import puppeteer from "puppeteer-core";
import { launchShop } from "../../worker/scripts/local";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";

/**
 * The simulated phone, as a Lighthouse benchmarkIndex: the phone that Lighthouse's default 4x
 * slowdown simulated on this project's machines when quiet (about 2,600 / 4), on which the budgets
 * below were set. Lighthouse's table puts mid-tier phones at 125-800; DevTools' own calibration
 * takes 264 for a low-tier phone and 1,000 for a mid-tier one.
 */
const PHONE_BENCHMARK_INDEX = 650;
/** Bounds on the slowdown, so that a broken benchmark cannot turn the phone into a desktop. */
const SLOWDOWN = { min: 1, max: 12 };
const HOST_SAMPLES = 5;

const RUNS = Number(process.env.RUNS ?? 5);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
/** Every run. */
const EVERY_RUN = { accessibility: 100, "best-practices": 100, seo: 100 };
/**
 * Timing: the median. LCP per page, in ms: the highest median the page showed on the calibrated
 * phone in the seven clean runs that landed the calibration (/ 1.56 s, /collection 2.38 s, product
 * 2.46 s, /cart 2.22 s), rounded up to the next tenth of a second, plus a tenth for their spread.
 * Recalibrated by the same rule on 2026-11-24 for product and /cart, whose medians had drifted into
 * their budgets' last hundredths (clean-clone CI: product 2.57 and 2.58 s, /cart 2.39 and 2.41 s;
 * a quiet /cart run 2.37 s, its five runs 2.16-2.41 s), so that a passing and a failing run differed
 * by noise alone. The drift since calibration (/cart +0.2 s) is the catalogue work's to win back.
 * When the product page and the plain /collection came in the Worker's HTML with their pictures,
 * their targets, product 1.6 s and /collection 2.0 s, became their budgets (medians of three on this
 * machine: product 2.54 s before, 1.11-1.14 s after; /collection 2.21-2.34 s before, 1.14 s after).
 * React Router now renders every page (docs/decisions/0015-pages-by-the-framework.md), and the
 * page's code starts only once its largest picture is on the screen: the budgets of that move are
 * / 1.3 s, /collection and product 1.2 s (medians measured there: 1.10 s, 1.14 s, 1.12 s).
 */
const MEDIAN = { performance: 95, tbt: 100, cls: 0.02 };
const LCP_BUDGET_MS: Record<string, number> = {
  "/": 1_300,
  "/collection": 1_200,
  product: 1_200,
  "/cart": 2_600,
};

interface Run {
  scores: Record<Category, number>;
  cls: number;
  tbt: number;
  lcp: number;
  benchmarkIndex: number;
  slowdown: number;
  /** Wall-clock seconds the run took (gather and audit). */
  seconds: number;
  /** The elements that moved, worst first, when the run's layout shifted (CSS selectors). */
  shifted: string[];
}

const ATTEMPTS = 3;

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** Collects the last run's garbage now, then lets the machine go quiet before the next run. */
async function settle() {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** The CPU slowdown that turns a host of this benchmarkIndex into the simulated phone. */
function slowdownFor(benchmarkIndex: number) {
  const raw = benchmarkIndex / PHONE_BENCHMARK_INDEX;
  if (!Number.isFinite(raw)) throw new Error("The host's benchmarkIndex could not be measured");
  return Math.round(Math.min(SLOWDOWN.max, Math.max(SLOWDOWN.min, raw)) * 100) / 100;
}

/**
 * How long one measurement of the host may take (five benchmarks take about 5 s). Once in a CI run
 * a new tab's first evaluate never answered and the tier waited without end: past this the tab is
 * dropped and the measurement starts again, and after MEASURE_ATTEMPTS the tier fails and says so.
 */
const MEASURE_TIMEOUT_MS = 60_000;
const MEASURE_ATTEMPTS = 3;

/** The host's benchmarkIndex now: Lighthouse's benchmark in a blank tab, the fastest of a few. */
async function measureHost(port: number) {
  for (let attempt = 1; ; attempt++) {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    let timer: NodeJS.Timeout | undefined;
    let tab: Awaited<ReturnType<typeof browser.newPage>> | undefined;
    try {
      const measured = (async () => {
        tab = await browser.newPage();
        const samples: number[] = [];
        for (let i = 0; i < HOST_SAMPLES; i++) {
          samples.push(await tab.evaluate(pageFunctions.computeBenchmarkIndex));
        }
        await tab.close();
        return { benchmarkIndex: Math.max(...samples), samples };
      })();
      const timedOut = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), MEASURE_TIMEOUT_MS);
      });
      const result = await Promise.race([measured, timedOut]);
      if (result) return result;
      measured.catch(() => {}); // it may still settle, or fail once its tab is closed below
      void tab?.close().catch(() => {}); // not awaited: a wedged tab may not answer this either
      if (attempt >= MEASURE_ATTEMPTS) {
        throw new Error(
          `The host's benchmark did not answer within ${MEASURE_TIMEOUT_MS / 1000} s, ${attempt} times`,
        );
      }
      console.log(
        `       host benchmark did not answer within ${MEASURE_TIMEOUT_MS / 1000} s; again`,
      );
    } finally {
      clearTimeout(timer);
      await browser.disconnect();
    }
  }
}

/**
 * Pages that say `noindex` on purpose (the cart, checkout and account pages are nobody's search
 * result; README): the SEO audit that a page may be indexed does not apply to them.
 */
const NOT_FOR_SEARCH = new Set(["/cart"]);

/** One Lighthouse run at this slowdown; a run Lighthouse reports as broken is tried again. */
async function audit(url: string, port: number, slowdown: number): Promise<Run> {
  const skipAudits = NOT_FOR_SEARCH.has(new URL(url).pathname) ? ["is-crawlable"] : null;
  for (let attempt = 1; ; attempt++) {
    await settle();
    const started = performance.now();
    const lhr = (
      await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        skipAudits,
        throttling: { cpuSlowdownMultiplier: slowdown },
      })
    )?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    const applied = lhr.configSettings.throttling;
    if (applied.cpuSlowdownMultiplier !== slowdown || applied.rttMs !== 150) {
      throw new Error(
        `Lighthouse did not simulate the calibrated phone: ${JSON.stringify(applied)}`,
      );
    }
    if (!lhr.runtimeError) {
      return {
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Run["scores"],
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        slowdown,
        shifted: shiftedElements(lhr),
        seconds: (performance.now() - started) / 1000,
      };
    }
    console.log(`       ${url}: Lighthouse error ${lhr.runtimeError.code} (attempt ${attempt})`);
    if (attempt === ATTEMPTS) throw new Error(lhr.runtimeError.message);
  }
}

/** What a layout shift moved, as Lighthouse's layout-shifts audit names it. */
function shiftedElements(lhr: { audits: Record<string, { details?: unknown }> }) {
  const details = lhr.audits["layout-shifts"]?.details as
    | { items?: { score?: number; node?: { selector?: string; snippet?: string } }[] }
    | undefined;
  return (details?.items ?? []).map(
    (item) =>
      `${item.node?.selector ?? item.node?.snippet ?? "?"} (${(item.score ?? 0).toFixed(3)})`,
  );
}

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const figures = (r: Pick<Run, "scores" | "lcp" | "cls" | "tbt">) =>
  CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(", ") +
  `; LCP ${(r.lcp / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}, TBT ${r.tbt.toFixed(0)} ms`;

/** What a page missed, in words; empty when it met every budget. */
function misses(runs: Run[], lcpBudget: number) {
  const missed: string[] = [];
  for (const [i, r] of runs.entries()) {
    for (const c of ["accessibility", "best-practices", "seo"] as const) {
      if (r.scores[c] < EVERY_RUN[c]) missed.push(`run ${i + 1} ${c} ${r.scores[c]}`);
    }
  }
  const performance = median(runs.map((r) => r.scores.performance));
  const tbt = median(runs.map((r) => r.tbt));
  const lcp = median(runs.map((r) => r.lcp));
  if (!(performance >= MEDIAN.performance)) missed.push(`median performance ${performance}`);
  if (!(tbt <= MEDIAN.tbt)) missed.push(`median TBT ${tbt.toFixed(0)} ms`);
  if (!(lcp <= lcpBudget)) missed.push(`median LCP ${(lcp / 1000).toFixed(2)} s`);
  const cls = median(runs.map((r) => r.cls));
  if (!(cls <= MEDIAN.cls)) missed.push(`median CLS ${cls.toFixed(3)}`);
  return missed;
}

const shop = await launchShop(8796, ".perf/state");
let failed = false;
try {
  const { products } = (await (await fetch(`${shop.origin}/api/product/list`)).json()) as {
    products: { _id: string }[];
  };
  // PAGES=/,product measures some of them; "product" stands for the first product's page.
  const pages = (process.env.PAGES ?? "/,/collection,product,/cart").split(",").filter(Boolean);
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  console.log(
    `Simulated phone: benchmarkIndex ${PHONE_BENCHMARK_INDEX}; each page's CPU slowdown is the ` +
      `host's benchmarkIndex / ${PHONE_BENCHMARK_INDEX} (bounds ${SLOWDOWN.min}-${SLOWDOWN.max}x).`,
  );
  try {
    await audit(`${shop.origin}/`, chrome.port, 4);
    for (const page of pages) {
      const path = page === "product" ? `/product/${products[0]?._id}` : page;
      // Another page (PAGES=/blog) is held to the 2.5 s that web.dev calls a good LCP.
      const lcpBudget = LCP_BUDGET_MS[page] ?? 2_500;
      const host = await measureHost(chrome.port);
      const slowdown = slowdownFor(host.benchmarkIndex);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await audit(`${shop.origin}${path}`, chrome.port, slowdown));
      }
      const missed = misses(runs, lcpBudget);
      failed ||= missed.length > 0;
      const med = (f: (r: Run) => number) => median(runs.map(f));
      const summary = figures({
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, med((r) => r.scores[c])]),
        ) as Run["scores"],
        lcp: med((r) => r.lcp),
        cls: med((r) => r.cls),
        tbt: med((r) => r.tbt),
      });
      console.log(
        `${missed.length ? "MISS" : "ok  "} ${path.padEnd(40)} ${summary} (median of ${RUNS}; ` +
          `LCP budget ${(lcpBudget / 1000).toFixed(1)} s)` +
          `\n       host benchmarkIndex ${Math.round(host.benchmarkIndex)} (fastest of ` +
          `${host.samples.map(Math.round).join(", ")}), slowdown ${slowdown.toFixed(2)}x` +
          (missed.length ? `\n       missed: ${missed.join("; ")}` : ""),
      );
      runs.forEach((r, i) => {
        console.log(
          `       run ${i + 1}: slowdown ${r.slowdown.toFixed(2)}x (this run's own host reading ${Math.round(r.benchmarkIndex)}); ${figures(r)} (${r.seconds.toFixed(0)} s)` +
            (r.cls > MEDIAN.cls
              ? `\n         note: the layout shifted; moved: ${r.shifted.join(", ")}`
              : ""),
        );
      });
    }
  } finally {
    await chrome.kill();
  }
} finally {
  shop.stop();
}
process.exit(failed && process.env.LIGHTHOUSE_REPORT_ONLY !== "1" ? 1 : 0);
