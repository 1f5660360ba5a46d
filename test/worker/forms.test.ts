import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "../../worker/contracts/contact";
import { NEWSLETTER_MESSAGES } from "../../worker/contracts/newsletter";
import { contactMessages, newsletterSubscribers } from "../../worker/db/schema";
import { LIMITS } from "../../worker/modules/limits/rate-limit";
import { newsletterWelcomeEmail } from "../../worker/modules/mail/templates";
import { callWorker, db, ORIGIN, outbox, postJson } from "./helpers/factories";

const subscribe = (email: unknown, ip?: string) =>
  callWorker("/api/newsletter/subscribe", {
    method: "POST",
    headers: { "content-type": "application/json", ...(ip ? { "cf-connecting-ip": ip } : {}) },
    body: JSON.stringify({ email }),
  });

const ACCEPTED = { success: true, message: NEWSLETTER_MESSAGES.success, confirm: true };
const CONFIRM_SUBJECT = "Confirm your Tamra & Tara newsletter subscription";
const WELCOME_SUBJECT = "Welcome to Tamra & Tara";

/** The path of the last link of `kind` mailed to `to`. */
async function mailedLink(to: string, kind: "confirm" | "unsubscribe") {
  const pattern = new RegExp(`http://localhost:8787(/api/newsletter/${kind}\\?token=[\\w-]+)`);
  const links = (await outbox())
    .filter((m) => m.to === to)
    .map((m) => pattern.exec(m.text)?.[1])
    .filter(Boolean);
  const link = links.at(-1);
  expect(link, `a ${kind} link mailed to ${to}`).toBeDefined();
  return link ?? "";
}

const subscriber = async (email: string) =>
  (
    await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
  )[0];

/** Moves the last confirmation mail to `email` back in time, as if `ms` had passed. */
const ageConfirmation = (email: string, ms: number) =>
  db()
    .update(newsletterSubscribers)
    .set({ confirmSentAt: new Date(Date.now() - ms) })
    .where(eq(newsletterSubscribers.email, email));

const HOUR = 3_600_000;

/** The form the confirmation page shows: its action, with the token (null when there is none). */
async function confirmForm(page: Response): Promise<string | null> {
  const action =
    /<form method="post" action="([^"]+)"><button type="submit">Confirm my subscription<\/button><\/form>/.exec(
      await page.text(),
    )?.[1];
  return action?.replaceAll("&amp;", "&") ?? null;
}

/** Opens a confirmation link as a person does: the page it shows, then its button's POST. */
async function press(link: string): Promise<Response> {
  const page = await callWorker(link);
  expect(page.status).toBe(200);
  const action = await confirmForm(page);
  const token = new URL(link, ORIGIN).searchParams.get("token");
  expect(action, "a button that confirms").toBe(`/api/newsletter/confirm?token=${token}`);
  return callWorker(action ?? "", { method: "POST" });
}

/** Signs `email` up and confirms through the link in the confirmation mail. */
async function subscribeAndConfirm(email: string) {
  expect((await subscribe(email)).status).toBe(200);
  const res = await press(await mailedLink(email, "confirm"));
  expect(res.status).toBe(200);
}

