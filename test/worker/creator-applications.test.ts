// Creator applications and terms: a new creator is pending and their code
// and link work nowhere until the owner approves; rejected and suspended creators likewise;
// the owner's decisions mail the creator and are audited; terms per creator apply to the next
// order. Orders are real: checked out, paid in the Stripe sandbox, webhook delivered.
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import type { CreatorDto } from "../../worker/contracts/account";
import {
  ADMIN_CREATORS_PAGE_SIZE,
  type AdminCreatorDto,
  type AdminCreatorListResponse,
  CREATOR_ADMIN_MESSAGES,
  type CreatorStatus,
} from "../../worker/contracts/admin-creators";
import {
  affiliateClicks,
  auditLog,
  commissions,
  creatorProfiles,
  emailOutbox,
  orders,
} from "../../worker/db/schema";
import { newId } from "../../worker/lib/ids";
import {
  adminSession,
  asUser,
  call,
  creatorSession,
  pendingCreator,
  register,
  setCreatorStatus,
} from "./helpers/accounts";
import {
  address,
  deliverCompleted,
  openSession,
  paidOrder,
  pay,
  sessionIdOf,
  startCheckout,
} from "./helpers/checkout";
import {
  auditEntries,
  callWorker,
  createCategory,
  createProduct,
  db,
  mailsTo,
  postJson,
} from "./helpers/factories";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

const decide = (token: string, id: string, body: Record<string, unknown>) =>
  call(token, "POST", `/api/admin/creators/${id}`, body);

async function list(token: string, query = "") {
  const res = await call(token, "GET", `/api/admin/creators${query}`);
  expect(res.status).toBe(200);
  return res.json<AdminCreatorListResponse>();
}

const me = async (token: string) =>
  (
    await (
      await asUser(token, "/api/user/creator/me", undefined, "GET")
    ).json<{ creator: CreatorDto }>()
  ).creator;

const validateCode = async (code: string) =>
  (await postJson("/api/user/validate-affiliate", { code })).json<{
    success: boolean;
    valid: boolean;
    message: string;
    discount?: number;
  }>();

const click = (code: string) =>
  callWorker(`/r/${code}`, {
    headers: { "cf-connecting-ip": "203.0.113.7", "user-agent": BROWSER },
    redirect: "manual",
  });

async function product() {
  const cat = await createCategory();
  return createProduct(cat.id, { finalPriceCents: 3995 });
}

const items = (productId: string) => [{ _id: productId, quantity: 2 }];

/** A checkout through a creator link (the referral cookie), paid and delivered. */
async function paidThroughLink(code: string, productId: string) {
  const res = await callWorker("/api/order/createStripeSession", {
    method: "POST",
    headers: { "content-type": "application/json", Cookie: `tt_ref=${code}` },
    body: JSON.stringify({ items: items(productId), address: address(), amount: 0, tax: 0 }),
  });
  expect(res.status).toBe(200);
  const { session_url } = await res.json<{ session_url: string }>();
  expect((await pay(session_url)).status).toBe(303);
  const sessionId = sessionIdOf(session_url);
  await deliverCompleted(sessionId);
  return orderOf(sessionId);
}

async function orderOf(sessionId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.stripeSessionId, sessionId));
  if (!row) throw new Error(`no order for ${sessionId}`);
  return row;
}

/** A typed-code checkout, paid and delivered. */
async function paidWithCode(code: string, productId: string) {
  const { session } = await paidOrder({ items: items(productId), affiliateCode: code });
  return orderOf(session.id);
}

const commissionOf = async (orderId: string) =>
  (await db().select().from(commissions).where(eq(commissions.orderId, orderId)))[0];

const creatorAudit = (id: string) => auditEntries(id, { entity: "creator" });

/** Everything a non-approved creator's code must not do, with one message whatever the status. */
async function expectCodeDead(code: string) {
  expect(await validateCode(code)).toEqual({
    success: true,
    valid: false,
    message: CREATOR_ADMIN_MESSAGES.pendingCode,
  });
  const res = await click(code);
  expect(res.status).toBe(302);
  expect(res.headers.get("set-cookie") ?? "").not.toContain("tt_ref");
  const p = await product();
  const typed = await startCheckout({ items: items(p.id), affiliateCode: code });
  expect(typed.status).toBe(400);
  expect(await typed.json()).toMatchObject({
    success: false,
    code: "inactive_affiliate_code",
    message: CREATOR_ADMIN_MESSAGES.pendingCode,
  });
  return p;
}

