// How the bench drives the shop: autocannon for one endpoint at a time, a small fetch-based driver
// for workloads of several steps, and the table both print.
import autocannon from "autocannon";

export const PORT = Number(process.env.BENCH_PORT ?? 8799);
// autocannon does not fall back from ::1 to 127.0.0.1 the way fetch does.
export const ORIGIN = `http://127.0.0.1:${PORT}`;
/**
 * `npm run bench -- --smoke` (or BENCH_SMOKE=1): every part runs once, briefly (1 s a row, a few
 * fulfilments and CPU samples), so a test tier can prove the bench itself works. Its figures mean
 * nothing.
 */
export const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";
export const SECONDS = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 1 : 8));
export const CONNECTIONS = 10;

export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the errors were: "503 x4", "timeouts x2"; empty when there were none. */
  errorKinds: string;
}

export interface LoadOptions {
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  connections?: number;
  /** The status every answer should have (default: any 2xx). */
  status?: number;
  /** Each request's own path, from its number: a new question every time (no cached answer). */
  pathFor?: (n: number) => string;
  /**
   * Each request from a client network of its own (benchNetwork), as many shoppers would send
   * them: checkouts are limited per network (modules/orders/stock-holds.ts).
   */
  networkPerRequest?: boolean;
}

/**
 * The client address of shopper `n` as the Worker reads it (CF-Connecting-IP, which wrangler dev
 * keeps when the request has one): a documentation-range IPv6 address in a /64 of its own. Only a
 * header; nothing is sent there.
 */
export const benchNetwork = (n: number) =>
  `2001:db8:${((n >>> 16) & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}::1`;

export async function load(name: string, path: string, options: LoadOptions = {}): Promise<Row> {
  let sent = 0;
  const result = await autocannon({
    url: `${ORIGIN}${path}`,
    connections: options.connections ?? CONNECTIONS,
    duration: SECONDS,
    method: options.method ?? "GET",
    headers: { "content-type": "application/json", ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    ...((options.pathFor || options.networkPerRequest) && {
      requests: [
        {
          setupRequest: (request: autocannon.Request) => {
            const n = sent++;
            request.path = options.pathFor?.(n) ?? path;
            if (options.networkPerRequest) {
              request.headers = { ...request.headers, "cf-connecting-ip": benchNetwork(n) };
            }
            return request;
          },
        },
      ],
    }),
  });
  const wrongStatus =
    options.status === undefined
      ? result.non2xx
      : result.requests.total - (result.statusCodeStats?.[`${options.status}`]?.count ?? 0);
  const errors = result.errors + wrongStatus + result.timeouts;
  const unexpected = Object.entries(result.statusCodeStats ?? {}).filter(([code]) =>
    options.status === undefined ? !code.startsWith("2") : code !== `${options.status}`,
  );
  const errorKinds = [
    ...unexpected.map(([code, { count }]) => `${code} x${count}`),
    ...(result.timeouts > 0 ? [`timeouts x${result.timeouts}`] : []),
    ...(result.errors > result.timeouts
      ? [`connection errors x${result.errors - result.timeouts}`]
      : []),
  ].join(", ");
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    errorKinds,
  };
}

export function print(
  rows: Row[],
  title = `autocannon, ${CONNECTIONS} connections, ${SECONDS} s each`,
): void {
  const health = rows.find((r) => r.name === "/api/health")?.rps ?? Number.NaN;
  console.log(`\n${title}, wrangler dev on ${ORIGIN}`);
  console.log("endpoint                 req/s    p50 ms   p99 ms   ratio to /api/health   errors");
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)}` +
        `   ${(r.rps / health).toFixed(2).padStart(20)}   ${r.errors}${r.errorKinds ? ` (${r.errorKinds})` : ""}`,
    );
  }
}
