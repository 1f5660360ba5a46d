// The back-office's orders (routes/admin/orders.ts): the queue to ship, an order's page and its
// timeline, moving an order forward with the customer's mail, notes, and what the shopper's own
// /orders then shows. Orders are real: checked out, paid in the Stripe sandbox, webhook delivered.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderDto,
  type AdminOrderListResponse,
  ORDER_ADMIN_MESSAGES,
} from "../../worker/contracts/admin-orders";
import { type OrderDto, TRACKER_STEPS } from "../../worker/contracts/order";
import { auditLog, orderRefunds, orders, stripeReversals } from "../../worker/db/schema";
import { newId } from "../../worker/lib/ids";
import { adminSession, asUser, call, register } from "./helpers/accounts";
import { address, openSession, paidOrder } from "./helpers/checkout";
import {
  auditEntries,
  callWorker,
  createCategory,
  createProduct,
  db,
  mailsAbout,
} from "./helpers/factories";

async function shop() {
  const cat = await createCategory();
  const bowl = await createProduct(cat.id, { name: "Copper Bowl", finalPriceCents: 3995 });
  return { bowl };
}

type OrderRow = typeof orders.$inferSelect;

/** A real paid order of two bowls, by the buyer `who` names (signed in with `token` or a guest). */
async function placeOrder(
  productId: string,
  { token, ...who }: { token?: string; firstName?: string; lastName?: string; email?: string } = {},
): Promise<OrderRow> {
  const { session } = await paidOrder(
    { items: [{ _id: productId, quantity: 2 }], address: address(who) },
    token,
  );
  const [row] = await db().select().from(orders).where(eq(orders.stripeSessionId, session.id));
  if (!row) throw new Error(`no order for ${session.id}`);
  return row;
}

const setOrder = (id: string, values: Partial<OrderRow>) =>
  db().update(orders).set(values).where(eq(orders.id, id));

const queue = async (token: string, query = "") => {
  const res = await call(token, "GET", `/api/admin/orders${query}`);
  expect(res.status).toBe(200);
  return res.json<AdminOrderListResponse>();
};
const ids = (list: AdminOrderListResponse) => list.orders.map((o) => o._id);

const detail = async (token: string, id: string) => {
  const res = await call(token, "GET", `/api/admin/orders/${id}`);
  expect(res.status).toBe(200);
  return (await res.json<{ order: AdminOrderDto }>()).order;
};

const move = (token: string, id: string, body: Record<string, unknown>) =>
  call(token, "POST", `/api/admin/orders/${id}/status`, body);

const buyerMails = async (order: OrderRow) =>
  (await mailsAbout(order.id)).filter((m) => m.to === order.email);
const number = (id: string) => id.slice(-8);

/**
 * Sends the same change six times at once, from two admins in turn: exactly one may win, and the
 * other five are refused with 409 and `code`.
 */
async function expectOneWinner(send: (token: string) => Promise<Response>, code: string) {
  const [one, two] = [await adminSession(), await adminSession()];
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) => send((i % 2 ? one : two).accessToken)),
  );
  expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  for (const res of answers.filter((r) => r.status === 409))
    expect(await res.json()).toMatchObject({ code });
}

describe("who may use /api/admin/orders", () => {
  it("answers 401 without a token, 403 to a shopper, 200 to an admin", async () => {
    const { bowl } = await shop();
    const order = await placeOrder(bowl.id);
    const shopper = await register();
    const admin = await adminSession();
    const requests: [string, string, unknown?][] = [
      ["GET", "/api/admin/orders"],
      ["GET", `/api/admin/orders/${order.id}`],
      ["POST", `/api/admin/orders/${order.id}/status`, { status: "Packing" }],
      ["POST", `/api/admin/orders/${order.id}/notes`, { note: "Gift wrap" }],
    ];
    for (const [method, path, body] of requests) {
      expect((await call(undefined, method, path, body)).status).toBe(401);
      const refused = await call(shopper.accessToken, method, path, body);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ success: false, code: "forbidden" });
    }
    // Nothing the refused calls asked for happened.
    expect((await db().select().from(orders))[0]?.status).toBe("Order Placed");
    expect(await db().select().from(auditLog)).toHaveLength(0);
    for (const [method, path, body] of requests)
      expect((await call(admin.accessToken, method, path, body)).status).toBe(200);
  });
});

