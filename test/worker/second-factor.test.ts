// The back-office's second factor (services/totp.ts, http/admin.ts): RFC 6238 codes, enrolment,
// one pass per sign-in, codes never accepted twice (even raced), secrets sealed at rest, attempts
// limited, and production closed to an admin until the sign-in passes its code.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, users } from "../../worker/db/schema";
import { fromBase32, hotp, stepAt, toBase32 } from "../../worker/services/totp";
import { adminSession, refresh, refreshCookieOf } from "./helpers/accounts";
import { callWorker, db } from "./helpers/factories";

const PRODUCTION = { ENVIRONMENT: "production" };
let client = 0;

/** One admin's calls, from one network of its own (the per-network limit stays out of the way). */
function as(token: string, vars: Record<string, string> = {}) {
  const ip = `198.51.100.${++client}`;
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

/** The code an authenticator app shows for `secret`, `steps` steps from now. */
const codeFor = (secret: string, steps = 0) => hotp(fromBase32(secret), stepAt(Date.now()) + steps);

async function signIn(email: string, password: string) {
  const res = await callWorker("/api/user/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
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
    expect(closed.status).toBe(403);
    expect(await closed.json()).toMatchObject({
      success: false,
      code: "second_factor_required",
      message: "Set up an authenticator app to open the back-office.",
    });
    expect(await (await api.get("/second-factor")).json()).toEqual({
      success: true,
      secondFactor: { enrolled: false, required: true, verified: false },
    });

    const enrol = await api.post("/second-factor/enrol");
    const { secret, otpauthUrl } = await enrol.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host + decodeURIComponent(url.pathname)).toBe(`totp/Tamra & Tara:${admin.email}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret,
      issuer: "Tamra & Tara",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
    // Started but not confirmed: still closed.
    expect((await api.get("/products")).status).toBe(403);

    const wrong = String((Number(await codeFor(secret)) + 1) % 1_000_000).padStart(6, "0");
    const refused = await api.post("/second-factor/confirm", { code: wrong });
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
      .where(and(eq(auditLog.entity, "account"), eq(auditLog.entityId, admin.id)));
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
    const passes = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, admin.id), eq(auditLog.action, "second_factor.passed")));
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

  it("limits an admin to 5 attempts an hour", async () => {
    const admin = await enrolledAdmin(); // its confirmation was the first attempt
    const again = await signIn(admin.email, admin.password);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await as(again.accessToken, PRODUCTION).post("/second-factor/verify", {
        code: "000000",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 4).every((s) => s === 400)).toBe(true);
    expect(statuses[4]).toBe(429);
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
