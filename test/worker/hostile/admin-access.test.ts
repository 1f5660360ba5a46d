// Hostile input on the back-office's door (routes admin, admin/second-factor): any path under
// /api/admin answers no one but the admin, and the admin's second factor only ever starts.
import fc from "fast-check";
import { expect } from "vitest";
import {
  adminEndpoint,
  anyPathUnder,
  bodyFor,
  describeEndpoints,
  hostileText,
  hostileValue,
  wireFor,
} from "../helpers/hostile";

describeEndpoints("hostile input: the back-office's door", {
  endpoints: [
    adminEndpoint({
      name: "any method on any path under /api/admin",
      runs: 25,
      method: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"],
      path: () =>
        anyPathUnder([
          "/api/admin",
          "/api/admin/",
          "/api/admin//",
          "/api/admin/products/",
          "/api/admin/payouts/",
        ]),
      wire: () => wireFor(hostileValue),
      valid: () => [],
      refused: () => [["GET", "/api/admin/users"]],
      reaches: [401, 403],
    }),
    // The admin's fuzzed enrolment starts (never confirms, as no code is right but by a
    // one-in-a-million chance) and only the admin's own row may change.
    adminEndpoint({
      name: "POST /api/admin/second-factor",
      runs: 30,
      method: ["POST", "POST", "POST", "GET"],
      path: () =>
        fc.constantFrom(
          "/api/admin/second-factor",
          "/api/admin/second-factor/enrol",
          "/api/admin/second-factor/confirm",
          "/api/admin/second-factor/verify",
        ),
      wire: () =>
        wireFor(
          bodyFor(
            fc.record(
              {
                code: fc.oneof(
                  fc.stringMatching(/^[0-9]{6}$/),
                  fc.constantFrom("", " 123 456 ", "1234567", "12345a"),
                  hostileText,
                ),
                password: fc.oneof(hostileText, fc.constant("x".repeat(1025)), hostileValue),
              },
              { requiredKeys: ["code"] },
            ),
            ["code", "password"],
          ),
        ),
      valid: ({ ex }) => [
        ex("GET", "/api/admin/second-factor"),
        ex("POST", "/api/admin/second-factor/verify", { code: "123456" }),
        ex("POST", "/api/admin/second-factor/enrol", {}),
        ex("POST", "/api/admin/second-factor/enrol", { password: "not the password" }),
        ex("POST", "/api/admin/second-factor/enrol", { password: 12345678 }),
        ex("POST", "/api/admin/second-factor/enrol", { password: "x".repeat(100_000) }),
        ex("POST", "/api/admin/second-factor/confirm", { code: "abcdef" }),
        ex("POST", "/api/admin/second-factor/confirm", { code: "123456", password: ["x"] }),
      ],
      refused: () => [
        ["POST", "/api/admin/second-factor/enrol", {}],
        ["POST", "/api/admin/second-factor/confirm", { code: "123456" }],
      ],
      never: (a, c) => {
        if (a.status === 200 && c.path === "/api/admin/second-factor") {
          expect(a.json?.secondFactor).toMatchObject({ enrolled: false, verified: false });
        }
      },
      reaches: [200, 400, 401, 403, 409],
    }),
  ],
});
