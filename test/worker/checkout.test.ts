// Checkout, Stripe webhooks, fulfilment, orders and invoices, against the Stripe sandbox.
import { env } from "cloudflare:test";
import { decodeJwt } from "jose";
import { describe, expect, it, vi } from "vitest";
import type { OrderDto } from "../../worker/contracts/order";
import { TAX_LINE_LABEL } from "../../worker/contracts/totals";
import { emailOutbox, orderItems, orders, stripeEvents } from "../../worker/db/schema";
import { newId } from "../../worker/lib/ids";
import { sha256Hex } from "../../worker/lib/tokens";
import {
  ORDER_ACCESS_COOKIE,
  ORDER_ACCESS_SECONDS,
} from "../../worker/middleware/order-access-cookie";
import {
  INVOICE_LINK_SECONDS,
  invoiceLinkExpiry,
  invoiceUrl,
} from "../../worker/modules/orders/invoice";
import { asUser, register } from "./helpers/accounts";
import {
  address,
  confirm,
  deliver,
  eventFor,
  openSession,
  orderAccessCookieOf,
  paidOrder,
  pay,
  sessionIdOf,
  signature,
  startCheckout,
  stripe,
} from "./helpers/checkout";
import { callWorker, createCategory, createProduct, db, postJson } from "./helpers/factories";

async function catalogue() {
  const cat = await createCategory();
  const a = await createProduct(cat.id, { finalPriceCents: 3995 });
  const b = await createProduct(cat.id, { finalPriceCents: 1250, imageKeys: [] });
  return { a, b };
}

const orderRows = () => db().select().from(orders);

