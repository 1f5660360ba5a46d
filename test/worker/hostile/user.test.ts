// Hostile input on accounts and creators (routes user, refresh, logout): sign-up and sign-in,
// profiles, creator sign-up and profile, affiliate codes, payout details and email changes.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { decodeJwt } from "jose";
import { expect, it } from "vitest";
import { ABA_TEXT_PATTERN, type PayoutDetailsDto } from "../../../worker/contracts/payouts";
import { openAccountNumber } from "../../../worker/modules/payouts/methods/bank";
import { creatorSession, register } from "../helpers/accounts";
import { callWorker, ORIGIN, outbox, postJson } from "../helpers/factories";
import {
  base64url43,
  bodyFor,
  bodyOf,
  describeEndpoints,
  type Endpoint,
  expectInvariants,
  headers,
  hostileText,
  hostileValue,
  jsonForm,
  noBody,
  origin,
  plausibleEmail,
  plausibleName,
  plausiblePassword,
  post,
  queryString,
  runs,
  seedFor,
  valid,
  type World,
  wireFor,
  world,
} from "../helpers/hostile";
import { BANK_DETAILS, CREATOR_PASSWORD } from "../helpers/payouts";

const mailedToken = async (to: string | undefined, pattern: RegExp) =>
  (await outbox())
    .filter((m) => to === undefined || m.to === to)
    .map((m) => pattern.exec(m.text)?.[1])
    .find(Boolean) ?? "x";

/**
 * What the rows need beyond the world: a reset link for the shopper, a session to refresh, a
 * creator whose profile is changed, three creators for payout details (made first, as a save spends
 * the profile's limit), and an email change waiting for its link.
 */
async function given(w: World) {
  await postJson("/api/user/forgot-password", { email: w.shopper.email });
  const other = await register();
  await callWorker("/api/user/update", {
    method: "POST",
    headers: { "content-type": "application/json", token: other.accessToken },
    body: JSON.stringify({
      name: "Fuzzed",
      email: "fuzz-change@example.com",
      currentPassword: other.password,
    }),
  });
  return {
    resetToken: await mailedToken(undefined, /reset-password\?token=([A-Za-z0-9_-]{43})/),
    session: await register(),
    profileCreator: await creatorSession(),
    payees: [await creatorSession(), await creatorSession(), await creatorSession()],
    pendingEmailToken: await mailedToken(
      "fuzz-change@example.com",
      /confirm-email\?token=([\w-]{43})/,
    ),
  };
}
type Given = Awaited<ReturnType<typeof given>>;

const both = (w: World) => [w.shopper.token, w.creator.token];
const shopper = (w: World) => [w.shopper.token];

/** An endpoint that acts on the cookie and the Origin alone. */
const cookieOnly = (path: string): Endpoint<Given> => ({
  name: `POST ${path}`,
  runs: 40,
  requests: ({ w }) => post(path, noBody, headers(w, [w.shopper.token], "ignored")),
  examples: ({ x }) => [
    {
      method: "POST",
      path,
      headers: { origin: ORIGIN, cookie: `refresh_token=${x.session.refreshCookie}` },
    },
  ],
  reaches: [200],
});

/** A profile read: the account's own, for its token. */
const me = (path: string, reaches: number[]): Endpoint<Given> => ({
  name: `GET ${path}`,
  runs: 40,
  requests: ({ w }) =>
    fc.record({
      method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST"),
      path: fc.constant(path),
      headers: headers(w, both(w), "required"),
      wire: wireFor(hostileValue),
    }),
  examples: ({ w }) => [{ method: "GET", path, headers: { token: w.creator.token } }],
  reaches,
});

const creatorFields = {
  bio: fc.oneof(hostileText, fc.constant("Copper and slow living.")),
  socials: fc.oneof(hostileText, fc.constant("https://instagram.com/x")),
  payoutEmail: fc.oneof(plausibleEmail, fc.constant("")),
};

/** Every creator made here has a well-formed affiliate code, whatever the name was. */
const codesWellFormed = async () => {
  const codes = await env.DB.prepare("SELECT affiliate_code FROM creator_profiles").all<{
    affiliate_code: string;
  }>();
  for (const c of codes.results) expect(c.affiliate_code).toMatch(/^[A-Z0-9]{6,12}$/);
};

