// `npm run bench`: starts the shop on its own port and state, drives it with autocannon on loopback,
// and prints req/s, p50, p99 and each endpoint's throughput as a ratio of /api/health from the same
// run; then the Worker's CPU time per catalogue request, measured in-process. Never a test.
import autocannon from "autocannon";
import { launchShop } from "../../worker/scripts/local";
import { DEMO_ACCOUNTS } from "../../worker/seed/demo-accounts";
import { measureCpu } from "./cpu";

const PORT = Number(process.env.BENCH_PORT ?? 8799);
// autocannon does not fall back from ::1 to 127.0.0.1 the way fetch does.
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

interface LoadOptions {
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  connections?: number;
}

async function load(name: string, path: string, options: LoadOptions = {}): Promise<Row> {
  const result = await autocannon({
    url: `${ORIGIN}${path}`,
    connections: options.connections ?? CONNECTIONS,
    duration: SECONDS,
    method: options.method ?? "GET",
    headers: { "content-type": "application/json", ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
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

// Rate limits would turn the login run into 429s; the switch works only in development.
const shop = await launchShop(PORT, STATE, { RATE_LIMITS: "off" });
try {
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

  // Accounts: login is one PBKDF2 hash (100000 iterations) per request, measured at 2 connections.
  const shopper = DEMO_ACCOUNTS.find((a) => a.role === "user");
  const credentials = { email: shopper?.email, password: shopper?.password };
  rows.push(
    await load("login (2 conn.)", "/api/user/login", {
      method: "POST",
      body: credentials,
      connections: 2,
    }),
  );
  const login = await fetch(`${ORIGIN}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { token: accessToken };
  await fetch(`${ORIGIN}/api/cart/clear`, { method: "POST", headers: auth });
  rows.push(await load("/api/cart/get", "/api/cart/get", { method: "POST", headers: auth }));
  const itemId = productId ?? "";
  rows.push(
    await load("/api/cart/add", "/api/cart/add", {
      method: "POST",
      headers: auth,
      body: { itemId, quantity: 1 },
    }),
  );
  await fetch(`${ORIGIN}/api/cart/clear`, { method: "POST", headers: auth });
  print(rows);
} finally {
  shop.stop();
}

await measureCpu(STATE);
process.exit(0);
