// A stolen access token alone cannot move an account's sign-in email or a creator's
// payout email. A change needs the current password, waits for the link mailed to the new address,
// and the old address hears of it; the link works once, expires, and loses races cleanly.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { EMAIL_CHANGE_MESSAGES } from "../../worker/contracts/account";
import { creatorProfiles, emailChanges, users } from "../../worker/db/schema";
import { pruneEmailChanges } from "../../worker/modules/identity/email-changes";
import { asUser, creatorSession, register, uniqueEmail } from "./helpers/accounts";
import { callWorker, db, outbox, postJson } from "./helpers/factories";

const login = (email: string, password: string) => postJson("/api/user/login", { email, password });

/** The token of the last confirmation link mailed to `to`. */
async function linkTokenFor(to: string): Promise<string> {
  const mails = (await outbox()).filter((m) => m.to === to && m.text.includes("confirm-email"));
  const token = /confirm-email\?token=([\w-]{43})/.exec(mails.at(-1)?.text ?? "")?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${to}`);
  return token;
}

const confirm = (token: string, method = "POST") =>
  callWorker(`/api/user/confirm-email?token=${encodeURIComponent(token)}`, { method });

async function emailOf(userId: string) {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

async function payoutOf(userId: string) {
  const [row] = await db()
    .select({ payoutEmail: creatorProfiles.payoutEmail })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, userId));
  return row?.payoutEmail;
}

const userIdOf = async (email: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? "";

/** A shopper who asked to move to a new address (`prefix`), and the link mailed there. */
async function pendingChange(prefix: string, name = "Asha Patel") {
  const a = await register();
  const id = await userIdOf(a.email);
  const next = uniqueEmail(prefix);
  await asUser(a.accessToken, "/api/user/update", {
    name,
    email: next,
    currentPassword: a.password,
  });
  return { a, id, next, token: await linkTokenFor(next) };
}

describe("changing a shopper's email", () => {
  it("refuses a stolen token alone: no password or a wrong one changes nothing and mails nobody", async () => {
    const a = await register();
    const id = await userIdOf(a.email);
    const attacker = uniqueEmail("attacker");

    const none = await asUser(a.accessToken, "/api/user/update", { name: "X", email: attacker });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      success: false,
      code: "current_password_required",
      message: EMAIL_CHANGE_MESSAGES.passwordRequired,
      issues: [{ path: "currentPassword" }],
    });
    const wrong = await asUser(a.accessToken, "/api/user/update", {
      name: "X",
      email: attacker,
      currentPassword: "not the password",
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      success: false,
      code: "wrong_password",
      message: EMAIL_CHANGE_MESSAGES.wrongPassword,
    });

    // Nothing at all happened: not the email, not the name, no pending change, no mail.
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: a.email, name: "Asha Patel" });
    expect(await db().select().from(emailChanges)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    expect((await login(attacker, a.password)).status).toBe(401);
  });

  it("keeps name-only and unchanged-email updates as they were, without a password", async () => {
    const a = await register();
    const res = await asUser(a.accessToken, "/api/user/update", {
      name: "Asha P.",
      email: a.email.toUpperCase(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      user: { _id: expect.any(String), name: "Asha P.", email: a.email, role: "user" },
      message: "Profile updated.",
    });
    expect(await outbox()).toHaveLength(0);
  });

  it("with the password: pending until the link mailed to the new address is opened, notice to the old", async () => {
    const a = await register();
    const id = await userIdOf(a.email);
    const next = uniqueEmail("next");
    const res = await asUser(a.accessToken, "/api/user/update", {
      name: "Asha P.",
      email: next,
      currentPassword: a.password,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      // The name changes now; the answer still shows the old email.
      user: { _id: id, name: "Asha P.", email: a.email, role: "user" },
      message: EMAIL_CHANGE_MESSAGES.pending([next]),
    });
    expect(await emailOf(id)).toBe(a.email);
    expect((await login(a.email, a.password)).status).toBe(200);
    expect((await login(next, a.password)).status).toBe(401);

    const mails = await outbox();
    expect(mails.map((m) => m.to).sort()).toEqual([a.email, next].sort());
    const notice = mails.find((m) => m.to === a.email);
    expect(notice?.text).toContain(next);
    expect(notice?.text).not.toContain("confirm-email");
    const token = await linkTokenFor(next);
    // Only the hash is stored, with a 24-hour expiry.
    const [pending] = await db().select().from(emailChanges);
    expect(pending).toMatchObject({ userId: id, kind: "login", newEmail: next });
    expect(pending?.tokenHash).not.toBe(token);
    const ttl = (pending?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(23 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

    // Opening the link shows a button and changes nothing (mail scanners follow links).
    const page = await confirm(token, "GET");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain(`action="/api/user/confirm-email?token=${token}"`);
    expect(await emailOf(id)).toBe(a.email);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(next);
    expect(await emailOf(id)).toBe(next);
    expect((await login(next, a.password)).status).toBe(200);
    expect((await login(a.email, a.password)).status).toBe(401);

    // Used once: the same link again changes nothing and says so.
    const again = await confirm(token);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("not valid any more");
    expect(await db().select().from(emailChanges)).toHaveLength(0);
  });

  it("ends a pending change when the account's password is reset", async () => {
    const { a, id, token } = await pendingChange("hijack");
    await postJson("/api/user/forgot-password", { email: a.email });
    const reset = /reset-password\?token=([\w-]{43})/.exec(
      (await outbox()).filter((m) => m.to === a.email).at(-1)?.text ?? "",
    )?.[1];
    const res = await postJson("/api/user/reset-password", {
      token: reset,
      password: "a brand new password",
    });
    expect(res.status).toBe(200);

    expect((await confirm(token)).status).toBe(404);
    expect(await emailOf(id)).toBe(a.email);
    expect(await db().select().from(emailChanges)).toHaveLength(0);
  });

  it("answers a garbage, unknown, expired or replaced link clearly, never with a 5xx", async () => {
    const a = await register();
    const id = await userIdOf(a.email);
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    const change = (email: string) =>
      asUser(a.accessToken, "/api/user/update", {
        name: "Asha",
        email,
        currentPassword: a.password,
      });
    expect((await change(first)).status).toBe(200);
    const firstToken = await linkTokenFor(first);
    // A newer request replaces the older: one pending change per account and kind.
    expect((await change(second)).status).toBe(200);
    const secondToken = await linkTokenFor(second);
    expect(await db().select().from(emailChanges)).toHaveLength(1);

    for (const [token, status] of [
      [firstToken, 404],
      ["", 400],
      ["short", 400],
      ["x".repeat(43), 404],
      [`${secondToken}'--`, 400],
      ["%00%ff<script>", 400],
    ] as const) {
      for (const method of ["GET", "POST"]) {
        const res = await confirm(token, method);
        if (method === "POST" || status === 400) expect(res.status).toBe(status);
        expect(res.status).toBeLessThan(500);
        expect(await res.text()).not.toContain("<script>");
      }
    }
    const noQuery = await callWorker("/api/user/confirm-email", { method: "POST" });
    expect(noQuery.status).toBe(400);
    expect(await emailOf(id)).toBe(a.email);

    // Past 24 hours the link has expired; the cron's prune removes it.
    vi.useFakeTimers({ now: Date.now() + 24 * 3600_000 + 60_000, toFake: ["Date"] });
    try {
      const late = await confirm(secondToken);
      expect(late.status).toBe(404);
      expect(await emailOf(id)).toBe(a.email);
      expect(await pruneEmailChanges({ db: db() })).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a taken email at once, and tells clearly when it was taken before the link is opened", async () => {
    const a = await register();
    const b = await register();
    const id = await userIdOf(a.email);
    const taken = await asUser(a.accessToken, "/api/user/update", {
      name: "Asha",
      email: b.email,
      currentPassword: a.password,
    });
    expect(taken.status).toBe(409);

    const wanted = uniqueEmail("wanted");
    await asUser(a.accessToken, "/api/user/update", {
      name: "Asha",
      email: wanted,
      currentPassword: a.password,
    });
    const token = await linkTokenFor(wanted);
    await register({ email: wanted });
    const res = await confirm(token);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("used by another account");
    expect(await emailOf(id)).toBe(a.email);
    // The link is spent: it will not change the address later either.
    expect((await confirm(token)).status).toBe(404);
  });

  it("makes one change of two simultaneous clicks, and two accounts racing for one address get one", async () => {
    const { id, next, token } = await pendingChange("race", "Asha");
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    for (const res of answers) expect(res.status).toBeLessThan(500);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await emailOf(id)).toBe(next);
    expect(await db().select().from(emailChanges)).toHaveLength(0);

    const b = await register();
    const c = await register();
    const shared = uniqueEmail("shared");
    for (const who of [b, c]) {
      const res = await asUser(who.accessToken, "/api/user/update", {
        name: "Same",
        email: shared,
        currentPassword: who.password,
      });
      expect(res.status).toBe(200);
    }
    const mails = (await outbox()).filter((m) => m.to === shared);
    const tokens = mails.map((m) => /token=([\w-]{43})/.exec(m.text)?.[1] ?? "");
    const raced = await Promise.all(tokens.map((t) => confirm(t)));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = await db().select().from(users).where(eq(users.email, shared));
    expect(owners).toHaveLength(1);
  });
});