describe("GET /api/admin/orders", () => {
  it("shows paid orders not yet shipped, oldest first, by default; other views newest first", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const a = await placeOrder(bowl.id);
    const b = await placeOrder(bowl.id);
    const c = await placeOrder(bowl.id);
    const d = await placeOrder(bowl.id);
    const e = await placeOrder(bowl.id);
    const day = 86_400_000;
    const base = Date.UTC(2026, 2, 1);
    // Paid a, b, c, d, e in that order; b is packing, c shipped, d cancelled.
    for (const [i, o] of [a, b, c, d, e].entries())
      await setOrder(o.id, { paidAt: new Date(base + i * day) });
    await setOrder(b.id, { status: "Packing" });
    await setOrder(c.id, { status: "Shipped" });
    await setOrder(d.id, { status: "cancelled" });
    // A checkout never paid is no order of the back-office's.
    await openSession({ items: [{ _id: bowl.id, quantity: 1 }] });
    expect(await db().select().from(orders)).toHaveLength(6);

    const unshipped = await queue(admin.accessToken);
    expect(ids(unshipped)).toEqual([a.id, b.id, e.id]);
    expect(unshipped.total).toBe(3);
    expect(unshipped.orders[0]).toMatchObject({
      _id: a.id,
      number: number(a.id),
      status: "Order Placed",
      paidAt: new Date(base).toISOString(),
      email: "meera@example.com",
      name: "Meera Iyer",
      itemCount: 2,
      total: 97.89,
      refunded: 0,
      affiliateCode: null,
      carrier: null,
      trackingNumber: null,
    });
    expect(ids(await queue(admin.accessToken, "?sort=newest"))).toEqual([e.id, b.id, a.id]);

    const all = await queue(admin.accessToken, "?status=all");
    expect(ids(all)).toEqual([e.id, d.id, c.id, b.id, a.id]);
    expect(all.total).toBe(5);
    expect(ids(await queue(admin.accessToken, "?status=all&sort=oldest"))).toEqual([
      a.id,
      b.id,
      c.id,
      d.id,
      e.id,
    ]);
    expect(ids(await queue(admin.accessToken, "?status=Shipped"))).toEqual([c.id]);
    expect(ids(await queue(admin.accessToken, "?status=Packing"))).toEqual([b.id]);
    expect(ids(await queue(admin.accessToken, "?status=cancelled"))).toEqual([d.id]);
    expect(await queue(admin.accessToken, "?status=Delivered")).toEqual({
      success: true,
      orders: [],
      total: 0,
    });
  });

  it("finds an order by its number, any tail of its id, the email or the buyer's name, in any case", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const meera = await placeOrder(bowl.id);
    const jon = await placeOrder(bowl.id, {
      firstName: "Jon",
      lastName: "Smith",
      email: "jon.smith@mail.test",
    });
    const ana = await placeOrder(bowl.id, {
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana@lopez.test",
    });
    const find = async (q: string) =>
      ids(await queue(admin.accessToken, `?status=all&q=${encodeURIComponent(q)}`)).sort();

    expect(await find(`#${number(jon.id).toUpperCase()}`)).toEqual([jon.id]);
    expect(await find(number(jon.id))).toEqual([jon.id]);
    expect(await find(` ${number(ana.id)} `)).toEqual([ana.id]);
    expect(await find(ana.id.slice(-12))).toEqual([ana.id]);
    expect(await find(meera.id)).toEqual([meera.id]);
    expect(await find("MAIL.TEST")).toEqual([jon.id]);
    expect(await find("lopez.test")).toEqual([ana.id]);
    expect(await find("smith")).toEqual([jon.id]);
    expect(await find("jon SMITH")).toEqual([jon.id]);
    expect(await find("Meera Iyer")).toEqual([meera.id]);
    expect(await find("ana")).toEqual([ana.id]);
    // A % or _ is itself, not a wildcard.
    expect(await find("%")).toEqual([]);
    expect(await find("nobody")).toEqual([]);
    expect((await queue(admin.accessToken, "?status=all&q=smith")).total).toBe(1);
  });

  it("filters by the Brisbane days of payment, both ends included", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const rows: OrderRow[] = [];
    for (let i = 0; i < 4; i++) rows.push(await placeOrder(bowl.id));
    const [a, b, c, d] = rows as [OrderRow, OrderRow, OrderRow, OrderRow];
    // Brisbane is UTC+10: 14:00 UTC is midnight there.
    await setOrder(a.id, { paidAt: new Date("2026-03-09T13:59:59.999Z") }); // 9 March, 23:59
    await setOrder(b.id, { paidAt: new Date("2026-03-09T14:00:00.000Z") }); // 10 March, 00:00
    await setOrder(c.id, { paidAt: new Date("2026-03-10T13:59:59.999Z") }); // 10 March, 23:59
    await setOrder(d.id, { paidAt: new Date("2026-03-10T14:00:00.000Z") }); // 11 March, 00:00
    const range = async (query: string) =>
      ids(await queue(admin.accessToken, `?status=all&sort=oldest${query}`));
    expect(await range("&from=2026-03-10&to=2026-03-10")).toEqual([b.id, c.id]);
    expect(await range("&from=2026-03-10")).toEqual([b.id, c.id, d.id]);
    expect(await range("&to=2026-03-09")).toEqual([a.id]);
    expect(await range("&from=2026-03-09&to=2026-03-11")).toEqual([a.id, b.id, c.id, d.id]);
    expect((await queue(admin.accessToken, "?status=all&from=2026-03-11")).total).toBe(1);
  });

  it(`pages ${ADMIN_ORDERS_PAGE_SIZE} at a time with the total under the filters`, async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed: OrderRow[] = [];
    for (let i = 0; i < ADMIN_ORDERS_PAGE_SIZE + 2; i++) placed.push(await placeOrder(bowl.id));
    for (const [i, o] of placed.entries())
      await setOrder(o.id, { paidAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000) });
    const first = await queue(admin.accessToken);
    const second = await queue(admin.accessToken, "?page=2");
    expect(first.total).toBe(placed.length);
    expect(second.total).toBe(placed.length);
    expect(ids(first)).toEqual(placed.slice(0, ADMIN_ORDERS_PAGE_SIZE).map((o) => o.id));
    expect(ids(second)).toEqual(placed.slice(ADMIN_ORDERS_PAGE_SIZE).map((o) => o.id));
    expect((await queue(admin.accessToken, "?page=3")).orders).toEqual([]);
  });

  it("answers 400 in the error shape to a bad query", async () => {
    const admin = await adminSession();
    for (const query of [
      "?status=lost",
      "?sort=sideways",
      "?from=2026-02-30",
      "?to=yesterday",
      "?from=2026-03-02&to=2026-03-01",
      "?page=0",
      `?q=${"x".repeat(101)}`,
    ]) {
      const res = await call(admin.accessToken, "GET", `/api/admin/orders${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({
        success: false,
        code: "invalid_input",
        message: expect.any(String),
      });
    }
  });
});

describe("GET /api/admin/orders/:id", () => {
  it("answers the order's lines, totals, payment, shipping and what may happen next", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    const order = await detail(admin.accessToken, placed.id);
    expect(order).toMatchObject({
      _id: placed.id,
      number: number(placed.id),
      status: "Order Placed",
      email: "meera@example.com",
      userId: null,
      shippedAt: null,
      address: { firstName: "Meera", lastName: "Iyer", city: "Brisbane", zipcode: "4000" },
      items: [
        {
          productId: bowl.id,
          name: "Copper Bowl",
          image: "/images/products/a.svg",
          unitPrice: 39.95,
          quantity: 2,
          lineTotal: 79.9,
          restocked: 0,
        },
      ],
      subtotal: 79.9,
      tax: 7.99,
      deliveryFee: 10,
      discount: 0,
      total: 97.89,
      refunded: 0,
      disputed: 0,
      refundable: 97.89,
      currency: "aud",
      payment: {
        provider: "stripe",
        sessionId: placed.stripeSessionId,
        paymentIntentId: expect.stringMatching(/^pi_/),
      },
      attribution: null,
      shipping: { carrier: null, trackingNumber: null, trackingUrl: null },
      refunds: [],
      nextStatuses: ["Packing", "Shipped", "Out for Delivery", "Delivered"],
      canCancel: true,
    });
    expect(order.invoiceUrl).toMatch(/^http:\/\/localhost:8787\/api\/order\/invoice\//);
    // Checkout held the two bowls and payment sold them (untracked stock: on hand stays as it is).
    expect(order.stockMovements.map((m) => [m.productId, m.kind, m.reservedDelta])).toEqual([
      [bowl.id, "reserve", 2],
      [bowl.id, "sale", -2],
    ]);
  });

  it("answers 404 to an unknown or never-paid order and 400 to a malformed id", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    await openSession({ items: [{ _id: bowl.id, quantity: 1 }] });
    const [pending] = await db().select().from(orders);
    for (const id of [newId(), pending?.id ?? ""]) {
      const res = await call(admin.accessToken, "GET", `/api/admin/orders/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        success: false,
        message: ORDER_ADMIN_MESSAGES.notFound,
        code: "order_not_found",
      });
    }
    const bad = await call(admin.accessToken, "GET", "/api/admin/orders/not-an-id");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: "invalid_input" });
  });
});

