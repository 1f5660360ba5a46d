// The Stripe client: the real SDK over fetch, pointed at api.stripe.com in production and at the
// local Stripe sandbox (STRIPE_API_BASE) in development and tests. Nothing else differs.

import Stripe from "stripe";
import type { Bindings } from "../../env";
import type { Deps } from "../../lib/deps";

let cached: { key: string; base: string | undefined; client: Stripe } | undefined;

export function stripeClient(env: Bindings): Stripe {
  if (cached?.key === env.STRIPE_SECRET_KEY && cached.base === env.STRIPE_API_BASE) {
    return cached.client;
  }
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const client = new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    // Retries reuse the idempotency key, so a retried create cannot make a second session.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
  cached = { key: env.STRIPE_SECRET_KEY, base: env.STRIPE_API_BASE, client };
  return client;
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * The event in `rawBody` when its Stripe-Signature header is valid and fresh (5 minutes), else
 * null. The signature covers the exact bytes, so the body must be read as text, never re-encoded.
 */
export async function verifiedEvent(
  { env }: Pick<Deps, "env">,
  rawBody: string,
  signature: string | undefined,
): Promise<Stripe.Event | null> {
  if (!signature) return null;
  try {
    return await stripeClient(env).webhooks.constructEventAsync(
      rawBody,
      signature,
      env.STRIPE_WEBHOOK_SECRET,
      undefined,
      cryptoProvider,
    );
  } catch {
    return null;
  }
}

export type { Stripe };

/**
 * Stripe's fingerprint of the card that paid `paymentIntentId`, or null when it has none (no card,
 * or Stripe did not answer: the payment is taken all the same, only this check is skipped).
 */
export async function cardFingerprintOf(
  { env }: Pick<Deps, "env">,
  paymentIntentId: string,
): Promise<string | null> {
  try {
    const intent = await stripeClient(env).paymentIntents.retrieve(paymentIntentId, {
      expand: ["latest_charge"],
    });
    const charge = intent.latest_charge;
    if (!charge || typeof charge === "string") return null;
    return charge.payment_method_details?.card?.fingerprint ?? null;
  } catch (err) {
    console.error(`card fingerprint of ${paymentIntentId}: ${String(err)}`);
    return null;
  }
}
