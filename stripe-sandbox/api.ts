// The /v1 API: authentication, routing, idempotency and Stripe's response headers.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxContext } from "./context";
import { createCoupon, retrieveCoupon } from "./coupons";
import { invalidRequest, StripeApiError, unrecognizedUrl } from "./errors";
import type { EventCause } from "./events";
import { canonicalJson, decodeForm, type FormValue } from "./form";
import { BodyTooLarge, readBody, sendJson } from "./http";
import { requestId } from "./ids";
import { retrievePaymentIntent } from "./payment-intents";
import { createRefund } from "./refunds";
import { listLineItems } from "./session-json";
import { createSession, expireSession, getSession, retrieveSession } from "./sessions";

interface Call {
  /** The object id captured from the path, URL-decoded; empty for collection routes. */
  id: string;
  params: Record<string, FormValue>;
  cause: EventCause;
}

type Handler = (ctx: SandboxContext, call: Call) => unknown;

const ID = "([^/]+)";
const routes: Array<[method: string, pattern: RegExp, handler: Handler]> = [
  ["POST", /^\/v1\/coupons$/, (ctx, c) => createCoupon(ctx, c.params)],
  ["GET", new RegExp(`^/v1/coupons/${ID}$`), (ctx, c) => retrieveCoupon(ctx, c.id, c.params)],
  ["POST", /^\/v1\/checkout\/sessions$/, (ctx, c) => createSession(ctx, c.params)],
  [
    "GET",
    new RegExp(`^/v1/checkout/sessions/${ID}$`),
    (ctx, c) => retrieveSession(ctx, c.id, c.params),
  ],
  [
    "GET",
    new RegExp(`^/v1/checkout/sessions/${ID}/line_items$`),
    (ctx, c) => listLineItems(getSession(ctx, c.id), c.params),
  ],
  [
    "POST",
    new RegExp(`^/v1/checkout/sessions/${ID}/expire$`),
    (ctx, c) => expireSession(ctx, c.id, c.params, c.cause),
  ],
  [
    "GET",
    new RegExp(`^/v1/payment_intents/${ID}$`),
    (ctx, c) => retrievePaymentIntent(ctx, c.id, c.params),
  ],
  ["POST", /^\/v1\/refunds$/, (ctx, c) => createRefund(ctx, c.params, c.cause)],
  ["GET", /^\/v1\/events$/, (ctx, c) => ctx.events.list(c.params)],
  ["GET", new RegExp(`^/v1/events/${ID}$`), (ctx, c) => ctx.events.retrieve(c.id, c.params)],
];

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function route(method: string, path: string): { handler: Handler; id: string } | undefined {
  for (const [routeMethod, pattern, handler] of routes) {
    const match = routeMethod === method ? pattern.exec(path) : null;
    if (match) return { handler, id: decodeSegment(match[1] ?? "") };
  }
  return undefined;
}

const mask = (key: string) => {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? "";
  return `${prefix}****${key.slice(-4)}`;
};

function authenticate(ctx: SandboxContext, req: IncomingMessage): StripeApiError | undefined {
  const header = req.headers.authorization ?? "";
  let key = "";
  if (/^Bearer /i.test(header)) key = header.slice(7).trim();
  // Stripe also takes the key as a Basic-auth user name (curl -u sk_test_...:).
  else if (/^Basic /i.test(header)) {
    key = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
  }
  if (!key) {
    return invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      { status: 401 },
    );
  }
  if (key !== ctx.apiKey) {
    return invalidRequest(`Invalid API Key provided: ${mask(key)}`, { status: 401 });
  }
  return undefined;
}

export async function handleApi(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? "GET";
  const reqId = requestId();
  const idempotencyKey = method === "POST" ? (req.headers["idempotency-key"] as string) : undefined;
  const headers: Record<string, string> = { "Request-Id": reqId };
  const version = req.headers["stripe-version"];
  if (typeof version === "string") headers["Stripe-Version"] = version;
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const fail = (error: StripeApiError) => {
    if (error.status === 401) headers["WWW-Authenticate"] = 'Bearer realm="Stripe"';
    sendJson(res, error.status, { error: error.body }, headers);
  };

  const authError = authenticate(ctx, req);
  if (authError) return fail(authError);

  let params: Record<string, FormValue>;
  try {
    const raw = method === "POST" ? await readBody(req) : url.search.slice(1);
    params = decodeForm(raw);
  } catch (error) {
    if (error instanceof StripeApiError) return fail(error);
    if (error instanceof BodyTooLarge) return fail(invalidRequest("Request body too large."));
    throw error;
  }

  const found = route(method, url.pathname);
  if (!found) return fail(unrecognizedUrl(method, url.pathname));

  const fingerprint = canonicalJson(params);
  if (idempotencyKey) {
    try {
      const previous = ctx.idempotency.lookup(idempotencyKey, url.pathname, fingerprint);
      if (previous.kind === "replay") {
        headers["Idempotent-Replayed"] = "true";
        return sendJson(res, previous.status, previous.body, headers);
      }
    } catch (error) {
      if (error instanceof StripeApiError) return fail(error);
      throw error;
    }
  }

  let status = 200;
  let body: unknown;
  let save = true;
  try {
    const cause = { requestId: reqId, idempotencyKey: idempotencyKey ?? null };
    body = found.handler(ctx, { id: found.id, params, cause });
  } catch (error) {
    if (error instanceof StripeApiError) {
      status = error.status;
      body = { error: error.body };
      save = !error.beforeExecution;
    } else {
      ctx.log(`internal error on ${method} ${url.pathname}: ${String(error)}`);
      status = 500;
      body = { error: { type: "api_error", message: "An unknown error occurred" } };
      // A retry would hit the same bug; tell the SDK not to.
      headers["Stripe-Should-Retry"] = "false";
      save = false;
    }
  }
  if (idempotencyKey && save) {
    ctx.idempotency.save(idempotencyKey, url.pathname, fingerprint, status, body);
  }
  sendJson(res, status, body, headers);
}