// Sign-ups: whatever the body said about roles, a sign-up makes a plain user.
let registered: string[] = [];
const registerRow = jsonForm<Given>({
  path: "/api/user/register",
  runs: 60,
  start: async () => {
    registered = [];
  },
  body: () =>
    fc.record({ name: plausibleName, email: plausibleEmail, password: plausiblePassword }),
  fields: ["name", "email", "password"],
  callers: shopper,
  auth: "ignored",
  valid: () => [
    valid(
      "/api/user/register",
      `{"name":"Eve","email":"eve@example.com","password":"correct horse battery",
        "role":"admin","__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}`,
    ),
  ],
  never: (a) => {
    if (a.status !== 200) return;
    expect(a.json?.role).toBe("user");
    registered.push(decodeJwt(String(a.json?.accessToken)).sub ?? "");
  },
  reaches: [200],
  after: async () => {
    const roles = await env.DB.prepare(
      `SELECT role FROM users WHERE id IN (${registered.map(() => "?").join(",") || "''"})`,
    )
      .bind(...registered)
      .all<{ role: string }>();
    expect(roles.results.length).toBe(registered.length);
    for (const r of roles.results) expect(r.role).toBe("user");
  },
});

// Payout details: a bank account or PayPal. Every answer shows an account number masked
// ("••••••" and its last 3 digits), never whole, and D1 keeps it only sealed.
const DETAILS = "/api/user/creator/payout-details";
// Mostly valid bodies, so the answers' masking and D1's sealing are seen often.
const accountNumber = fc.oneof(
  { weight: 8, arbitrary: fc.stringMatching(/^[1-9][0-9]{4,8}$/) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "98 765 4321",
      "12-345-678",
      " 0012345 ",
      "00000",
      "000000000",
      "1234",
      "1234567890",
      "１２３４５６７８",
      "12345678\n",
      "-12345",
      "123 45\t678",
      "1e5678",
      "+12345",
      "12345.0",
    ),
  },
  { weight: 1, arbitrary: hostileText },
);
const tax = {
  // Saving needs the account's password: mostly the right one, so details get saved.
  currentPassword: fc.oneof(
    { weight: 6, arbitrary: fc.constant(CREATOR_PASSWORD) },
    { weight: 1, arbitrary: fc.constantFrom("", "creator password ", "CREATOR PASSWORD") },
    { weight: 1, arbitrary: hostileText },
  ),
  abn: fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom("51 824 753 556", "51824753556", " 51 824 753 556 ", ""),
    },
    { weight: 1, arbitrary: fc.constantFrom("51824753557", "5182475355", "518247535560") },
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: hostileText },
  ),
  // Registered for GST needs an ABN, which a body often leaves out: mostly not registered.
  gstRegistered: fc.oneof(
    { weight: 6, arbitrary: fc.constant(false) },
    { weight: 2, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: hostileValue },
  ),
};
const bank = fc.record(
  {
    method: fc.constant("bank"),
    bsb: fc.oneof(
      { weight: 6, arbitrary: fc.stringMatching(/^[0-9]{3}[- ]?[0-9]{3}$/) },
      {
        weight: 1,
        arbitrary: fc.constantFrom("62-000", "0620000", "062--000", "０６２-０００", ""),
      },
      { weight: 1, arbitrary: hostileText },
    ),
    accountNumber,
    accountName: fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          "Priya Sharma",
          "Zoë O’Brien",
          "Søren Ærø-Ødegård",
          "x".repeat(32),
          " Jo  &\nCo ",
          "=HYPERLINK(1)",
        ),
      },
      { weight: 1, arbitrary: plausibleName },
      { weight: 1, arbitrary: hostileText },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "x".repeat(33),
          'Jo "JJ" Bloggs',
          "Jo; Bloggs\\",
          "李小龙",
          " \n\t ",
        ),
      },
    ),
    ...tax,
  },
  { requiredKeys: ["method", "bsb", "accountNumber", "accountName"] },
);
const paypal = fc.record(
  {
    method: fc.constant("paypal"),
    email: fc.oneof(
      { weight: 4, arbitrary: plausibleEmail },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "pay@example",
          "",
          "a@b",
          "-pay@example.com",
          "+pay@example.com",
          `${"x".repeat(250)}@example.com`,
        ),
      },
    ),
    ...tax,
  },
  { requiredKeys: ["method", "email"] },
);
const details = fc.oneof(
  { weight: 4, arbitrary: bank },
  { weight: 3, arbitrary: paypal },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom("Bank", "PAYPAL", "cash", "", " bank"), hostileText),
        bank,
        paypal,
      )
      .map(([method, b, p]) => ({ ...b, ...p, method })),
  },
);
/** The digits of each account number accepted, and what each payee saved last. */
let accepted = new Set<string>();
let saved = new Map<string, string | null>();
const payeeOf = (x: Given) => new Map(x.payees.map((p) => [p.accessToken, p.userId]));
const payoutDetailsRow: Endpoint<Given> = {
  name: `POST ${DETAILS}`,
  runs: 60,
  start: async () => {
    accepted = new Set();
    saved = new Map();
  },
  requests: ({ w, x }) =>
    post(
      DETAILS,
      bodyFor(
        details,
        [
          "method",
          "bsb",
          "accountNumber",
          "accountName",
          "email",
          "abn",
          "gstRegistered",
          "currentPassword",
        ],
        { base: 8, mutated: 3, junk: 1 },
      ),
      headers(w, [...payeeOf(x).keys(), w.shopper.token], "required"),
    ),
  examples: ({ w, x }) => [
    valid(
      DETAILS,
      {
        ...BANK_DETAILS,
        accountNumber: "98 765 4321",
        abn: "51 824 753 556",
        currentPassword: CREATOR_PASSWORD,
      },
      { token: x.payees[0]?.accessToken ?? "" },
    ),
    valid(
      DETAILS,
      {
        method: "paypal",
        email: " Pay@Example.COM ",
        abn: "51824753556",
        gstRegistered: true,
        currentPassword: CREATOR_PASSWORD,
      },
      { token: x.payees[1]?.accessToken ?? "" },
    ),
    valid(DETAILS, BANK_DETAILS, { token: w.shopper.token }),
    valid(DETAILS, BANK_DETAILS),
  ],
  never: (a, c, { x }) => {
    const sent = bodyOf(c);
    const number = typeof sent.accountNumber === "string" ? sent.accountNumber : "";
    const digits = number.replace(/[\s-]/g, "");
    // No answer gives back a whole number sent, whatever else it says (unless another field
    // sent the same digits). The other fields as sent: the body's text without the number
    // (not stringified again, as a body may nest thousands deep).
    const text = c.wire?.kind === "text" || c.wire?.kind === "stream" ? c.wire.text : "";
    const elsewhere = text.split(JSON.stringify(number)).join("").replace(/[\s-]/g, "");
    if (/^[0-9]{5,}$/.test(digits) && !elsewhere.includes(digits)) {
      expect(a.text, `${a.status} gave back ${number}`).not.toContain(digits);
      expect(a.text, `${a.status} gave back ${number}`).not.toContain(number.trim());
    }
    if (a.status !== 200) return;
    const userId = payeeOf(x).get(c.headers.token ?? "") ?? "";
    expect(userId, "only a creator saves payout details").not.toBe("");
    expect(Object.keys(a.json ?? {}).sort()).toEqual(["payoutDetails", "success"]);
    const d = a.json?.payoutDetails as PayoutDetailsDto;
    expect(d.abn === null || /^[0-9]{11}$/.test(d.abn), String(d.abn)).toBe(true);
    if (d.gstRegistered) expect(d.abn).not.toBeNull();
    if (d.method === "bank") {
      expect(d.bsb).toMatch(/^[0-9]{3}-[0-9]{3}$/);
      expect(d.accountNumberMasked).toBe(`••••••${digits.slice(-3)}`);
      expect(d.accountName).toMatch(ABA_TEXT_PATTERN);
      expect(d.accountName.length).toBeGreaterThan(0);
      expect(d.accountName.length).toBeLessThanOrEqual(32);
      accepted.add(digits);
      saved.set(userId, digits);
    } else {
      expect(d.email).toBe(d.email.trim().toLowerCase());
      // PayPal's payouts file carries it as it is: nothing a spreadsheet reads as a formula.
      expect(d.email).not.toMatch(/^[=+\-@]/);
      saved.set(userId, null);
    }
  },
  reaches: [200, 400, 401, 403],
  // D1 holds each payee's last save, the number sealed for them alone; no row, and no mail
  // telling the account its details changed, holds a number whole.
  after: async () => {
    expect(accepted.size).toBeGreaterThan(0);
    const rows = await env.DB.prepare(
      `SELECT user_id, method, bsb, account_number_sealed, account_number_masked, paypal_email
       FROM creator_payout_details`,
    ).all<{ user_id: string; method: string; account_number_sealed: string | null }>();
    expect(rows.results.map((r) => r.user_id).sort()).toEqual([...saved.keys()].sort());
    for (const row of rows.results) {
      for (const n of accepted) expect(JSON.stringify(row)).not.toContain(n);
      if (row.method === "paypal") {
        expect(saved.get(row.user_id)).toBeNull();
        continue;
      }
      expect(row.account_number_sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
      const opened = await openAccountNumber({ env }, row.user_id, row.account_number_sealed ?? "");
      expect(opened).toBe(saved.get(row.user_id));
    }
    const notices = (await outbox()).filter((m) => /payout details/i.test(m.subject));
    expect(notices.length).toBeGreaterThan(0);
    for (const m of notices) {
      for (const n of accepted) expect(`${m.text}${m.html}`).not.toContain(n);
    }
  },
};

describeEndpoints<Given>("hostile input: accounts and creators", {
  given,
  endpoints: [
    registerRow,
    jsonForm({
      path: "/api/user/login",
      runs: 60,
      body: ({ w }) =>
        fc.oneof(
          fc.constant({ email: w.shopper.email, password: w.shopper.password }),
          fc.record({ email: fc.constant(w.shopper.email), password: plausiblePassword }),
          fc.record({ email: plausibleEmail, password: plausiblePassword }),
        ),
      fields: ["email", "password"],
      callers: shopper,
      auth: "ignored",
      valid: ({ w }) => [
        valid("/api/user/login", { email: w.shopper.email, password: w.shopper.password }),
      ],
      reaches: [200],
    }),
    jsonForm({
      path: "/api/user/forgot-password",
      runs: 40,
      body: ({ w }) => fc.record({ email: fc.oneof(fc.constant(w.shopper.email), plausibleEmail) }),
      fields: ["email"],
      callers: shopper,
      auth: "ignored",
      valid: ({ w }) => [valid("/api/user/forgot-password", { email: w.shopper.email })],
      reaches: [200],
    }),
    jsonForm({
      path: "/api/user/reset-password",
      runs: 40,
      body: ({ x }) =>
        fc.record({
          token: fc.oneof(fc.constant(x.resetToken), base64url43),
          password: plausiblePassword,
        }),
      fields: ["token", "password"],
      callers: shopper,
      auth: "ignored",
      valid: ({ x }) => [
        valid("/api/user/reset-password", { token: x.resetToken, password: "a new password 1" }),
      ],
      reaches: [200],
    }),
    cookieOnly("/api/refresh"),
    cookieOnly("/api/logout"),
    me("/api/user/me", [200, 401]),
    me("/api/user/creator/me", [200, 401, 403]),
    jsonForm({
      path: "/api/user/update",
      runs: 60,
      body: ({ w }) =>
        fc.record({
          name: plausibleName,
          email: fc.oneof(plausibleEmail, fc.constantFrom(w.shopper.email, w.creator.email)),
        }),
      fields: ["name", "email"],
      callers: both,
      auth: "required",
      valid: ({ w }) => [
        valid(
          "/api/user/update",
          { name: "Asha", email: w.shopper.email, role: "admin" },
          { token: w.shopper.token },
        ),
      ],
      reaches: [200, 401],
    }),
    jsonForm({
      path: "/api/user/creator-register",
      runs: 40,
      body: () =>
        fc.record({
          name: plausibleName,
          email: plausibleEmail,
          password: plausiblePassword,
          ...creatorFields,
        }),
      fields: ["name", "email", "password", "bio", "socials", "payoutEmail"],
      callers: both,
      auth: "ignored",
      valid: () => [
        valid("/api/user/creator-register", {
          name: "👩‍🎨 Zoë ‮evil",
          email: "zoe@example.com",
          password: "creator password",
          bio: "<script>alert(1)</script>",
          socials: "' OR 1=1 --",
          payoutEmail: "zoe@example.com",
          role: "admin",
        }),
      ],
      reaches: [200, 400],
      after: codesWellFormed,
    }),
    jsonForm({
      path: "/api/user/creator/update",
      runs: 60,
      body: () => fc.record({ name: plausibleName, email: plausibleEmail, ...creatorFields }),
      fields: ["name", "email", "bio", "socials", "payoutEmail"],
      callers: both,
      auth: "required",
      // Both profile endpoints share one limit per account, which the fuzz may spend for the
      // world's creator: the example signs in as a creator of its own.
      valid: ({ x }) => [
        valid(
          "/api/user/creator/update",
          {
            name: "Priya",
            email: x.profileCreator.email,
            bio: "",
            socials: "",
            // Unchanged: a new or removed payout email needs the password (email-change tests).
            payoutEmail: x.profileCreator.payoutEmail,
          },
          { token: x.profileCreator.accessToken },
        ),
      ],
      reaches: [200, 401],
      after: codesWellFormed,
    }),
    jsonForm({
      path: "/api/user/validate-affiliate",
      runs: 60,
      body: ({ w }) =>
        fc.record({
          code: fc.oneof(
            fc.constantFrom(w.creator.code, w.creator.code.toLowerCase(), ` ${w.creator.code}\t`),
            fc.stringMatching(/^[A-Z0-9]{6,12}$/),
            hostileText,
          ),
        }),
      fields: ["code"],
      callers: both,
      auth: "optional",
      valid: ({ w }) => [valid("/api/user/validate-affiliate", { code: w.creator.code })],
      never: (a) => {
        if (a.status === 200) expect(typeof a.json?.valid).toBe("boolean");
      },
      reaches: [200, 401],
    }),
    payoutDetailsRow,
    // The email-change link answers a small HTML page, never a 5xx, whatever is sent to it: a
    // real pending link, a used one, made-up and garbage tokens, any method.
    {
      name: "POST /api/user/confirm-email",
      runs: 40,
      requests: ({ x }) =>
        fc.record({
          method: fc.constantFrom("GET", "POST", "POST", "HEAD", "PUT"),
          path: fc
            .oneof(
              fc.constant(`token=${x.pendingEmailToken}`),
              base64url43.map((t) => `token=${t}`),
              queryString,
            )
            .map((q) => `/api/user/confirm-email?${q}`),
          headers: fc.record({ origin }),
          wire: wireFor(hostileValue),
        }),
      examples: ({ x }) => [
        {
          method: "POST",
          path: `/api/user/confirm-email?token=${x.pendingEmailToken}`,
          headers: {},
        },
        {
          method: "POST",
          path: `/api/user/confirm-email?token=${x.pendingEmailToken}`,
          headers: {},
        },
      ],
      reaches: [200],
    },
  ],
});

const RACES = "simultaneous sign-ups and profile changes end in one winner and a 409, never a 500";
it(RACES, async () => {
  const w = await world();
  let n = 0;
  const at = () => `192.0.2.${++n % 250}`;
  const json = (body: unknown, extra: Record<string, string> = {}): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": at(), ...extra },
    body: JSON.stringify(body),
  });
  await fc.assert(
    fc.asyncProperty(plausibleName, fc.integer({ min: 2, max: 3 }), async (name, k) => {
      const email = `race${++n}@example.com`;
      const body = { name, email, password: "creator password", payoutEmail: email };
      // The same sign-up sent k times at once (a double click): one account, k-1 conflicts.
      const same = await Promise.all(
        Array.from({ length: k }, () => callWorker("/api/user/creator-register", json(body))),
      );
      const statuses = same.map((r) => r.status).sort();
      if (!name.trim() || name.trim().length > 100) {
        expect(statuses.every((s) => s === 400)).toBe(true);
        return;
      }
      expect(statuses).toEqual([200, ...Array(k - 1).fill(409)]);
      // k creators of the same name at once: k accounts with k different codes.
      const names = await Promise.all(
        Array.from({ length: k }, (_, i) =>
          callWorker("/api/user/creator-register", json({ ...body, email: `${i}-${email}` })),
        ),
      );
      expect(names.map((r) => r.status)).toEqual(Array(k).fill(200));
    }),
    runs<[string, number]>(10, [], seedFor(RACES)),
  );
  // Two accounts taking the same new email at once: both changes wait for the link mailed to
  // it; opening both links at once makes one change and one 409.
  const other = await register();
  for (let i = 0; i < 5; i++) {
    const email = `taken${i}@example.com`;
    const answers = await Promise.all(
      [w.shopper, { ...other, token: other.accessToken }].map((who) =>
        callWorker(
          "/api/user/update",
          json({ name: "Same", email, currentPassword: who.password }, { token: who.token }),
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const links = (await outbox())
      .filter((m) => m.to === email)
      .map((m) => /\/api\/user\/confirm-email\?token=[\w-]{43}/.exec(m.text)?.[0] ?? "");
    expect(links).toHaveLength(2);
    const confirmed = await Promise.all(links.map((link) => callWorker(link, { method: "POST" })));
    expect(confirmed.map((r) => r.status).sort()).toEqual([200, 409]);
  }
  await expectInvariants({ productIds: w.productIds, adminId: w.admin.id });
}, 90_000);
