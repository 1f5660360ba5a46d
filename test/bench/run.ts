// `npm run bench`: starts the shop on its own port and state, drives it on loopback, and prints
// req/s, p50, p99 and each endpoint's throughput as a ratio of /api/health from the same run; a
// mixed shopper workload; fulfilment time per webhook; the exact creator click count; then the
// Worker's CPU time per catalogue request, measured in-process. Never a test.
import { launchShop } from "../../worker/scripts/local";
import { DEMO_ACCOUNTS } from "../../worker/seed/demo-accounts";
import { checkoutBody, measureFulfilment } from "./checkout";
import { BROWSER, CREATOR_CODE, countClicks, creatorClicks } from "./clicks";
import { measureCpu } from "./cpu";
import { benchNetwork, load, ORIGIN, PORT, print, type Row, SMOKE } from "./load";
import { mixedWorkload } from "./mixed";
import { stockEveryProduct } from "./stock";

const STATE = ".bench/state";

// Rate limits would turn the login run into 429s; the switch works only in development.
const shop = await launchShop(PORT, STATE, { RATE_LIMITS: "off" }, { webhooks: false });
try {
  const { products } = (await (await fetch(`${ORIGIN}/api/product/list`)).json()) as {
    products: { _id: string }[];
  };
  const productId = products[0]?._id;
  await stockEveryProduct(products.map((p) => p._id));
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
  const checkout = checkoutBody(itemId);
  rows.push(
    await load("createStripeSession", "/api/order/createStripeSession", {
      method: "POST",
      body: checkout,
      headers: auth,
      networkPerRequest: true,
    }),
  );
  print(rows);
  await mixedWorkload();

  const sessionUrls: string[] = [];
  for (let i = 0; i < (SMOKE ? 5 : 200); i++) {
    const res = await fetch(`${ORIGIN}/api/order/createStripeSession`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": benchNetwork(100_000 + i),
      },
      body: JSON.stringify(checkout),
    });
    const { session_url } = (await res.json()) as { session_url?: string };
    if (!res.ok || !session_url) throw new Error(`checkout ${i} answered ${res.status}`);
    sessionUrls.push(session_url);
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
