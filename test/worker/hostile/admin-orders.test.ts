// Hostile input on the back-office's orders (route admin/orders): the queue, one order, notes,
// the tracker's steps, tracking corrections, refunds and cancellation. Every answer with an order
// holds to what the order may say; only the admin changes anything.
import fc from "fast-check";
import { expect } from "vitest";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrderDto,
  type AdminOrderSummaryDto,
  CARRIER_IDS,
  ORDER_QUEUE_FILTERS,
  ORDER_SORTS,
  type RefundResponse,
  SHIPPED_STATUSES,
  UNSHIPPED_STATUSES,
} from "../../../worker/contracts/admin-orders";
import { TRACKER_STEPS } from "../../../worker/contracts/order";
import { asUser } from "../helpers/accounts";
import { address, openSession, paidOrder } from "../helpers/checkout";
import {
  type Answer,
  adminEndpoint,
  bodyOf,
  type Case,
  cents,
  day,
  describeEndpoints,
  encoded,
  expectConflict,
  expectJsonOnly,
  hexId,
  hostileNumber,
  hostileText,
  hostileValue,
  page,
  param,
  pathSegment,
  query,
  queryOf,
  validDay,
  type World,
  wellFormed,
  withQuery,
} from "../helpers/hostile";

/** An order id no row has. */
const nowhere = "0".repeat(24);

/**
 * Two paid orders: one to move along the tracker, note and refund (with a tracked line, so a
 * restock meets the ledger), and one with the creator's code to cancel (its commission is
 * reversed); and an unpaid checkout, never the back-office's. Refunds go to the Stripe sandbox.
 */
async function given(w: World) {
  const [p0 = "", p1 = "", p2 = ""] = w.products.map((p) => p.id);
  expect(
    (await asUser(w.admin.token, `/api/admin/products/${p2}/stock`, { onHand: 5 })).status,
  ).toBe(200);
  const unpaid = await openSession({ items: [{ id: p2, quantity: 2 }] });
  const shipping = await paidOrder(
    {
      items: [
        { _id: p0, quantity: 2 },
        { _id: p2, quantity: 1 },
      ],
    },
    w.shopper.token,
  );
  const cancelling = await paidOrder({
    items: [{ _id: p0, quantity: 1 }],
    affiliateCode: w.creator.code,
    address: address({ firstName: "Meera", lastName: "Iyer" }),
  });
  const idOf = (o: Pick<typeof unpaid, "session">) => o.session.metadata?.order_id ?? "";
  const [shippingId, cancellingId, unpaidId] = [idOf(shipping), idOf(cancelling), idOf(unpaid)];
  if (![shippingId, cancellingId, unpaidId].every(Boolean)) throw new Error("no ids");
  return { p0, p1, p2, shippingId, cancellingId, unpaidId };
}
type Given = Awaited<ReturnType<typeof given>>;

/** Ids: the paid orders by weight, the unpaid checkout, made-up and hostile ones. */
const orderId = (x: Given, ...paid: [keyof Given, number][]) =>
  fc.oneof(
    ...paid.map(([key, weight]) => ({ weight, arbitrary: fc.constant(x[key]) })),
    { weight: 1, arbitrary: fc.constant(x.unpaidId) },
    { weight: 1, arbitrary: hexId },
    { weight: 2, arbitrary: pathSegment },
  );
const orderPath =
  (suffix: string, ...paid: [keyof Given, number][]) =>
  ({ x }: { x: Given }) =>
    orderId(x, ...paid).map((id) => `/api/admin/orders/${id}${suffix}`);

