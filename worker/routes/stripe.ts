// Stripe's webhook: signature checked on the exact bytes received, then the one fulfilment path.
// A failure to commit answers 5xx (from onError) so that Stripe delivers the event again.
import { Hono } from "hono";
import { badRequest } from "../lib/app-error";
import type { AppEnv } from "../middleware/app-env";
import { applyStripeEvent } from "../modules/orders/fulfilment";
import { verifiedEvent } from "../modules/payments/stripe";

export const stripeWebhookRoutes = new Hono<AppEnv>().post("/webhook", async (c) => {
  const event = await verifiedEvent(
    { env: c.env },
    await c.req.text(),
    c.req.header("stripe-signature"),
  );
  if (!event) throw badRequest("Missing or invalid Stripe signature", "invalid_signature");
  const outcome = await applyStripeEvent({ env: c.env, db: c.var.db, ctx: c.executionCtx }, event);
  return c.json({ success: true as const, received: true, outcome });
});
