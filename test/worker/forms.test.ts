import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "../../worker/contracts/contact";
import { NEWSLETTER_MESSAGES } from "../../worker/contracts/newsletter";
import { contactMessages, newsletterSubscribers } from "../../worker/db/schema";
import { callWorker, db, outbox, postJson } from "./helpers/factories";

const subscribe = (email: unknown) => postJson("/api/newsletter/subscribe", { email });

describe("POST /api/newsletter/subscribe", () => {
  it("stores the subscriber, normalised, and mails a welcome with a working unsubscribe link", async () => {
    const res = await subscribe("  Asha.Patel@Example.COM ");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: NEWSLETTER_MESSAGES.success });

    const [row] = await db().select().from(newsletterSubscribers);
    expect(row?.email).toBe("asha.patel@example.com");
    expect(row?.unsubscribedAt).toBeNull();

    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "asha.patel@example.com",
      subject: "Welcome to Tamra & Tara",
      status: "sent",
    });
    const link = /http:\/\/localhost:8787(\/api\/newsletter\/unsubscribe\?token=[\w-]+)/.exec(
      mails[0]?.text ?? "",
    );
    expect(link?.[1]).toBeDefined();
    expect(mails[0]?.html).toContain(link?.[1]);
    // The token is never stored in the clear.
    expect(row?.unsubscribeTokenHash).not.toContain(link?.[1]?.split("=")[1]);

    const unsub = await callWorker(link?.[1] ?? "");
    expect(unsub.status).toBe(200);
    expect(await unsub.text()).toContain("You are unsubscribed");
    const [after] = await db().select().from(newsletterSubscribers);
    expect(after?.unsubscribedAt).toBeInstanceOf(Date);

    // Subscribing again after unsubscribing is welcome.
    expect((await subscribe("asha.patel@example.com")).status).toBe(200);
  });

  it("answers 400 'Email already subscribed!' for an existing email, in any case", async () => {
    await subscribe("ravi@example.com");
    const res = await subscribe("RAVI@example.com");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: NEWSLETTER_MESSAGES.duplicate,
      code: "already_subscribed",
    });
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
  });

  it("lets exactly one of two simultaneous sign-ups of one email through", async () => {
    const answers = await Promise.all([
      subscribe("twin@example.com"),
      subscribe("twin@example.com"),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
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
    expect(emails.map((e) => e.subject)).toEqual([
      "Contact form: Meera Iyer",
      "Welcome to Tamra & Tara",
    ]);
    expect(Object.keys(emails[0] ?? {})).toEqual(
      expect.arrayContaining(["to", "subject", "text", "html", "createdAt"]),
    );
    const page = await callWorker("/dev/mailbox", undefined, dev);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Development mailbox");
    expect(html).toMatch(/<a href="http:\/\/localhost:8787\/api\/newsletter\/unsubscribe\?token=/);
    // Subjects and bodies are escaped on the page.
    expect(html).toContain("&lt;b&gt;Thanks&lt;/b&gt;");
  });
});

describe("unsubscribe tokens", () => {
  it("are single-purpose: one subscriber's token does not touch another", async () => {
    await subscribe("one@example.com");
    await subscribe("two@example.com");
    const [mail] = await outbox();
    const path = /\/api\/newsletter\/unsubscribe\?token=[\w-]+/.exec(mail?.text ?? "")?.[0] ?? "";
    await callWorker(path);
    const two = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "two@example.com"));
    expect(two[0]?.unsubscribedAt).toBeNull();
  });
});