/** What every answer with an order must say of it, whatever was asked. */
const expectAdminOrder = (x: Given, value: unknown) => {
  const o = value as AdminOrderDto;
  expect([x.shippingId, x.cancellingId]).toContain(o._id);
  expect(o.paidAt).not.toBeNull();
  expect([...TRACKER_STEPS, "cancelled"]).toContain(o.status);
  const succeeded = o.refunds
    .filter((r) => r.status === "succeeded")
    .reduce((sum, r) => sum + cents(r.amount), 0);
  // Every refund of these orders was made here: what the order says was refunded is theirs.
  expect(cents(o.refunded)).toBe(succeeded);
  expect(cents(o.refunded)).toBeLessThanOrEqual(cents(o.total));
  expect(cents(o.refundable)).toBeGreaterThanOrEqual(0);
  expect(cents(o.refundable)).toBeLessThanOrEqual(cents(o.total) - cents(o.refunded));
  for (const r of o.refunds) expect(cents(r.amount)).toBeGreaterThan(0);
  for (const i of o.items) {
    expect(i.restocked).toBeGreaterThanOrEqual(0);
    expect(i.restocked).toBeLessThanOrEqual(i.quantity);
  }
  expect(o.canCancel).toBe(UNSHIPPED_STATUSES.includes(o.status as never));
  const at = o.events.map((e) => e.at);
  expect(at).toEqual([...at].sort());
};

/** The queue's query: plausible filters (so answers are held to them), or anything. */
const queueQuery = (x: Given) => {
  const shippingNumber = x.shippingId.slice(-8);
  // Mostly pages that exist, so the filters meet orders.
  const somePage = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("1", "1", "2") },
    { weight: 1, arbitrary: page },
  );
  return fc.oneof(
    query(
      param("status", fc.constantFrom(...ORDER_QUEUE_FILTERS.map(encodeURIComponent))),
      param("q", fc.constantFrom("%25", "_", "a_c", "meera", "MEERA", "%23", shippingNumber)),
      param("from", validDay),
      param("to", validDay),
      param("sort", fc.constantFrom(...ORDER_SORTS)),
    ),
    query(
      param(
        "status",
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...ORDER_QUEUE_FILTERS.map(encodeURIComponent)) },
          fc.constantFrom("pending", "refunded", "shipped", "Shipped%20", "Out+for+Delivery"),
          hostileText.map(encoded),
        ),
      ),
      param(
        "q",
        fc.oneof(
          fc.constantFrom("%", "_", "%25", "%25%25", "a_c", "%5F%25", "%23", "meera"),
          fc.constantFrom(shippingNumber, `%23${shippingNumber}`, x.shippingId, "%20%20"),
          fc.constantFrom("x".repeat(100), "x".repeat(101), "%F0%9F%98%80".repeat(60)),
          fc.string({ unit: "grapheme", maxLength: 120 }).map(encoded),
          hostileText.map(encoded),
        ),
      ),
      param("from", day),
      param("to", day),
      param(
        "sort",
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...ORDER_SORTS) },
          fc.constantFrom("OLDEST", "asc", ""),
          hostileText.map(encoded),
        ),
      ),
      param("page", somePage),
    ),
  );
};

const trackingNumber = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Z0-9][A-Za-z0-9 -]{0,38}[A-Z0-9]$/) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      "   ",
      " 33AB 1234-56 ",
      "x".repeat(40),
      ` ${"x".repeat(40)}  `,
      "x".repeat(41),
      "AB12<script>",
      "LX123456789AU\n",
      "12/34",
      "../../etc",
      "%2F",
      "a+b",
      "ÄÖÜ123",
      "１２３４",
      "\u200B123",
      "AP\u00A0123",
      "'; DROP TABLE orders; --",
      "- -",
    ),
  },
  { weight: 1, arbitrary: hostileText },
  { weight: 1, arbitrary: hostileValue },
);
const shipment = {
  carrier: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...CARRIER_IDS) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("AusPost", "fedex", "Australia Post", "", "__proto__"),
    },
    { weight: 1, arbitrary: hostileValue },
  ),
  trackingNumber,
  notify: fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: hostileValue }),
};
const statusBody = fc.record(
  {
    status: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...TRACKER_STEPS) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "pending",
          "cancelled",
          "shipped",
          "SHIPPED",
          " Shipped",
          "Out for delivery",
          "Refunded",
          "Delivered\u0000",
          "",
        ),
      },
      { weight: 1, arbitrary: hostileValue },
    ),
    ...shipment,
  },
  { requiredKeys: ["status"] },
);

/**
 * What an answer to the admin's POST must be: a body sent as anything but JSON is refused; a 409
 * names one of `conflicts` (when given); a 200's order holds to expectAdminOrder, then to `check` (told whether
 * the request key was seen before).
 */