describe("POST /api/admin/orders/:id/status", () => {
  it("moves an order through every step, mailing the customer at Shipped, Out for Delivery and Delivered", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    const before = (await buyerMails(placed)).length;
    expect(before).toBe(1); // the confirmation

    // Packing: no mail.
    const packing = await move(admin.accessToken, placed.id, { status: "Packing" });
    expect(packing.status).toBe(200);
    const { order: packed } = await packing.json<{ order: AdminOrderDto }>();
    expect(packed).toMatchObject({
      status: "Packing",
      nextStatuses: ["Shipped", "Out for Delivery", "Delivered"],
      canCancel: true,
    });
    expect(await buyerMails(placed)).toHaveLength(1);

    // Shipped, with the default carrier: the tracking link is built and mailed.
    const shipping = await move(admin.accessToken, placed.id, {
      status: "Shipped",
      trackingNumber: " 33AB 1234-56 ",
    });
    expect(shipping.status).toBe(200);
    const { order: shipped } = await shipping.json<{ order: AdminOrderDto }>();
    const trackingUrl = "https://auspost.com.au/mypost/track/details/33AB%201234-56";
    expect(shipped).toMatchObject({
      status: "Shipped",
      shipping: { carrier: "auspost", trackingNumber: "33AB 1234-56", trackingUrl },
      nextStatuses: ["Out for Delivery", "Delivered"],
      canCancel: false,
    });
    expect(shipped.shippedAt).not.toBeNull();
    const [, shippedMail] = await buyerMails(placed);
    expect(shippedMail).toMatchObject({
      to: "meera@example.com",
      orderId: placed.id,
      status: "sent",
      subject: `Your Tamra & Tara order #${number(placed.id)} has shipped`,
    });
    expect(shippedMail?.text).toContain("Australia Post");
    expect(shippedMail?.text).toContain("Tracking number: 33AB 1234-56");
    expect(shippedMail?.text).toContain(`Track it: ${trackingUrl}`);
    expect(shippedMail?.text).toContain("http://localhost:8787/orders");
    expect(shippedMail?.html).toContain(`href="${trackingUrl}"`);
    expect(shippedMail?.html).toContain('href="http://localhost:8787/orders"');

    // Out for Delivery repeats the tracking the order has; Delivered closes the tracker.
    expect((await move(admin.accessToken, placed.id, { status: "Out for Delivery" })).status).toBe(
      200,
    );
    const delivering = await move(admin.accessToken, placed.id, { status: "Delivered" });
    const { order: delivered } = await delivering.json<{ order: AdminOrderDto }>();
    expect(delivered).toMatchObject({ status: "Delivered", nextStatuses: [], canCancel: false });
    const mails = await buyerMails(placed);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Tamra & Tara order #${number(placed.id)}`,
      `Your Tamra & Tara order #${number(placed.id)} has shipped`,
      `Your Tamra & Tara order #${number(placed.id)} is out for delivery`,
      `Your Tamra & Tara order #${number(placed.id)} has been delivered`,
    ]);
    expect(mails[2]?.text).toContain(`Track it: ${trackingUrl}`);
    expect(mails[3]?.text).toContain("http://localhost:8787/orders");

    // Each move is one audit entry: before and after.
    const entries = await auditEntries(placed.id, { action: "status" });
    expect(entries.map((e) => [e.actorEmail, e.before, e.after])).toEqual([
      [
        admin.email,
        { status: "Order Placed" },
        { status: "Packing", carrier: null, trackingNumber: null },
      ],
      [
        admin.email,
        { status: "Packing" },
        { status: "Shipped", carrier: "auspost", trackingNumber: "33AB 1234-56" },
      ],
      [
        admin.email,
        { status: "Shipped" },
        { status: "Out for Delivery", carrier: null, trackingNumber: null },
      ],
      [
        admin.email,
        { status: "Out for Delivery" },
        { status: "Delivered", carrier: null, trackingNumber: null },
      ],
    ]);
  });

  it("never goes back or stays put: 409 with the reason, and nothing changes or is mailed", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    expect((await move(admin.accessToken, placed.id, { status: "Packing" })).status).toBe(200);
    const same = await move(admin.accessToken, placed.id, { status: "Packing" });
    expect(same.status).toBe(409);
    expect(await same.json()).toEqual({
      success: false,
      message: ORDER_ADMIN_MESSAGES.sameStatus("Packing"),
      code: "same_status",
    });
    await move(admin.accessToken, placed.id, { status: "Delivered" });
    const mailsBefore = await mailsAbout(placed.id);
    for (const status of ["Packing", "Shipped", "Out for Delivery"]) {
      const res = await move(admin.accessToken, placed.id, { status, trackingNumber: "X1" });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        success: false,
        message: ORDER_ADMIN_MESSAGES.backwards("Delivered", status),
        code: "status_backwards",
      });
    }
    const sameAgain = await move(admin.accessToken, placed.id, { status: "Delivered" });
    expect(sameAgain.status).toBe(409);
    expect(await sameAgain.json()).toMatchObject({ code: "same_status" });

    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ status: "Delivered", trackingNumber: null, trackingUrl: null });
    expect(await mailsAbout(placed.id)).toHaveLength(mailsBefore.length);
    expect(await auditEntries(placed.id, { action: "status" })).toHaveLength(2);
  });

  it("refuses every backward pair of steps alike: 409, Packing to Order Placed included", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    const mailsBefore = (await mailsAbout(placed.id)).length;
    const pairs = TRACKER_STEPS.flatMap((from, at) =>
      TRACKER_STEPS.slice(0, at).map((to) => [from, to] as const),
    );
    expect(pairs).toHaveLength(10);
    for (const [from, to] of pairs) {
      await setOrder(placed.id, { status: from });
      const res = await move(admin.accessToken, placed.id, { status: to, trackingNumber: "X1" });
      expect(res.status, `${from} -> ${to}`).toBe(409);
      expect(await res.json()).toEqual({
        success: false,
        message: ORDER_ADMIN_MESSAGES.backwards(from, to),
        code: "status_backwards",
      });
      const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
      expect(row).toMatchObject({ status: from, trackingNumber: null, shippedAt: null });
    }
    // Order Placed asked of an order there already is the same step.
    await setOrder(placed.id, { status: "Order Placed" });
    const same = await move(admin.accessToken, placed.id, { status: "Order Placed" });
    expect(same.status).toBe(409);
    expect(await same.json()).toMatchObject({ code: "same_status" });
    expect(await mailsAbout(placed.id)).toHaveLength(mailsBefore);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });

  it("may skip steps: straight to Delivered counts as shipped, with one mail", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    const res = await move(admin.accessToken, placed.id, {
      status: "Delivered",
      carrier: "sendle",
      trackingNumber: "SNDL42",
    });
    expect(res.status).toBe(200);
    const { order } = await res.json<{ order: AdminOrderDto }>();
    expect(order).toMatchObject({
      status: "Delivered",
      shipping: {
        carrier: "sendle",
        trackingNumber: "SNDL42",
        trackingUrl: "https://track.sendle.com/tracking?ref=SNDL42",
      },
    });
    expect(order.shippedAt).not.toBeNull();
    const mails = (await buyerMails(placed)).slice(1);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Tamra & Tara order #${number(placed.id)} has been delivered`,
    ]);
    expect(mails[0]?.text).toContain("Sendle");
    expect(mails[0]?.text).toContain("https://track.sendle.com/tracking?ref=SNDL42");
  });

  it("asks for the tracking number to mark an order Shipped (400), and checks the carrier", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    for (const body of [
      { status: "Shipped" },
      { status: "Shipped", trackingNumber: "   " },
      { status: "Shipped", trackingNumber: "AB1", carrier: "pigeon" },
      { status: "Shipped", trackingNumber: "<script>" },
      { status: "Shipped", trackingNumber: "AB1", notify: "yes" },
      { status: "Shipped", trackingNumber: "AB1", paidAt: 0 },
    ]) {
      const res = await move(admin.accessToken, placed.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_input" });
    }
    const missing = await move(admin.accessToken, placed.id, { status: "Shipped" });
    expect(await missing.json()).toMatchObject({
      message: "Enter the tracking number to mark the order shipped",
      issues: [{ path: "trackingNumber" }],
    });
    expect((await db().select().from(orders))[0]?.status).toBe("Order Placed");
  });

  it("sends no mail when told not to notify", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    for (const body of [
      { status: "Shipped", trackingNumber: "AB1", notify: false },
      { status: "Out for Delivery", notify: false },
      { status: "Delivered", notify: false },
    ])
      expect((await move(admin.accessToken, placed.id, body)).status).toBe(200);
    expect(await buyerMails(placed)).toHaveLength(1);
    expect((await detail(admin.accessToken, placed.id)).status).toBe("Delivered");
  });

  it("refuses unknown (404), unpaid and cancelled orders (409)", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const unknown = await move(admin.accessToken, newId(), { status: "Packing" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "order_not_found" });

    await openSession({ items: [{ _id: bowl.id, quantity: 1 }] });
    const [pending] = await db().select().from(orders);
    const unpaid = await move(admin.accessToken, pending?.id ?? "", { status: "Packing" });
    expect(unpaid.status).toBe(409);
    expect(await unpaid.json()).toMatchObject({
      message: ORDER_ADMIN_MESSAGES.notPaid,
      code: "order_not_paid",
    });

    const placed = await placeOrder(bowl.id);
    await setOrder(placed.id, { status: "cancelled" });
    const cancelled = await move(admin.accessToken, placed.id, {
      status: "Shipped",
      trackingNumber: "AB1",
    });
    expect(cancelled.status).toBe(409);
    expect(await cancelled.json()).toMatchObject({
      message: ORDER_ADMIN_MESSAGES.cancelled,
      code: "order_cancelled",
    });
    expect(await buyerMails(placed)).toHaveLength(1);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });

  it("makes one change, one entry and one mail when admins make the same move at once", async () => {
    const { bowl } = await shop();
    const placed = await placeOrder(bowl.id);
    const body = { status: "Shipped", trackingNumber: "RACE1" };
    await expectOneWinner((token) => move(token, placed.id, body), "same_status");
    const shippedMails = (await buyerMails(placed)).filter((m) => m.subject.endsWith("shipped"));
    expect(shippedMails.map((m) => m.status)).toEqual(["sent"]);
    expect(await auditEntries(placed.id, { action: "status" })).toHaveLength(1);
  });

  it("shows the shopper the new status and the Track Order link on /orders", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const buyer = await register();
    const placed = await placeOrder(bowl.id, { token: buyer.accessToken });
    const mine = async () =>
      (
        await (
          await asUser(buyer.accessToken, "/api/order/userorders")
        ).json<{ orders: OrderDto[] }>()
      ).orders;
    expect((await mine())[0]).toMatchObject({ _id: placed.id, status: "Order Placed" });
    expect((await mine())[0]?.trackingUrl).toBeUndefined();

    await move(admin.accessToken, placed.id, {
      status: "Shipped",
      carrier: "startrack",
      trackingNumber: "ST 99",
    });
    expect((await mine())[0]).toMatchObject({
      _id: placed.id,
      status: "Shipped",
      trackingUrl: "https://startrack.com.au/track/details/ST%2099",
    });
    expect((await mine())[0]?.refunded).toBeUndefined();

    // Money given back shows; a paid order later cancelled stays listed, as cancelled.
    await setOrder(placed.id, { status: "cancelled", refundedCents: 9789 });
    const [cancelled] = await mine();
    expect(cancelled).toMatchObject({ _id: placed.id, status: "cancelled", refunded: 97.89 });
  });
});