describe("createStripeSession", () => {
  it("charges the server's figures whatever the client claims", async () => {
    const { a, b } = await catalogue();
    const { session } = await openSession({
      items: [
        { _id: a.id, name: a.name, price: 0.01, quantity: 2, image: "x" },
        { id: b.id, price: 0, quantity: 3 },
      ],
      amount: 0.01,
      tax: 0,
    });
    // 2 x 39.95 + 3 x 12.50 = 117.40; GST 11.74; delivery 10.00
    const [order] = await orderRows();
    expect(order).toMatchObject({
      status: "pending",
      subtotalCents: 11740,
      taxCents: 1174,
      deliveryFeeCents: 1000,
      discountCents: 0,
      totalCents: 13914,
      userId: null,
      email: "meera@example.com",
      stripeSessionId: session.id,
    });
    expect(session.amount_total).toBe(13914);
    expect(session.currency).toBe("aud");
    expect(session.metadata?.order_id).toBe(order?.id);
    expect(session.client_reference_id).toBe(order?.id);
    expect(session.success_url).toBe(
      `${env.APP_ORIGIN}/order-placed?success=true&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(session.cancel_url).toBe(`${env.APP_ORIGIN}/place-order?cancel=true`);
    expect(
      session.line_items?.data.map((l) => [l.description, l.quantity, l.amount_total]),
    ).toEqual([
      [a.name, 2, 7990],
      [b.name, 3, 3750],
      ["GST (10%)", 1, 1174],
      ["Delivery", 1, 1000],
    ]);
    const lines = await db().select().from(orderItems);
    expect(lines.map((l) => [l.productId, l.unitPriceCents, l.quantity]).sort()).toEqual(
      [
        [a.id, 3995, 2],
        [b.id, 1250, 3],
      ].sort(),
    );
  });

  it("adds repeated lines of one product together", async () => {
    const { a } = await catalogue();
    const { session } = await openSession({
      items: [
        { _id: a.id, quantity: 4 },
        { _id: a.id, quantity: 5 },
      ],
    });
    expect(session.line_items?.data[0]?.quantity).toBe(9);
    const tooMany = await startCheckout({
      items: [
        { _id: a.id, quantity: 6 },
        { _id: a.id, quantity: 5 },
      ],
    });
    expect(tooMany.status).toBe(400);
  });

  it("refuses an empty cart with the SPEC's message", async () => {
    for (const items of [[], undefined]) {
      const res = await startCheckout({ items });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: "Your cart is empty!" });
    }
    expect(await orderRows()).toHaveLength(0);
  });

  it.each([-1, 0, 0.5, 11, 1e12, "2", null])(
    "refuses the quantity %s with 400 and writes nothing",
    async (quantity) => {
      const { a } = await catalogue();
      const res = await startCheckout({ items: [{ _id: a.id, quantity }] });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_input" });
      expect(await orderRows()).toHaveLength(0);
    },
  );

  it("refuses unknown and malformed products", async () => {
    const { a } = await catalogue();
    const unknown = await startCheckout({
      items: [
        { _id: a.id, quantity: 1 },
        { _id: newId(), quantity: 1 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "product_unavailable" });
    const malformed = await startCheckout({ items: [{ _id: "' OR 1=1 --", quantity: 1 }] });
    expect(malformed.status).toBe(400);
    expect(await orderRows()).toHaveLength(0);
  });

  it.each([
    [{ firstName: "" }, "First name is required"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ phone: "<script>" }, "Phone may contain only digits"],
    [{ zipcode: undefined }, "Zipcode is required"],
    [{ country: 42 }, "Country is required"],
  ])("validates the address: %o", async (patch, message) => {
    const { a } = await catalogue();
    const res = await startCheckout({
      items: [{ _id: a.id, quantity: 1 }],
      address: address(patch),
    });
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toContain(message);
    expect(await orderRows()).toHaveLength(0);
  });

  it("refuses a missing or non-object address and a non-list of items", async () => {
    const { a } = await catalogue();
    for (const body of [
      { items: [{ _id: a.id, quantity: 1 }], address: "12 Boundary St" },
      { items: [{ _id: a.id, quantity: 1 }], address: null },
      { items: { [a.id]: 1 } },
    ]) {
      expect((await startCheckout(body)).status).toBe(400);
    }
  });

  it("records the signed-in buyer on the order", async () => {
    const { a } = await catalogue();
    const s = await register();
    await openSession({ items: [{ _id: a.id, quantity: 1 }] }, s.accessToken);
    const [order] = await orderRows();
    expect(order?.userId).toBe(decodeJwt(s.accessToken).sub);
  });

  it("answers 401 for a bad token instead of treating the caller as a guest", async () => {
    const { a } = await catalogue();
    const res = await startCheckout({ items: [{ _id: a.id, quantity: 1 }] }, "not-a-token");
    expect(res.status).toBe(401);
  });
});

describe("paying and fulfilment", () => {
  it("a guest pays: the webhook places the order, one mail, and confirmation shows it", async () => {
    const { a } = await catalogue();
    const { url, session, cookie } = await openSession({ items: [{ _id: a.id, quantity: 2 }] });
    const paid = await pay(url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(
      `${env.APP_ORIGIN}/order-placed?success=true&session_id=${session.id}`,
    );
    const event = await eventFor(session.id, "checkout.session.completed");
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "fulfilled" });

    const [order] = await orderRows();
    expect(order?.status).toBe("Order Placed");
    expect(order?.stripePaymentIntentId).toMatch(/^pi_/);
    const all = await db().select().from(emailOutbox);
    // The buyer's confirmation, and the owner's new-order alert (owner-alerts.test.ts).
    expect(all.map((m) => m.to).sort()).toEqual([env.SHOP_INBOX_EMAIL, "meera@example.com"].sort());
    const mails = all.filter((m) => m.to === "meera@example.com");
    expect(mails[0]).toMatchObject({ to: "meera@example.com", status: "sent" });
    expect(mails[0]?.text).toContain(a.name);
    expect(mails[0]?.text).toContain("Total: $97.89");
    expect(mails[0]?.text).toContain("/api/order/invoice/");

    const confirmed = await confirm(session.id, { cookie });
    expect(confirmed.status).toBe(200);
    const { order: dto } = await confirmed.json<{ order: OrderDto }>();
    expect(dto).toMatchObject({
      _id: order?.id,
      amount: 97.89,
      status: "Order Placed",
      subtotal: 79.9,
      tax: 7.99,
      deliveryFee: 10,
      discount: 0,
      address: { city: "Brisbane", phone: "+61 400 000 000", email: "meera@example.com" },
      items: [
        { id: a.id, name: a.name, quantity: 2, price: 39.95, image: "/images/products/a.svg" },
      ],
    });
    expect(dto.invoiceUrl).toMatch(/^http:\/\/localhost:8787\/api\/order\/invoice\//);
  });

  it("confirmation alone fulfils when the webhook has not arrived, and the webhook then changes nothing", async () => {
    const { a } = await catalogue();
    const { url, session, cookie } = await openSession({ items: [{ _id: a.id, quantity: 1 }] });
    await pay(url);
    expect((await confirm(session.id, { cookie })).status).toBe(200);
    const res = await deliver(await eventFor(session.id, "checkout.session.completed"));
    expect(await res.json()).toMatchObject({ outcome: "already_fulfilled" });
    // One confirmation and one owner alert.
    expect(await db().select().from(emailOutbox)).toHaveLength(2);
  });

  it("10 concurrent deliveries and a confirmation make one paid order and one mail", async () => {
    const { a } = await catalogue();
    const { url, session, cookie } = await openSession({ items: [{ _id: a.id, quantity: 1 }] });
    await pay(url);
    const event = await eventFor(session.id, "checkout.session.completed");
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(event)),
      confirm(session.id, { cookie }),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(11).fill(200));
    const outcomes = await Promise.all(
      answers.slice(0, 10).map(async (r) => (await r.json<{ outcome: string }>()).outcome),
    );
    expect(outcomes.filter((o) => o === "fulfilled").length).toBeLessThanOrEqual(1);
    // One confirmation and one owner alert.
    expect(await db().select().from(emailOutbox)).toHaveLength(2);
    expect(await db().select().from(stripeEvents)).toHaveLength(1);
    const [order] = await orderRows();
    expect(order?.status).toBe("Order Placed");
  });

  it("refuses forged, tampered and stale webhooks and changes nothing", async () => {
    const { a } = await catalogue();
    const { url, session } = await openSession({ items: [{ _id: a.id, quantity: 1 }] });
    await pay(url);
    const payload = JSON.stringify(await eventFor(session.id, "checkout.session.completed"));
    const tampered = payload.replace('"amount_total":', '"amount_total":1,"x":');
    const stale = Math.floor(Date.now() / 1000) - 3600;
    const cases = [
      deliver(payload, ""),
      deliver(payload, "t=1,v1=deadbeef"),
      deliver(payload, await signature(payload, "whsec_someone_else")),
      deliver(tampered, await signature(payload)),
      deliver(payload, await signature(payload, undefined, stale)),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_signature" });
    }
    const [order] = await orderRows();
    expect(order?.status).toBe("pending");
    expect(await db().select().from(stripeEvents)).toHaveLength(0);
    expect(await db().select().from(emailOutbox)).toHaveLength(0);
  });

  it("never moves an order backwards when events arrive out of order", async () => {
    const { a } = await catalogue();
    const { event, session } = await paidOrder({ items: [{ _id: a.id, quantity: 1 }] });
    const later = (type: string) =>
      ({ ...event, id: `evt_${type}_${session.id}`, type }) as typeof event;
    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
      const res = await deliver(later(type));
      expect(await res.json()).toMatchObject({ outcome: "ignored" });
    }
    const [order] = await orderRows();
    expect(order?.status).toBe("Order Placed");
  });

  it("an expired session expires its pending order", async () => {
    const { a } = await catalogue();
    const { session } = await openSession({ items: [{ _id: a.id, quantity: 1 }] });
    await stripe().checkout.sessions.expire(session.id);
    const res = await deliver(await eventFor(session.id, "checkout.session.expired"));
    expect(await res.json()).toMatchObject({ outcome: "status_updated" });
    expect((await orderRows())[0]?.status).toBe("expired");
  });

  it("acknowledges events about unknown orders", async () => {
    const { a } = await catalogue();
    const { url, session } = await openSession({ items: [{ _id: a.id, quantity: 1 }] });
    await pay(url);
    const event = await eventFor(session.id, "checkout.session.completed");
    await db().delete(orders);
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "unknown_order" });
  });

  it("does not fulfil when Stripe's amount differs from the stored order", async () => {
    const { a } = await catalogue();
    const { url, session, cookie } = await openSession({ items: [{ _id: a.id, quantity: 1 }] });
    await pay(url);
    await db().update(orders).set({ subtotalCents: 100, taxCents: 10, totalCents: 1110 });
    const res = await deliver(await eventFor(session.id, "checkout.session.completed"));
    expect(await res.json()).toMatchObject({ outcome: "amount_mismatch" });
    expect((await orderRows())[0]?.status).toBe("pending");
    expect((await confirm(session.id, { cookie })).status).toBe(409);
  });

  it("a D1 failure in the middle answers 5xx, leaves nothing half-done, and the retry succeeds", async () => {
    const { a } = await catalogue();
    const { url, session } = await openSession({ items: [{ _id: a.id, quantity: 1 }] });
    await pay(url);
    const event = await eventFor(session.id, "checkout.session.completed");
    await env.DB.exec(
      "CREATE TRIGGER fail_outbox BEFORE INSERT ON email_outbox BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;",
    );
    const failed = await deliver(event);
    expect(failed.status).toBe(500);
    expect((await orderRows())[0]?.status).toBe("pending");
    expect(await db().select().from(stripeEvents)).toHaveLength(0);
    await env.DB.exec("DROP TRIGGER fail_outbox");
    const retried = await deliver(event);
    expect(await retried.json()).toMatchObject({ outcome: "fulfilled" });
    expect((await orderRows())[0]?.status).toBe("Order Placed");
    // One confirmation and one owner alert.
    expect(await db().select().from(emailOutbox)).toHaveLength(2);
  });

  it("declined cards leave the session open and the order pending", async () => {
    const { a } = await catalogue();
    const { url, session, cookie } = await openSession({ items: [{ _id: a.id, quantity: 1 }] });
    const declined = await pay(url, "4000000000000002");
    expect(declined.status).toBe(402);
    expect((await confirm(session.id, { cookie })).status).toBe(409);
    expect((await orderRows())[0]?.status).toBe("pending");
  });

  it("clears the signed-in buyer's server cart once paid", async () => {
    const { a } = await catalogue();
    const s = await register();
    await asUser(s.accessToken, "/api/cart/add", { itemId: a.id, quantity: 2 });
    await paidOrder({ items: [{ _id: a.id, quantity: 2 }] }, s.accessToken);
    const cart = await asUser(s.accessToken, "/api/cart/get");
    expect(await cart.json()).toMatchObject({ cartData: {} });
  });
});

describe("confirmStripeOrder", () => {
  it("validates the session id and never trusts the query string", async () => {
    for (const session_id of ["", "abc", "cs_' OR 1=1", 42]) {
      const res = await callWorker("/api/order/confirmStripeOrder", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ session_id }),
      });
      expect(res.status).toBe(400);
    }
    expect((await confirm("cs_test_doesnotexist")).status).toBe(404);
  });

  it("another user cannot confirm or read someone else's order", async () => {
    const { a } = await catalogue();
    const owner = await register();
    const other = await register();
    const { session } = await paidOrder({ items: [{ _id: a.id, quantity: 1 }] }, owner.accessToken);
    expect((await confirm(session.id, { token: other.accessToken })).status).toBe(404);
    expect((await confirm(session.id)).status).toBe(404);
    expect((await confirm(session.id, { token: owner.accessToken })).status).toBe(200);
    const theirs = await asUser(other.accessToken, "/api/order/userorders");
    expect(await theirs.json()).toMatchObject({ success: true, orders: [] });
  });
});

describe("who an order is answered to", () => {
  const items = (id: string) => ({ items: [{ _id: id, quantity: 1 }] });
  /** What a session id nobody ever made gets: every refusal below must look exactly like it. */
  async function unknownAnswer() {
    const res = await confirm("cs_test_doesnotexist");
    expect(res.status).toBe(404);
    return res.json();
  }
  async function expectUnknown(res: Response, expected: unknown) {
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(expected);
  }
  /** createStripeSession from a browser that already holds `cookie`. */
  async function checkoutFrom(cookie: string, body: { items: unknown }) {
    const res = await callWorker("/api/order/createStripeSession", {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ address: address(), amount: 0, tax: 0, affiliateCode: "", ...body }),
    });
    expect(res.status).toBe(200);
    const { session_url: url } = await res.json<{ session_url: string }>();
    const id = sessionIdOf(url);
    return {
      url,
      session: await stripe().checkout.sessions.retrieve(id),
      cookie: orderAccessCookieOf(res),
    };
  }

  it("a guest's checkout sets a short-lived HttpOnly cookie for the order API only", async () => {
    const { a } = await catalogue();
    const local = await startCheckout(items(a.id));
    const [cookie, ...others] = local.headers
      .getAll("set-cookie")
      .filter((c) => c.startsWith(`${ORDER_ACCESS_COOKIE}=`));
    expect(others).toEqual([]);
    expect(cookie).toMatch(/^order_access=[A-Za-z0-9_-]{43};/);
    for (const attribute of [
      /; HttpOnly(;|$)/,
      /; SameSite=Lax(;|$)/,
      /; Path=\/api\/order(;|$)/,
      new RegExp(`; Max-Age=${ORDER_ACCESS_SECONDS}(;|$)`),
    ]) {
      expect(cookie).toMatch(attribute);
    }
    expect(cookie).not.toMatch(/; Secure/); // http://localhost: browsers would drop it otherwise
    const live = await postJson(
      "/api/order/createStripeSession",
      { address: address(), amount: 0, tax: 0, affiliateCode: "", ...items(a.id) },
      { APP_ORIGIN: "https://tamraandtara.com.au" },
    );
    expect(orderAccessCookieOf(live)).not.toBe("");
    expect(live.headers.getAll("set-cookie").join("\n")).toMatch(/^order_access=.*; Secure(;|$)/m);
    // Only a hash is kept with the order.
    const rows = await orderRows();
    const token = cookie?.split(";")[0]?.split("=")[1] ?? "";
    expect(rows.map((o) => o.accessTokenHash)).toContain(await sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("a guest's order goes to the browser that started the checkout, and to nobody else", async () => {
    const { a } = await catalogue();
    const unknown = await unknownAnswer();
    const { session, cookie } = await paidOrder(items(a.id));
    const mine = await confirm(session.id, { cookie });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({
      success: true,
      order: {
        address: {
          phone: "+61 400 000 000",
          email: "meera@example.com",
          street: "12 Boundary Street",
        },
      },
    });
    const stranger = await register();
    const otherGuest = await openSession(items(a.id));
    // Another browser, a signed-in shopper who is not the buyer, another guest's checkout cookie.
    await expectUnknown(await confirm(session.id), unknown);
    await expectUnknown(await confirm(session.id, { token: stranger.accessToken }), unknown);
    await expectUnknown(await confirm(session.id, { cookie: otherGuest.cookie }), unknown);
    // And the other guest's unpaid order says "not found" to the first guest, not "not paid".
    await expectUnknown(await confirm(otherGuest.session.id, { cookie }), unknown);
    expect((await confirm(otherGuest.session.id, { cookie: otherGuest.cookie })).status).toBe(409);
  });

  it("a browser that paid two checkouts can confirm either; a third browser neither", async () => {
    const { a } = await catalogue();
    const unknown = await unknownAnswer();
    const first = await openSession(items(a.id));
    expect((await pay(first.url)).status).toBe(303);
    // Started after the first was paid: a new checkout replaces only an unpaid one.
    const second = await checkoutFrom(first.cookie, items(a.id));
    expect((await pay(second.url)).status).toBe(303);
    const { cookie } = second;
    for (const { session } of [first, second]) {
      expect((await confirm(session.id, { cookie })).status).toBe(200);
      await expectUnknown(await confirm(session.id), unknown);
    }
  });

  it("the signed-in owner is answered from any browser, without a cookie", async () => {
    const { a } = await catalogue();
    const owner = await register();
    const unknown = await unknownAnswer();
    const { session, cookie } = await paidOrder(items(a.id), owner.accessToken);
    expect(cookie).toBe(""); // the owner's token is the key; there is nothing to keep in a cookie
    const res = await confirm(session.id, { token: owner.accessToken });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ order: { address: { city: "Brisbane" } } });
    await expectUnknown(await confirm(session.id), unknown);
  });

  it("a tampered or expired cookie opens nothing, with the answer an unknown session gets", async () => {
    const { a } = await catalogue();
    const unknown = await unknownAnswer();
    const { session, cookie } = await paidOrder(items(a.id));
    const token = cookie.slice(`${ORDER_ACCESS_COOKIE}=`.length);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const value of [
      flipped,
      token.slice(0, -1),
      `${token}A`,
      `${flipped}.${token.slice(1)}`,
      token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(),
      await sha256Hex(token), // what D1 holds is no key either
      "",
      "%",
    ]) {
      await expectUnknown(await confirm(session.id, { cookie: `order_access=${value}` }), unknown);
    }
    expect((await confirm(session.id, { cookie })).status).toBe(200);
    // Once the window has passed, the genuine cookie is refused too.
    const started = new Date(Date.now() - ORDER_ACCESS_SECONDS * 1000 - 1000);
    await db().update(orders).set({ createdAt: started });
    await expectUnknown(await confirm(session.id, { cookie }), unknown);
  });

  it("hands out one invoice link per order, not a new one on every call", async () => {
    const { a } = await catalogue();
    const owner = await register();
    const { session } = await paidOrder(items(a.id), owner.accessToken);
    const links = async () => {
      const confirmed = await confirm(session.id, { token: owner.accessToken });
      const listed = await asUser(owner.accessToken, "/api/order/userorders");
      return [
        (await confirmed.json<{ order: OrderDto }>()).order.invoiceUrl,
        (await listed.json<{ orders: OrderDto[] }>()).orders[0]?.invoiceUrl,
      ];
    };
    const start = Date.now();
    const now = await links();
    // Five minutes on (or just short of the next reissue, 15 days apart), the same link.
    const nextReissue = (invoiceLinkExpiry(start) - INVOICE_LINK_SECONDS / 2) * 1000;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.min(start + 5 * 60 * 1000, nextReissue - 1000));
    const later = await links().finally(() => vi.useRealTimers());
    expect(new Set([...now, ...later])).toEqual(new Set([now[0]]));
    const link = new URL(now[0] ?? "");
    expect((await callWorker(link.pathname + link.search)).status).toBe(200);
  });

  it("reissues invoice links every 15 days, each one working 15 to 30 days", async () => {
    const day = 24 * 60 * 60 * 1000;
    const orderId = newId();
    const reissued = 1300 * 15 * day; // a reissue boundary in 2023
    const at = (days: number) => reissued + days * day;
    const link = (days: number) => invoiceUrl({ env }, orderId, at(days));
    expect(await link(0)).toBe(await link(14.99));
    expect(await link(15)).toBe(await link(29.99));
    expect(await link(14.99)).not.toBe(await link(15));
    for (const days of [-0.01, 0, 1, 7.5, 14.99, 15, 16, 29.99, 30, 44, 400]) {
      const expires = Number(new URL(await link(days)).searchParams.get("expires"));
      const left = expires * 1000 - at(days);
      expect(left, `${days} days`).toBeGreaterThan(15 * day);
      expect(left, `${days} days`).toBeLessThanOrEqual(30 * day);
    }
  });
});

describe("userorders and invoices", () => {
  it("lists the user's paid orders newest first, with invoices", async () => {
    const { a, b } = await catalogue();
    const s = await register();
    expect((await callWorker("/api/order/userorders", { method: "POST" })).status).toBe(401);
    await paidOrder({ items: [{ _id: a.id, quantity: 1 }] }, s.accessToken);
    await openSession({ items: [{ _id: b.id, quantity: 1 }] }, s.accessToken); // unpaid
    await new Promise((r) => setTimeout(r, 5));
    await paidOrder({ items: [{ _id: b.id, quantity: 2 }] }, s.accessToken);
    const res = await asUser(s.accessToken, "/api/order/userorders");
    const { orders: list } = await res.json<{ orders: OrderDto[] }>();
    expect(list.map((o) => o.items[0]?.id)).toEqual([b.id, a.id]);
    expect(list.every((o) => o.status === "Order Placed" && o.invoiceUrl)).toBe(true);
  });

  it("serves the invoice for its own order only, through an untampered link", async () => {
    const { a } = await catalogue();
    const s = await register();
    await paidOrder({ items: [{ _id: a.id, quantity: 3 }] }, s.accessToken);
    await paidOrder({ items: [{ _id: a.id, quantity: 1 }] }, s.accessToken);
    const res = await asUser(s.accessToken, "/api/order/userorders");
    const [second, first] = (await res.json<{ orders: OrderDto[] }>()).orders;
    const link = new URL(first?.invoiceUrl ?? "");

    const invoice = await callWorker(link.pathname + link.search);
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("content-type")).toContain("text/html");
    expect(invoice.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await invoice.text();
    expect(html).toContain("Tax invoice");
    expect(html).toContain("Tamra &amp; Tara Pty Ltd");
    expect(html).toContain("ABN 12 345 678 012");
    expect(html).toContain(first?._id.slice(-8).toUpperCase());
    expect(html).toContain(TAX_LINE_LABEL);
    expect(html).toContain("$11.99"); // the tax charged on 3 x 39.95
    expect(html).toContain("$141.84"); // 119.85 + 11.99 + 10
    expect(html).toContain("Total includes GST of $12.89."); // 141.84 / 11

    const sig = link.searchParams.get("sig") ?? "";
    const expires = link.searchParams.get("expires") ?? "";
    const forged = [
      `/api/order/invoice/${second?._id}?expires=${expires}&sig=${sig}`,
      `${link.pathname}?expires=${Number(expires) + 1}&sig=${sig}`,
      `${link.pathname}?expires=${expires}&sig=${sig.slice(0, -2)}AA`,
      `${link.pathname}?expires=${expires}`,
      `${link.pathname}?expires=1000&sig=${sig}`,
      "/api/order/invoice/not-an-id?expires=1&sig=x",
    ];
    for (const path of forged) expect((await callWorker(path)).status, path).toBe(404);
  });
});
