// Hostile input on the Worker as a whole (worker/app.ts): random methods on random paths under
// every prefix, and bodies that are oversized, malformed, mistyped, binary, deeply nested or
// streamed on every public POST.
import fc from "fast-check";
import {
  anyPathUnder,
  describeEndpoints,
  headers,
  headerText,
  hostileValue,
  hugeText,
  ip,
  NASTY_STRINGS,
  origin,
  token,
  type Wire,
  wireFor,
} from "../helpers/hostile";

/** Every public POST. */
const POSTS = [
  "/api/newsletter/subscribe",
  "/api/contact/submit",
  "/api/user/register",
  "/api/user/login",
  "/api/user/forgot-password",
  "/api/user/reset-password",
  "/api/refresh",
  "/api/logout",
  "/api/user/update",
  "/api/user/creator-register",
  "/api/user/creator/update",
  "/api/user/validate-affiliate",
  "/api/cart/get",
  "/api/cart/add",
  "/api/cart/update",
  "/api/cart/merge",
  "/api/cart/clear",
  "/api/order/createStripeSession",
  "/api/order/confirmStripeOrder",
  "/api/order/validate-discount",
  "/api/order/userorders",
  "/api/stripe/webhook",
  "/api/newsletter/unsubscribe",
  "/api/health",
];

const body: fc.Arbitrary<Wire> = fc.oneof(
  hugeText.map(
    (t): Wire => ({ kind: "text", contentType: "application/json", text: `{"email":"${t}"}` }),
  ),
  wireFor(
    fc.oneof(
      hostileValue,
      fc.constant({ email: "a@b.co", password: "x".repeat(200), name: "\uD800" }),
    ),
  ),
  hugeText.map((t): Wire => ({ kind: "stream", contentType: "application/json", text: t })),
  fc
    .tuple(fc.constantFrom(...NASTY_STRINGS), fc.integer({ min: 1, max: 20 }))
    .map(([s, n]): Wire => ({ kind: "text", contentType: "application/json", text: s.repeat(n) })),
);

describeEndpoints("hostile input: the Worker as a whole", {
  endpoints: [
    {
      name: "any method on any path",
      runs: 60,
      requests: ({ w }) =>
        fc.record({
          method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"),
          path: anyPathUnder([
            "/",
            "//",
            "/api/",
            "/api//",
            "/api/user/",
            "/api/cart/",
            "/api/order/",
            "/api/order/invoice/",
            "/api/stripe/",
            "/api/newsletter/",
            "/api/dev/",
            "/images/",
            "/r/",
            "/dev/",
            "/%61pi/",
          ]),
          headers: headers(w, [w.shopper.token], "ignored"),
          wire: wireFor(hostileValue),
        }),
    },
    {
      name: "POST any public endpoint: the body itself",
      runs: 60,
      requests: ({ w }) =>
        fc.record({
          method: fc.constant("POST"),
          path: fc.constantFrom(...POSTS),
          headers: fc.record({
            token: token(w, [w.shopper.token, w.creator.token], "required"),
            origin,
            "cf-connecting-ip": ip,
            "x-forwarded-for": fc.option(headerText, { nil: undefined }),
          }),
          wire: body,
        }),
      reaches: [400, 413],
    },
  ],
});
