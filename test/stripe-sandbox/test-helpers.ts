// Shared by the sandbox tests: a sandbox on a free port with an SDK client pointed at it, raw
// HTTP access for what the SDK cannot send, and a webhook receiver that records deliveries.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import {
  type StripeSandbox,
  type StripeSandboxOptions,
  startStripeSandbox,
} from "../../stripe-sandbox/sandbox";

export const API_KEY = "sk_test_sandbox_0123456789abcdef";
export const WEBHOOK_SECRET = "whsec_sandbox_test_secret_0123456789";

interface RawInit {
  method?: string;
  body?: string;
  /** null sends no Authorization header. */
  key?: string | null;
  headers?: Record<string, string>;
}

export interface Harness {
  sandbox: StripeSandbox;
  stripe: Stripe;
  logs: string[];
  /** A request with the right key unless told otherwise, for bodies the SDK would not send. */
  raw(path: string, init?: RawInit): Promise<Response>;
}

const open: Array<() => Promise<void>> = [];

/** Closes every sandbox and receiver the test opened; call from afterEach. */
export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((close) => close()));
}

export function sdkFor(port: number, key = API_KEY): Stripe {
  // Exactly how the Worker builds its client; only the address differs from production.
  return new Stripe(key, {
    host: "127.0.0.1",
    port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
  });
}

export async function startHarness(options: Partial<StripeSandboxOptions> = {}): Promise<Harness> {
  const logs: string[] = [];
  const sandbox = await startStripeSandbox({
    port: 0,
    apiKey: API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    log: (line) => logs.push(line),
    ...options,
  });
  open.push(() => sandbox.close());
  return {
    sandbox,
    stripe: sdkFor(sandbox.port),
    logs,
    raw(path, init = {}) {
      const headers: Record<string, string> = {
        "Content-Type": "application/x-www-form-urlencoded",
        ...init.headers,
      };
      const key = init.key === undefined ? API_KEY : init.key;
      if (key !== null) headers.Authorization = `Bearer ${key}`;
      return fetch(`${sandbox.url}${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers,
        ...(init.body === undefined ? {} : { body: init.body }),
      });
    },
  };
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook endpoint answering with the given statuses in turn (the last one repeats). */
export async function startReceiver(statuses: number[]) {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = statuses[Math.min(deliveries.length, statuses.length) - 1] ?? 200;
      res.writeHead(status, { "Content-Type": "text/plain" }).end(String(status));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  open.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${port}/api/stripe/webhook`, deliveries };
}

/** The parameters our Worker sends for a cart, with overrides for one test's needs. */
export function sessionParams(
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    allowed_payment_method_types: ["card"],
    line_items: [
      {
        quantity: 2,
        price_data: {
          currency: "aud",
          unit_amount: 1999,
          product_data: {
            name: "Sandalwood incense <set of 3>",
            images: ["https://shop.example/media/incense.jpg"],
            metadata: { product_id: "17" },
          },
        },
      },
      {
        quantity: 1,
        price_data: { currency: "aud", unit_amount: 500, product_data: { name: "Brass diya" } },
      },
    ],
    success_url: "http://localhost:8787/checkout/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:8787/cart",
    client_reference_id: "order_42",
    customer_email: "asha@example.com",
    metadata: { order_id: "42" },
    payment_intent_data: { metadata: { order_id: "42" } },
    ...overrides,
  };
}

/** Submits the hosted page's form the way a browser does, without following the redirect. */
export function submitPage(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
}

/** Pays a session with a card that succeeds (by default the one Stripe's docs use). */
export async function pay(
  session: { url: string | null },
  email?: string,
  card = "4242 4242 4242 4242",
): Promise<Response> {
  const response = await submitPage(session.url as string, {
    card,
    ...(email ? { email } : {}),
  });
  if (response.status !== 303) throw new Error(`payment failed: ${response.status}`);
  return response;
}

/** Runs a call that must fail and returns the SDK's error. */
export async function stripeError(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}
