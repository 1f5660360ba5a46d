// Refunds against a paid session's payment intent, and the charge.refunded event they cause.
import type { SandboxContext } from "./context";
import { invalidRequest, resourceMissing } from "./errors";
import type { EventCause } from "./events";
import type { FormValue } from "./form";
import { randomId, unixSeconds } from "./ids";
import { formatMoney } from "./money";
import { integer, metadata, optional, parseParams, string } from "./params";
import type { Charge, Refund } from "./state";

export function chargeJson(charge: Charge) {
  return {
    id: charge.id,
    object: "charge",
    amount: charge.amount,
    amount_captured: charge.amount,
    amount_refunded: charge.amountRefunded,
    billing_details: { address: null, email: charge.email, name: null, phone: null },
    captured: true,
    created: charge.created,
    currency: charge.currency,
    customer: null,
    description: null,
    livemode: false,
    metadata: charge.metadata,
    paid: true,
    payment_intent: charge.paymentIntentId,
    payment_method_details: charge.card
      ? {
          type: "card",
          card: {
            brand: charge.card.brand,
            last4: charge.card.last4,
            fingerprint: charge.card.fingerprint,
            country: "AU",
            funding: "credit",
          },
        }
      : null,
    receipt_email: null,
    refunded: charge.amountRefunded === charge.amount,
    status: "succeeded",
  };
}

function refundJson(refund: Refund) {
  return {
    id: refund.id,
    object: "refund",
    amount: refund.amount,
    balance_transaction: null,
    charge: refund.chargeId,
    created: refund.created,
    currency: refund.currency,
    metadata: refund.metadata,
    payment_intent: refund.paymentIntentId,
    reason: refund.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

export function createRefund(
  ctx: SandboxContext,
  body: Record<string, FormValue>,
  cause: EventCause,
) {
  const params = parseParams(
    {
      payment_intent: string({ maxLength: 5000 }),
      amount: optional(integer({ min: 1 })),
      reason: optional(string({ oneOf: ["duplicate", "fraudulent", "requested_by_customer"] })),
      metadata: optional(metadata()),
    },
    body,
  );
  const charge = ctx.store.charges.get(params.payment_intent);
  if (!charge) throw resourceMissing("payment_intent", params.payment_intent, "payment_intent");
  const remaining = charge.amount - charge.amountRefunded;
  if (remaining === 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
      code: "charge_already_refunded",
    });
  }
  const amount = params.amount ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatMoney(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, charge.currency)})`,
      { code: "amount_too_large", param: "amount" },
    );
  }

  const wasRefunded = chargeJson(charge).refunded;
  const previous: Record<string, unknown> = { amount_refunded: charge.amountRefunded };
  charge.amountRefunded += amount;
  if (chargeJson(charge).refunded !== wasRefunded) previous.refunded = wasRefunded;

  const refund: Refund = {
    id: randomId("re_"),
    chargeId: charge.id,
    paymentIntentId: charge.paymentIntentId,
    amount,
    currency: charge.currency,
    reason: params.reason ?? null,
    metadata: params.metadata ?? {},
    created: unixSeconds(),
  };
  ctx.store.refunds.set(refund.id, refund);
  void ctx.emit("charge.refunded", chargeJson(charge), cause, previous);
  return refundJson(refund);
}
