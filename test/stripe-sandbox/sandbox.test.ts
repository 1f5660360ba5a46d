// The sandbox driven by the real stripe SDK, configured as the Worker configures it.
import Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeForm } from "../../stripe-sandbox/form";
import {
  closeAll,
  pay,
  sdkFor,
  sessionParams,
  startHarness,
  startReceiver,
  stripeError,
  submitPage,
  WEBHOOK_SECRET,
} from "./test-helpers";

afterEach(closeAll);

const now = () => Math.floor(Date.now() / 1000);

describe("coupons and checkout sessions", () => {
  it("prices a discounted session and shares the discount out over the line items", async () => {
    const { stripe, sandbox } = await startHarness();
    const coupon = await stripe.coupons.create({
      amount_off: 1000,
      currency: "aud",
      duration: "once",
      max_redemptions: 1,
      name: "Affiliate ASHA",
      metadata: { affiliate: "ASHA" },
    });
    expect(coupon).toMatchObject({ object: "coupon", valid: true, times_redeemed: 0 });
    expect(await stripe.coupons.retrieve(coupon.id)).toMatchObject({
      id: coupon.id,
      amount_off: 1000,
    });

    const session = await stripe.checkout.sessions.create(
      sessionParams({ discounts: [{ coupon: coupon.id }] }),
    );
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: "checkout.session",
      amount_subtotal: 4498,
      amount_total: 3498,
      total_details: { amount_discount: 1000, amount_shipping: 0, amount_tax: 0 },
      discounts: [{ coupon: coupon.id }],
      currency: "aud",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      customer_details: null,
      client_reference_id: "order_42",
      metadata: { order_id: "42" },
      livemode: false,
      url: `${sandbox.url}/c/pay/${session.id}`,
    });
    expect(session.line_items).toBeUndefined();
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);

    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["line_items"],
    });
    const items = expanded.line_items?.data ?? [];
    // 1000 x 3998/4498 = 888.8 and 1000 x 500/4498 = 111.2: the spare cent goes to the larger remainder.
    expect(items.map((i) => [i.amount_subtotal, i.amount_discount, i.amount_total])).toEqual([
      [3998, 889, 3109],
      [500, 111, 389],
    ]);
    expect(items[0]).toMatchObject({
      object: "item",
      description: "Sandalwood incense <set of 3>",
      quantity: 2,
      amount_tax: 0,
      price: { object: "price", unit_amount: 1999, currency: "aud" },
    });
    expect(items[0]?.id).toMatch(/^li_/);
    expect(expanded.line_items?.has_more).toBe(false);

    const listed = await stripe.checkout.sessions.listLineItems(session.id, {
      expand: ["data.price.product"],
    });
    expect(listed.data.map((i) => i.id)).toEqual(items.map((i) => i.id));
    expect(listed.data[0]?.price?.product).toMatchObject({ metadata: { product_id: "17" } });
  });

  it("expands at most 10 line items, as Stripe does; the rest are paged", async () => {
    const { stripe } = await startHarness();
    const line = sessionParams().line_items?.[1];
    const session = await stripe.checkout.sessions.create(
      sessionParams({ line_items: Array.from({ length: 12 }, () => ({ ...line })) }),
    );
    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["line_items"],
    });
    expect(expanded.line_items?.data).toHaveLength(10);
    expect(expanded.line_items?.has_more).toBe(true);
    const first = await stripe.checkout.sessions.listLineItems(session.id, { limit: 5 });
    const rest = await stripe.checkout.sessions.listLineItems(session.id, {
      limit: 100,
      starting_after: first.data.at(-1)?.id,
    });
    expect([...first.data, ...rest.data]).toHaveLength(12);
    expect(rest.has_more).toBe(false);
  });

  it("caps the discount at the subtotal", async () => {
    const { stripe } = await startHarness();
    const coupon = await stripe.coupons.create({ amount_off: 99_999, currency: "aud" });
    const session = await stripe.checkout.sessions.create(
      sessionParams({ discounts: [{ coupon: coupon.id }] }),
    );
    expect(session).toMatchObject({ amount_total: 0, total_details: { amount_discount: 4498 } });
  });

  it("replays an idempotent request and refuses the key for different parameters", async () => {
    const { stripe, raw } = await startHarness();
    const params = { amount_off: 500, currency: "aud", duration: "once" as const };
    const first = await stripe.coupons.create(params, { idempotencyKey: "coupon-1" });
    const again = await stripe.coupons.create(params, { idempotencyKey: "coupon-1" });
    expect(again).toEqual(first);

    const body = "amount_off=500&currency=aud&duration=once";
    const replay = await raw("/v1/coupons", { body, headers: { "Idempotency-Key": "coupon-1" } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(((await replay.json()) as { id: string }).id).toBe(first.id);

    const error = await stripeError(
      stripe.coupons.create({ ...params, amount_off: 600 }, { idempotencyKey: "coupon-1" }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ rawType: "idempotency_error", statusCode: 400 });
    expect(error.message).toMatch(/^Keys for idempotent requests can only be used with the same/);

    // A request refused during validation is not stored, so the fixed retry may reuse the key.
    await stripeError(
      stripe.coupons.create({ currency: "aud" } as never, { idempotencyKey: "k2" }),
    );
    const fixed = await raw("/v1/coupons", { body, headers: { "Idempotency-Key": "k2" } });
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers mistakes with Stripe's error objects", async () => {
    const { stripe, raw, sandbox } = await startHarness();
    const missing = await stripeError(
      stripe.checkout.sessions.create({ ...sessionParams(), line_items: undefined }),
    );
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      rawType: "invalid_request_error",
      code: "parameter_missing",
      param: "line_items",
      statusCode: 400,
      message: "Missing required param: line_items.",
    });

    const nested = sessionParams();
    const productData = nested.line_items?.[0]?.price_data?.product_data;
    Object.assign(productData ?? {}, { colour: "red" });
    expect(await stripeError(stripe.checkout.sessions.create(nested))).toMatchObject({
      code: "parameter_unknown",
      param: "line_items[0][price_data][product_data][colour]",
      message: "Received unknown parameter: line_items[0][price_data][product_data][colour]",
    });

    // stripe-node 23 (API 2026-09-30.endive) dropped this parameter in favour of
    // allowed_payment_method_types; Stripe refuses it, and the sandbox follows.
    const legacy = { ...sessionParams(), payment_method_types: ["card"] };
    expect(await stripeError(stripe.checkout.sessions.create(legacy))).toMatchObject({
      code: "parameter_unknown",
      param: "payment_method_types",
    });

    const badInteger = await raw("/v1/coupons", { body: "amount_off=12.5&currency=aud" });
    expect(badInteger.status).toBe(400);
    expect(await badInteger.json()).toMatchObject({
      error: {
        code: "parameter_invalid_integer",
        param: "amount_off",
        message: "Invalid integer: 12.5",
      },
    });

    const mixed = sessionParams();
    const second = mixed.line_items?.[1]?.price_data;
    if (second) second.currency = "usd";
    expect(await stripeError(stripe.checkout.sessions.create(mixed))).toMatchObject({
      param: "line_items[1][price_data][currency]",
      statusCode: 400,
    });

    expect(
      await stripeError(
        stripe.checkout.sessions.create(sessionParams({ expires_at: now() + 600 })),
      ),
    ).toMatchObject({ param: "expires_at", statusCode: 400 });

    expect(
      await stripeError(
        stripe.checkout.sessions.create(sessionParams({ discounts: [{ coupon: "NOPE" }] })),
      ),
    ).toMatchObject({ code: "resource_missing", param: "discounts[0][coupon]", statusCode: 400 });

    expect(await stripeError(stripe.checkout.sessions.retrieve("cs_test_nope"))).toMatchObject({
      code: "resource_missing",
      statusCode: 404,
      message: "No such checkout.session: 'cs_test_nope'",
    });

    const wrongKey = await stripeError(
      sdkFor(sandbox.port, "sk_test_wrong_key_9876").coupons.list(),
    );
    expect(wrongKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(wrongKey).toMatchObject({
      statusCode: 401,
      rawType: "invalid_request_error",
      message: "Invalid API Key provided: sk_test_****9876",
    });
    const noKey = await raw("/v1/coupons/x", { key: null });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { message: string } }).error.message).toMatch(
      /^You did not provide an API key/,
    );

    const unknownRoute = await raw("/v1/customers");
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.headers.get("request-id")).toMatch(/^req_/);
    expect(await unknownRoute.json()).toMatchObject({
      error: {
        type: "invalid_request_error",
        message: expect.stringMatching(/^Unrecognized request URL \(GET: \/v1\/customers\)/),
      },
    });
  });
});

