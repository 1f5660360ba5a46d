// Payment intents as Stripe answers GET /v1/payment_intents/:id, with `expand[]=latest_charge`
// giving the charge and the card it was paid with. A card's fingerprint is the same for every
// payment with the same number, as Stripe's is, and reveals nothing of the number.
import { createHash } from "node:crypto";
import type { SandboxContext } from "./context";
import { paramError, resourceMissing } from "./errors";
import type { FormValue } from "./form";
import { array, childPath, optional, parseParams, string } from "./params";
import { chargeJson } from "./refunds";
import type { ChargeCard } from "./state";

const BRANDS: [RegExp, string][] = [
  [/^4/, "visa"],
  [/^5[1-5]/, "mastercard"],
  [/^3[47]/, "amex"],
];

export function describeCard(number: string): ChargeCard {
  const fingerprint = createHash("sha256")
    .update(`sandbox-card-fingerprint:${number}`)
    .digest("base64")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 16);
  const brand = BRANDS.find(([pattern]) => pattern.test(number))?.[1] ?? "unknown";
  return { brand, last4: number.slice(-4), fingerprint };
}

export function retrievePaymentIntent(
  ctx: SandboxContext,
  id: string,
  query: Record<string, FormValue>,
) {
  const params = parseParams({ expand: optional(array(string({ maxLength: 5000 }))) }, query);
  let expandCharge = false;
  (params.expand ?? []).forEach((path, i) => {
    if (path === "latest_charge") expandCharge = true;
    else throw paramError(`This property cannot be expanded (${path}).`, childPath("expand", i));
  });
  const charge = ctx.store.charges.get(id);
  if (!charge) throw resourceMissing("payment_intent", id);
  return {
    id: charge.paymentIntentId,
    object: "payment_intent",
    amount: charge.amount,
    amount_received: charge.amount,
    currency: charge.currency,
    created: charge.created,
    latest_charge: expandCharge ? chargeJson(charge) : charge.id,
    livemode: false,
    metadata: charge.metadata,
    payment_method_types: ["card"],
    status: "succeeded",
  };
}