describe("a creator's application", () => {
  it("is pending at sign-up: the creator sees it, and the code, link and checkout give nothing", async () => {
    const c = await pendingCreator();
    const [profile] = await db()
      .select()
      .from(creatorProfiles)
      .where(eq(creatorProfiles.userId, c.userId));
    expect(profile).toMatchObject({ status: "pending", statusNote: "" });
    expect(profile?.statusChangedAt).toBeInstanceOf(Date);
    expect(await me(c.accessToken)).toMatchObject({
      status: "pending",
      statusNote: "",
      affiliateCode: c.code,
    });

    const p = await expectCodeDead(c.code);
    expect(await db().select().from(affiliateClicks)).toHaveLength(0);
    // The typed checkout was refused before any order existed.
    expect(await db().select().from(orders)).toHaveLength(0);
    // Through a cookie from before (or made by hand): taken, without discount or attribution.
    const order = await paidThroughLink(c.code, p.id);
    expect(order).toMatchObject({ creatorId: null, affiliateCode: null, discountCents: 0 });
    expect(order.paidAt).not.toBeNull();
    expect(await db().select().from(commissions)).toHaveLength(0);
    expect((await me(c.accessToken)).stats.clicks).toBe(0);
  });

  it("once approved by the owner mails the creator their code and link, is audited, and works", async () => {
    const c = await pendingCreator();
    const admin = await adminSession();
    const res = await decide(admin.accessToken, c.userId, { status: "approved", note: "Welcome!" });
    expect(res.status).toBe(200);
    const { creator } = await res.json<{ success: true; creator: AdminCreatorDto }>();
    expect(creator).toMatchObject({
      _id: c.userId,
      email: c.email,
      affiliateCode: c.code,
      status: "approved",
      statusNote: "Welcome!",
      commissionRate: 10,
      discount: 10,
      orders: 0,
      earned: 0,
    });

    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: "sent", kind: "transactional" });
    expect(mails[0]?.text).toContain(c.code);
    expect(mails[0]?.text).toContain(`http://localhost:8787/r/${c.code}`);
    expect(mails[0]?.text).toContain("http://localhost:8787/creator-profile");
    expect(mails[0]?.text).toContain("Welcome!");
    expect(mails[0]?.html).toContain(`http://localhost:8787/r/${c.code}`);

    const audit = await creatorAudit(c.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "status",
      before: { status: "pending", note: "" },
      after: { status: "approved", note: "Welcome!" },
    });

    expect(await me(c.accessToken)).toMatchObject({ status: "approved", statusNote: "Welcome!" });
    expect(await validateCode(c.code)).toMatchObject({ valid: true, discount: 10 });
    const link = await click(c.code);
    expect(link.headers.get("set-cookie")).toContain(`tt_ref=${c.code};`);
    expect(await db().select().from(affiliateClicks)).toHaveLength(1);
    const p = await product();
    const typed = await paidWithCode(c.code, p.id);
    expect(typed).toMatchObject({ creatorId: c.userId, discountCents: 1000 });
    expect(await commissionOf(typed.id)).toMatchObject({ creatorId: c.userId, amountCents: 699 });
    const linked = await paidThroughLink(c.code, p.id);
    expect(linked).toMatchObject({ creatorId: c.userId, attribution: "link" });
    expect(await commissionOf(linked.id)).toMatchObject({ creatorId: c.userId });

    const [row] = (await list(admin.accessToken, `?q=${c.code}`)).creators;
    expect(row).toMatchObject({ orders: 2, earned: 13.98 });
  });

  it("refuses rejected and suspended creators' codes and links with the pending code's message", async () => {
    const admin = await adminSession();
    /** The owner decides with a note; the one mail the creator gets carries it, and is returned. */
    const decideWithNote = async (
      c: { userId: string; email: string },
      status: string,
      note: string,
    ) => {
      expect((await decide(admin.accessToken, c.userId, { status, note })).status).toBe(200);
      const [mail] = await mailsTo(c.email);
      expect(mail?.text).toContain(note);
      return mail;
    };
    const rejected = await pendingCreator({ name: "Rhea Rao" });
    const rejection = await decideWithNote(rejected, "rejected", "Not a fit for our shop.");
    expect(rejection?.text).not.toContain(`/r/${rejected.code}`);
    expect(await me(rejected.accessToken)).toMatchObject({
      status: "rejected",
      statusNote: "Not a fit for our shop.",
    });
    await expectCodeDead(rejected.code);

    const suspended = await creatorSession({ name: "Sana Iqbal" });
    const suspension = await decideWithNote(suspended, "suspended", "Coupon sites.");
    expect(suspension?.subject).toContain("suspended");
    await expectCodeDead(suspended.code);

    expect(await db().select().from(affiliateClicks)).toHaveLength(0);
    expect(await db().select().from(orders)).toHaveLength(0);

    // Approved again: the code works again and the creator is told so.
    expect((await decide(admin.accessToken, suspended.userId, { status: "approved" })).status).toBe(
      200,
    );
    const mails = await mailsTo(suspended.email);
    expect(mails.map((m) => m.subject)).toContain("Your Tamra & Tara creator code works again");
    expect(await validateCode(suspended.code)).toMatchObject({ valid: true });
  });

  it("suspension stops new attribution at once and keeps what was earned", async () => {
    const c = await creatorSession();
    const admin = await adminSession();
    const p = await product();
    const earned = await paidWithCode(c.code, p.id);
    const before = await commissionOf(earned.id);
    expect(before).toMatchObject({ amountCents: 699, status: "pending" });

    // Checked out while approved, paid after the suspension: the order keeps its price, no commission.
    const open = await startCheckout({ items: items(p.id), affiliateCode: c.code });
    expect(open.status).toBe(200);
    const { session_url } = await open.json<{ session_url: string }>();
    expect((await decide(admin.accessToken, c.userId, { status: "suspended" })).status).toBe(200);
    expect((await pay(session_url)).status).toBe(303);
    const sessionId = sessionIdOf(session_url);
    await deliverCompleted(sessionId);
    const late = await orderOf(sessionId);
    expect(late).toMatchObject({ creatorId: c.userId, discountCents: 1000 });
    expect(late.paidAt).not.toBeNull();
    expect(await commissionOf(late.id)).toBeUndefined();

    // New checkouts: typed is refused, the link gives nothing.
    await expectCodeDead(c.code);
    const linked = await paidThroughLink(c.code, p.id);
    expect(linked).toMatchObject({ creatorId: null, discountCents: 0 });

    // What was earned before stays as it was.
    expect(await commissionOf(earned.id)).toEqual(before);
    expect(await db().select().from(commissions)).toHaveLength(1);
    const [row] = (await list(admin.accessToken, `?q=${c.code}`)).creators;
    expect(row).toMatchObject({ status: "suspended", orders: 2, earned: 6.99 });

    // Approved again, the payment made while suspended delivered again: still nothing earned on it.
    expect((await decide(admin.accessToken, c.userId, { status: "approved" })).status).toBe(200);
    await deliverCompleted(sessionId);
    expect(await commissionOf(late.id)).toBeUndefined();
  });

  it("refuses a move that is not allowed, or to the same status, with a 409 that changes nothing", async () => {
    const admin = await adminSession();
    const pending = await pendingCreator({ name: "Pia Pending" });
    const approved = await creatorSession({ name: "Ava Approved" });
    const rejected = await creatorSession({ name: "Rex Rejected" }, { status: "rejected" });
    const cases: [string, CreatorStatus, CreatorStatus, string][] = [
      [pending.userId, "pending", "suspended", "status_not_allowed"],
      [pending.userId, "pending", "pending", "same_status"],
      [approved.userId, "approved", "pending", "status_not_allowed"],
      [approved.userId, "approved", "rejected", "status_not_allowed"],
      [approved.userId, "approved", "approved", "same_status"],
      [rejected.userId, "rejected", "suspended", "status_not_allowed"],
    ];
    for (const [id, from, to, code] of cases) {
      const res = await decide(admin.accessToken, id, { status: to, commissionRate: 20 });
      expect(res.status, `${from} -> ${to}`).toBe(409);
      expect(await res.json()).toMatchObject({
        success: false,
        code,
        message: CREATOR_ADMIN_MESSAGES.notAllowed(from, to),
      });
    }
    const unknown = await decide(admin.accessToken, newId(), { status: "approved" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: CREATOR_ADMIN_MESSAGES.notFound });
    // A shopper's account is no creator.
    const shopper = await register();
    expect(
      (
        await decide(admin.accessToken, decodeJwt(shopper.accessToken).sub ?? "", {
          status: "approved",
        })
      ).status,
    ).toBe(404);
    for (const body of [
      {},
      { note: "only a note" },
      { status: "banned" },
      { commissionRate: 101 },
      { commissionRate: -1 },
      { commissionRate: 12.345 },
      { discount: 1000.01 },
      { discount: "5" },
      { status: "approved", extra: true },
    ]) {
      const res = await decide(admin.accessToken, pending.userId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await decide(admin.accessToken, "not-an-id", { status: "approved" })).status).toBe(400);

    // Nothing changed, nothing was recorded or mailed.
    const statuses = await db()
      .select({ id: creatorProfiles.userId, status: creatorProfiles.status })
      .from(creatorProfiles);
    expect(new Map(statuses.map((s) => [s.id, s.status]))).toEqual(
      new Map([
        [pending.userId, "pending"],
        [approved.userId, "approved"],
        [rejected.userId, "rejected"],
      ]),
    );
    const profiles = await db().select().from(creatorProfiles);
    for (const p of profiles) expect(p.commissionRateBps).toBe(1000);
    expect(await db().select().from(auditLog)).toHaveLength(0);
    expect(await db().select().from(emailOutbox)).toHaveLength(0);
  });

  it("makes one decision when two are sent at once", async () => {
    const admin = await adminSession();
    const c = await pendingCreator();
    const answers = await Promise.all([
      decide(admin.accessToken, c.userId, { status: "approved" }),
      decide(admin.accessToken, c.userId, { status: "rejected" }),
      decide(admin.accessToken, c.userId, { status: "approved" }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    expect(await creatorAudit(c.userId)).toHaveLength(1);
    expect(await mailsTo(c.email)).toHaveLength(1);
  });
});

describe("a creator's terms", () => {
  it("apply to the next order only, and are audited", async () => {
    const c = await creatorSession();
    const admin = await adminSession();
    const p = await product();
    const first = await paidWithCode(c.code, p.id);

    const res = await decide(admin.accessToken, c.userId, { commissionRate: 15.5, discount: 5 });
    expect(res.status).toBe(200);
    expect((await res.json<{ creator: AdminCreatorDto }>()).creator).toMatchObject({
      status: "approved",
      commissionRate: 15.5,
      discount: 5,
    });
    const [profile] = await db()
      .select()
      .from(creatorProfiles)
      .where(eq(creatorProfiles.userId, c.userId));
    expect(profile).toMatchObject({ commissionRateBps: 1550, discountCents: 500 });
    const audit = await creatorAudit(c.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "terms",
      before: { commissionRate: 10, discount: 10 },
      after: { commissionRate: 15.5, discount: 5 },
    });
    // Terms are not news the creator is mailed about.
    expect(await mailsTo(c.email)).toHaveLength(0);

    expect(await validateCode(c.code)).toMatchObject({ valid: true, discount: 5 });
    const second = await paidWithCode(c.code, p.id);
    expect(second.discountCents).toBe(500);
    // (79.90 - 5.00) x 15.5% = 11.6095
    expect(await commissionOf(second.id)).toMatchObject({ rateBps: 1550, amountCents: 1161 });
    // The first order keeps its discount and its commission its rate.
    expect((await orderOf(first.stripeSessionId ?? "")).discountCents).toBe(1000);
    expect(await commissionOf(first.id)).toMatchObject({ rateBps: 1000, amountCents: 699 });

    // The same terms again change nothing and record nothing.
    expect((await decide(admin.accessToken, c.userId, { discount: 5 })).status).toBe(200);
    expect(await creatorAudit(c.userId)).toHaveLength(1);
  });

  it("leave an order opened before the change at the rate it was placed under", async () => {
    const c = await creatorSession();
    const admin = await adminSession();
    const p = await product();
    // The shopper opens the payment page at 10%; the owner raises the rate before they pay.
    const { url, session } = await openSession({ items: items(p.id), affiliateCode: c.code });
    expect((await decide(admin.accessToken, c.userId, { commissionRate: 25 })).status).toBe(200);
    expect((await pay(url)).status).toBe(303);
    await deliverCompleted(session.id);
    const order = await orderOf(session.id);
    expect(order.commissionRateBps).toBe(1000);
    expect(await commissionOf(order.id)).toMatchObject({ rateBps: 1000, amountCents: 699 });
  });

  it("change with a decision in one request: two audit entries, one mail", async () => {
    const c = await pendingCreator();
    const admin = await adminSession();
    const res = await decide(admin.accessToken, c.userId, {
      status: "approved",
      commissionRate: 20,
      discount: 0,
    });
    expect(res.status).toBe(200);
    expect((await creatorAudit(c.userId)).map((a) => a.action).sort()).toEqual(["status", "terms"]);
    expect(await mailsTo(c.email)).toHaveLength(1);
    expect(await validateCode(c.code)).toMatchObject({ valid: true, discount: 0 });
  });
});