describe("POST /api/newsletter/subscribe (double opt-in)", () => {
  it("stores the address, normalised, unconfirmed, and mails only a confirmation link", async () => {
    const res = await subscribe("  Asha.Patel@Example.COM ");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(ACCEPTED);

    const row = await subscriber("asha.patel@example.com");
    expect(row?.confirmedAt).toBeNull();
    expect(row?.unsubscribedAt).toBeNull();

    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "asha.patel@example.com",
      subject: CONFIRM_SUBJECT,
      status: "sent",
    });
    // Plain: no welcome, no unsubscribe link, nothing to sell.
    expect(mails.map((m) => m.subject)).not.toContain(WELCOME_SUBJECT);
    const link = await mailedLink("asha.patel@example.com", "confirm");
    expect(mails[0]?.html).toContain(link);
    // The token is never stored in the clear.
    const token = link.split("=")[1] ?? "";
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("subscribes on confirmation and only then mails the welcome, with the shop and an unsubscribe", async () => {
    await subscribe("asha@example.com");
    const confirm = await press(await mailedLink("asha@example.com", "confirm"));
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get("content-type")).toContain("text/html");
    expect(await confirm.text()).toContain("you are subscribed");
    expect((await subscriber("asha@example.com"))?.confirmedAt).toBeInstanceOf(Date);

    const welcome = (await outbox()).filter((m) => m.subject === WELCOME_SUBJECT);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.to).toBe("asha@example.com");
    // The shop is identified, in the text and in the HTML.
    expect(welcome[0]?.text).toContain("Tamra & Tara · Brisbane, Queensland, Australia");
    expect(welcome[0]?.html).toContain("Brisbane, Queensland, Australia");
    const unsubscribe = await mailedLink("asha@example.com", "unsubscribe");
    expect(welcome[0]?.html).toContain(unsubscribe);

    // Following the confirmation link again says so, and mails nothing more.
    const again = await press(await mailedLink("asha@example.com", "confirm"));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("already confirmed");
    expect((await outbox()).filter((m) => m.subject === WELCOME_SUBJECT)).toHaveLength(1);

    // The unsubscribe link works, also as a mail client's one-click POST.
    const unsub = await callWorker(unsubscribe, { method: "POST" });
    expect(unsub.status).toBe(200);
    expect(await unsub.text()).toContain("You are unsubscribed");
    expect((await subscriber("asha@example.com"))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("writes the welcome with List-Unsubscribe headers for mail clients' one-click", () => {
    const mail = newsletterWelcomeEmail(
      "a@example.com",
      `${ORIGIN}/api/newsletter/unsubscribe?token=t`,
    );
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${ORIGIN}/api/newsletter/unsubscribe?token=t>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("mails at most one confirmation per address a day, answering the same", async () => {
    await subscribe("ravi@example.com");
    const first = await mailedLink("ravi@example.com", "confirm");
    for (const email of ["ravi@example.com", "RAVI@example.com "]) {
      const res = await subscribe(email);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(ACCEPTED);
    }
    expect(await outbox()).toHaveLength(1);

    // A day later a new link goes out, and the old one no longer subscribes.
    await ageConfirmation("ravi@example.com", 24 * HOUR + 1000);
    expect((await subscribe("ravi@example.com")).status).toBe(200);
    expect(await outbox()).toHaveLength(2);
    const second = await mailedLink("ravi@example.com", "confirm");
    expect(second).not.toBe(first);
    expect((await press(first)).status).toBe(404);
    expect((await subscriber("ravi@example.com"))?.confirmedAt).toBeNull();
    expect((await press(second)).status).toBe(200);
    expect((await subscriber("ravi@example.com"))?.confirmedAt).toBeInstanceOf(Date);
  });

  it("answers 400 'Email already subscribed!' only for a confirmed subscriber, in any case", async () => {
    await subscribeAndConfirm("meena@example.com");
    const res = await subscribe("MEENA@example.com");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: NEWSLETTER_MESSAGES.duplicate,
      code: "already_subscribed",
    });
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(1);
    expect((await outbox()).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT, WELCOME_SUBJECT]);
  });

  it("mails one confirmation for two simultaneous sign-ups of one email", async () => {
    const answers = await Promise.all([
      subscribe("twin@example.com"),
      subscribe("twin@example.com"),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await outbox()).toHaveLength(1);
  });

  it("asks an address that unsubscribed to confirm again before it is subscribed", async () => {
    await subscribeAndConfirm("back@example.com");
    const oldConfirm = await mailedLink("back@example.com", "confirm");
    await callWorker(await mailedLink("back@example.com", "unsubscribe"));

    // The old confirmation link cannot undo the unsubscribe.
    const stale = await press(oldConfirm);
    expect(stale.status).toBe(410);
    expect(await stale.text()).toContain("unsubscribed");
    expect((await subscriber("back@example.com"))?.unsubscribedAt).toBeInstanceOf(Date);

    await ageConfirmation("back@example.com", 24 * HOUR + 1000);
    const res = await subscribe("back@example.com");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(ACCEPTED);
    const row = await subscriber("back@example.com");
    expect(row?.confirmedAt).toBeNull();
    expect((await outbox()).map((m) => m.subject)).toEqual([
      CONFIRM_SUBJECT,
      WELCOME_SUBJECT,
      CONFIRM_SUBJECT,
    ]);
    expect((await press(oldConfirm)).status).toBe(404);
    expect((await press(await mailedLink("back@example.com", "confirm"))).status).toBe(200);
    expect((await subscriber("back@example.com"))?.confirmedAt).toBeInstanceOf(Date);
    expect((await outbox()).filter((m) => m.subject === WELCOME_SUBJECT)).toHaveLength(2);
  });

  it.each([
    [{}, "Please enter your email address"],
    [{ email: "" }, "Please enter your email address"],
    [{ email: "   " }, "Please enter your email address"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "Email must be at most 254 characters"],
    [{ email: 42 }, "Please enter your email address"],
    [{ email: ["a@example.com"] }, "Please enter your email address"],
  ])("rejects %o with 400 and a clear message", async (body, message) => {
    const res = await postJson("/api/newsletter/subscribe", body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message, code: "invalid_input" });
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it("rejects malformed JSON with 400 in the error shape", async () => {
    const res = await callWorker("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("refuses invalid and unknown unsubscribe tokens without a 500", async () => {
    expect((await callWorker("/api/newsletter/unsubscribe")).status).toBe(400);
    expect((await callWorker("/api/newsletter/unsubscribe?token=abc")).status).toBe(400);
    expect((await callWorker(`/api/newsletter/unsubscribe?token=${"a".repeat(43)}`)).status).toBe(
      404,
    );
  });
});

describe("the newsletter confirmation link", () => {
  it("subscribes nobody when only fetched (a mail scanner's GET or HEAD), only when its button is pressed", async () => {
    await subscribe("scanned@example.com");
    const link = await mailedLink("scanned@example.com", "confirm");
    const fetched = [
      await callWorker(link),
      await callWorker(link, { method: "HEAD" }),
      await callWorker(link, { headers: { "user-agent": "Mozilla/5.0 (compatible; SafeLinks)" } }),
      await callWorker(`${link}&utm_source=scanner`),
    ];
    expect(fetched.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(fetched[1]?.body).toBeNull();
    for (const page of [fetched[0], fetched[2], fetched[3]]) {
      expect(page?.headers.get("content-type")).toContain("text/html");
      expect(page?.headers.get("cache-control")).toBe("no-store");
      // The button POSTs this very token, and nothing else.
      expect(await confirmForm(page as Response)).toBe(link);
    }
    expect((await subscriber("scanned@example.com"))?.confirmedAt).toBeNull();
    expect((await outbox()).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);

    const pressed = await callWorker(link, { method: "POST" });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain("you are subscribed");
    expect((await subscriber("scanned@example.com"))?.confirmedAt).toBeInstanceOf(Date);
    expect((await outbox()).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT, WELCOME_SUBJECT]);
  });

  it.each([
    "",
    "?token=",
    "?token=abc",
    "?token=%00%ZZ",
    `?token=${"a".repeat(44)}`,
    `?token=${"a".repeat(42)}%3C`,
  ])("answers %j with a clear 400 page, fetched or pressed", async (query) => {
    for (const method of ["GET", "POST"]) {
      const res = await callWorker(`/api/newsletter/confirm${query}`, { method });
      expect(res.status, method).toBe(400);
      expect(res.headers.get("content-type")).toContain("text/html");
      const text = await res.text();
      expect(text).toContain("not valid");
      expect(text).not.toContain("<form");
    }
    expect(await outbox()).toHaveLength(0);
  });

  it.each([`?token=${"a".repeat(43)}`, `?token=${"a".repeat(43)}&token=${"b".repeat(43)}`])(
    "answers the press of an unknown %j with a clear 404 page",
    async (query) => {
      const res = await press(`/api/newsletter/confirm${query}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("not valid any more");
      expect(await outbox()).toHaveLength(0);
    },
  );

  it("refuses a link older than 7 days, and subscribes nobody", async () => {
    await subscribe("late@example.com");
    await ageConfirmation("late@example.com", 7 * 24 * HOUR + 1000);
    const res = await press(await mailedLink("late@example.com", "confirm"));
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("expired");
    expect((await subscriber("late@example.com"))?.confirmedAt).toBeNull();
    expect((await outbox()).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
  });

  it("confirms once when the button is pressed twice at the same time", async () => {
    await subscribe("quick@example.com");
    const link = await mailedLink("quick@example.com", "confirm");
    const pressed = { method: "POST" };
    const answers = await Promise.all([callWorker(link, pressed), callWorker(link, pressed)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await outbox()).filter((m) => m.subject === WELCOME_SUBJECT)).toHaveLength(1);
  });
});

const contact = {
  firstName: "Meera",
  lastName: "Iyer",
  email: "Meera@Example.com",
  phone: "+61 400 123 456",
  message: "Do you ship the large Ganesha idol to Perth? <b>Thanks</b>",
};

describe("POST /api/contact/submit", () => {
  it("stores the message and notifies the shop's inbox with the sender's details", async () => {
    const res = await postJson("/api/contact/submit", contact);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: CONTACT_MESSAGES.success });

    const [row] = await db().select().from(contactMessages);
    expect(row).toMatchObject({
      firstName: "Meera",
      email: "meera@example.com",
      phone: "+61 400 123 456",
    });

    const [mail] = await outbox();
    expect(mail?.to).toBe("inbox@localhost.test");
    expect(mail?.subject).toBe("Contact form: Meera Iyer");
    expect(mail?.text).toContain("From: Meera Iyer <meera@example.com>");
    expect(mail?.text).toContain("+61 400 123 456");
    expect(mail?.text).toContain("ship the large Ganesha idol");
    // What a visitor typed is escaped in the HTML mail.
    expect(mail?.html).toContain("&lt;b&gt;Thanks&lt;/b&gt;");
    expect(mail?.html).not.toContain("<b>Thanks</b>");
  });

  it("accepts a message without a phone", async () => {
    const { phone: _phone, ...withoutPhone } = contact;
    expect((await postJson("/api/contact/submit", withoutPhone)).status).toBe(200);
    const [row] = await db().select().from(contactMessages);
    expect(row?.phone).toBeNull();
  });

  it.each([
    ["firstName", { firstName: "" }, "First name is required"],
    ["lastName", { lastName: "   " }, "Last name is required"],
    ["email", { email: "meera" }, "Please enter a valid email address"],
    ["message", { message: "" }, "Message is required"],
    ["message", { message: "x".repeat(5001) }, "Message must be at most 5000 characters"],
    ["firstName", { firstName: "x".repeat(101) }, "First name must be at most 100 characters"],
    ["phone", { phone: "<script>" }, "Phone may contain only digits, spaces and + ( ) - ."],
    ["firstName", { firstName: { $ne: 1 } }, "First name is required"],
  ])("rejects a bad %s with 400 and writes nothing", async (path, patch, message) => {
    const res = await postJson("/api/contact/submit", { ...contact, ...patch });
    expect(res.status).toBe(400);
    const body = await res.json<{ message: string; issues: { path: string }[] }>();
    expect(body.message).toBe(message);
    expect(body.issues[0]?.path).toBe(path);
    expect(await db().select().from(contactMessages)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });
});

describe("development mailbox", () => {
  it("is 404 in the error shape outside development", async () => {
    await subscribe("dev@example.com");
    for (const path of ["/api/dev/outbox", "/dev/mailbox"]) {
      const res = await callWorker(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ success: false });
    }
    expect(
      (await callWorker("/api/dev/outbox", undefined, { ENVIRONMENT: "production" })).status,
    ).toBe(404);
  });

  it("lists the outbox newest first as JSON and as a page in development", async () => {
    await subscribe("first@example.com");
    await postJson("/api/contact/submit", contact);
    const dev = { ENVIRONMENT: "development" };
    const res = await callWorker("/api/dev/outbox", undefined, dev);
    expect(res.status).toBe(200);
    const { emails } = await res.json<{ emails: Record<string, string>[] }>();
    expect(emails.map((e) => e.subject)).toEqual(["Contact form: Meera Iyer", CONFIRM_SUBJECT]);
    expect(Object.keys(emails[0] ?? {})).toEqual(
      expect.arrayContaining(["to", "subject", "text", "html", "createdAt"]),
    );
    const page = await callWorker("/dev/mailbox", undefined, dev);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Development mailbox");
    expect(html).toMatch(/<a href="http:\/\/localhost:8787\/api\/newsletter\/confirm\?token=/);
    // Subjects and bodies are escaped on the page.
    expect(html).toContain("&lt;b&gt;Thanks&lt;/b&gt;");
  });
});

describe("unsubscribe tokens", () => {
  it("are single-purpose: one subscriber's token does not touch another", async () => {
    await subscribeAndConfirm("one@example.com");
    await subscribeAndConfirm("two@example.com");
    await callWorker(await mailedLink("one@example.com", "unsubscribe"));
    const two = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "two@example.com"));
    expect(two[0]?.unsubscribedAt).toBeNull();
  });
});

/** A 429 in the one error shape, with a Retry-After. */
async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await res.json()).toMatchObject({ success: false, code: "rate_limited" });
}

describe("newsletter and contact rate limits", () => {
  const sendContact = (ip: string, email: string) =>
    callWorker("/api/contact/submit", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": ip },
      body: JSON.stringify({ ...contact, email }),
    });

  it("limits newsletter sign-ups per client, leaving other clients alone", async () => {
    const { max } = LIMITS.newsletterPerIp;
    // Every address in one IPv6 /64 is one client.
    for (let i = 0; i < max; i++)
      expect((await subscribe(`n${i}@example.com`, `2001:db8:1:2::${i + 1}`)).status).toBe(200);
    await expectLimited(await subscribe("one-more@example.com", "2001:db8:1:2::ff"));
    expect(await subscriber("one-more@example.com")).toBeUndefined();
    expect(await outbox()).toHaveLength(max);
    expect((await subscribe("one-more@example.com", "2001:db8:1:3::1")).status).toBe(200);
    expect((await subscribe("other@example.com", "203.0.113.8")).status).toBe(200);
  });

  it("limits sign-ups per address across clients, leaving other addresses alone", async () => {
    const { max } = LIMITS.newsletterPerAddress;
    for (let i = 0; i < max; i++)
      expect((await subscribe("target@example.com", `198.51.100.${i + 1}`)).status).toBe(200);
    await expectLimited(await subscribe("TARGET@example.com", "198.51.100.200"));
    expect((await subscribe("someone@example.com", "198.51.100.200")).status).toBe(200);
  });

  it("limits contact messages per client, leaving other clients alone", async () => {
    const { max } = LIMITS.contactPerIp;
    for (let i = 0; i < max; i++)
      expect((await sendContact("203.0.113.9", `c${i}@example.com`)).status).toBe(200);
    await expectLimited(await sendContact("203.0.113.9", "c-more@example.com"));
    expect(await db().select().from(contactMessages)).toHaveLength(max);
    expect(await outbox()).toHaveLength(max);
    expect((await sendContact("203.0.113.10", "c-more@example.com")).status).toBe(200);
  });

  it("limits contact messages per address across clients, leaving other addresses alone", async () => {
    const { max } = LIMITS.contactPerAddress;
    for (let i = 0; i < max; i++)
      expect((await sendContact(`192.0.2.${i + 1}`, "spam@example.com")).status).toBe(200);
    await expectLimited(await sendContact("192.0.2.200", "Spam@Example.com"));
    expect((await sendContact("192.0.2.200", "ham@example.com")).status).toBe(200);
  });
});
