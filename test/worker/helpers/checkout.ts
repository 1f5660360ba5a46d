// Checkout in tests: start a session through the API, pay on the sandbox's hosted page, and deliver
// the sandbox's recorded events to the webhook, signed as Stripe signs them.
import { env } from "cloudflare:test";
import Stripe from "stripe";
import { stripeClient } from "../../../worker/modules/payments/stripe";
import { asUser } from "./accounts";
import { callWorker, postJson } from "./factories";

export const stripe = () => stripeClient(env);

export const address = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Meera",
  lastName: "Iyer",
  email: "meera@example.com",
  street: "12 Boundary Street",
  street2: "",
  city: "Brisbane",
  state: "QLD",
  zipcode: "4000",
  country: "Australia",
  phone: "+61 400 000 000",
  ...overrides,
});

export interface CheckoutBody {
  items: unknown;
  address?: unknown;
  amount?: unknown;
  tax?: unknown;
  affiliateCode?: unknown;
}

/** POST /api/order/createStripeSession as a guest, or as the holder of `token`. */
export const startCheckout = (body: CheckoutBody, token?: string) => {
  const payload = { address: address(), amount: 0, tax: 0, affiliateCode: "", ...body };
  return token
    ? asUser(token, "/api/order/createStripeSession", payload)
    : postJson("/api/order/createStripeSession", payload);
};

/** The order-access cookie an answer set, as a Cookie header sends it ("" when none). */
export function orderAccessCookieOf(res: Response): string {
  const set = res.headers.getAll("set-cookie").find((c) => c.startsWith("order_access="));
  return set?.split(";")[0] ?? "";
}

/** The Checkout Session's id in its hosted payment page's URL ("" when there is none). */
export const sessionIdOf = (sessionUrl: string) =>
  /\/c\/pay\/(cs_[A-Za-z0-9_]+)/.exec(sessionUrl)?.[1] ?? "";

/**
 * Starts a checkout that must succeed; returns the session (from Stripe), its URL and the
 * order-access cookie the starting browser now holds.
 */
export async function openSession(body: CheckoutBody, token?: string) {
  const res = await startCheckout(body, token);
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
  const cookie = orderAccessCookieOf(res);
  const { session_url } = await res.json<{ session_url: string }>();
  const session = await stripe().checkout.sessions.retrieve(sessionIdOf(session_url), {
    expand: ["line_items"],
  });
  return { url: session_url, session, cookie };
}

/** Submits the hosted payment page as a shopper would. */
export const pay = (sessionUrl: string, card = "4242 4242 4242 4242") =>
  fetch(sessionUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card }),
    redirect: "manual",
  });

/** The sandbox's event of `type` about `sessionId`. */
export async function eventFor(sessionId: string, type: string): Promise<Stripe.Event> {
  const events = await stripe().events.list({ type, limit: 100 });
  const event = events.data.find((e) => (e.data.object as { id?: string }).id === sessionId);
  if (!event) throw new Error(`no ${type} event for ${sessionId}`);
  return event;
}

/** The sandbox's charge.refunded events for a payment, newest first. */
export async function refundEvents(paymentIntent: string): Promise<Stripe.Event[]> {
  const events = await stripe().events.list({ type: "charge.refunded", limit: 100 });
  return events.data.filter(
    (e) => (e.data.object as { payment_intent?: string }).payment_intent === paymentIntent,
  );
}

/** A Stripe-Signature header for `payload`, with the given secret and time. */
export const signature = (
  payload: string,
  secret = env.STRIPE_WEBHOOK_SECRET,
  timestamp?: number,
) =>
  stripe().webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

/** POSTs a webhook delivery; signs `payload` unless a header is given. */
export async function deliver(event: Stripe.Event | string, header?: string) {
  const payload = typeof event === "string" ? event : JSON.stringify(event);
  return callWorker("/api/stripe/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": header ?? (await signature(payload)),
    },
    body: payload,
  });
}

/** Delivers the sandbox's checkout.session.completed event of a session; the webhook must take it. */
export async function deliverCompleted(sessionId: string): Promise<Stripe.Event> {
  const event = await eventFor(sessionId, "checkout.session.completed");
  const res = await deliver(event);
  if (res.status !== 200) throw new Error(`webhook failed: ${res.status} ${await res.text()}`);
  return event;
}

/**
 * POST /api/order/confirmStripeOrder from a browser: signed in as the holder of `token` or not,
 * with the order-access `cookie` of a checkout it started or without.
 */
export const confirm = (
  sessionId: string,
  { token, cookie }: { token?: string; cookie?: string } = {},
) =>
  callWorker("/api/order/confirmStripeOrder", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token && { token }),
      ...(cookie && { cookie }),
    },
    body: JSON.stringify({ session_id: sessionId }),
  });

/** Checks out `items`, pays (with `card`, by default 4242...), and delivers the completed event. */
export async function paidOrder(body: CheckoutBody, token?: string, card?: string) {
  const { url, session, cookie } = await openSession(body, token);
  const paid = await pay(url, card);
  if (paid.status !== 303) throw new Error(`payment failed: ${paid.status}`);
  const event = await deliverCompleted(session.id);
  return { session, event, cookie };
}
