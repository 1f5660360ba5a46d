// A mixed shopper workload: 10 shoppers at once, each browsing the list, opening a product,
// adding it to their cart and starting a checkout, over and over. Each step's req/s and p99, and
// its ratio to /api/health driven the same way in the same run.
import { checkoutBody } from "./checkout";
import { benchNetwork, CONNECTIONS, ORIGIN, percentile, SECONDS } from "./load";

interface Step {
  name: string;
  request: (shopper: Shopper) => Promise<Response>;
}

interface Shopper {
  token: string;
  productIds: string[];
  /** The shopper's own client network: checkouts are limited per network. */
  network: string;
}

const json = (shopper: Shopper, body: unknown): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/json",
    token: shopper.token,
    "cf-connecting-ip": shopper.network,
  },
  body: JSON.stringify(body),
});

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)] as T;

/** Runs `steps` in order, in a loop, on CONNECTIONS shoppers at once for SECONDS; times each step. */
async function drive(steps: Step[], shoppers: Shopper[]) {
  const times = new Map(steps.map((s) => [s.name, [] as number[]]));
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    shoppers.map(async (shopper) => {
      while (performance.now() < until) {
        for (const step of steps) {
          const started = performance.now();
          const res = await step.request(shopper);
          await res.arrayBuffer();
          if (!res.ok) errors++;
          times.get(step.name)?.push(performance.now() - started);
        }
      }
    }),
  );
  return { times, errors };
}

async function newShopper(i: number, productIds: string[]): Promise<Shopper> {
  const res = await fetch(`${ORIGIN}/api/user/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: `Bench Shopper ${i}`,
      email: `bench-${Date.now()}-${i}@example.com`,
      password: "bench password 2026",
    }),
  });
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { token: accessToken, productIds, network: benchNetwork(200_000 + i) };
}

export async function mixedWorkload(): Promise<void> {
  const { products } = (await (await fetch(`${ORIGIN}/api/product/list`)).json()) as {
    products: { _id: string }[];
  };
  const productIds = products.map((p) => p._id);
  const shoppers = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) => newShopper(i, productIds)),
  );
  const health = await drive(
    [{ name: "/api/health", request: () => fetch(`${ORIGIN}/api/health`) }],
    shoppers,
  );
  const steps: Step[] = [
    { name: "browse list", request: () => fetch(`${ORIGIN}/api/product/list`) },
    {
      name: "open product",
      request: (s) => fetch(`${ORIGIN}/api/product/${pick(s.productIds)}`),
    },
    {
      name: "cart add",
      request: (s) =>
        fetch(`${ORIGIN}/api/cart/add`, json(s, { itemId: pick(s.productIds), quantity: 1 })),
    },
    {
      name: "checkout session",
      request: (s) =>
        fetch(`${ORIGIN}/api/order/createStripeSession`, json(s, checkoutBody(pick(s.productIds)))),
    },
  ];
  const mixed = await drive(steps, shoppers);
  const rate = (samples: number[]) => samples.length / SECONDS;
  const healthRate = rate(health.times.get("/api/health") ?? []);
  console.log(
    `\nMixed shopper workload: ${CONNECTIONS} shoppers, ${SECONDS} s, each looping list -> product -> cart add -> checkout session (fetch driver)`,
  );
  console.log("step                     req/s    p99 ms   ratio to /api/health");
  const row = (name: string, samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(22)} ${rate(samples).toFixed(0).padStart(7)} ${percentile(sorted, 0.99).toFixed(0).padStart(9)}` +
        `   ${(rate(samples) / healthRate).toFixed(2).padStart(20)}`,
    );
  };
  row("/api/health (alone)", health.times.get("/api/health") ?? []);
  for (const step of steps) row(step.name, mixed.times.get(step.name) ?? []);
  console.log(`errors: ${health.errors + mixed.errors}`);
}
