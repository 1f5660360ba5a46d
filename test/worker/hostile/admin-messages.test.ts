// Hostile input on the back-office's customer care (routes admin/messages, admin/subscribers):
// the inbox, replies, statuses and the subscribers' export; only the admin changes anything.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect } from "vitest";
import {
  ADMIN_MESSAGES_PAGE_SIZE,
  type ContactMessageDto,
  MESSAGE_STATUSES,
} from "../../../worker/contracts/admin-inbox";
import { newsletterSubscribers } from "../../../worker/db/schema";
import { newId } from "../../../worker/lib/ids";
import { parseCsv } from "../helpers/csv";
import { db, postJson } from "../helpers/factories";
import {
  adminEndpoint,
  bodyOf,
  describeEndpoints,
  encoded,
  expectJsonOnly,
  hostileText,
  hostileValue,
  idIn,
  page,
  param,
  query,
  queryOf,
  queryString,
  wellFormed,
  withQuery,
} from "../helpers/hostile";

/** A message id no row has. */
const nowhere = "0".repeat(24);

/** A contact message sent through the form, and a confirmed subscriber whose address is a formula. */
async function given() {
  const contact = await postJson("/api/contact/submit", {
    firstName: "<img src=x onerror=alert(1)>",
    lastName: "'; DROP TABLE contact_messages; --",
    email: "meera@example.com",
    message: "Where is order %_? \u202Egnp.exe",
  });
  expect(contact.status).toBe(200);
  const messageId =
    (await env.DB.prepare("SELECT id FROM contact_messages").first<{ id: string }>())?.id ?? "";
  await db().insert(newsletterSubscribers).values({
    id: newId(),
    email: "=cmd|'/c calc'!a0@example.com",
    unsubscribeTokenHash: newId(),
    confirmedAt: new Date(),
  });
  return { messageId };
}
type Given = Awaited<ReturnType<typeof given>>;

const messagePath =
  (suffix: string) =>
  ({ x }: { x: Given }) =>
    idIn([x.messageId], 5).map((id) => `/api/admin/messages/${id}${suffix}`);
const at = (x: Given, suffix = "") => `/api/admin/messages/${x.messageId}${suffix}`;

describeEndpoints<Given>("hostile input: the back-office's inbox", {
  given,
  endpoints: [
    adminEndpoint({
      name: "GET /api/admin/messages",
      runs: 15,
      method: "GET",
      path: () =>
        withQuery(
          "/api/admin/messages",
          query(
            param(
              "status",
              fc.oneof(
                fc.constantFrom(...MESSAGE_STATUSES, "New", "open", "spam", "all", ""),
                hostileText.map(encoded),
              ),
            ),
            param("page", page),
          ),
        ),
      valid: ({ ex }) => [
        ex("GET", "/api/admin/messages?status=new"),
        ex("GET", "/api/admin/messages?page=0"),
      ],
      refused: () => [["GET", "/api/admin/messages"]],
      never: (a, c) => {
        if (a.status !== 200 || c.method !== "GET") return;
        const messages = a.json?.messages as ContactMessageDto[];
        expect(messages.length).toBeLessThanOrEqual(ADMIN_MESSAGES_PAGE_SIZE);
        expect(a.json?.total).toBeGreaterThanOrEqual(messages.length);
        const status = queryOf(c)?.get("status");
        if (status) for (const m of messages) expect(m.status).toBe(status);
      },
    }),
    adminEndpoint({
      name: "POST /api/admin/messages/:id/reply",
      runs: 15,
      method: "POST",
      path: messagePath("/reply"),
      body: () =>
        fc.record({
          message: fc.oneof(
            {
              weight: 2,
              arbitrary: fc.constantFrom("It ships Monday.", "", "  \n ", "x".repeat(5000)),
            },
            { weight: 1, arbitrary: fc.constant("x".repeat(5001)) },
            { weight: 3, arbitrary: hostileText },
            { weight: 1, arbitrary: hostileValue },
          ),
        }),
      fields: ["message"],
      valid: ({ ex, x }) => [
        ex("POST", at(x, "/reply"), { message: "<b>Monday</b>" }),
        ex("POST", at(x, "/reply"), { message: " \n " }),
        ex("POST", `/api/admin/messages/${nowhere}/reply`, { message: "Hello" }),
      ],
      refused: ({ x }) => [["POST", at(x, "/reply"), { message: "Pwned" }]],
      never: (a, c, { x }) => {
        expectJsonOnly(a, c);
        if (a.status !== 200 || c.method !== "POST") return;
        const m = a.json?.contactMessage as ContactMessageDto;
        expect(m._id).toBe(x.messageId);
        expect(m.status).toBe("replied");
        const reply = String(bodyOf(c).message).trim();
        if (wellFormed(reply) === reply) expect(m.replies.at(-1)?.message).toBe(reply);
      },
      reaches: [200, 400, 401, 403, 404],
    }),
    adminEndpoint({
      name: "POST /api/admin/messages/:id",
      runs: 15,
      method: "POST",
      path: messagePath(""),
      body: () =>
        fc.record({
          status: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...MESSAGE_STATUSES) },
            {
              weight: 2,
              arbitrary: fc.constantFrom("New", "REPLIED", "open", "deleted", " closed", ""),
            },
            { weight: 1, arbitrary: hostileValue },
          ),
        }),
      fields: ["status"],
      valid: ({ ex, x }) => [
        ex("POST", at(x), { status: "closed" }),
        ex("POST", at(x), { status: "open" }),
        ex("POST", `/api/admin/messages/${nowhere}`, { status: "new" }),
      ],
      refused: ({ x }) => [["POST", at(x), { status: "new" }]],
      never: (a, c, { x }) => {
        expectJsonOnly(a, c);
        if (a.status !== 200 || c.method !== "POST") return;
        const m = a.json?.contactMessage as ContactMessageDto;
        expect(m._id).toBe(x.messageId);
        expect(m.status).toBe(bodyOf(c).status);
      },
      reaches: [200, 400, 401, 403, 404],
    }),
    adminEndpoint({
      name: "GET /api/admin/subscribers.csv",
      runs: 10,
      method: "GET",
      downloads: true,
      path: () =>
        fc
          .tuple(
            fc.constantFrom(
              "/api/admin/subscribers.csv",
              "/api/admin/subscribers.csv",
              "/api/admin/subscribers.CSV",
              "/api/admin/subscribers",
              "/api/admin/subscribers.csv/",
            ),
            fc.option(queryString, { freq: 3, nil: undefined }),
          )
          .map(([path, q]) => (q === undefined ? path : `${path}?${q}`)),
      valid: ({ ex }) => [ex("GET", "/api/admin/subscribers.csv")],
      refused: () => [["GET", "/api/admin/subscribers.csv"]],
      never: (a, c) => {
        if (a.status !== 200 || c.method !== "GET") return;
        const rows = parseCsv(a.text);
        expect(rows[0]).toEqual(["email", "confirmed_at"]);
        expect(rows.map((r) => r[0])).toContain("'=cmd|'/c calc'!a0@example.com");
      },
    }),
  ],
});
