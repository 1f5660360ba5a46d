// Hostile input on checkout and orders (route order): the server computes every figure itself,
// what Stripe is asked to charge is what D1 says, and an invoice shows the buyer's text escaped.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect } from "vitest";
import { promotionCodes, promotions } from "../../../worker/db/schema";
import { newId } from "../../../worker/lib/ids";
import { asUser } from "../helpers/accounts";
import { address, openSession, paidOrder, stripe } from "../helpers/checkout";
import { db } from "../helpers/factories";
import {
  base64url43,
  bodyFor,
  describeEndpoints,
  headers,
  headerText,
  hexId,
  hostileNumber,
  hostileText,
  hostileValue,
  mutated,
  noBody,
  pathSegment,
  plausibleEmail,
  post,
  token,
  valid,
  type World,
} from "../helpers/hostile";

/** The shop's discount code in every run: 10% off, no limits, so runs never use it up. */
const SHOP_CODE = "HOSTILE-10";

/**
 * A paid order with the creator's code and a hostile address, an open checkout, an invoice link,
 * and a shop discount code.
 */
async function given(w: World) {
  const ids = w.products.map((p) => p.id);
  const promotionId = newId();
  await db().batch([
    db().insert(promotions).values({
      id: promotionId,
      name: "Ten off",
      kind: "percent",
      percentOff: 10,
      scope: "order",
      categoryIds: [],
      productIds: [],
    }),
    db()
      .insert(promotionCodes)
      .values({ id: newId(), promotionId, code: SHOP_CODE, singleUse: false }),
  ]);
  const paid = await paidOrder(
    {
      items: [{ _id: ids[0] ?? "", quantity: 2 }],
      affiliateCode: w.creator.code,
      address: address({
        firstName: "<script>alert(1)</script>",
        street: "<img src=x onerror=alert(1)>",
        city: '"><svg onload=alert(1)>',
        street2: "'; DROP TABLE orders; --",
      }),
    },
    w.shopper.token,
  );
  const pending = await openSession({ items: [{ id: ids[1] ?? "", quantity: 1 }] });
  const orders = await asUser(w.shopper.token, "/api/order/userorders", {});
  const { orders: list } = await orders.json<{ orders: { invoiceUrl: string }[] }>();
  const invoice = new URL(list[0]?.invoiceUrl ?? "");
  expect(invoice.pathname).toMatch(/^\/api\/order\/invoice\//);
  return { ids, paid, pending, invoice };
}
type Given = Awaited<ReturnType<typeof given>>;

const signedIn = (w: World) => [w.shopper.token, w.creator.token];

/** What Stripe was asked to charge is what D1 says the order costs, for every session. */
async function sessionsChargeTheirTotals(atLeast = 0) {
  const sessions = await env.DB.prepare(
    "SELECT stripe_session_id AS id, total_cents AS total FROM orders WHERE stripe_session_id IS NOT NULL",
  ).all<{ id: string; total: number }>();
  expect(sessions.results.length).toBeGreaterThan(atLeast);
  for (const { id, total } of sessions.results) {
    expect((await stripe().checkout.sessions.retrieve(id)).amount_total, id).toBe(total);
  }
}

const checkout = ({ w, x }: { w: World; x: Given }) => {
  const quantity = fc.oneof(
    { weight: 10, arbitrary: fc.integer({ min: 1, max: 5 }) },
    { weight: 1, arbitrary: hostileNumber },
  );
  const productId = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...x.ids) },
    { weight: 1, arbitrary: hexId },
    { weight: 1, arbitrary: hostileValue },
  );
  // Lines as the SPA sends them (`_id` or `id`), with the client's price and name (ignored).
  const item = fc.oneof(
    fc.record({ _id: productId, quantity, price: hostileNumber, name: hostileText }),
    fc.record({ id: productId, quantity }),
  );
  const hostileItem = fc.record(
    { _id: productId, id: productId, quantity, image: hostileValue },
    { requiredKeys: [] },
  );
  return fc.record({
    address: fc.oneof(
      { weight: 6, arbitrary: fc.constant(address()) },
      { weight: 3, arbitrary: mutated(fc.constant(address()), Object.keys(address())) },
      { weight: 1, arbitrary: hostileValue },
    ),
    items: fc.oneof(
      { weight: 8, arbitrary: fc.array(item, { minLength: 1, maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(fc.oneof(item, hostileItem), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.constant([]) },
      {
        weight: 1,
        arbitrary: fc.constant(Array.from({ length: 51 }, () => ({ _id: x.ids[0], quantity: 1 }))),
      },
    ),
    amount: hostileNumber,
    tax: hostileNumber,
    affiliateCode: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("", w.creator.code, w.creator.code.toLowerCase()) },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Z0-9]{6,12}$/) },
      { weight: 1, arbitrary: hostileText },
    ),
    discountCode,
  });
};

const discountCode = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom("", SHOP_CODE, SHOP_CODE.toLowerCase(), ` ${SHOP_CODE}`),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z0-9-]{3,12}$/) },
  { weight: 1, arbitrary: hostileText },
);

