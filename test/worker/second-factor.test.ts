// The back-office's second factor (modules/identity/second-factor.ts, middleware/admin.ts): RFC 6238 codes, the
// authenticator link, enrolment with a recent password and a mail to the account, one pass per
// sign-in, codes never accepted twice (even raced), secrets sealed at rest, attempts limited per
// admin and network, production closed to an admin until the sign-in passes its code, and the
// audit log of admins' sign-ins, passes and failed tries.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatShopMoment } from "../../worker/contracts/shop-time";
import { auditLog, sessionFamilies, users } from "../../worker/db/schema";
import {
  fromBase32,
  hotp,
  otpauthUrl,
  stepAt,
  toBase32,
} from "../../worker/modules/identity/second-factor";
import { adminSession, refresh, refreshCookieOf, register } from "./helpers/accounts";
import { auditEntries, callWorker, db, expectError, outbox } from "./helpers/factories";

/** A stand-in for Resend inside the test's isolate: production's mail goes there, not out. */
const MAIL_BASE = "http://mail.test";
const PRODUCTION = { ENVIRONMENT: "production", EMAIL_API_BASE: MAIL_BASE };

beforeEach(() => {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(MAIL_BASE)) return realFetch(input, init);
    return new Response('{"id":"m"}', { status: 200 });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
let client = 0;

/**
 * One admin's calls, from `ip` or else from one network of its own (the per-network limit stays
 * out of the way).
 */
function as(token: string, vars: Record<string, string> = {}, ip = nextNetwork()) {
  const call = (method: string, path: string, body?: unknown) =>
    callWorker(
      `/api/admin${path}`,
      {
        method,
        headers: { "content-type": "application/json", "cf-connecting-ip": ip, token },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      vars,
    );
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, body?: unknown) => call("POST", path, body ?? {}),
  };
}

/** A client address on a network no other call of this file uses. */
function nextNetwork() {
  client++;
  return `198.51.${100 + Math.floor(client / 250)}.${(client % 250) + 1}`;
}

/** The code an authenticator app shows for `secret`, `steps` steps from now. */
const codeFor = (secret: string, steps = 0) => hotp(fromBase32(secret), stepAt(Date.now()) + steps);

/** A code that is not `secret`'s now (nor, but by a one-in-a-million chance, its neighbours'). */
const wrongCodeFor = async (secret: string) =>
  String((Number(await codeFor(secret)) + 1) % 1_000_000).padStart(6, "0");

