import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it, vi } from "vitest";
import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from "../../worker/contracts/auth";
import { creatorProfiles, sessionTokens, users } from "../../worker/db/schema";
import { keyFor } from "../../worker/lib/keys";
import { codeBase } from "../../worker/modules/creators/codes";
import { COMMON_PASSWORDS } from "../../worker/modules/identity/common-passwords";
import { pruneResetLinks } from "../../worker/modules/identity/password-resets";
import {
  hashPassword,
  isCommonPassword,
  parsePasswordHash,
} from "../../worker/modules/identity/passwords";
import { JWT_AUDIENCE, JWT_ISSUER, pruneSessions } from "../../worker/modules/identity/sessions";
import {
  asUser,
  creatorBody,
  creatorSession,
  refresh,
  refreshCookieOf,
  register,
  uniqueEmail,
} from "./helpers/accounts";
import { callWorker, db, ORIGIN, outbox, postJson } from "./helpers/factories";

/** The Worker's access-token key: tokens signed with it fail only for the reason each test gives. */
const secret = await keyFor(env, "accessToken");

describe("register and login", () => {
  it("registers a user, normalised, with a 100000-iteration hash and a locked-down refresh cookie", async () => {
    const email = uniqueEmail("Asha");
    const res = await postJson("/api/user/register", {
      name: "  Asha Patel ",
      email: `  ${email.toUpperCase()} `,
      password: "correct horse battery",
    });
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ success: true, role: "user" });
    expect(typeof body.accessToken).toBe("string");
    expect(typeof body.message).toBe("string");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/refresh_token=[\w-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/api");
    expect(cookie).toContain("Max-Age=2592000");

    const [row] = await db().select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row?.name).toBe("Asha Patel");
    expect(parsePasswordHash(row?.passwordHash ?? "")?.iterations).toBe(100_000);
    expect(row?.passwordHash).not.toContain("correct horse");
  });

  it("ignores a role or any other unknown field: registration always makes a user", async () => {
    const email = uniqueEmail();
    const res = await postJson("/api/user/register", {
      name: "Mallory",
      email,
      password: "correct horse battery",
      role: "admin",
      isAdmin: true,
    });
    expect((await res.json<{ role: string }>()).role).toBe("user");
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe("user");
  });

  it("refuses a taken email, in any case, with a clear 409", async () => {
    const { email } = await register();
    const res = await postJson("/api/user/register", {
      name: "Twin",
      email: email.toUpperCase(),
      password: "another password",
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, code: "email_taken" });
  });

  it.each([
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ password: "x".repeat(129) }, "Password must be at most 128 characters"],
    [{ name: "" }, "Name is required"],
    [{ email: "nope" }, "Please enter a valid email address"],
    [{ password: 12345678 }, "Password is required"],
  ])("rejects %o with 400", async (patch, message) => {
    const res = await postJson("/api/user/register", {
      name: "A",
      email: uniqueEmail(),
      password: "long enough",
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message });
  });

  it("logs in with the right password; wrong password and unknown email answer identically", async () => {
    const { email, password } = await register();
    const ok = await postJson("/api/user/login", { email: email.toUpperCase(), password });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, role: "user" });
    expect(refreshCookieOf(ok)).toMatch(/^[\w-]{43}$/);

    const wrong = await postJson("/api/user/login", { email, password: "wrong password" });
    const unknown = await postJson("/api/user/login", {
      email: uniqueEmail(),
      password: "wrong password",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("limits login attempts per account with 429 and Retry-After", async () => {
    const { email } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await postJson("/api/user/login", { email, password: "wrong password" })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await postJson("/api/user/login", { email, password: "wrong password" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ success: false, code: "rate_limited" });
  });

  it("keeps limits on outside development even when RATE_LIMITS=off", async () => {
    const { email } = await register();
    const off = { RATE_LIMITS: "off" };
    for (let i = 0; i < 10; i++)
      await postJson("/api/user/login", { email, password: "wrong password" }, off);
    expect(
      (await postJson("/api/user/login", { email, password: "wrong password" }, off)).status,
    ).toBe(429);
  });

  it("limits registrations per IP", async () => {
    const headers = { "content-type": "application/json", "cf-connecting-ip": "203.0.113.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await callWorker("/api/user/register", {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "Bot",
          email: uniqueEmail("bot"),
          password: "bot password 2026",
        }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

describe("access tokens", () => {
  const me = (token: string) => asUser(token, "/api/user/me", undefined, "GET");

  it("GET /api/user/me answers the user for a valid token, 401 without one", async () => {
    const { accessToken, email } = await register();
    const res = await me(accessToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      user: { email, name: "Asha Patel", role: "user" },
    });
    expect((await callWorker("/api/user/me")).status).toBe(401);
  });

  it("refuses forged, alg:none, expired and wrong-audience tokens with 401", async () => {
    const { accessToken } = await register();
    const [, payload] = accessToken.split(".");
    const b64 = (o: unknown) =>
      btoa(JSON.stringify(o)).replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");
    const claims = JSON.parse(atob((payload ?? "").replaceAll("-", "+").replaceAll("_", "/"))) as {
      sub: string;
    };
    const base = () =>
      new SignJWT({ role: "admin" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.sub)
        .setIssuer(JWT_ISSUER);
    const forged = await base()
      .setAudience(JWT_AUDIENCE)
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode("x".repeat(40)));
    const expired = await base()
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(1_600_000_000)
      .setExpirationTime(1_600_000_900)
      .sign(secret);
    const wrongAudience = await base()
      .setAudience("someone-else")
      .setExpirationTime("10m")
      .sign(secret);
    const noExpiry = await base().setAudience(JWT_AUDIENCE).sign(secret);
    const none = `${b64({ alg: "none", typ: "JWT" })}.${payload}.`;
    const tampered = `${accessToken.slice(0, -4)}AAAA`;
    for (const token of [forged, expired, wrongAudience, noExpiry, none, tampered, "garbage"]) {
      expect((await me(token)).status, token.slice(0, 20)).toBe(401);
    }
  });
});

describe("refresh tokens", () => {
  it("rotate on every refresh and answer a new access token", async () => {
    const s = await register();
    const first = await refresh(s.refreshCookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, accessToken: expect.any(String) });
    const next = refreshCookieOf(first);
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(next).not.toBe(s.refreshCookie);
    expect((await refresh(next)).status).toBe(200);
  });

  it("a reused, already-rotated token revokes the whole family", async () => {
    const s = await register();
    const rotated = refreshCookieOf(await refresh(s.refreshCookie));
    const replay = await refresh(s.refreshCookie);
    expect(replay.status).toBe(401);
    // The legitimate holder's newer token is dead too: they must sign in again.
    expect((await refresh(rotated)).status).toBe(401);
  });

  it("refuses another origin, a missing cookie and an unknown token", async () => {
    const s = await register();
    expect((await refresh(s.refreshCookie, "https://evil.example")).status).toBe(403);
    expect(
      (await callWorker("/api/refresh", { method: "POST", headers: { origin: ORIGIN } })).status,
    ).toBe(401);
    expect((await refresh("x".repeat(43))).status).toBe(401);
    // The refused attempts did not spend the real token.
    expect((await refresh(s.refreshCookie)).status).toBe(200);
  });

  it("logout ends the session and clears the cookie; it also checks the origin", async () => {
    const s = await register();
    const cookieHeader = { cookie: `refresh_token=${s.refreshCookie}` };
    const foreign = await callWorker("/api/logout", {
      method: "POST",
      headers: { ...cookieHeader, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const res = await callWorker("/api/logout", {
      method: "POST",
      headers: { ...cookieHeader, origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/refresh_token=;.*Max-Age=0/);
    expect((await refresh(s.refreshCookie)).status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  const forgot = (email: string) => postJson("/api/user/forgot-password", { email });

  it("answers the same for known and unknown emails, and mails a reset link only to the known one", async () => {
    const s = await register();
    const known = await forgot(s.email);
    const unknown = await forgot(uniqueEmail("nobody"));
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(s.email);
    expect(mails[0]?.text).toMatch(/http:\/\/localhost:8787\/reset-password\?token=[\w-]{43}/);
  });

  it("resets the password once, ends every session, and the new password works", async () => {
    const s = await register();
    await forgot(s.email);
    const token = /token=([\w-]{43})/.exec((await outbox())[0]?.text ?? "")?.[1] ?? "";
    const res = await postJson("/api/user/reset-password", {
      token,
      password: "a brand new password",
    });
    expect(res.status).toBe(200);
    expect((await refresh(s.refreshCookie)).status).toBe(401);
    expect(
      (await postJson("/api/user/login", { email: s.email, password: s.password })).status,
    ).toBe(401);
    expect(
      (await postJson("/api/user/login", { email: s.email, password: "a brand new password" }))
        .status,
    ).toBe(200);
    const again = await postJson("/api/user/reset-password", {
      token,
      password: "yet another password",
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      message: "This reset link is invalid or has expired.",
    });
  });

  it("rejects malformed tokens and short passwords with 400", async () => {
    expect(
      (await postJson("/api/user/reset-password", { token: "abc", password: "long enough" }))
        .status,
    ).toBe(400);
    expect(
      (await postJson("/api/user/reset-password", { token: "a".repeat(43), password: "short" }))
        .status,
    ).toBe(400);
  });
});

describe("sessions cannot come back from the dead", () => {
  // Each request of a race comes from its own address, so no per-address limit takes part in it.
  let lastIp = 0;
  const freshIp = () => {
    lastIp++;
    return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
  };
  const asClient = (path: string, cookie: string) =>
    callWorker(path, {
      method: "POST",
      headers: { origin: ORIGIN, cookie: `refresh_token=${cookie}`, "cf-connecting-ip": freshIp() },
    });
  const refreshOnce = (cookie: string) => asClient("/api/refresh", cookie);
  const logout = (cookie: string) => asClient("/api/logout", cookie);
  async function signUp() {
    const res = await callWorker("/api/user/register", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
      body: JSON.stringify({ name: "Asha Patel", email: uniqueEmail(), password: "long password" }),
    });
    expect(res.status).toBe(200);
    return refreshCookieOf(res);
  }
  /** Runs `fn` after `steps` database round trips: shifts one side of a race, without a timer. */
  const shifted = async <T>(steps: number, fn: () => Promise<T>): Promise<T> => {
    for (let i = 0; i < steps; i++) await env.DB.prepare("SELECT 1").first();
    return fn();
  };
  /** Both sides of a race, one of them started `round % 4` round trips later, alternately. */
  const race = <A, B>(round: number, a: () => Promise<A>, b: () => Promise<B>) =>
    Promise.all([
      shifted(round % 2 === 0 ? round % 4 : 0, a),
      shifted(round % 2 === 1 ? round % 4 : 0, b),
    ]);

  /**
   * After a race: neither the token `answer` may have handed out nor `presented` refreshes any more.
   */
  const expectFamilyEnded = async (round: number, answer: Response, presented: string) => {
    if (answer.status === 200) {
      expect((await refreshOnce(refreshCookieOf(answer))).status, `round ${round}`).toBe(401);
    }
    expect((await refreshOnce(presented)).status, `round ${round}`).toBe(401);
  };

  it("a logout racing a refresh ends the session whichever lands first", async () => {
    for (let round = 0; round < 16; round++) {
      const cookie = await signUp();
      const [refreshed, loggedOut] = await race(
        round,
        () => refreshOnce(cookie),
        () => logout(cookie),
      );
      expect(loggedOut.status).toBe(200);
      expect([200, 401]).toContain(refreshed.status);
      // Whatever the refresh answered, nothing it handed out still works.
      await expectFamilyEnded(round, refreshed, cookie);
    }
  });

  it("a reuse detection racing the legitimate refresh ends the family whichever lands first", async () => {
    for (let round = 0; round < 16; round++) {
      const stolen = await signUp();
      const current = refreshCookieOf(await refreshOnce(stolen));
      const [replayed, legit] = await race(
        round,
        () => refreshOnce(stolen),
        () => refreshOnce(current),
      );
      expect(replayed.status).toBe(401);
      await expectFamilyEnded(round, legit, current);
    }
  });

  it("of concurrent refreshes with one token exactly one wins, and the reuse rule ends the family", async () => {
    for (let round = 0; round < 4; round++) {
      const cookie = await signUp();
      const answers = await Promise.all(Array.from({ length: 5 }, () => refreshOnce(cookie)));
      const winners = answers.filter((r) => r.status === 200);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
      // The losers presented a token that had just been rotated: a reuse, as if in sequence.
      expect((await refreshOnce(refreshCookieOf(winners[0] as Response))).status).toBe(401);
    }
  });

  it("a token from any earlier rotation, replayed, ends the family", async () => {
    const first = await signUp();
    const second = refreshCookieOf(await refreshOnce(first));
    const third = refreshCookieOf(await refreshOnce(second));
    const fourth = refreshCookieOf(await refreshOnce(third));
    expect((await refreshOnce(second)).status).toBe(401);
    expect((await refreshOnce(fourth)).status).toBe(401);
  });

  it("a refresh racing a password reset does not outlive the reset", async () => {
    for (let round = 0; round < 4; round++) {
      const email = uniqueEmail();
      const res = await postJson("/api/user/register", {
        name: "Asha Patel",
        email,
        password: "long password",
      });
      const cookie = refreshCookieOf(res);
      await postJson("/api/user/forgot-password", { email });
      const mails = await outbox();
      const token = /token=([\w-]{43})/.exec(mails.at(-1)?.text ?? "")?.[1] ?? "";
      const [refreshed, reset] = await race(
        round,
        () => refreshOnce(cookie),
        () => postJson("/api/user/reset-password", { token, password: `new password ${round}` }),
      );
      expect(reset.status).toBe(200);
      if (refreshed.status === 200) {
        expect((await refreshOnce(refreshCookieOf(refreshed))).status).toBe(401);
      }
      expect((await refreshOnce(cookie)).status).toBe(401);
    }
  });

  it("a session family ends 90 days after sign-in, however often it was rotated", async () => {
    const day = 24 * 60 * 60 * 1000;
    const start = Date.now();
    let cookie = await signUp();
    try {
      for (const days of [29, 58, 87, 89.9]) {
        vi.useFakeTimers({ now: start + days * day, toFake: ["Date"] });
        const res = await refreshOnce(cookie);
        expect(res.status, `day ${days}`).toBe(200);
        cookie = refreshCookieOf(res);
      }
      vi.useFakeTimers({ now: start + 90 * day + 60_000, toFake: ["Date"] });
      const late = await refreshOnce(cookie);
      expect(late.status).toBe(401);
      expect(await late.json()).toEqual({
        success: false,
        message: "Your session has ended. Please log in again.",
        code: "session_expired",
      });
      expect(late.headers.get("set-cookie")).toMatch(/refresh_token=;.*Max-Age=0/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("pruning deletes the families that can never refresh again, with their tokens", async () => {
    const kept = await signUp();
    const ended = await signUp();
    await logout(ended);
    expect(await pruneSessions({ db: db() })).toBe(1);
    const next = await refreshOnce(kept);
    expect(next.status).toBe(200);
    expect(await pruneSessions({ db: db() }, Date.now() + 91 * 24 * 60 * 60 * 1000)).toBe(1);
    expect(await db().select().from(sessionTokens)).toEqual([]);
    expect((await refreshOnce(refreshCookieOf(next))).status).toBe(401);
  });

  it("a refresh token left unused for 30 days has expired", async () => {
    const cookie = await signUp();
    try {
      vi.useFakeTimers({ now: Date.now() + 30 * 24 * 60 * 60 * 1000 + 60_000, toFake: ["Date"] });
      expect((await refreshOnce(cookie)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("reset links", () => {
  const forgot = (email: string) => postJson("/api/user/forgot-password", { email });
  const resetLinks = async () =>
    (await outbox()).map((m) => /token=([\w-]{43})/.exec(m.text)?.[1] ?? "");
  const reset = (token: string, password: string) =>
    postJson("/api/user/reset-password", { token, password });

  it("using one reset link ends every other outstanding link of the account", async () => {
    const s = await register();
    const other = await register();
    await forgot(s.email);
    await forgot(s.email);
    await forgot(other.email);
    const [older = "", newer = "", othersLink = ""] = await resetLinks();
    expect((await reset(newer, "the newest password")).status).toBe(200);
    const stale = await reset(older, "an attacker's password");
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({
      success: false,
      message: "This reset link is invalid or has expired.",
    });
    expect(
      (await postJson("/api/user/login", { email: s.email, password: "the newest password" }))
        .status,
    ).toBe(200);
    // Another account's link is untouched.
    expect((await reset(othersLink, "other's new password")).status).toBe(200);
  });

  it("of two links used at once exactly one sets the password", async () => {
    const s = await register();
    await forgot(s.email);
    await forgot(s.email);
    const [first = "", second = ""] = await resetLinks();
    const answers = await Promise.all([
      reset(first, "first new password"),
      reset(second, "second new password"),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const won = answers[0]?.status === 200 ? "first new password" : "second new password";
    expect((await postJson("/api/user/login", { email: s.email, password: won })).status).toBe(200);
  });

  it("pruning deletes expired links only", async () => {
    const s = await register();
    await forgot(s.email);
    const [token = ""] = await resetLinks();
    expect(await pruneResetLinks({ db: db() })).toBe(0);
    expect(await pruneResetLinks({ db: db() }, Date.now() + 2 * 60 * 60 * 1000)).toBe(1);
    expect((await reset(token, "too late password")).status).toBe(400);
  });

  it("an expired reset link is refused", async () => {
    const s = await register();
    await forgot(s.email);
    const [token = ""] = await resetLinks();
    try {
      vi.useFakeTimers({ now: Date.now() + 60 * 60 * 1000 + 60_000, toFake: ["Date"] });
      expect((await reset(token, "too late password")).status).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("profile update", () => {
  // Email changes (password, link to the new address) are test/worker/email-change.test.ts.
  it("updates the name now and an email after confirmation, refusing an email another account uses", async () => {
    const a = await register();
    const b = await register();
    const ok = await asUser(a.accessToken, "/api/user/update", {
      name: "Asha P.",
      email: uniqueEmail("new"),
      currentPassword: a.password,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      success: true,
      user: { name: "Asha P.", email: a.email },
    });
    const taken = await asUser(a.accessToken, "/api/user/update", {
      name: "Asha",
      email: b.email,
      currentPassword: a.password,
    });
    expect(taken.status).toBe(409);
    expect(
      (await asUser(a.accessToken, "/api/user/update", { name: "", email: b.email })).status,
    ).toBe(400);
  });
});

describe("creator accounts", () => {
  it("registers a creator with a profile and a readable unique code derived from the name", async () => {
    const res = await postJson("/api/user/creator-register", creatorBody({ role: "admin" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: expect.any(String) });
    const [profile] = await db().select().from(creatorProfiles);
    expect(profile?.affiliateCode).toBe("PRIYASHA");
    const [user] = await db()
      .select()
      .from(users)
      .where(eq(users.id, profile?.userId ?? ""));
    expect(user?.role).toBe("creator");

    // Same name again: still readable, still unique, 6..12 uppercase letters and digits.
    await postJson("/api/user/creator-register", creatorBody());
    const codes = (await db().select().from(creatorProfiles)).map((p) => p.affiliateCode);
    expect(new Set(codes).size).toBe(2);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
    expect(codeBase("Jo")).toBe("JO0000");
    expect(codeBase("Zoë Ng!")).toBe("ZOENG0");
  });

  it("answers the creator with zero stats from the database, and 403 to a non-creator", async () => {
    const c = await creatorSession();
    expect(c.role).toBe("creator");
    const res = await asUser(c.accessToken, "/api/user/creator/me", undefined, "GET");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      creator: {
        name: "Priya Sharma",
        email: c.email,
        bio: "Slow living and copper care.",
        socials: "https://instagram.com/priya",
        payoutEmail: "payouts@example.com",
        affiliateCode: "PRIYASHA",
        shareUrl: "http://localhost:8787/r/PRIYASHA",
        status: "approved",
        statusNote: "",
        balance: { pending: 0, payable: 0, processing: 0, paid: 0 },
        commissions: [],
        payoutDetails: null,
        payouts: [],
        payoutMinimum: 50,
        stats: {
          clicks: 0,
          sales: 0,
          earnings: 0,
          conversionRate: 0,
          earningsByStatus: { pending: 0, approved: 0, paid: 0 },
          daily: expect.any(Array),
        },
      },
    });
    const shopper = await register();
    expect(
      (await asUser(shopper.accessToken, "/api/user/creator/me", undefined, "GET")).status,
    ).toBe(403);
    expect((await callWorker("/api/user/creator/me")).status).toBe(401);
  });

  it("updates the creator profile; payout email is optional but must be an email", async () => {
    const c = await creatorSession();
    const ok = await asUser(c.accessToken, "/api/user/creator/update", {
      name: "Priya S.",
      email: c.email,
      bio: "New bio",
      socials: "",
      payoutEmail: "",
      // Removing the payout email is an email change: it needs the password.
      currentPassword: c.password,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      success: true,
      creator: { name: "Priya S.", bio: "New bio", payoutEmail: "" },
    });
    const bad = await asUser(c.accessToken, "/api/user/creator/update", {
      name: "P",
      email: c.email,
      payoutEmail: "nope",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "Payout email must be an email address" });
    const noEmail = await asUser(c.accessToken, "/api/user/creator/update", {
      name: "P",
      email: "not-an-email",
    });
    expect(noEmail.status).toBe(400);
  });

  it("refuses a creator sign-up with an email already registered", async () => {
    const s = await register();
    const res = await postJson("/api/user/creator-register", creatorBody({ email: s.email }));
    expect(res.status).toBe(409);
    expect(await db().select().from(creatorProfiles)).toHaveLength(0);
  });
});

describe("common passwords", () => {
  const REFUSED = {
    success: false,
    code: "common_password",
    message: PASSWORD_MESSAGES.common,
    issues: [{ path: "password", message: PASSWORD_MESSAGES.common }],
  };
  // From the list's top ("password", "12345678"), middle and far end, in any case.
  const COMMON = ["password", "12345678", "Password", "QWERTYUIOP", "iLoveYou", "trustno1"];

  it.each(COMMON)("refuses %j at sign-up, writing no account", async (password) => {
    const email = uniqueEmail("common");
    const res = await postJson("/api/user/register", { name: "Asha", email, password });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(REFUSED);
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses one at creator sign-up, writing no account or profile", async () => {
    const body = creatorBody({ password: "Football1" });
    const res = await postJson("/api/user/creator-register", body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(REFUSED);
    expect(await db().select().from(users).where(eq(users.email, body.email))).toEqual([]);
    expect(await db().select().from(creatorProfiles)).toEqual([]);
  });

  it("refuses one for a reset, and the link still works for a better password", async () => {
    const s = await register();
    await postJson("/api/user/forgot-password", { email: s.email });
    const token = /token=([\w-]{43})/.exec((await outbox())[0]?.text ?? "")?.[1] ?? "";
    for (const password of ["SUNSHINE", "qwerty123", "00000000"]) {
      const res = await postJson("/api/user/reset-password", { token, password });
      expect(res.status, password).toBe(400);
      expect(await res.json()).toEqual(REFUSED);
    }
    // Nothing changed: the old password still signs in, the session lives, the link is unused.
    expect((await refresh(s.refreshCookie)).status).toBe(200);
    const better = "a brand new password";
    expect((await postJson("/api/user/reset-password", { token, password: better })).status).toBe(
      200,
    );
    const login = await postJson("/api/user/login", { email: s.email, password: better });
    expect(login.status).toBe(200);
  });

  it("accepts what is not on the list, however close, and still signs in with any password", async () => {
    for (const password of ["password 1!", "correct horse battery", "12345678x9", " password"]) {
      expect(isCommonPassword(password), password).toBe(false);
      const res = await postJson("/api/user/register", {
        name: "Asha",
        email: uniqueEmail("fine"),
        password,
      });
      expect(res.status, password).toBe(200);
    }
    // Only a new password is judged: an account set up with a common one (before this rule) signs in.
    const email = uniqueEmail("old");
    await db()
      .insert(users)
      .values({
        id: "0123456789abcdef01234567",
        name: "Old",
        email,
        passwordHash: await hashPassword("password1"),
        role: "user",
      });
    expect((await postJson("/api/user/login", { email, password: "password1" })).status).toBe(200);
  });

  it("holds the list's 3,309 passwords of 8 characters or more, lower-cased, in order", () => {
    const list = COMMON_PASSWORDS.split("\n");
    expect(list).toHaveLength(3309);
    expect(list.slice(0, 3)).toEqual(["password", "12345678", "123456789"]);
    expect(new Set(list).size).toBe(list.length);
    for (const p of list) {
      expect(p.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
      expect(p).toBe(p.toLowerCase());
      expect(isCommonPassword(p.toUpperCase())).toBe(true);
    }
  });
});