const postedOrder =
  (
    check: (
      order: AdminOrderDto,
      body: Record<string, unknown>,
      replay: boolean,
      a: Answer,
    ) => void,
    conflicts?: string[],
  ) =>
  (a: Answer, c: Case, { x }: { x: Given }) => {
    expectJsonOnly(a, c);
    if (c.method !== "POST") return;
    if (conflicts) expectConflict(a, conflicts);
    const replay = replayed(c);
    if (a.status !== 200) return;
    const order = a.json?.order as AdminOrderDto;
    expectAdminOrder(x, order);
    check(order, bodyOf(c), replay, a);
  };

/** A tracking link the answer gives is https and carries nothing that breaks out of it. */
const expectTrackingUrl = (url: string) => {
  expect(new URL(url).protocol).toBe("https:");
  expect(url).not.toMatch(/[\s<>"']/);
};

// Refunds: amounts of every shape, lines unknown, duplicated or over what was sold, request
// keys of every shape (two reused on purpose).
const amount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 1500 }).map((c) => c / 100) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(0, -0, -1, -0.01, 0.001, 1.005, 12.345, 0.1 + 0.2, 1e9, 1e21),
  },
  { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, 99_999.99, 1_000_000.01) },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom("5", "5.00", "$5", null, [5], { cents: 500 }) },
);
const requestKey = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
  { weight: 2, arbitrary: fc.constantFrom("refund-key-0001", "cancel-key-0001") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "short",
      "a".repeat(65),
      "has space 1",
      "ключ-ключ-ключ",
      "../../../..",
      "",
      "abcdefgh\n",
      "abc%25defgh",
    ),
  },
  { weight: 1, arbitrary: hostileValue },
);
const refundBody = ({ p0, p1, p2 }: Given) =>
  fc.record(
    {
      amount,
      lines: fc.oneof(
        {
          weight: 4,
          arbitrary: fc.array(
            fc.record({
              productId: fc.oneof(
                { weight: 4, arbitrary: fc.constantFrom(p0, p2) },
                { weight: 1, arbitrary: fc.constantFrom(p1, p0.toUpperCase(), ` ${p0}`) },
                { weight: 1, arbitrary: hexId },
                { weight: 1, arbitrary: hostileValue },
              ),
              quantity: fc.oneof(
                { weight: 4, arbitrary: fc.integer({ min: 1, max: 2 }) },
                { weight: 2, arbitrary: fc.constantFrom(0, 11, 1.5, -1, 10, 1e9) },
                { weight: 1, arbitrary: hostileNumber },
              ),
            }),
            { maxLength: 3 },
          ),
        },
        { weight: 1, arbitrary: fc.array(hostileValue, { minLength: 1, maxLength: 2 }) },
        {
          weight: 1,
          arbitrary: fc.constant(
            Array.from({ length: 51 }, () => ({ productId: p0, quantity: 1 })),
          ),
        },
      ),
      restock: fc.oneof(
        { weight: 4, arbitrary: fc.boolean() },
        { weight: 1, arbitrary: hostileValue },
      ),
      reason: fc.oneof(fc.constantFrom("Dented in transit", "", "x".repeat(501)), hostileText),
      notify: fc.boolean(),
      requestKey,
    },
    { requiredKeys: ["amount"] },
  );
const cancelBody = fc.record(
  {
    reason: fc.oneof(fc.constantFrom("Out of stock", "", "x".repeat(501)), hostileText),
    notify: fc.oneof(
      { weight: 4, arbitrary: fc.boolean() },
      { weight: 1, arbitrary: hostileValue },
    ),
    requestKey,
  },
  { requiredKeys: [] },
);

/** A request key seen before answers the request that first used it, whatever this one asks. */
let keysSeen = new Set<unknown>();
const replayed = (c: Case) => {
  const key = bodyOf(c).requestKey;
  const seen = keysSeen.has(key);
  if (key !== undefined) keysSeen.add(key);
  return seen;
};
const forgetKeys = async () => {
  keysSeen = new Set();
};

const path = (x: Given, id: keyof Given, suffix: string) => `/api/admin/orders/${x[id]}${suffix}`;

