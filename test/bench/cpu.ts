// The Worker's CPU time per catalogue request, measured in-process: the Hono app runs in this Node
// process against the real local D1 (through wrangler's platform proxy), and process.cpuUsage()
// brackets each request. I/O waits are not CPU time, as on Cloudflare's bill; the proxy's own
// serialisation is counted, so the figures err on the high side.
import { createApp } from "../../worker/app";
import type { Bindings } from "../../worker/env";
import { forgetCatalogueMemory } from "../../worker/modules/catalogue/cache";
import { withLocalBindings } from "../../worker/scripts/seed";
import type { SeedBindings } from "../../worker/seed/seed";
import { SMOKE } from "./load";

const RUNS = SMOKE ? 5 : 300;

const ctx = {
  waitUntil: (p: Promise<unknown>) => void p.catch(() => {}),
  passThroughOnException: () => {},
  props: {},
};

function summary(micros: number[]): string {
  const sorted = [...micros].sort((a, b) => a - b);
  const at = (q: number) =>
    ((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) / 1000).toFixed(3);
  return `median ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}

export async function measureCpu(persistTo: string): Promise<void> {
  await withLocalBindings((storage) => measureWith(storage), persistTo);
}

async function measureWith(storage: SeedBindings): Promise<void> {
  const env = {
    ...storage,
    ENVIRONMENT: "development",
    APP_ORIGIN: "http://localhost",
    JWT_SECRET: "x".repeat(32),
  } as Bindings;
  const app = createApp();
  const request = (path: string) =>
    app.fetch(new Request(`http://localhost${path}`), env, ctx as unknown as ExecutionContext);

  console.log(`\nWorker CPU time per request, in-process, ${RUNS} runs each:`);
  for (const path of ["/api/product/list", "/api/category/list"]) {
    for (const mode of ["warm (memory hit)", "cold (D1 query + JSON)"] as const) {
      const samples: number[] = [];
      await (await request(path)).arrayBuffer();
      for (let i = 0; i < RUNS; i++) {
        if (mode.startsWith("cold")) forgetCatalogueMemory();
        const before = process.cpuUsage();
        const res = await request(path);
        await res.arrayBuffer();
        const used = process.cpuUsage(before);
        samples.push(used.user + used.system);
        // Let the platform proxy settle: its synchronous bridge asserts on overlapping calls.
        await new Promise((r) => setTimeout(r, 2));
      }
      console.log(`  ${path.padEnd(20)} ${mode.padEnd(24)} ${summary(samples)}`);
    }
  }
}
