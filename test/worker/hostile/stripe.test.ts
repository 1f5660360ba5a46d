// Hostile input on Stripe's webhook (route stripe): every unsigned or forged delivery is refused,
// and correctly signed events with hostile values are survived with the money invariants intact.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect } from "vitest";
import { openSession, paidOrder, signature } from "../helpers/checkout";
import {
  type Case,
  describeEndpoints,
  headerText,
  hexId,
  hostileText,
  hostileValue,
  hugeText,
  jsonText,
  MALFORMED_JSON,
  type World,
} from "../helpers/hostile";

const WEBHOOK = "/api/stripe/webhook";

/** A paid order with the creator's code (a commission to reverse) and an open checkout. */
async function given(w: World) {
  const ids = w.products.map((p) => p.id);
  const paid = await paidOrder(
    { items: [{ _id: ids[0] ?? "", quantity: 1 }], affiliateCode: w.creator.code },
    w.shopper.token,
  );
  const pending = await openSession(
    { items: [{ _id: ids[2] ?? "", quantity: 2 }], affiliateCode: w.creator.code },
    w.shopper.token,
  );
  const completed = paid.event.data.object as { payment_intent?: string | null };
  const realEvent = JSON.stringify(paid.event);
  const now = Math.floor(Date.now() / 1000);
  return {
    paid,
    pending,
    paymentIntent: String(completed.payment_intent ?? "pi_missing"),
    realEvent,
    now,
    // Unsigned, forged, stale, or signed for other bytes.
    forgeries: [
      await signature(realEvent, "whsec_not_the_secret"),
      await signature(realEvent, env.STRIPE_WEBHOOK_SECRET, now - 600),
      await signature(`${realEvent} `),
    ],
  };
}
type Given = Awaited<ReturnType<typeof given>>;

const delivery = (payload: string, sig: string | undefined, ct: string | null): Case => ({
  method: "POST",
  path: WEBHOOK,
  headers: { "stripe-signature": sig },
  wire: { kind: "text", contentType: ct, text: payload },
});

/**
 * Stripe-shaped events whose values are hostile: unknown ids, wrong amounts and currencies,
 * negative and huge refunds. Stripe never sends these, but if it did (or a bug did), the answer is
 * 2xx/4xx and the money invariants still hold.
 */
function hostileEvents(x: Given): fc.Arbitrary<string> {
  const pendingOrder = x.pending.session.metadata?.order_id ?? "";
  const amount = fc.oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000_000 }),
    fc.constantFrom(0, 1, -1, 2 ** 31, Number.MAX_SAFE_INTEGER),
  );
  const orderRef = fc.oneof(
    fc.constantFrom(pendingOrder, x.paid.session.metadata?.order_id ?? ""),
    hexId,
    hostileText,
  );
  const sessionObject = fc.record({
    object: fc.constant("checkout.session"),
    id: fc.oneof(
      fc.constantFrom(x.pending.session.id, x.paid.session.id),
      fc.stringMatching(/^cs_test_[A-Za-z0-9]{10,30}$/),
      hostileText,
    ),
    metadata: fc.oneof(fc.record({ order_id: orderRef }), fc.constant({}), fc.constant(null)),
    client_reference_id: fc.option(orderRef, { nil: null }),
    amount_total: fc.oneof(fc.constant(x.pending.session.amount_total ?? 0), amount),
    currency: fc.oneof(fc.constant("aud"), fc.constantFrom("usd", "AUD", ""), hostileText),
    payment_status: fc.constantFrom("paid", "unpaid", "no_payment_required"),
    payment_intent: fc.oneof(
      fc.constant(x.paymentIntent),
      fc.stringMatching(/^pi_[A-Za-z0-9]{8,24}$/),
      fc.constant(null),
    ),
  });
  const pi = fc.oneof(
    { weight: 3, arbitrary: fc.constant(x.paymentIntent) },
    { weight: 1, arbitrary: fc.stringMatching(/^pi_[A-Za-z0-9]{8,24}$/) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  return fc
    .tuple(
      fc.oneof(fc.stringMatching(/^evt_[A-Za-z0-9]{8,24}$/), hostileText),
      fc.oneof(
        fc.tuple(
          fc.constantFrom(
            "checkout.session.completed",
            "checkout.session.async_payment_succeeded",
            "checkout.session.async_payment_failed",
            "checkout.session.expired",
          ),
          sessionObject,
        ),
        fc.tuple(
          fc.constant("charge.refunded"),
          fc.record({
            object: fc.constant("charge"),
            id: fc.constant("ch_test"),
            payment_intent: pi,
            amount,
            amount_refunded: amount,
          }),
        ),
        fc.tuple(
          fc.constant("charge.dispute.created"),
          fc.record({ object: fc.constant("dispute"), payment_intent: pi, amount }),
        ),
        fc.tuple(
          fc.oneof(fc.constantFrom("customer.created", "invoice.paid"), hostileText),
          fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 }),
        ),
      ),
    )
    .map(([id, [type, object]]) =>
      jsonText({
        id,
        object: "event",
        api_version: "2026-09-30.endive",
        created: x.now,
        livemode: false,
        type,
        data: { object },
      }),
    );
}

describeEndpoints<Given>("hostile input: Stripe webhook", {
  given,
  endpoints: [
    {
      name: "POST /api/stripe/webhook unsigned or forged",
      runs: 60,
      requests: ({ x }) =>
        fc
          .tuple(
            fc.oneof(
              fc.constant(x.realEvent),
              hostileValue.map(jsonText),
              fc.constantFrom(...MALFORMED_JSON),
              hugeText.map((t) => `{"id":"evt_1","pad":"${t}"}`),
            ),
            fc.oneof(
              fc.constant<string | undefined>(undefined),
              headerText,
              fc
                .tuple(fc.integer({ min: 0, max: 2 ** 31 }), fc.stringMatching(/^[0-9a-f]{64}$/))
                .map(([t, v1]) => `t=${t},v1=${v1}`),
              fc.constantFrom("t=,v1=", "v1=", "t=1", ",,,", `t=${x.now}`),
              fc.constantFrom(...x.forgeries),
            ),
            fc.constantFrom("application/json", "application/json", "text/plain", null),
          )
          .map(([payload, sig, ct]) => delivery(payload, sig, ct)),
      examples: ({ x }) => x.forgeries.map((sig) => delivery(x.realEvent, sig, "application/json")),
      // Always 400 (413 when too big).
      never: (a) => {
        expect([400, 413]).toContain(a.status);
        if (a.status === 400) expect(a.json?.code).toBe("invalid_signature");
      },
      reaches: [400],
    },
    {
      name: "POST /api/stripe/webhook signed, hostile values",
      runs: 60,
      requests: ({ x }) =>
        hostileEvents(x).map((payload) => delivery(payload, undefined, "application/json")),
      prepare: async (c) => {
        const payload = c.wire?.kind === "text" ? c.wire.text : "";
        return { ...c, headers: { "stripe-signature": await signature(payload) } };
      },
      reaches: [200],
      // The fuzz had a commission to reverse (its bounds are among the invariants).
      after: async () => {
        const commissions = await env.DB.prepare(
          "SELECT count(*) AS n FROM commissions",
        ).first<number>("n");
        expect(commissions).toBeGreaterThan(0);
      },
    },
  ],
});
