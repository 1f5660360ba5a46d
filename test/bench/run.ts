// `npm run bench`: starts the shop on its own port and state, drives it with autocannon on loopback,
// and prints req/s, p50, p99 and each endpoint's throughput as a ratio of /api/health from the same
// run; then the Worker's CPU time per catalogue request, measured in-process. Never a test.
import autocannon from "autocannon";
import {
  applyMigrations,
  buildSpa,
  ensureDevVars,
  startWrangler,
  stopChild,
  waitForHttp,
} from "../../worker/scripts/local";
import { seedIfEmpty } from "../../worker/scripts/seed";
import { measureCpu } from "./cpu";

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const STATE = ".bench/state";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, path: string): Promise<Row> {
  const result = await autocannon({
    url: `${ORIGIN}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const errors = result.errors + result.non2xx + result.timeouts;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

function print(rows: Row[]): void {
  const health = rows.find((r) => r.name === "/api/health")?.rps ?? Number.NaN;
  console.log(
    `\nautocannon, ${CONNECTIONS} connections, ${SECONDS} s each, wrangler dev on ${ORIGIN}`,
  );
  console.log("endpoint                 req/s    p50 ms   p99 ms   ratio to /api/health   errors");
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)}` +
        `   ${(r.rps / health).toFixed(2).padStart(20)}   ${r.errors}`,
    );
  }
}

ensureDevVars();
await buildSpa();
await applyMigrations(STATE);
await seedIfEmpty(STATE);
const wrangler = startWrangler({ port: PORT, origin: ORIGIN, quiet: true, persistTo: STATE });
try {
  await waitForHttp(`${ORIGIN}/api/health`);
  const productId = (
    (await (await fetch(`${ORIGIN}/api/product/list`)).json()) as { products: { _id: string }[] }
  ).products[0]?._id;
  const targets: [string, string][] = [
    ["/api/health", "/api/health"],
    ["/api/product/list", "/api/product/list"],
    ["/api/category/list", "/api/category/list"],
    ["/api/product/:id", `/api/product/${productId}`],
  ];
  for (const [, path] of targets) await fetch(`${ORIGIN}${path}`); // warm the isolate and caches
  const rows: Row[] = [];
  for (const [name, path] of targets) rows.push(await load(name, path));
  print(rows);
} finally {
  stopChild(wrangler);
}

await measureCpu(STATE);
process.exit(0);