describe("the back-office's creators list", () => {
  async function cast() {
    const admin = await adminSession();
    const made: Record<string, { userId: string; code: string; email: string }> = {};
    const people: [string, CreatorStatus][] = [
      ["Asha Old", "approved"],
      ["Bela Rejected", "rejected"],
      ["Chitra Pending", "pending"],
      ["Devi Suspended", "suspended"],
      ["Esha Pending", "pending"],
    ];
    for (const [i, [name, status]] of people.entries()) {
      const c = await creatorSession({ name }, { status });
      // Applications a day apart, oldest first.
      await db()
        .update(creatorProfiles)
        .set({ createdAt: new Date(Date.UTC(2026, 0, i + 1)) })
        .where(eq(creatorProfiles.userId, c.userId));
      made[name] = c;
    }
    return { admin, made };
  }

  it("lists newest applications first, filters by status and searches name, email and code", async () => {
    const { admin, made } = await cast();
    const all = await list(admin.accessToken);
    expect(all.total).toBe(5);
    expect(all.creators.map((c) => c.name)).toEqual([
      "Esha Pending",
      "Devi Suspended",
      "Chitra Pending",
      "Bela Rejected",
      "Asha Old",
    ]);
    expect(all.creators[0]).toMatchObject({
      appliedAt: "2026-01-05T00:00:00.000Z",
      status: "pending",
      bio: "Slow living and copper care.",
      socials: "https://instagram.com/priya",
    });

    const pending = await list(admin.accessToken, "?status=pending");
    expect(pending.total).toBe(2);
    expect(pending.creators.map((c) => c.name)).toEqual(["Esha Pending", "Chitra Pending"]);

    expect((await list(admin.accessToken, "?q=chItRa")).creators.map((c) => c.name)).toEqual([
      "Chitra Pending",
    ]);
    const devi = made["Devi Suspended"];
    const byEmail = await list(admin.accessToken, `?q=${devi?.email.toUpperCase()}`);
    expect(byEmail.creators.map((c) => c._id)).toEqual([devi?.userId]);
    const asha = made["Asha Old"];
    const byCode = await list(admin.accessToken, `?q=${asha?.code.toLowerCase()}`);
    expect(byCode.creators.map((c) => c._id)).toEqual([asha?.userId]);
    expect((await list(admin.accessToken, "?q=pending&status=approved")).total).toBe(0);
    expect((await list(admin.accessToken, "?q=%25")).total).toBe(0);

    const page2 = await list(admin.accessToken, "?page=2");
    expect(page2).toEqual({ success: true, creators: [], total: 5 });
    expect(ADMIN_CREATORS_PAGE_SIZE).toBeGreaterThan(5);

    for (const query of ["?status=banned", "?page=0", `?q=${"x".repeat(101)}`]) {
      expect((await call(admin.accessToken, "GET", `/api/admin/creators${query}`)).status).toBe(
        400,
      );
    }
  });

  it("is for the owner only: 401 without a session, 403 for shoppers and creators", async () => {
    const shopper = await register();
    const creator = await creatorSession();
    const pending = await pendingCreator({ name: "Nila Nair" });
    for (const [method, path, body] of [
      ["GET", "/api/admin/creators", undefined],
      ["POST", `/api/admin/creators/${pending.userId}`, { status: "approved" }],
    ] as const) {
      expect((await call(undefined, method, path, body)).status).toBe(401);
      expect((await call(shopper.accessToken, method, path, body)).status).toBe(403);
      expect((await call(creator.accessToken, method, path, body)).status).toBe(403);
      expect((await call(pending.accessToken, method, path, body)).status).toBe(403);
    }
    await setCreatorStatus(pending.userId, "pending");
    expect(await me(pending.accessToken)).toMatchObject({ status: "pending" });
  });
});