describe("POST /api/admin/orders/:id/tracking", () => {
  const correct = (token: string | undefined, id: string, body?: unknown) =>
    call(token, "POST", `/api/admin/orders/${id}/tracking`, body);
  const trackingEntries = (orderId: string) => auditEntries(orderId, { action: "tracking" });
  const correctionMails = async (order: OrderRow) =>
    (await buyerMails(order)).filter((m) => m.subject.startsWith("New tracking number"));

  /** A real paid order of a signed-in buyer, shipped with Australia Post 33AB1. */
  async function shippedOrder() {
    const { bowl } = await shop();
    const admin = await adminSession();
    const buyer = await register();
    const placed = await placeOrder(bowl.id, { token: buyer.accessToken });
    const shipped = await move(admin.accessToken, placed.id, {
      status: "Shipped",
      trackingNumber: "33AB1",
    });
    expect(shipped.status).toBe(200);
    return { admin, buyer, placed };
  }

  it("corrects a shipped order's tracking: audited, on the timeline, the customer mailed the new link", async () => {
    const { admin, buyer, placed } = await shippedOrder();
    const res = await correct(admin.accessToken, placed.id, { trackingNumber: " 33AB 2 " });
    expect(res.status).toBe(200);
    const { order } = await res.json<{ order: AdminOrderDto }>();
    const trackingUrl = "https://auspost.com.au/mypost/track/details/33AB%202";
    expect(order).toMatchObject({
      status: "Shipped",
      shipping: { carrier: "auspost", trackingNumber: "33AB 2", trackingUrl },
    });
    expect(order.events.find((e) => e.kind === "tracking")).toEqual({
      at: expect.any(String),
      kind: "tracking",
      title: "Tracking corrected",
      detail: "Australia Post 33AB 2 (was Australia Post 33AB1)",
      actor: admin.email,
    });
    const [mail] = await correctionMails(placed);
    expect(mail).toMatchObject({
      to: placed.email,
      orderId: placed.id,
      status: "sent",
      subject: `New tracking number for your Tamra & Tara order #${number(placed.id)}`,
    });
    expect(mail?.text).toContain("Tracking number: 33AB 2");
    expect(mail?.text).toContain(`Track it: ${trackingUrl}`);
    expect(mail?.text).toContain("http://localhost:8787/orders");
    expect(mail?.html).toContain(`href="${trackingUrl}"`);
    // The timeline lists the mail too.
    expect(order.events.map((e) => e.title)).toContain(mail?.subject);

    // The shopper's Track Order link follows.
    const mine = await asUser(buyer.accessToken, "/api/order/userorders");
    const { orders: theirs } = await mine.json<{ orders: OrderDto[] }>();
    expect(theirs[0]).toMatchObject({ _id: placed.id, trackingUrl });

    // Later, on a delivered order: another carrier, without a mail.
    await move(admin.accessToken, placed.id, { status: "Delivered", notify: false });
    const again = await correct(admin.accessToken, placed.id, {
      carrier: "startrack",
      trackingNumber: "ST 9",
      notify: false,
    });
    expect(again.status).toBe(200);
    const { order: delivered } = await again.json<{ order: AdminOrderDto }>();
    expect(delivered).toMatchObject({
      status: "Delivered",
      shipping: {
        carrier: "startrack",
        trackingNumber: "ST 9",
        trackingUrl: "https://startrack.com.au/track/details/ST%209",
      },
    });
    expect(await correctionMails(placed)).toHaveLength(1);
    expect(
      (await trackingEntries(placed.id)).map((e) => [e.actorEmail, e.before, e.after]),
    ).toEqual([
      [
        admin.email,
        { carrier: "auspost", trackingNumber: "33AB1" },
        { carrier: "auspost", trackingNumber: "33AB 2" },
      ],
      [
        admin.email,
        { carrier: "auspost", trackingNumber: "33AB 2" },
        { carrier: "startrack", trackingNumber: "ST 9" },
      ],
    ]);
  });

  it("checks the correction as the move to Shipped checks it: 400, and nothing changes", async () => {
    const { admin, placed } = await shippedOrder();
    for (const body of [
      {},
      { trackingNumber: "   " },
      { trackingNumber: "<script>" },
      { trackingNumber: "x".repeat(41) },
      { trackingNumber: 12345 },
      { trackingNumber: "AB1", carrier: "pigeon" },
      { trackingNumber: "AB1", notify: "yes" },
      { trackingNumber: "AB1", status: "Delivered" },
      [],
    ]) {
      const res = await correct(admin.accessToken, placed.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toMatchObject({
        success: false,
        code: "invalid_input",
      });
    }
    // No body at all is {}: the same answer.
    const bodiless = await callWorker(`/api/admin/orders/${placed.id}/tracking`, {
      method: "POST",
      headers: { token: admin.accessToken },
    });
    expect(bodiless.status).toBe(400);
    expect(await bodiless.json()).toMatchObject({
      code: "invalid_input",
      message: "Enter the corrected tracking number",
      issues: [{ path: "trackingNumber" }],
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ carrier: "auspost", trackingNumber: "33AB1" });
    expect(await trackingEntries(placed.id)).toHaveLength(0);
  });

  it("refuses an order not shipped yet, cancelled or unpaid (409), unknown (404), the same tracking (409), and anyone but an admin", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    const body = { trackingNumber: "AB1" };
    const refusal = async (id: string, code: string, message?: string) => {
      const res = await correct(admin.accessToken, id, body);
      expect(res.status, code).toBe(code === "order_not_found" ? 404 : 409);
      expect(await res.json()).toMatchObject({ success: false, code, ...(message && { message }) });
    };
    await refusal(placed.id, "order_not_shipped", ORDER_ADMIN_MESSAGES.notShipped);
    await setOrder(placed.id, { status: "Packing" });
    await refusal(placed.id, "order_not_shipped");
    await setOrder(placed.id, { status: "cancelled" });
    await refusal(placed.id, "order_cancelled", ORDER_ADMIN_MESSAGES.cancelled);
    await refusal(newId(), "order_not_found");
    await openSession({ items: [{ _id: bowl.id, quantity: 1 }] });
    const [unpaid] = await db().select().from(orders).where(eq(orders.status, "pending"));
    await refusal(unpaid?.id ?? "", "order_not_paid", ORDER_ADMIN_MESSAGES.notPaid);

    await setOrder(placed.id, {
      status: "Shipped",
      carrier: "auspost",
      trackingNumber: "AB1",
      trackingUrl: "https://auspost.com.au/mypost/track/details/AB1",
    });
    await refusal(placed.id, "same_tracking", ORDER_ADMIN_MESSAGES.sameTracking);
    const shopper = await register();
    expect((await correct(undefined, placed.id, { trackingNumber: "AB2" })).status).toBe(401);
    expect((await correct(shopper.accessToken, placed.id, { trackingNumber: "AB2" })).status).toBe(
      403,
    );
    expect((await db().select().from(orders).where(eq(orders.id, placed.id)))[0]).toMatchObject({
      trackingNumber: "AB1",
    });
    expect(await correctionMails(placed)).toHaveLength(0);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });

  it("makes one change, one entry and one mail when admins send the same correction at once", async () => {
    const { placed } = await shippedOrder();
    const body = { carrier: "sendle", trackingNumber: "SNDL 7" };
    await expectOneWinner((token) => correct(token, placed.id, body), "same_tracking");
    expect((await correctionMails(placed)).map((m) => m.status)).toEqual(["sent"]);
    const entries = await trackingEntries(placed.id);
    expect(entries.map((e) => e.after)).toEqual([{ carrier: "sendle", trackingNumber: "SNDL 7" }]);
  });
});

