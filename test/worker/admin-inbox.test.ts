import { describe, expect, it } from "vitest";
import {
  ADMIN_MESSAGES_PAGE_SIZE,
  type ContactMessageDto,
  type ContactMessageResponse,
  INBOX_MESSAGES,
  type MessageListResponse,
} from "../../worker/contracts/admin-inbox";
import {
  auditLog,
  contactMessages,
  contactReplies,
  newsletterSubscribers,
} from "../../worker/db/schema";
import { brisbaneDate } from "../../worker/lib/brisbane-time";
import { newId } from "../../worker/lib/ids";
import { adminSession, call, creatorSession, register } from "./helpers/accounts";
import { auditEntries, callWorker, db, outbox } from "./helpers/factories";

const MINUTE = 60_000;

/** A contact message as the contact form stores it, `minutesAgo` old. */
async function message(
  overrides: Partial<typeof contactMessages.$inferInsert> = {},
  minutesAgo = 0,
) {
  const row = {
    id: newId(),
    firstName: "Meera",
    lastName: "Iyer",
    email: "meera@example.com",
    phone: "+61 400 123 456",
    message: "Do you ship the large Ganesha idol to Perth?\nIt is a gift.",
    createdAt: new Date(Date.now() - minutesAgo * MINUTE),
    ...overrides,
  };
  await db().insert(contactMessages).values(row);
  return row;
}

const list = async (token: string, query = "") => {
  const res = await call(token, "GET", `/api/admin/messages${query}`);
  expect(res.status).toBe(200);
  return res.json<MessageListResponse>();
};

let tokens = 0;
/** A newsletter row: confirmed or not, unsubscribed or not. */
async function subscriber(email: string, state: { confirmedAt?: Date; unsubscribedAt?: Date }) {
  await db()
    .insert(newsletterSubscribers)
    .values({ id: newId(), email, unsubscribeTokenHash: `hash-${++tokens}-${email}`, ...state });
}

describe("who may use the inbox endpoints", () => {
  it("answers 401 without a token, 403 to a shopper and a creator, 200 to an admin", async () => {
    const msg = await message();
    const [shopper, creator, admin] = [
      await register(),
      await creatorSession(),
      await adminSession(),
    ];
    const endpoints: [string, string, unknown?][] = [
      ["GET", "/api/admin/messages"],
      ["POST", `/api/admin/messages/${msg.id}/reply`, { message: "Hello" }],
      ["POST", `/api/admin/messages/${msg.id}`, { status: "closed" }],
      ["GET", "/api/admin/subscribers.csv"],
    ];
    for (const [method, path, body] of endpoints) {
      const none = await call(undefined, method, path, body);
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(await none.json()).toMatchObject({ success: false, code: "unauthorized" });
      for (const token of [shopper.accessToken, creator.accessToken]) {
        const res = await call(token, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json()).toMatchObject({ success: false, code: "forbidden" });
      }
    }
    // Nothing was written or mailed by those who may not.
    const [row] = await db().select().from(contactMessages);
    expect(row?.status).toBe("new");
    expect(await db().select().from(contactReplies)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);

    for (const [method, path, body] of endpoints) {
      expect((await call(admin.accessToken, method, path, body)).status, `${method} ${path}`).toBe(
        200,
      );
    }
  });
});