async function signIn(email: string, password: string, ip = nextNetwork()) {
  const res = await callWorker("/api/user/login", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const { accessToken } = await res.json<{ accessToken: string }>();
  return { accessToken, refreshCookie: refreshCookieOf(res) };
}

/** An admin who enrolled an app (in production, as the owner would): its secret and session. */
async function enrolledAdmin() {
  const admin = await adminSession();
  const api = as(admin.accessToken, PRODUCTION);
  const enrol = await api.post("/second-factor/enrol");
  expect(enrol.status).toBe(200);
  const { secret } = await enrol.json<{ secret: string }>();
  expect((await api.post("/second-factor/confirm", { code: await codeFor(secret) })).status).toBe(
    200,
  );
  return { ...admin, secret };
}

describe("codes (RFC 6238)", () => {
  // Appendix B's SHA-1 vectors: the 20-byte ASCII secret "12345678901234567890", 8 digits.
  const secret = new TextEncoder().encode("12345678901234567890");
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("at %i s the code is %s", async (seconds, expected) => {
    expect(await hotp(secret, stepAt(seconds * 1000), 8)).toBe(expected);
  });

  it("writes and reads secrets in base32 as authenticator apps do (RFC 4648)", () => {
    expect(toBase32(secret)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(fromBase32("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).toEqual(secret);
  });
});

describe("the back-office in production", () => {
  it("stays closed to an admin with a password alone until an app is enrolled and confirmed", async () => {
    const admin = await adminSession();
    const api = as(admin.accessToken, PRODUCTION);
    const closed = await api.get("/products");
    await expectError(closed, 403, {
      code: "second_factor_required",
      message: "Set up an authenticator app to open the back-office.",
    });
    expect(await (await api.get("/second-factor")).json()).toEqual({
      success: true,
      secondFactor: { enrolled: false, required: true, verified: false },
    });

    const enrol = await api.post("/second-factor/enrol");
    const { secret, otpauthUrl: link } = await enrol.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const [user, domain] = admin.email.split("@");
    expect(link).toBe(
      `otpauth://totp/Tamra%20%26%20Tara:${user}%40${domain}?secret=${secret}&issuer=Tamra%20%26%20Tara&algorithm=SHA1&digits=6&period=30`,
    );
    const url = new URL(link);
    expect(url.host + decodeURIComponent(url.pathname)).toBe(`totp/Tamra & Tara:${admin.email}`);
    expect(url.searchParams.get("issuer")).toBe("Tamra & Tara");
    // Started but not confirmed: still closed.
    expect((await api.get("/products")).status).toBe(403);

    const refused = await api.post("/second-factor/confirm", { code: await wrongCodeFor(secret) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, code: "invalid_code" });

    const confirmed = await api.post("/second-factor/confirm", { code: await codeFor(secret) });
    expect(confirmed.status).toBe(200);
    expect((await api.get("/products")).status).toBe(200);
    expect(await (await api.get("/second-factor")).json()).toEqual({
      success: true,
      secondFactor: { enrolled: true, required: true, verified: true },
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, admin.id), eq(auditLog.action, "second_factor.enrolled")));
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      action: "second_factor.enrolled",
      before: { secondFactor: false },
      after: { secondFactor: true },
    });
  });

  it("asks every new sign-in for a code, and keeps asking the old one after logout", async () => {
    const admin = await enrolledAdmin();
    const again = await signIn(admin.email, admin.password);
    const api = as(again.accessToken, PRODUCTION);
    const closed = await api.get("/audit");
    expect(closed.status).toBe(403);
    expect(await closed.json()).toMatchObject({
      code: "second_factor_required",
      message: "Enter the code from your authenticator app to open the back-office.",
    });
    // The code that confirmed enrolment is spent; the app's next one opens this sign-in.
    expect(
      (await api.post("/second-factor/verify", { code: await codeFor(admin.secret) })).status,
    ).toBe(400);
    const next = await codeFor(admin.secret, 1);
    expect((await api.post("/second-factor/verify", { code: next })).status).toBe(200);
    expect((await api.get("/audit")).status).toBe(200);

    // The sign-in that confirmed the app passed with that code, and stays open on its own.
    expect((await as(admin.accessToken, PRODUCTION).get("/audit")).status).toBe(200);

    // A refreshed token is the same sign-in: still open.
    const refreshed = await refresh(again.refreshCookie);
    const { accessToken } = await refreshed.json<{ accessToken: string }>();
    expect((await as(accessToken, PRODUCTION).get("/audit")).status).toBe(200);

    // Logged out: the access token is still unexpired, but its sign-in has ended.
    await callWorker("/api/logout", {
      method: "POST",
      headers: {
        origin: "http://localhost:8787",
        cookie: `refresh_token=${refreshCookieOf(refreshed)}`,
      },
    });
    expect((await as(accessToken, PRODUCTION).get("/audit")).status).toBe(403);
  });

  it("accepts one code once, whoever sends it first, with one audit entry", async () => {
    const admin = await enrolledAdmin();
    const sessions = await Promise.all([1, 2, 3, 4].map(() => signIn(admin.email, admin.password)));
    const code = await codeFor(admin.secret, 1);
    const answers = await Promise.all(
      sessions.map((s) => as(s.accessToken, PRODUCTION).post("/second-factor/verify", { code })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    const opened = await Promise.all(
      sessions.map(async (s) => (await as(s.accessToken, PRODUCTION).get("/audit")).status),
    );
    expect(opened.filter((status) => status === 200)).toHaveLength(1);
    const passes = await auditEntries(admin.id, { action: "second_factor.passed" });
    expect(passes).toHaveLength(1);
  });

  it("refuses a second enrolment, and never stores the secret in the clear", async () => {
    const admin = await enrolledAdmin();
    const [row] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(row?.totpSecret).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(row?.totpSecret).not.toContain(admin.secret);
    const again = await signIn(admin.email, admin.password);
    const res = await as(again.accessToken, PRODUCTION).post("/second-factor/enrol");
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, code: "already_enrolled" });
    // The app in force is still the first one.
    const next = await codeFor(admin.secret, 1);
    expect(
      (await as(again.accessToken, PRODUCTION).post("/second-factor/verify", { code: next }))
        .status,
    ).toBe(200);
  });

  it("limits tries per admin and network, so a password holder elsewhere cannot lock the owner out", async () => {
    const owner = await enrolledAdmin();
    // Someone with the password, from their own network, spends its 5 tries an hour.
    const thief = await signIn(owner.email, owner.password, "203.0.113.66");
    const theirs = as(thief.accessToken, PRODUCTION, "203.0.113.66");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await theirs.post("/second-factor/verify", {
        code: await wrongCodeFor(owner.secret),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The owner, signing in from home, is not locked out.
    const mine = await signIn(owner.email, owner.password, "192.0.2.10");
    const code = await codeFor(owner.secret, 1);
    const res = await as(mine.accessToken, PRODUCTION, "192.0.2.10").post("/second-factor/verify", {
      code,
    });
    expect(res.status).toBe(200);
  });

  it("caps one admin's tries from every network together at 30 an hour", async () => {
    const admin = await enrolledAdmin(); // its confirmation was the first try
    const again = await signIn(admin.email, admin.password);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await as(again.accessToken, PRODUCTION).post("/second-factor/verify", {
        code: await wrongCodeFor(admin.secret),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 29).every((s) => s === 400)).toBe(true);
    expect(statuses[29]).toBe(429);
    // Each network's own count was 1: the ceiling over all of them is what refused it.
    const fresh = await as(again.accessToken, PRODUCTION).post("/second-factor/verify", {
      code: await codeFor(admin.secret, 1),
    });
    expect(fresh.status).toBe(429);
  });

  it("answers malformed codes with 400 in the error shape", async () => {
    const admin = await adminSession();
    for (const body of [
      {},
      { code: 123456 },
      { code: "12345" },
      { code: "abcdef" },
      { code: "1234567" },
    ]) {
      const res = await as(admin.accessToken, PRODUCTION).post("/second-factor/verify", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false });
    }
    const notEnrolled = await as(admin.accessToken, PRODUCTION).post("/second-factor/verify", {
      code: "123 456",
    });
    expect(notEnrolled.status).toBe(409);
    expect(await notEnrolled.json()).toMatchObject({ code: "not_enrolled" });
  });
});

describe("the back-office locally", () => {
  it("opens to an admin on a password, and asks for codes once the admin enrols", async () => {
    const admin = await adminSession();
    expect((await as(admin.accessToken).get("/audit")).status).toBe(200);
    expect(await (await as(admin.accessToken).get("/second-factor")).json()).toEqual({
      success: true,
      secondFactor: { enrolled: false, required: false, verified: false },
    });
    const { secret } = await (await as(admin.accessToken).post("/second-factor/enrol")).json<{
      secret: string;
    }>();
    await as(admin.accessToken).post("/second-factor/confirm", { code: await codeFor(secret) });
    const later = await signIn(admin.email, admin.password);
    expect((await as(later.accessToken).get("/audit")).status).toBe(403);
  });
});

describe("the authenticator link", () => {
  it("is otpauth://totp/<issuer>:<account> with the same issuer as a parameter, as RFC 3986 encodes it", () => {
    expect(otpauthUrl("Tamra & Tara", "admin@example.com", "JBSWY3DPEHPK3PXP")).toBe(
      "otpauth://totp/Tamra%20%26%20Tara:admin%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tamra%20%26%20Tara&algorithm=SHA1&digits=6&period=30",
    );
    // No "+" for a space anywhere (form encoding, which some apps show as is); a "+" is itself.
    const link = otpauthUrl("Tamra & Tara", "owner+shop@example.com", "ABCDEFGH");
    expect(link).toContain("totp/Tamra%20%26%20Tara:owner%2Bshop%40example.com?");
    expect(link).not.toMatch(/Tamra\+/);
  });
});

/** Makes every sign-in of the account `minutes` old, as if it had signed in that long ago. */
async function signedInAgo(userId: string, minutes: number) {
  await db()
    .update(sessionFamilies)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessionFamilies.userId, userId));
}