describe("the hosted checkout page", () => {
  it("shows the order, declines the decline card, cancels, then takes a good card", async () => {
    const { stripe } = await startHarness();
    const coupon = await stripe.coupons.create({ amount_off: 1000, currency: "aud", name: "ASHA" });
    const session = await stripe.checkout.sessions.create(
      sessionParams({ discounts: [{ coupon: coupon.id }] }),
    );
    const url = session.url as string;

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sandalwood incense &lt;set of 3&gt;");
    expect(html).not.toContain("<set of 3>");
    expect(html).toContain("A$34.98");
    expect(html).toContain("A$10.00");
    expect(html).toContain("asha@example.com");
    expect(html).toMatch(/<label for="card">Card number<\/label>/);
    expect(html).toMatch(/<input id="card" name="card"/);
    expect(html).toMatch(/<button class="pay" type="submit">Pay A\$34\.98<\/button>/);
    expect(html).toContain('name="action" value="cancel"');
    expect(html).not.toMatch(/<script|<link|@import|url\(/);

    const declined = await submitPage(url, { card: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    const invalid = await submitPage(url, { card: "4242 4242 4242 4241" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Your card number is invalid.");
    const cancelled = await submitPage(url, { action: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("http://localhost:8787/cart");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");

    const paid = await pay(session);
    expect(paid.headers.get("location")).toBe(
      `http://localhost:8787/checkout/success?session_id=${session.id}`,
    );
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({
      status: "complete",
      payment_status: "paid",
      url: null,
      customer_details: { email: "asha@example.com" },
    });
    expect(after.payment_intent).toMatch(/^pi_/);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
    expect((await fetch(url)).status).toBe(409);

    const events = await stripe.events.list({ type: "checkout.session.completed" });
    expect(events.data).toHaveLength(1);
    expect(events.data[0]).toMatchObject({
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      data: { object: { id: session.id, payment_status: "paid", amount_total: 3498 } },
    });
  });

  it("asks for the email when the session has none, and needs no card for a free order", async () => {
    const { stripe } = await startHarness();
    const coupon = await stripe.coupons.create({ amount_off: 5000, currency: "aud" });
    const session = await stripe.checkout.sessions.create(
      sessionParams({ customer_email: undefined, discounts: [{ coupon: coupon.id }] }),
    );
    const html = await (await fetch(session.url as string)).text();
    expect(html).toContain('name="email"');
    expect(html).not.toContain('name="card"');
    expect((await submitPage(session.url as string, {})).status).toBe(400);

    await pay(session, "guest@example.com");
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: "complete",
      payment_status: "no_payment_required",
      payment_intent: null,
      customer_details: { email: "guest@example.com" },
    });
  });
});

describe("expiry", () => {
  it("expires an open session through the API, once", async () => {
    const { stripe } = await startHarness();
    const session = await stripe.checkout.sessions.create(sessionParams());
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: "expired", url: null, payment_status: "unpaid" });
    expect((await fetch(session.url as string)).status).toBe(410);

    const again = await stripeError(stripe.checkout.sessions.expire(session.id));
    expect(again).toMatchObject({ statusCode: 400, rawType: "invalid_request_error" });
    expect(again.message).toMatch(
      /^Only Checkout Sessions with a status in \["open"\] can be expired/,
    );

    const events = await stripe.events.list({ type: "checkout.session.expired" });
    expect(events.data.map((e) => (e.data.object as { id: string }).id)).toEqual([session.id]);
    expect(events.data[0]?.request?.id).toMatch(/^req_/);
  });

  it("expires a session on its own when expires_at passes", async () => {
    // Stripe's 30-minute minimum is lowered through the test hook so the timer can be watched.
    const { stripe } = await startHarness({ minimumExpirySeconds: 0 });
    const session = await stripe.checkout.sessions.create(sessionParams({ expires_at: now() + 1 }));
    await vi.waitFor(
      async () => {
        const events = await stripe.events.list({ type: "checkout.session.expired" });
        expect(events.data).toHaveLength(1);
      },
      // A ceiling for a busy machine; the expiry itself comes about a second in.
      { timeout: 15_000, interval: 100 },
    );
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("expired");
  });
});

describe("webhooks", () => {
  it("signs deliveries as Stripe does and retries after a failure", async () => {
    const receiver = await startReceiver([500, 200]);
    const { stripe, logs } = await startHarness({
      webhookUrl: receiver.url,
      retryDelaysMs: [50, 100],
    });
    const session = await stripe.checkout.sessions.create(sessionParams());
    await pay(session);
    // The redirect waits for the first attempt only.
    expect(receiver.deliveries).toHaveLength(1);
    await vi.waitFor(() => expect(logs.at(-1)).toMatch(/attempt 2: 200$/), { timeout: 10_000 });
    expect(receiver.deliveries).toHaveLength(2);

    for (const delivery of receiver.deliveries) {
      expect(delivery.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(delivery.headers["user-agent"]).toBe("Stripe/1.0 (+https://stripe.com/docs/webhooks)");
      const event = stripe.webhooks.constructEvent(
        delivery.body,
        delivery.headers["stripe-signature"] as string,
        WEBHOOK_SECRET,
      );
      expect(event.type).toBe("checkout.session.completed");
      expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);
    }
    expect(() =>
      stripe.webhooks.constructEvent(
        receiver.deliveries[0]?.body ?? "",
        receiver.deliveries[0]?.headers["stripe-signature"] as string,
        "whsec_another_secret",
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    expect(logs.filter((l) => l.startsWith("webhook"))).toEqual([
      expect.stringMatching(/attempt 1: 500; retrying in 50 ms$/),
      expect.stringMatching(/attempt 2: 200$/),
    ]);
    const [event] = (await stripe.events.list({ limit: 1 })).data;
    expect(event?.pending_webhooks).toBe(0);
  });

  it("gives up when the schedule runs out, and close() cancels pending retries", async () => {
    const failing = await startReceiver([500]);
    const first = await startHarness({ webhookUrl: failing.url, retryDelaysMs: [20] });
    await pay(await first.stripe.checkout.sessions.create(sessionParams()));
    await vi.waitFor(() => expect(first.logs.at(-1)).toMatch(/attempt 2: 500; giving up$/), {
      timeout: 10_000,
    });
    expect(failing.deliveries).toHaveLength(2);

    const slow = await startReceiver([500]);
    const second = await startHarness({ webhookUrl: slow.url, retryDelaysMs: [150] });
    await pay(await second.stripe.checkout.sessions.create(sessionParams()));
    await second.sandbox.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slow.deliveries).toHaveLength(1);
  });
});

describe("refunds", () => {
  it("refunds part, then the rest, and refuses to refund more", async () => {
    const { stripe } = await startHarness();
    const session = await stripe.checkout.sessions.create(sessionParams());
    await pay(session);
    const { payment_intent } = await stripe.checkout.sessions.retrieve(session.id);
    const paymentIntent = payment_intent as string;

    const tooMuch = await stripeError(
      stripe.refunds.create({ payment_intent: paymentIntent, amount: 5000 }),
    );
    expect(tooMuch).toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount" });
    expect(tooMuch.message).toBe(
      "Refund amount (A$50.00) is greater than unrefunded amount on charge (A$44.98)",
    );

    const partial = await stripe.refunds.create({
      payment_intent: paymentIntent,
      amount: 1000,
      reason: "requested_by_customer",
    });
    expect(partial).toMatchObject({ object: "refund", amount: 1000, status: "succeeded" });
    expect(partial.id).toMatch(/^re_/);
    const rest = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(rest.amount).toBe(3498);

    const again = await stripeError(stripe.refunds.create({ payment_intent: paymentIntent }));
    expect(again).toMatchObject({ statusCode: 400, code: "charge_already_refunded" });

    const charges = (await stripe.events.list({ type: "charge.refunded" })).data.map(
      (e) => e.data.object as Stripe.Charge,
    );
    expect(charges.map((c) => [c.amount_refunded, c.refunded])).toEqual([
      [4498, true],
      [1000, false],
    ]);
    expect(charges[0]).toMatchObject({
      object: "charge",
      amount: 4498,
      currency: "aud",
      payment_intent: paymentIntent,
      metadata: { order_id: "42" },
    });

    expect(
      await stripeError(stripe.refunds.create({ payment_intent: "pi_unknown" })),
    ).toMatchObject({ statusCode: 400, code: "resource_missing", param: "payment_intent" });
  });
});

describe("payment intents", () => {
  it("answer with the charge and the card's fingerprint: one per card number, as Stripe's", async () => {
    const { stripe } = await startHarness();
    const intentOf = async (card?: string) => {
      const session = await stripe.checkout.sessions.create(sessionParams());
      await pay(session, undefined, card);
      const { payment_intent } = await stripe.checkout.sessions.retrieve(session.id);
      return stripe.paymentIntents.retrieve(payment_intent as string, {
        expand: ["latest_charge"],
      });
    };
    const first = await intentOf("4242 4242 4242 4242");
    const again = await intentOf("4242424242424242");
    const other = await intentOf("5555 5555 5555 4444");
    const card = (pi: Stripe.PaymentIntent) =>
      (pi.latest_charge as Stripe.Charge).payment_method_details?.card;
    expect(first).toMatchObject({ object: "payment_intent", status: "succeeded", amount: 4498 });
    expect(card(first)).toMatchObject({ brand: "visa", last4: "4242" });
    expect(card(first)?.fingerprint).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(card(again)?.fingerprint).toBe(card(first)?.fingerprint);
    expect(card(other)).toMatchObject({ brand: "mastercard", last4: "4444" });
    expect(card(other)?.fingerprint).not.toBe(card(first)?.fingerprint);

    const plain = await stripe.paymentIntents.retrieve(first.id);
    expect(plain.latest_charge).toBe((first.latest_charge as Stripe.Charge).id);
    expect(await stripeError(stripe.paymentIntents.retrieve("pi_unknown"))).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    expect(
      await stripeError(stripe.paymentIntents.retrieve(first.id, { expand: ["customer"] })),
    ).toMatchObject({ statusCode: 400, param: "expand[0]" });
  });
});

describe("events", () => {
  it("lists newest first with type and limit filters", async () => {
    const { stripe } = await startHarness();
    const sessions = [];
    for (let i = 0; i < 3; i++) {
      const session = await stripe.checkout.sessions.create(sessionParams());
      await stripe.checkout.sessions.expire(session.id);
      sessions.push(session.id);
    }
    const paid = await stripe.checkout.sessions.create(sessionParams());
    await pay(paid);

    const all = await stripe.events.list();
    expect(all.data.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      ...sessions.map(() => "checkout.session.expired"),
    ]);
    const two = await stripe.events.list({ type: "checkout.session.expired", limit: 2 });
    expect(two.has_more).toBe(true);
    expect(two.data.map((e) => (e.data.object as { id: string }).id)).toEqual(
      sessions.slice(1).reverse(),
    );
    const wildcard = await stripe.events.list({ type: "checkout.session.*" });
    expect(wildcard.data).toHaveLength(4);
    const one = await stripe.events.retrieve(all.data[0]?.id as string);
    expect(one.id).toBe(all.data[0]?.id);
    expect(await stripeError(stripe.events.list({ limit: 101 }))).toMatchObject({
      code: "parameter_invalid_integer",
      param: "limit",
    });
  });
});

describe("form decoding", () => {
  it("reads bracket notation into objects and arrays", () => {
    const decoded = decodeForm(
      "line_items[0][price_data][currency]=aud&line_items[0][quantity]=2&line_items[1][quantity]=1" +
        "&metadata[order_id]=42&expand[0]=line_items&__proto__[x]=1&note=a+b%26c",
    );
    expect(JSON.parse(JSON.stringify(decoded))).toEqual({
      line_items: [{ price_data: { currency: "aud" }, quantity: "2" }, { quantity: "1" }],
      metadata: { order_id: "42" },
      expand: ["line_items"],
      ["__proto__"]: { x: "1" },
      note: "a b&c",
    });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(() => decodeForm("a=1&a[b]=2")).toThrow(/given both as a value and as a hash/);
  });
});