describe("changing a creator's emails", () => {
  const update = (c: Awaited<ReturnType<typeof creatorSession>>, body: Record<string, unknown>) =>
    asUser(c.accessToken, "/api/user/creator/update", {
      name: c.name,
      email: c.email,
      bio: c.bio,
      socials: c.socials,
      payoutEmail: c.payoutEmail,
      ...body,
    });

  it("refuses a new login or payout email without the right password, changing nothing", async () => {
    const c = await creatorSession();
    const thief = uniqueEmail("thief");
    for (const change of [{ email: thief }, { payoutEmail: thief }, { payoutEmail: "" }]) {
      const none = await update(c, { ...change, bio: "Pwned" });
      expect(none.status).toBe(400);
      expect(await none.json()).toMatchObject({ code: "current_password_required" });
      const wrong = await update(c, { ...change, bio: "Pwned", currentPassword: "guess guess" });
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({ code: "wrong_password" });
    }
    const [profile] = await db().select().from(creatorProfiles);
    expect(profile).toMatchObject({ bio: c.bio, payoutEmail: c.payoutEmail });
    expect(await emailOf(c.userId)).toBe(c.email);
    expect(await outbox()).toHaveLength(0);

    // Other fields still change without a password.
    const ok = await update(c, { bio: "New bio" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      success: true,
      creator: { bio: "New bio", email: c.email, payoutEmail: c.payoutEmail },
      message: "Profile updated.",
    });
  });

  it("confirms a new login and payout email through links to each, with notices to the account's email", async () => {
    const c = await creatorSession();
    const newLogin = uniqueEmail("login");
    const newPayout = uniqueEmail("payout");
    const res = await update(c, {
      name: "Priya S.",
      email: newLogin,
      payoutEmail: newPayout,
      currentPassword: c.password,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      creator: { name: "Priya S.", email: c.email, payoutEmail: c.payoutEmail },
      message: EMAIL_CHANGE_MESSAGES.pending([newLogin, newPayout]),
    });
    const mails = await outbox();
    expect(mails.map((m) => m.to).sort()).toEqual([c.email, c.email, newLogin, newPayout].sort());
    const notices = mails.filter((m) => m.to === c.email).map((m) => m.text);
    expect(notices.some((t) => t.includes(newLogin))).toBe(true);
    expect(notices.some((t) => t.includes(newPayout) && t.includes("payout email"))).toBe(true);

    const payoutToken = await linkTokenFor(newPayout);
    const loginToken = await linkTokenFor(newLogin);
    // Two clicks at once on the payout link: one change.
    const clicks = await Promise.all([confirm(payoutToken), confirm(payoutToken)]);
    for (const click of clicks) expect(click.status).toBeLessThan(500);
    expect(await payoutOf(c.userId)).toBe(newPayout);
    expect(await emailOf(c.userId)).toBe(c.email);
    expect((await confirm(payoutToken)).status).toBe(404);

    expect((await confirm(loginToken)).status).toBe(200);
    expect(await emailOf(c.userId)).toBe(newLogin);
    expect((await login(newLogin, c.password)).status).toBe(200);
    expect((await login(c.email, c.password)).status).toBe(401);
  });

  it("removes the payout email at once with the password, and notices the account's email", async () => {
    const c = await creatorSession();
    const res = await update(c, { payoutEmail: "", currentPassword: c.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      creator: { payoutEmail: "" },
      message: "Profile updated.",
    });
    const mails = await outbox();
    expect(mails.map((m) => m.to)).toEqual([c.email]);
    expect(mails[0]?.text).toContain("removed");
  });

  it("expires a payout link after 24 hours and refuses a taken login email", async () => {
    const c = await creatorSession();
    const other = await register();
    const taken = await update(c, { email: other.email, currentPassword: c.password });
    expect(taken.status).toBe(409);
    const newPayout = uniqueEmail("payout");
    await update(c, { payoutEmail: newPayout, currentPassword: c.password });
    const token = await linkTokenFor(newPayout);
    vi.useFakeTimers({ now: Date.now() + 24 * 3600_000 + 60_000, toFake: ["Date"] });
    try {
      expect((await confirm(token)).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
    expect(await payoutOf(c.userId)).toBe(c.payoutEmail);
  });
});
