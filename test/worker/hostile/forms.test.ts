// Hostile input on the shop's forms and their links (routes newsletter, contact) and on the
// development mailbox and outbox (route dev), which show every hostile message escaped.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect } from "vitest";
import { outbox, postJson } from "../helpers/factories";
import {
  base64url43,
  describeEndpoints,
  type Endpoint,
  hostileText,
  hostileValue,
  jsonForm,
  maybeQuery,
  origin,
  plausibleEmail,
  plausibleName,
  queryString,
  token,
  valid,
  type World,
  wireFor,
} from "../helpers/hostile";

const shopper = (w: World) => [w.shopper.token];

/** A link's token from the outbox: the first mail whose text holds `pattern`'s group. */
const tokenIn = async (pattern: RegExp) =>
  (await outbox()).map((m) => pattern.exec(m.text)?.[1]).find(Boolean) ?? "x";

/** Subscribed twice (one confirmed, so its unsubscribe link exists) and a hostile message sent. */
async function given() {
  await postJson("/api/newsletter/subscribe", { email: "news@example.com" });
  await postJson("/api/newsletter/subscribe", { email: "kept@example.com" });
  const keptToken = await tokenIn(/confirm\?token=([A-Za-z0-9_-]{43})/);
  await postJson("/api/contact/submit", {
    firstName: "<b>Meera</b>",
    lastName: "<img src=x onerror=alert(1)>",
    email: "meera@example.com",
    message: "<script>alert(1)</script> <svg onload=alert(1)>",
  });
  // The first mail's link is news@'s: confirming kept@ leaves news@ for the confirm fuzz.
  const links = (await outbox())
    .map((m) => /confirm\?token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1])
    .filter((t): t is string => t !== undefined);
  const keep = links.find((t) => t !== keptToken) ?? keptToken;
  const confirmed = await postJson(`/api/newsletter/confirm?token=${keep}`, {});
  expect(confirmed.status).toBe(200);
  return {
    confirmToken: keptToken,
    unsubscribeToken: await tokenIn(/unsubscribe\?token=([A-Za-z0-9_-]{43})/),
  };
}
type Tokens = Awaited<ReturnType<typeof given>>;

/** A page behind a mailed link: a small HTML page, never a 5xx, however often it is followed. */
const link = (
  name: string,
  path: string,
  tokenOf: (t: Tokens) => string,
  methods: string[],
  examples: string[],
): Endpoint<Tokens> => ({
  name,
  runs: 40,
  requests: ({ x }) =>
    fc.record({
      method: fc.constantFrom(...methods),
      path: fc
        .oneof(
          fc.constant(`token=${tokenOf(x)}`),
          base64url43.map((t) => `token=${t}`),
          queryString,
        )
        .map((q) => `${path}?${q}`),
      headers: fc.record({ origin }),
      wire: wireFor(hostileValue),
    }),
  examples: ({ x }) =>
    examples.map((method) => ({ method, path: `${path}?token=${tokenOf(x)}`, headers: {} })),
});

/** The development mailbox and outbox: 200 in development, nowhere in test or production. */
const dev = (path: string): Endpoint<Tokens> => ({
  name: `GET ${path}`,
  runs: 30,
  requests: ({ w }) =>
    fc.record({
      method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "PATCH"),
      path: maybeQuery(path),
      headers: fc.record({ token: token(w, [w.shopper.token], "ignored"), origin }),
      wire: wireFor(hostileValue),
      vars: fc.oneof(
        { weight: 3, arbitrary: fc.constant({ ENVIRONMENT: "development" }) },
        {
          weight: 1,
          arbitrary: fc.constant({ ENVIRONMENT: "production", RESEND_API_KEY: "re_x" }),
        },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    }),
  examples: () => [{ method: "GET", path, headers: {}, vars: { ENVIRONMENT: "development" } }],
  never: (a, c) => {
    if (c.vars?.ENVIRONMENT === "production") expect([404, 405]).toContain(a.status);
    if (c.method !== "GET") return;
    expect(a.status).toBe(c.vars?.ENVIRONMENT === "development" ? 200 : 404);
    if (a.status === 200 && path === "/dev/mailbox") {
      expect(a.text).toContain("Development mailbox");
      expect(a.text).not.toMatch(/<(script|img|svg|b)\b/i);
    }
  },
  reaches: [200, 404],
});

const contact = fc.record({
  firstName: plausibleName,
  lastName: plausibleName,
  email: plausibleEmail,
  phone: fc.option(fc.constantFrom("+61 400 000 000", "(07) 3000-0000", ""), { nil: undefined }),
  message: fc.oneof(hostileText, fc.constant("Hello, I would like to ask about copper.")),
});

describeEndpoints<Tokens>("hostile input: forms", {
  given,
  // Whatever was stored went through the same normalisation.
  after: async () => {
    const emails = await env.DB.prepare(
      "SELECT email FROM newsletter_subscribers UNION ALL SELECT email FROM contact_messages",
    ).all<{ email: string }>();
    for (const { email } of emails.results) expect(email).toBe(email.trim().toLowerCase());
  },
  endpoints: [
    jsonForm({
      path: "/api/newsletter/subscribe",
      runs: 60,
      body: () => fc.record({ email: plausibleEmail }),
      fields: ["email"],
      callers: shopper,
      auth: "ignored",
      valid: () => [valid("/api/newsletter/subscribe", { email: "new@example.com" })],
      reaches: [200, 400],
    }),
    {
      ...link(
        "POST /api/newsletter/confirm",
        "/api/newsletter/confirm",
        (x) => x.confirmToken,
        ["GET", "GET", "HEAD", "POST"],
        ["GET", "POST"],
      ),
      reaches: [200, 400, 404],
    },
    link(
      "POST /api/newsletter/unsubscribe",
      "/api/newsletter/unsubscribe",
      (x) => x.unsubscribeToken,
      ["GET", "POST", "PUT"],
      ["GET"],
    ),
    jsonForm({
      path: "/api/contact/submit",
      runs: 60,
      body: () => contact,
      fields: ["firstName", "lastName", "email", "phone", "message"],
      callers: shopper,
      auth: "ignored",
      valid: () => [
        valid("/api/contact/submit", {
          firstName: "Meera",
          lastName: "<b>Iyer</b>",
          email: "MEERA@Example.com ",
          message: "<script>alert(1)</script> ' OR 1=1 --",
        }),
      ],
      reaches: [200, 400],
    }),
    dev("/dev/mailbox"),
    dev("/api/dev/outbox"),
  ],
});
