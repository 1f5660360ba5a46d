// Checkout in the bench: the order every checkout places, and the fulfilment time per webhook.
import Stripe from "stripe";
import { ensureDevVars } from "../../worker/scripts/local";
import { ORIGIN, percentile } from "./load";

/** A checkout of two of `productId`; every figure is the server's. */
export const checkoutBody = (productId: string) => ({
  items: [{ _id: productId, quantity: 2 }],
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
});

/**
 * Fulfilment time per webhook: pays `count` sessions on the sandbox's hosted page (the sandbox
 * records the events and delivers none), then delivers each checkout.session.completed event to
 * the webhook, signed as Stripe signs it, one at a time, timing each first delivery.
 */
export async function measureFulfilment(sessionUrls: string[], stripeUrl: string) {
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