describe("GET /api/admin/messages", () => {
  it("lists messages newest first with their replies oldest first, and the total", async () => {
    const admin = await adminSession();
    const older = await message({ firstName: "Asha", email: "asha@example.com" }, 60);
    const newer = await message({ firstName: "Ravi", email: "ravi@example.com", phone: null }, 5);
    await db()
      .insert(contactReplies)
      .values([
        {
          id: newId(),
          messageId: older.id,
          body: "Second reply",
          actorEmail: admin.email,
          createdAt: new Date(Date.now() - 10 * MINUTE),
        },
        {
          id: newId(),
          messageId: older.id,
          body: "First reply",
          actorEmail: admin.email,
          createdAt: new Date(Date.now() - 30 * MINUTE),
        },
      ]);

    const body = await list(admin.accessToken);
    expect(body.success).toBe(true);
    expect(body.total).toBe(2);
    expect(body.messages.map((m) => m._id)).toEqual([newer.id, older.id]);
    expect(body.messages[0]).toEqual<ContactMessageDto>({
      _id: newer.id,
      firstName: "Ravi",
      lastName: "Iyer",
      email: "ravi@example.com",
      phone: null,
      message: newer.message,
      status: "new",
      createdAt: newer.createdAt.toISOString(),
      replies: [],
    });
    expect(body.messages[1]?.replies.map((r) => r.message)).toEqual([
      "First reply",
      "Second reply",
    ]);
    expect(body.messages[1]?.replies[0]?.actorEmail).toBe(admin.email);
  });

  it("filters by status and pages", async () => {
    const admin = await adminSession();
    const closed = await message({ status: "closed" }, 3);
    const replied = await message({ status: "replied" }, 2);
    for (let i = 0; i < ADMIN_MESSAGES_PAGE_SIZE + 1; i++) await message({}, 100 + i);

    const onlyClosed = await list(admin.accessToken, "?status=closed");
    expect(onlyClosed.total).toBe(1);
    expect(onlyClosed.messages.map((m) => m._id)).toEqual([closed.id]);
    const onlyReplied = await list(admin.accessToken, "?status=replied");
    expect(onlyReplied.messages.map((m) => m._id)).toEqual([replied.id]);

    const fresh = await list(admin.accessToken, "?status=new");
    expect(fresh.total).toBe(ADMIN_MESSAGES_PAGE_SIZE + 1);
    expect(fresh.messages).toHaveLength(ADMIN_MESSAGES_PAGE_SIZE);
    const second = await list(admin.accessToken, "?status=new&page=2");
    expect(second.messages).toHaveLength(1);
    expect(second.total).toBe(ADMIN_MESSAGES_PAGE_SIZE + 1);

    const all = await list(admin.accessToken);
    expect(all.total).toBe(ADMIN_MESSAGES_PAGE_SIZE + 3);
    expect(all.messages.slice(0, 2).map((m) => m._id)).toEqual([replied.id, closed.id]);
  });

  it("refuses an unknown status or a bad page with 400", async () => {
    const admin = await adminSession();
    for (const query of ["?status=open", "?page=0", "?page=abc"]) {
      const res = await call(admin.accessToken, "GET", `/api/admin/messages${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_input" });
    }
  });
});

describe("POST /api/admin/messages/:id/reply", () => {
  it("mails the sender the reply with their message quoted, keeps it, marks it replied and audits", async () => {
    const admin = await adminSession();
    const msg = await message();
    const reply = "Namaste Meera,\nYes, we ship to Perth: <b>3-7</b> business days.";
    const res = await call(admin.accessToken, "POST", `/api/admin/messages/${msg.id}/reply`, {
      message: `  ${reply}  `,
    });
    expect(res.status).toBe(200);
    const body = await res.json<ContactMessageResponse>();
    expect(body).toMatchObject({
      success: true,
      message: INBOX_MESSAGES.replySent,
      contactMessage: { _id: msg.id, status: "replied" },
    });
    expect(body.contactMessage.replies).toHaveLength(1);
    expect(body.contactMessage.replies[0]).toMatchObject({
      message: reply,
      actorEmail: admin.email,
    });

    const [mail] = await outbox();
    expect(mail).toMatchObject({
      to: "meera@example.com",
      replyTo: "inbox@localhost.test",
      subject: "Re: your message to Tamra & Tara",
      kind: "transactional",
      // Sent after the response, by the request's waitUntil.
      status: "sent",
    });
    expect(mail?.text).toContain("Hello Meera,");
    expect(mail?.text).toContain(reply);
    expect(mail?.text).toContain(`On ${brisbaneDate(msg.createdAt.getTime())} you wrote:`);
    expect(mail?.text).toContain("> Do you ship the large Ganesha idol to Perth?\n> It is a gift.");
    // The reply comes before the quote.
    expect(mail?.text.indexOf(reply)).toBeLessThan(mail?.text.indexOf("> Do you ship") ?? 0);
    // Typed text is escaped in the HTML mail.
    expect(mail?.html).toContain("&lt;b&gt;3-7&lt;/b&gt;");
    expect(mail?.html).not.toContain("<b>3-7</b>");

    const [stored] = await db().select().from(contactReplies);
    expect(stored).toMatchObject({
      messageId: msg.id,
      body: reply,
      actorId: admin.id,
      actorEmail: admin.email,
    });
    const [row] = await db().select().from(contactMessages);
    expect(row?.status).toBe("replied");

    const [entry, ...more] = await auditEntries(msg.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      entity: "message",
      action: "reply",
      before: { status: "new" },
      after: { status: "replied", replyId: stored?.id, to: "meera@example.com" },
    });
  });

  it("keeps a second reply after the first and mails each", async () => {
    const admin = await adminSession();
    const msg = await message({ status: "closed" });
    const path = `/api/admin/messages/${msg.id}/reply`;
    expect((await call(admin.accessToken, "POST", path, { message: "First" })).status).toBe(200);
    const res = await call(admin.accessToken, "POST", path, { message: "Second" });
    const { contactMessage } = await res.json<ContactMessageResponse>();
    expect(contactMessage.status).toBe("replied");
    expect(contactMessage.replies.map((r) => r.message)).toEqual(["First", "Second"]);
    expect((await outbox()).map((m) => m.to)).toEqual(["meera@example.com", "meera@example.com"]);
    expect((await auditEntries(msg.id)).map((e) => e.before)).toEqual([
      { status: "closed" },
      { status: "replied" },
    ]);
  });

  it("answers 404 for an unknown message and 400 for a bad id or body, writing nothing", async () => {
    const admin = await adminSession();
    const msg = await message();
    const unknown = await call(admin.accessToken, "POST", `/api/admin/messages/${newId()}/reply`, {
      message: "Hello",
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      success: false,
      message: INBOX_MESSAGES.notFound,
      code: "message_not_found",
    });
    const bad: [string, unknown][] = [
      ["not-an-id", { message: "Hello" }],
      [msg.id, {}],
      [msg.id, { message: "   " }],
      [msg.id, { message: "x".repeat(5001) }],
      [msg.id, { message: 42 }],
      [msg.id, { message: "Hello", status: "closed" }],
      [msg.id, ["Hello"]],
    ];
    for (const [id, body] of bad) {
      const res = await call(admin.accessToken, "POST", `/api/admin/messages/${id}/reply`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false });
    }
    expect(await db().select().from(contactReplies)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });
});

describe("POST /api/admin/messages/:id", () => {
  it("sets the status with an audit entry of before and after", async () => {
    const admin = await adminSession();
    const msg = await message();
    const res = await call(admin.accessToken, "POST", `/api/admin/messages/${msg.id}`, {
      status: "closed",
    });
    expect(res.status).toBe(200);
    const body = await res.json<ContactMessageResponse>();
    expect(body).toMatchObject({
      success: true,
      message: "Message marked closed",
      contactMessage: { _id: msg.id, status: "closed", replies: [] },
    });
    const reopened = await call(admin.accessToken, "POST", `/api/admin/messages/${msg.id}`, {
      status: "new",
    });
    expect((await reopened.json<ContactMessageResponse>()).contactMessage.status).toBe("new");

    const [row] = await db().select().from(contactMessages);
    expect(row?.status).toBe("new");
    const entries = await auditEntries(msg.id);
    expect(entries.map((e) => [e.entity, e.action, e.before, e.after])).toEqual([
      ["message", "status", { status: "new" }, { status: "closed" }],
      ["message", "status", { status: "closed" }, { status: "new" }],
    ]);
    expect(entries[0]?.actorId).toBe(admin.id);
    // Setting the status it already has changes nothing and records nothing.
    const same = await call(admin.accessToken, "POST", `/api/admin/messages/${msg.id}`, {
      status: "new",
    });
    expect(same.status).toBe(200);
    expect(await auditEntries(msg.id)).toHaveLength(2);
    expect(await outbox()).toHaveLength(0);
  });

  it("answers 404 for an unknown message and 400 for a bad id or status", async () => {
    const admin = await adminSession();
    const msg = await message();
    const unknown = await call(admin.accessToken, "POST", `/api/admin/messages/${newId()}`, {
      status: "closed",
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      success: false,
      message: INBOX_MESSAGES.notFound,
    });
    const bad: [string, unknown][] = [
      ["123", { status: "closed" }],
      [msg.id, { status: "archived" }],
      [msg.id, {}],
      [msg.id, { status: "closed", extra: true }],
    ];
    for (const [id, body] of bad) {
      const res = await call(admin.accessToken, "POST", `/api/admin/messages/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await db().select().from(contactMessages);
    expect(row?.status).toBe("new");
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });
});

describe("the contact form's notice to the shop", () => {
  it("links to the back-office inbox", async () => {
    const res = await callWorker("/api/contact/submit", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Meera",
        lastName: "Iyer",
        email: "meera@example.com",
        message: "Hello",
      }),
    });
    expect(res.status).toBe(200);
    const [mail] = await outbox();
    expect(mail?.text).toContain("Reply from the back-office: http://localhost:8787/admin/inbox");
    expect(mail?.html).toContain('href="http://localhost:8787/admin/inbox"');
  });
});