describeEndpoints<Given>("hostile input: the back-office's orders", {
  given,
  endpoints: [
    adminEndpoint({
      name: "GET /api/admin/orders",
      runs: 30,
      method: "GET",
      path: ({ x }) => withQuery("/api/admin/orders", queueQuery(x)),
      valid: ({ ex, x }) => [
        ex("GET", `/api/admin/orders?status=all&q=%25&from=2024-02-29&to=2099-12-31&page=1`),
        ex("GET", `/api/admin/orders?q=%23${x.shippingId.slice(-8)}&sort=newest`),
        ex("GET", "/api/admin/orders?from=2024-02-30"),
        ex("GET", "/api/admin/orders?from=2025-01-02&to=2025-01-01"),
        ex("GET", "/api/admin/orders?page=1000000"),
        ex("GET", "/api/admin/orders?status=all&from=0000-01-01&to=9999-12-31&sort=oldest"),
      ],
      refused: () => [["GET", "/api/admin/orders?status=all"]],
      never: (a, c, { x }) => {
        if (a.status !== 200 || c.method !== "GET") return;
        const orders = a.json?.orders as AdminOrderSummaryDto[];
        expect(orders.length).toBeLessThanOrEqual(ADMIN_ORDERS_PAGE_SIZE);
        expect(a.json?.total).toBeGreaterThanOrEqual(orders.length);
        for (const o of orders) {
          expect(o._id).not.toBe(x.unpaidId);
          expect(o.number).toBe(o._id.slice(-8));
          expect(cents(o.refunded)).toBeLessThanOrEqual(cents(o.total));
        }
        const q = queryOf(c);
        if (!q) return;
        const status = q.get("status") ?? "unshipped";
        const statuses = orders.map((o) => o.status);
        if (status === "unshipped") {
          for (const s of statuses) expect(UNSHIPPED_STATUSES).toContain(s);
        } else if (status !== "all") for (const s of statuses) expect(s).toBe(status);
        // The search matches text as itself: % and _ are no wildcards.
        const text = (q.get("q") ?? "").trim().toLowerCase();
        const ascii = (s: string) => s.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
        if (text) {
          for (const o of orders) {
            const tail = text.replace(/^#/, "");
            expect(
              o.email.includes(text) ||
                ascii(o.name).includes(text) ||
                (tail !== "" && o._id.endsWith(tail)),
              `${o._id} ${o.email} ${o.name} for ${text}`,
            ).toBe(true);
          }
        }
        const oldest =
          (q.get("sort") ?? (status === "unshipped" ? "oldest" : "newest")) === "oldest";
        const paid = orders.map((o) => o.paidAt ?? "");
        const sorted = [...paid].sort();
        expect(paid).toEqual(oldest ? sorted : sorted.reverse());
      },
      reaches: [200, 400, 401, 403],
    }),
    adminEndpoint({
      name: "GET /api/admin/orders/:id",
      runs: 15,
      method: ["GET", "GET", "GET", "HEAD", "DELETE", "PUT"],
      path: orderPath("", ["shippingId", 3], ["cancellingId", 2]),
      valid: ({ ex, x }) => [
        ex("GET", path(x, "shippingId", "")),
        ex("GET", path(x, "unpaidId", "")),
      ],
      refused: ({ x }) => [["GET", path(x, "shippingId", "")]],
      never: (a, c, { x }) => {
        if (a.status === 200 && c.method === "GET") expectAdminOrder(x, a.json?.order);
      },
      reaches: [200, 401, 403, 404],
    }),
    adminEndpoint({
      name: "POST /api/admin/orders/:id/notes",
      runs: 15,
      method: "POST",
      path: orderPath("/notes", ["shippingId", 3], ["cancellingId", 1]),
      body: () =>
        fc.record({
          note: fc.oneof(
            {
              weight: 3,
              arbitrary: fc.constantFrom("Called the buyer.", "", " \n\t ", "x".repeat(2000)),
            },
            { weight: 1, arbitrary: fc.constantFrom("x".repeat(2001), ` ${"x".repeat(2000)} `) },
            { weight: 3, arbitrary: hostileText },
            { weight: 1, arbitrary: hostileValue },
          ),
        }),
      fields: ["note"],
      valid: ({ ex, x }) => [
        ex("POST", path(x, "shippingId", "/notes"), { note: "<script>alert(1)</script>" }),
        ex("POST", path(x, "unpaidId", "/notes"), { note: "Not paid" }),
      ],
      refused: ({ x }) => [["POST", path(x, "shippingId", "/notes"), { note: "Pwned" }]],
      never: postedOrder((order, body) => {
        const note = String(body.note).trim();
        // D1 stores text as UTF-8: a lone surrogate comes back as replacement characters.
        if (wellFormed(note) === note) {
          expect(order.events.some((e) => e.kind === "note" && e.detail === note)).toBe(true);
        }
      }),
      reaches: [200, 401, 403, 404],
    }),
    // The tracker's steps, only on the order to ship: the other one stays cancellable.
    adminEndpoint({
      name: "POST /api/admin/orders/:id/status",
      runs: 25,
      method: "POST",
      path: orderPath("/status", ["shippingId", 5]),
      body: () => statusBody,
      fields: ["status", "carrier", "trackingNumber", "notify"],
      valid: ({ ex, x }) => [
        ex("POST", path(x, "shippingId", "/status"), { status: "Packing", notify: false }),
        ex("POST", path(x, "shippingId", "/status"), { status: "Shipped" }),
        ex("POST", path(x, "shippingId", "/status"), {
          status: "Shipped",
          carrier: "sendle",
          trackingNumber: " SND 12-34 ",
        }),
        ex("POST", path(x, "shippingId", "/status"), { status: "Packing" }),
        ex("POST", path(x, "unpaidId", "/status"), { status: "Packing" }),
        ex("POST", `/api/admin/orders/${nowhere}/status`, { status: "Packing" }),
      ],
      refused: ({ x }) => [["POST", path(x, "shippingId", "/status"), { status: "Delivered" }]],
      never: postedOrder((order, body) => {
        expect(order.status).toBe(body.status);
        expect(order.shippedAt === null).toBe(!SHIPPED_STATUSES.includes(order.status as never));
        const number = typeof body.trackingNumber === "string" ? body.trackingNumber.trim() : "";
        if (number) {
          expect(order.shipping).toMatchObject({
            carrier: body.carrier ?? "auspost",
            trackingNumber: number,
          });
          expectTrackingUrl(order.shipping.trackingUrl ?? "");
        }
      }),
      reaches: [200, 400, 401, 403, 404, 409],
    }),
    // Tracking corrections, with the move's own carrier, number and notify (no status), on the
    // order shipped first; the other one has not shipped. A correction answers what it asked.
    adminEndpoint({
      name: "POST /api/admin/orders/:id/tracking",
      runs: 20,
      method: "POST",
      start: async ({ w, x }) => {
        const shipped = await asUser(w.admin.token, path(x, "shippingId", "/status"), {
          status: "Shipped",
          carrier: "sendle",
          trackingNumber: "SND 12-34",
        });
        expect(shipped.status).toBe(200);
      },
      path: orderPath("/tracking", ["shippingId", 4], ["cancellingId", 1]),
      body: () => fc.record({ ...shipment }, { requiredKeys: [] }),
      fields: ["carrier", "trackingNumber", "notify"],
      valid: ({ ex, x }) => [
        ex("POST", path(x, "shippingId", "/tracking"), {
          trackingNumber: " SND 56-78 ",
          notify: false,
        }),
        ex("POST", path(x, "shippingId", "/tracking"), {
          trackingNumber: " SND 56-78 ",
          notify: false,
        }),
        ex("POST", path(x, "shippingId", "/tracking"), { carrier: "dhl", trackingNumber: "" }),
        ex("POST", path(x, "shippingId", "/tracking"), {}),
        ex("POST", path(x, "cancellingId", "/tracking"), { trackingNumber: "AB1" }),
        ex("POST", path(x, "unpaidId", "/tracking"), { trackingNumber: "AB1" }),
        ex("POST", `/api/admin/orders/${nowhere}/tracking`, { trackingNumber: "AB1" }),
      ],
      refused: ({ x }) => [
        ["POST", path(x, "shippingId", "/tracking"), { trackingNumber: "PWNED1" }],
      ],
      never: postedOrder(
        (order, body) => {
          expect(SHIPPED_STATUSES).toContain(order.status);
          expect(order.shipping.trackingNumber).toBe(String(body.trackingNumber).trim());
          if (body.carrier !== undefined) expect(order.shipping.carrier).toBe(body.carrier);
          expectTrackingUrl(order.shipping.trackingUrl ?? "");
        },
        [
          "same_tracking",
          "order_not_shipped",
          "order_not_paid",
          "order_cancelled",
          "tracking_changed",
        ],
      ),
    }),
    // A refund must be for the amount asked (none: what its lines are worth).
    adminEndpoint({
      name: "POST /api/admin/orders/:id/refund",
      runs: 30,
      method: "POST",
      start: forgetKeys,
      path: orderPath("/refund", ["shippingId", 4], ["cancellingId", 1]),
      body: ({ x }) => refundBody(x),
      fields: ["amount", "lines", "restock", "reason", "notify", "requestKey"],
      valid: ({ ex, x }) => {
        const refundPath = path(x, "shippingId", "/refund");
        const dented = {
          amount: 5.5,
          lines: [{ productId: x.p2, quantity: 1 }],
          restock: true,
          reason: "Dented",
          requestKey: "refund-key-0001",
        };
        return [
          ex("POST", refundPath, dented),
          // The same request again is the same refund; a restock beyond the line is refused.
          ex("POST", refundPath, dented),
          ex("POST", refundPath, { ...dented, requestKey: "refund-key-0002" }),
          ex("POST", refundPath, { amount: 1.005 }),
          ex("POST", refundPath, { amount: 1e9 }),
          ex("POST", refundPath, { amount: 1, lines: [{ productId: x.p1, quantity: 1 }] }),
          ex("POST", refundPath, {
            amount: 1,
            lines: [
              { productId: x.p0, quantity: 1 },
              { productId: x.p0, quantity: 1 },
            ],
          }),
          ex("POST", path(x, "unpaidId", "/refund"), { amount: 1 }),
          ex("POST", `/api/admin/orders/${nowhere}/refund`, { amount: 1 }),
          ex("POST", path(x, "cancellingId", "/refund"), {
            amount: 2,
            requestKey: "refund-key-0003",
          }),
          // JSON sent as text/plain is refused, not read as {}.
          {
            ...ex("POST", path(x, "cancellingId", "/refund")),
            wire: { kind: "text", contentType: "text/plain", text: JSON.stringify({ amount: 1 }) },
          },
        ];
      },
      refused: ({ x }) => [["POST", path(x, "shippingId", "/refund"), { amount: 1 }]],
      never: postedOrder((order, body, replay, a) => {
        const { refund } = a.json as unknown as RefundResponse;
        expect(refund.status).toBe("succeeded");
        expect(order.refunds.map((r) => r._id)).toContain(refund._id);
        const asked = body.amount;
        if (!replay && typeof asked === "number") expect(cents(refund.amount)).toBe(cents(asked));
      }),
      reaches: [200, 400, 401, 403, 404, 409, 415],
    }),
    adminEndpoint({
      name: "POST /api/admin/orders/:id/cancel",
      runs: 15,
      method: "POST",
      start: forgetKeys,
      path: orderPath("/cancel", ["cancellingId", 3], ["shippingId", 1]),
      body: () => cancelBody,
      fields: ["reason", "notify", "requestKey"],
      valid: ({ ex, x }) => [
        ex("POST", path(x, "cancellingId", "/cancel"), {
          reason: "Out of stock",
          requestKey: "cancel-key-0001",
        }),
        ex("POST", path(x, "cancellingId", "/cancel"), {
          reason: "Out of stock",
          requestKey: "cancel-key-0001",
        }),
        ex("POST", path(x, "cancellingId", "/cancel")),
        ex("POST", path(x, "shippingId", "/cancel"), {}),
        ex("POST", path(x, "cancellingId", "/cancel"), { requestKey: "short" }),
      ],
      refused: ({ x }) => [["POST", path(x, "cancellingId", "/cancel"), {}]],
      // Cancelled, or refunded but shipped while it was being cancelled.
      never: postedOrder((order, _body, replay) => {
        if (!replay) expect(["cancelled", ...SHIPPED_STATUSES]).toContain(order.status);
      }),
      reaches: [200, 400, 401, 403, 409],
    }),
  ],
});