describe("notes and the timeline", () => {
  it("keeps a note as an audit entry on the order's timeline (400 for an empty one)", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    const empty = await call(admin.accessToken, "POST", `/api/admin/orders/${placed.id}/notes`, {
      note: "   ",
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: "Write the note first" });
    const unknown = await call(admin.accessToken, "POST", `/api/admin/orders/${newId()}/notes`, {
      note: "Hello",
    });
    expect(unknown.status).toBe(404);

    const res = await call(admin.accessToken, "POST", `/api/admin/orders/${placed.id}/notes`, {
      note: "  Gift wrap, <no> invoice in the box  ",
    });
    expect(res.status).toBe(200);
    const { order } = await res.json<{ order: AdminOrderDto }>();
    expect(order.events.at(-1)).toEqual({
      at: expect.any(String),
      kind: "note",
      title: "Note",
      detail: "Gift wrap, <no> invoice in the box",
      actor: admin.email,
    });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "note"));
    expect(entry).toMatchObject({
      entity: "order",
      entityId: placed.id,
      actorEmail: admin.email,
      after: { note: "Gift wrap, <no> invoice in the box" },
    });
  });

  it("tells the order's story oldest first: payment, mails, moves, notes, refunds and Stripe's own", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    const paymentIntent = placed.stripePaymentIntentId ?? "";
    await move(admin.accessToken, placed.id, { status: "Packing" });
    await move(admin.accessToken, placed.id, { status: "Shipped", trackingNumber: "AB123" });
    await call(admin.accessToken, "POST", `/api/admin/orders/${placed.id}/notes`, {
      note: "Left with the neighbour",
    });
    // What the refunds service and Stripe leave behind, an hour or more later.
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const refund = (values: Partial<typeof orderRefunds.$inferInsert>) => ({
      id: newId(),
      orderId: placed.id,
      requestKey: newId(),
      amountCents: 1000,
      restockLines: [],
      actorEmail: admin.email,
      ...values,
    });
    await db()
      .insert(orderRefunds)
      .values([
        refund({
          amountCents: 2500,
          status: "succeeded",
          reason: "Dented",
          restockLines: [{ productId: bowl.id, quantity: 1 }],
          createdAt: later(1),
          updatedAt: later(1),
        }),
        refund({
          status: "failed",
          error: "charge_disputed",
          createdAt: later(2),
          updatedAt: later(2),
        }),
        refund({ amountCents: 700, status: "pending", createdAt: later(3), updatedAt: later(3) }),
      ]);
    await db()
      .insert(stripeReversals)
      .values([
        // Stripe reports $40 refunded on the charge: $25 was ours, $15 was done in its dashboard.
        {
          id: "ch_timeline",
          kind: "refund",
          paymentIntentId: paymentIntent,
          amountCents: 4000,
          eventCreated: 1,
          updatedAt: later(4),
        },
        {
          id: "dp_timeline",
          kind: "dispute",
          paymentIntentId: paymentIntent,
          amountCents: 2000,
          status: "needs_response",
          eventCreated: 1,
          updatedAt: later(5),
        },
      ]);
    await setOrder(placed.id, { refundedCents: 4000 });
    // The refunds service audits its refunds too; those entries are not rendered twice.
    await db()
      .insert(auditLog)
      .values({
        id: newId(),
        actorEmail: admin.email,
        entity: "order",
        entityId: placed.id,
        action: "refund",
        after: { amountCents: 2500 },
      });

    const order = await detail(admin.accessToken, placed.id);
    const story = order.events.map((e) => [e.kind, e.title, e.detail ?? null, e.actor ?? null]);
    const n = number(placed.id);
    expect(story).toEqual([
      ["created", "Order created", null, null],
      ["paid", "Paid $97.89", null, null],
      ["email", `Your Tamra & Tara order #${n}`, "to meera@example.com — sent", null],
      ["email", `New order #${n} — $97.89`, `to ${env.SHOP_INBOX_EMAIL} — sent`, null],
      ["status", "Marked Packing", null, admin.email],
      ["status", "Marked Shipped", "Australia Post AB123", admin.email],
      ["email", `Your Tamra & Tara order #${n} has shipped`, "to meera@example.com — sent", null],
      ["note", "Note", "Left with the neighbour", admin.email],
      ["refund", "Refunded $25.00", "Dented — Restocked 1 × Copper Bowl", admin.email],
      ["refund_failed", "Refund of $10.00 failed", "charge_disputed", admin.email],
      ["stripe_refund", "Refunded in Stripe: $15.00", null, null],
      ["dispute", "Disputed: $20.00", "Status: needs_response", null],
    ]);
    const times = order.events.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    // What is left to refund: the total less what Stripe says went back, less the pending $7.
    expect(order).toMatchObject({ refunded: 40, refundable: 50.89 });
    expect(order.refunds.map((r) => [r.status, r.amount])).toEqual([
      ["pending", 7],
      ["failed", 10],
      ["succeeded", 25],
    ]);
  });

  it("shows a cancellation as one event, from its refund", async () => {
    const { bowl } = await shop();
    const admin = await adminSession();
    const placed = await placeOrder(bowl.id);
    await db()
      .insert(orderRefunds)
      .values({
        id: newId(),
        orderId: placed.id,
        requestKey: "cancel-key-1",
        amountCents: 9789,
        reason: "Changed their mind",
        restockLines: [{ productId: bowl.id, quantity: 2 }],
        cancel: true,
        status: "succeeded",
        actorEmail: admin.email,
      });
    await setOrder(placed.id, { status: "cancelled", refundedCents: 9789 });
    const order = await detail(admin.accessToken, placed.id);
    expect(order.events.filter((e) => e.kind === "cancelled")).toEqual([
      expect.objectContaining({
        title: "Cancelled and refunded $97.89",
        detail: "Changed their mind — Restocked 2 × Copper Bowl",
        actor: admin.email,
      }),
    ]);
    expect(order).toMatchObject({
      status: "cancelled",
      nextStatuses: [],
      canCancel: false,
      refundable: 0,
    });
  });
});