describeEndpoints<Given>("hostile input: checkout and orders", {
  given,
  after: () => sessionsChargeTheirTotals(),
  endpoints: [
    {
      name: "POST /api/order/createStripeSession",
      runs: 60,
      requests: (g) =>
        post(
          "/api/order/createStripeSession",
          bodyFor(
            checkout(g),
            ["address", "items", "amount", "tax", "affiliateCode", "discountCode"],
            {
              base: 7,
              mutated: 3,
              junk: 1,
            },
          ),
          headers(g.w, signedIn(g.w), "optional"),
        ),
      examples: ({ w, x }) => [
        valid("/api/order/createStripeSession", {
          address: address({
            firstName: "<img src=x onerror=alert(1)>",
            street: "'; DROP TABLE orders; --",
          }),
          items: [
            { _id: x.ids[0], quantity: 3, price: -100, name: "free" },
            { id: x.ids[2], quantity: 1, price: 0.01 },
          ],
          amount: -1e9,
          tax: "NaN",
          affiliateCode: w.creator.code.toLowerCase(),
          discountCode: SHOP_CODE.toLowerCase(),
        }),
      ],
      never: (a) => {
        if (a.status === 200) expect(String(a.json?.session_url)).toMatch(/^https?:\/\//);
      },
      reaches: [200, 400, 401],
      after: () => sessionsChargeTheirTotals(2),
    },
    {
      name: "POST /api/order/validate-discount",
      runs: 60,
      requests: (g) =>
        post(
          "/api/order/validate-discount",
          bodyFor(
            fc.tuple(checkout(g), fc.oneof(plausibleEmail, hostileText)).map(([b, email]) => ({
              code: b.discountCode,
              items: b.items,
              affiliateCode: b.affiliateCode,
              email,
            })),
            ["code", "items", "affiliateCode", "email"],
          ),
          headers(g.w, signedIn(g.w), "optional"),
        ),
      examples: ({ x }) => [
        valid("/api/order/validate-discount", {
          code: SHOP_CODE.toLowerCase(),
          items: [{ _id: x.ids[0], quantity: 2, price: 0 }],
        }),
      ],
      // A refused code is 200 valid:false; only a malformed body is a 400.
      never: (a) => {
        if (a.status === 200) expect(typeof a.json?.valid).toBe("boolean");
      },
      reaches: [200, 400],
    },
    {
      name: "POST /api/order/confirmStripeOrder",
      runs: 40,
      requests: ({ w, x }) =>
        post(
          "/api/order/confirmStripeOrder",
          bodyFor(
            fc.record({
              session_id: fc.oneof(
                fc.constantFrom(x.paid.session.id, x.pending.session.id),
                fc.stringMatching(/^cs_[A-Za-z0-9_]{1,60}$/),
                hostileText,
              ),
            }),
            ["session_id"],
          ),
          // The guest's own order-access cookie, tampered and made-up ones, or the usual cookies.
          fc
            .tuple(
              headers(w, signedIn(w), "optional"),
              fc.option(
                fc.oneof(
                  fc.constant(x.pending.cookie),
                  fc.constant(
                    `${x.pending.cookie.slice(0, -1)}${x.pending.cookie.endsWith("A") ? "B" : "A"}`,
                  ),
                  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((t) => `order_access=${t}`),
                  headerText.map((t) => `order_access=${t}`),
                ),
                { nil: undefined },
              ),
            )
            .map(([h, cookie]) => (cookie === undefined ? h : { ...h, cookie })),
        ),
      examples: ({ w, x }) => [
        valid(
          "/api/order/confirmStripeOrder",
          { session_id: x.paid.session.id },
          { token: w.shopper.token },
        ),
        valid(
          "/api/order/confirmStripeOrder",
          { session_id: x.pending.session.id },
          { cookie: x.pending.cookie },
        ),
        valid("/api/order/confirmStripeOrder", { session_id: x.pending.session.id }),
      ],
      reaches: [200, 404, 409],
    },
    {
      name: "POST /api/order/userorders",
      runs: 30,
      requests: ({ w }) =>
        post("/api/order/userorders", noBody, headers(w, [w.shopper.token], "required")),
      examples: ({ w }) => [valid("/api/order/userorders", {}, { token: w.shopper.token })],
      reaches: [200, 401],
    },
    {
      name: "GET /api/order/invoice/:id",
      runs: 60,
      requests: ({ w, x }) => {
        const link = x.invoice;
        const [orderId = "", expires = "", sig = ""] = [
          link.pathname.split("/").pop(),
          link.searchParams.get("expires"),
          link.searchParams.get("sig"),
        ];
        return fc.record({
          method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST"),
          path: fc
            .tuple(
              fc.oneof(
                fc.constantFrom(orderId, x.pending.session.metadata?.order_id ?? ""),
                hexId,
                pathSegment,
              ),
              fc.oneof(
                fc.constant(expires),
                fc.constantFrom("0", "-1", "1e10", "999999999999", "9999999999999", "NaN", ""),
                pathSegment,
              ),
              fc.oneof(fc.constant(sig), base64url43, fc.constant(`${sig}x`), pathSegment),
            )
            .map(([id, e, s]) => `/api/order/invoice/${id}?expires=${e}&sig=${s}`),
          headers: fc.record({ token: token(w, [w.shopper.token], "ignored") }),
        });
      },
      examples: ({ x }) => [
        { method: "GET", path: `${x.invoice.pathname}${x.invoice.search}`, headers: {} },
      ],
      never: (a, c) => {
        if (a.status !== 200 || c.method !== "GET") return;
        expect(a.contentType).toMatch(/^text\/html/);
        // The buyer's hostile address is on the invoice, escaped.
        expect(a.text).toContain("&lt;script&gt;");
        expect(a.text).not.toMatch(/<(script|img|svg)\b/i);
      },
      reaches: [200, 404],
    },
  ],
});