describe("enrolment", () => {
  it("needs the password typed in the last 10 minutes: the sign-in's, or sent again", async () => {
    const admin = await adminSession();
    const api = as(admin.accessToken, PRODUCTION);
    // Signed in 9 minutes ago: that password will do.
    await signedInAgo(admin.id, 9);
    expect((await api.post("/second-factor/enrol")).status).toBe(200);

    // 11 minutes ago: the password again, or no enrolment.
    await signedInAgo(admin.id, 11);
    await expectError(await api.post("/second-factor/enrol"), 400, {
      code: "password_required",
      message: "For your security, enter your password to set up two-step sign-in.",
      issues: [
        {
          path: "password",
          message: "For your security, enter your password to set up two-step sign-in.",
        },
      ],
    });
    // Wrong: 403 in the error shape, never 401 (the back-office would take it for a lost session).
    const wrong = await api.post("/second-factor/enrol", { password: "not my password" });
    await expectError(wrong, 403, {
      code: "wrong_password",
      message: "That password is not right. Please try again.",
    });
    const started = await api.post("/second-factor/enrol", { password: admin.password });
    expect(started.status).toBe(200);
    const { secret } = await started.json<{ secret: string }>();

    // Confirming asks the same.
    const code = await codeFor(secret);
    const unconfirmed = await api.post("/second-factor/confirm", { code });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toMatchObject({ code: "password_required" });
    const wrongly = await api.post("/second-factor/confirm", { code, password: "guess" });
    expect(wrongly.status).toBe(403);
    expect((await api.get("/products")).status).toBe(403);
    const confirmed = await api.post("/second-factor/confirm", { code, password: admin.password });
    expect(confirmed.status).toBe(200);
    expect((await api.get("/products")).status).toBe(200);
  });

  it("counts passwords sent to it as sign-in guesses, with the sign-in limits", async () => {
    const admin = await adminSession();
    await signedInAgo(admin.id, 30);
    const api = as(admin.accessToken, PRODUCTION, "203.0.113.9");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await api.post("/second-factor/enrol", { password: `guess ${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(403), 429]);
  });

  it("mails the account once an app is confirmed: when, from where, and what to do if not them", async () => {
    const admin = await adminSession();
    // Locally, where a mail is recorded as sent without leaving (production's send is Resend's).
    const api = as(admin.accessToken, {}, "203.0.113.77");
    const { secret } = await (await api.post("/second-factor/enrol")).json<{ secret: string }>();
    const mails = async () => (await outbox()).filter((m) => m.to === admin.email);
    // Neither starting nor a wrong code says anything yet.
    expect(
      (await api.post("/second-factor/confirm", { code: await wrongCodeFor(secret) })).status,
    ).toBe(400);
    expect(await mails()).toEqual([]);

    const before = Date.now();
    expect((await api.post("/second-factor/confirm", { code: await codeFor(secret) })).status).toBe(
      200,
    );
    const after = Date.now();
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      subject: "Two-step sign-in was turned on for your Tamra & Tara back-office",
      status: "sent",
    });
    const text = mail?.text ?? "";
    expect(text).toContain("An authenticator app was set up for two-step sign-in");
    expect(
      [before, after].some((t) => text.includes(`on ${formatShopMoment(t)} Brisbane time`)),
    ).toBe(true);
    expect(text).toContain("from the network 203.0.113.0/24.");
    expect(text).toContain("If it was not you, someone knows your password: reset it now");
    expect(text).toContain("Reset your password: http://localhost:8787/forgot-password");
    expect(mail?.html).toContain('href="http://localhost:8787/forgot-password"');
    expect(text).not.toContain(secret);
    expect(text).not.toContain("203.0.113.77");

    // Passing the factor on a later sign-in mails nothing.
    const later = await signIn(admin.email, admin.password);
    const next = await codeFor(secret, 1);
    expect((await as(later.accessToken).post("/second-factor/verify", { code: next })).status).toBe(
      200,
    );
    expect(await mails()).toHaveLength(1);
  });

  it("answers a password of the wrong type or size with 400", async () => {
    const admin = await adminSession();
    const api = as(admin.accessToken, PRODUCTION);
    for (const password of [123, null, ["x"], { p: 1 }, "x".repeat(1025)]) {
      for (const path of ["/second-factor/enrol", "/second-factor/confirm"]) {
        const res = await api.post(path, { code: "123456", password });
        expect(res.status, `${path} ${JSON.stringify(password).slice(0, 20)}`).toBe(400);
        expect(await res.json()).toMatchObject({ success: false, code: "invalid_input" });
      }
    }
  });
});

describe("the audit log of back-office sign-ins", () => {
  const account = (id: string) => auditEntries(id, { entity: "account" });

  it("records each admin sign-in with its network, coarse, and no shopper's", async () => {
    const admin = await adminSession();
    await signIn(admin.email, admin.password, "203.0.113.77");
    await signIn(admin.email, admin.password, "2001:db8:abcd:12::1");
    const entries = await account(admin.id);
    expect(entries.map((e) => [e.actorId, e.actorEmail, e.action, e.after])).toEqual([
      [admin.id, admin.email, "sign_in", { network: "203.0.113.0/24" }],
      [admin.id, admin.email, "sign_in", { network: "2001:db8:abcd::/48" }],
    ]);
    // A refused password signs nobody in and records nothing.
    const refused = await callWorker("/api/user/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: "wrong password" }),
    });
    expect(refused.status).toBe(401);
    const shopper = await register();
    await signIn(shopper.email, shopper.password);
    expect(await db().select().from(auditLog)).toHaveLength(2);
  });

  it("records passing the factor and each failed try, with the network and never the code", async () => {
    const admin = await enrolledAdmin();
    const again = await signIn(admin.email, admin.password, "192.0.2.10");
    const home = as(again.accessToken, PRODUCTION, "192.0.2.10");
    const wrong = await wrongCodeFor(admin.secret);
    expect((await home.post("/second-factor/verify", { code: wrong })).status).toBe(400);
    const right = await codeFor(admin.secret, 1);
    expect((await home.post("/second-factor/verify", { code: right })).status).toBe(200);
    // The same code again, from elsewhere: used, so a failed try too.
    const elsewhere = await signIn(admin.email, admin.password, "203.0.113.5");
    const replay = as(elsewhere.accessToken, PRODUCTION, "203.0.113.5");
    expect((await replay.post("/second-factor/verify", { code: right })).status).toBe(400);

    const entries = await account(admin.id);
    // The first sign-in was the registration, before the account was an admin: no entry.
    expect(entries.map((e) => [e.action, e.after])).toEqual([
      ["second_factor.enrolled", { secondFactor: true, network: expect.any(String) }],
      ["sign_in", { network: "192.0.2.0/24" }],
      ["second_factor.failed", { network: "192.0.2.0/24" }],
      ["second_factor.passed", { network: "192.0.2.0/24" }],
      ["sign_in", { network: "203.0.113.0/24" }],
      ["second_factor.failed", { network: "203.0.113.0/24" }],
    ]);
    const written = JSON.stringify(entries);
    for (const code of [wrong, right]) expect(written).not.toContain(code);
    expect(written).not.toContain(admin.secret);
  });
});
