// `npm run test:perf`: Lighthouse 12 (mobile preset, Debian's Chromium) on the main screens of the
// production build served by wrangler dev. Prints every score; RUNS (default 3) runs per page, the
// median reported. Exits 1 when a page misses the budget (performance >= 95, the rest 100,
// CLS <= 0.02, TBT <= 100 ms) unless LIGHTHOUSE_REPORT_ONLY=1.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { launchShop } from "../../worker/scripts/local";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";

const RUNS = Number(process.env.RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const BUDGET = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  tbt: number;
  lcp: number;
}

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const shop = await launchShop(8796, ".perf/state");
let failed = false;
try {
  const { products } = (await (await fetch(`${shop.origin}/api/product/list`)).json()) as {
    products: { _id: string }[];
  };
  const pages = [
    "/",
    "/collection",
    `/product/${products[0]?._id}`,
    ...(process.env.PAGES ?? "").split(",").filter(Boolean),
  ];
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    for (const path of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${shop.origin}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
        runs.push({
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
          ) as Run["scores"],
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        });
      }
      const score = (c: (typeof CATEGORIES)[number]) => median(runs.map((r) => r.scores[c]));
      const cls = median(runs.map((r) => r.cls));
      const tbt = median(runs.map((r) => r.tbt));
      const lcp = median(runs.map((r) => r.lcp));
      const ok = CATEGORIES.every((c) => score(c) >= BUDGET[c]) && cls <= 0.02 && tbt <= 100;
      failed ||= !ok;
      console.log(
        `${ok ? "ok  " : "MISS"} ${path.padEnd(40)} ` +
          CATEGORIES.map((c) => `${c} ${score(c)}`).join(", ") +
          `; LCP ${(lcp / 1000).toFixed(2)} s, CLS ${cls.toFixed(3)}, TBT ${tbt.toFixed(0)} ms` +
          ` (median of ${RUNS}; runs: ${runs.map((r) => r.scores.performance).join("/")})`,
      );
    }
  } finally {
    await chrome.kill();
  }
} finally {
  shop.stop();
}
process.exit(failed && process.env.LIGHTHOUSE_REPORT_ONLY !== "1" ? 1 : 0);