describe("GET /api/admin/subscribers.csv", () => {
  it("exports confirmed subscribers who have not unsubscribed, as a CSV download", async () => {
    const admin = await adminSession();
    const confirmed = new Date("2026-08-01T02:00:00.000Z");
    await subscriber("first@example.com", { confirmedAt: confirmed });
    await subscriber("second@example.com", { confirmedAt: new Date("2026-09-15T23:30:00.000Z") });
    await subscriber("pending@example.com", {});
    await subscriber("gone@example.com", {
      confirmedAt: confirmed,
      unsubscribedAt: new Date("2026-09-01T00:00:00.000Z"),
    });
    await subscriber("never-confirmed-gone@example.com", {
      unsubscribedAt: new Date("2026-09-01T00:00:00.000Z"),
    });

    const res = await call(admin.accessToken, "GET", "/api/admin/subscribers.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="subscribers-${brisbaneDate(Date.now())}.csv"`,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toBe(
      "email,confirmed_at\r\n" +
        "first@example.com,2026-08-01T02:00:00.000Z\r\n" +
        "second@example.com,2026-09-15T23:30:00.000Z\r\n",
    );
    // Who took the addresses home, and when: under the admin's account, without the addresses.
    const entries = await auditEntries(admin.id);
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        entity: "account",
        action: "export.subscribers",
        after: { file: `subscribers-${brisbaneDate(Date.now())}.csv`, rows: 2 },
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain("@example.com,");
    expect(JSON.stringify(entries)).not.toContain("first@");
  });

  it("is the header alone when nobody has confirmed", async () => {
    const admin = await adminSession();
    await subscriber("pending@example.com", {});
    const res = await call(admin.accessToken, "GET", "/api/admin/subscribers.csv");
    expect(await res.text()).toBe("email,confirmed_at\r\n");
  });
});
