// `npm run bench`: starts the shop on its own port and state, drives it with autocannon on loopback,
// and prints req/s, p50, p99 and each endpoint's throughput as a ratio of /api/health from the same
// run; then the Worker's CPU time per catalogue request, measured in-process. Never a test.
import autocannon from "autocannon";
import Stripe from "stripe";
import { ensureDevVars, launchShop } from "../../worker/scripts/local";
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
  /** The status every answer should have (default: any 2xx). */
  status?: number;
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
  const wrongStatus =
    options.status === undefined
      ? result.non2xx
      : result.requests.total - (result.statusCodeStats?.[`${options.status}`]?.count ?? 0);
  const errors = result.errors + wrongStatus + result.timeouts;
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

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/**
 * Fulfilment time per webhook: pays `count` sessions on the sandbox's hosted page (the sandbox
 * records the events and delivers none), then delivers each checkout.session.completed event to
 * the webhook, signed as Stripe signs it, one at a time, timing each first delivery.
 */
async function measureFulfilment(sessionUrls: string[], stripeUrl: string) {
  const devVars = ensureDevVars();
  const secret = devVars.STRIPE_WEBHOOK_SECRET ?? "";
  const auth = { authorization: `Bearer ${devVars.STRIPE_SECRET_KEY}` };
  for (const url of sessionUrls) {
    await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "card=4242424242424242",
      redirect: "manual",
    });
  }
  const events: { data: { object: { id: string } } }[] = [];
  let startingAfter = "";
  for (;;) {
    const page = (await (
      await fetch(
        `${stripeUrl}/v1/events?type=checkout.session.completed&limit=100${startingAfter}`,
        { headers: auth },
      )
    ).json()) as { data: typeof events; has_more: boolean };
    events.push(...page.data);
    const last = page.data.at(-1) as { id?: string } | undefined;
    if (!page.has_more || !last?.id) break;
    startingAfter = `&starting_after=${last.id}`;
  }
  const times: number[] = [];
  const outcomes = new Map<string, number>();
  for (const event of events) {
    const payload = JSON.stringify(event);
    const started = performance.now();
    const res = await fetch(`${ORIGIN}/api/stripe/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    });
    const { outcome } = (await res.json()) as { outcome?: string };
    times.push(performance.now() - started);
    const key = outcome ?? `HTTP ${res.status}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  console.log(
    `\nFulfilment per webhook (first delivery, one at a time, ${times.length} events): ` +
      `p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms; ` +
      `outcomes ${[...outcomes].map(([k, n]) => `${k} ${n}`).join(", ")}`,
  );
}

const CREATOR = DEMO_ACCOUNTS.find((a) => a.role === "creator");
const CREATOR_CODE = CREATOR?.affiliateCode ?? "";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** The demo creator's click count, as their profile shows it. */
async function creatorClicks(): Promise<number> {
  const login = await fetch(`${ORIGIN}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: CREATOR?.email, password: CREATOR?.password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const me = await fetch(`${ORIGIN}/api/user/creator/me`, { headers: { token: accessToken } });
  return ((await me.json()) as { creator: { stats: { clicks: number } } }).creator.stats.clicks;
}

/** Waits until the click count stops moving (the writes run after the responses). */
async function settledClicks(): Promise<number> {
  let last = -1;
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await creatorClicks();
    if (now === last) return now;
    last = now;
  }
}

/**
 * The exact final click count: the autocannon run above came from one visitor (one browser on
 * one address), so it counts once this hour; then 1,000 distinct visitors, 10 at a time.
 */
async function countClicks(before: number, run: Row | undefined) {
  const afterOneVisitor = (await settledClicks()) - before;
  const visitors = 1000;
  for (let i = 0; i < visitors; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        fetch(`${ORIGIN}/r/${CREATOR_CODE}`, {
          headers: { "user-agent": `${BROWSER} visitor/${i + j}` },
          redirect: "manual",
        }),
      ),
    );
  }
  const afterVisitors = (await settledClicks()) - before;
  const redirects = run ? Math.round(run.rps * SECONDS) : 0;
  console.log(
    `\nCreator link clicks for ${CREATOR_CODE}: about ${redirects} redirects from one visitor -> ` +
      `${afterOneVisitor} click(s) recorded; then ${visitors} distinct visitors -> ` +
      `${afterVisitors - afterOneVisitor} more (${afterVisitors} new in this run).`,
  );
}

// Rate limits would turn the login run into 429s; the switch works only in development.
const shop = await launchShop(PORT, STATE, { RATE_LIMITS: "off" }, { webhooks: false });
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

  // Creator links: the redirect answers at once; the click write runs after it (waitUntil).
  const clicksBefore = await creatorClicks();
  rows.push(
    await load("/r/:code", `/r/${CREATOR_CODE}?to=/collection`, {
      headers: { "user-agent": BROWSER },
      status: 302,
    }),
  );

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

  // Checkout: each request prices the lines from D1, stores a pending order and creates a
  // Checkout Session on the local Stripe sandbox.
  const checkout = {
    items: [{ _id: itemId, quantity: 2 }],
    address: {
      firstName: "Bench",
      lastName: "Shopper",
      email: "bench@example.com",
      street: "1 Queen Street",
      city: "Brisbane",
      state: "QLD",
      zipcode: "4000",
      country: "Australia",
      phone: "0400000000",
    },
    amount: 0,
    tax: 0,
    affiliateCode: "",
  };
  rows.push(
    await load("createStripeSession", "/api/order/createStripeSession", {
      method: "POST",
      body: checkout,
      headers: auth,
    }),
  );
  print(rows);

  const sessionUrls: string[] = [];
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${ORIGIN}/api/order/createStripeSession`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(checkout),
    });
    sessionUrls.push(((await res.json()) as { session_url: string }).session_url);
  }
  if (shop.stripeUrl) await measureFulfilment(sessionUrls, shop.stripeUrl);
  await countClicks(
    clicksBefore,
    rows.find((r) => r.name === "/r/:code"),
  );
} finally {
  shop.stop();
}

await measureCpu(STATE);
process.exit(0);
