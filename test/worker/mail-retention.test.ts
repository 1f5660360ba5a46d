// Mail retries (attempts, backoff, priority, one send per mail under concurrent crons), production
// outbox bodies without secrets, the daily prune with its click rollup, and the owner's daily
// low-stock mail (one per Brisbane day).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  affiliateClickDays,
  affiliateClicks,
  commissions,
  creatorProfiles,
  emailOutbox,
  orderItems,
  orders,
  passwordResets,
  rateLimits,
  sessionFamilies,
  stripeEvents,
  stripeReversals,
  users,
} from "../../worker/db/schema";
import worker from "../../worker/index";
import { newId } from "../../worker/lib/ids";
import { creatorStats } from "../../worker/modules/creators/stats";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, sendEmail } from "../../worker/modules/mail/outbox";
import { newsletterWelcomeEmail, passwordResetEmail } from "../../worker/modules/mail/templates";
import { DAILY_CRON } from "../../worker/modules/retention/retention";
import { callWorker, createCategory, createProduct, db } from "./helpers/factories";

const HOURLY_CRON = "17 * * * *";
const MINUTE = 60_000;
const DAY = 86_400_000;
const FIRST_DELAY = RETRY_DELAYS_MS[0] ?? 0;

/** A stand-in for Resend inside the test's isolate: records each send, answers as told. */
const MAIL_BASE = "http://mail.test";
let mailAnswers = 500;
let sends: {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}[] = [];

beforeEach(() => {
  mailAnswers = 500;
  sends = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(MAIL_BASE)) return realFetch(input, init);
    sends.push(JSON.parse(String(init?.body)));
    // A moment on the wire, so concurrent runs really overlap.
    await new Promise((r) => setTimeout(r, 5));
    return new Response(mailAnswers === 200 ? '{"id":"m"}' : "unavailable", {
      status: mailAnswers,
    });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The test settings with mail going to the stand-in. */
const mailEnv = (vars: Record<string, string> = {}) => ({
  ...env,
  EMAIL_API_BASE: MAIL_BASE,
  ...vars,
});
/** As production runs it: mail through "Resend" (the stand-in), bodies not kept. */
const productionEnv = () =>
  mailEnv({ ENVIRONMENT: "production", RESEND_API_KEY: "re_test_0123456789" });

async function runCron(cron: string, scheduledTime: number, vars = mailEnv()) {
  const ctx = createExecutionContext();
  await worker.scheduled(
    { cron, scheduledTime, noRetry: () => {} } as ScheduledController,
    vars,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

const resetMail = (token = "tok_0123456789abcdef") =>
  passwordResetEmail("ana@example.com", "Ana", `http://localhost:8787/reset-password/${token}`);

const rows = () => db().select().from(emailOutbox).orderBy(emailOutbox.createdAt);

describe("mail retries", () => {
  it("retries a failed send on the cron with backoff, records each attempt and gives up", async () => {
    const started = Date.now();
    await sendEmail({ env: mailEnv(), db: db() }, resetMail());
    let [row] = await rows();
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row?.error).toContain("500");
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(started + FIRST_DELAY);

    // Not due yet: the cron leaves it alone.
    await runCron(HOURLY_CRON, started + MINUTE);
    expect(sends).toHaveLength(1);

    // Each run after the backoff tries once more, and the wait grows.
    let at = started;
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      at = (row?.nextAttemptAt.getTime() ?? 0) + MINUTE;
      await runCron(HOURLY_CRON, at);
      [row] = await rows();
      expect(sends).toHaveLength(attempt);
      expect(row?.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(row?.status).toBe("queued");
        expect(row?.nextAttemptAt.getTime()).toBe(at + (RETRY_DELAYS_MS[attempt - 1] ?? 0));
      }
    }
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(row?.error).toContain("Resend answered 500");
    // About a day from the first attempt to the last, and never again after it.
    expect(at - started).toBeGreaterThan(12 * 60 * MINUTE);
    expect(at - started).toBeLessThan(DAY + 6 * 60 * MINUTE);
    await runCron(HOURLY_CRON, at + 2 * DAY);
    expect(sends).toHaveLength(MAX_ATTEMPTS);

    // The development outbox shows the attempts.
    const res = await callWorker("/api/dev/outbox", undefined, { ENVIRONMENT: "development" });
    const body = (await res.json()) as { emails: Record<string, unknown>[] };
    expect(body.emails[0]).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      lastError: expect.stringContaining("500"),
      nextAttemptAt: null,
    });
  });

  it("sends a retried mail once the provider answers, and the outbox shows when it is due", async () => {
    const started = Date.now();
    await sendEmail({ env: mailEnv(), db: db() }, resetMail());
    const res = await callWorker("/api/dev/outbox", undefined, { ENVIRONMENT: "development" });
    const body = (await res.json()) as { emails: Record<string, unknown>[] };
    expect(body.emails[0]).toMatchObject({ status: "queued", attempts: 1 });
    expect(Date.parse(String(body.emails[0]?.nextAttemptAt))).toBeGreaterThan(started);

    mailAnswers = 200;
    await runCron(HOURLY_CRON, started + FIRST_DELAY + MINUTE);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 2, error: null });
    expect(row?.sentAt).not.toBeNull();
    expect(sends).toHaveLength(2);
  });

  it("retries transactional mail before marketing mail", async () => {
    const started = Date.now();
    await sendEmail(
      { env: mailEnv(), db: db() },
      newsletterWelcomeEmail("bo@example.com", "http://x/u/1"),
    );
    await sendEmail({ env: mailEnv(), db: db() }, resetMail());
    await sendEmail(
      { env: mailEnv(), db: db() },
      newsletterWelcomeEmail("cy@example.com", "http://x/u/2"),
    );
    expect((await rows()).map((r) => r.kind)).toEqual(["marketing", "transactional", "marketing"]);
    sends = [];
    mailAnswers = 200;
    await runCron(HOURLY_CRON, started + FIRST_DELAY + MINUTE);
    expect(sends.map((s) => s.to[0])).toEqual([
      "ana@example.com",
      "bo@example.com",
      "cy@example.com",
    ]);
  });

  it("sends each mail once when two cron runs overlap", async () => {
    const started = Date.now();
    for (let i = 0; i < 6; i++)
      await sendEmail({ env: mailEnv(), db: db() }, resetMail(`tok_${i}_0123456789abcdef`));
    // A mail written but not yet tried (as fulfilment writes it) is taken by one run only, too.
    await db()
      .insert(emailOutbox)
      .values({ id: newId(), to: "dee@example.com", subject: "Order", text: "t", html: "h" });
    sends = [];
    mailAnswers = 200;
    const at = started + FIRST_DELAY + MINUTE;
    await Promise.all([runCron(HOURLY_CRON, at), runCron(HOURLY_CRON, at)]);
    expect(sends).toHaveLength(7);
    expect(new Set(sends.map((s) => s.text)).size).toBe(7);
    const after = await rows();
    expect(after.every((r) => r.status === "sent")).toBe(true);
  });
});

describe("outbox bodies", () => {
  it("keeps no reset link in production once sent, while development keeps the body", async () => {
    const token = "tok_secret_production_0123456789";
    await sendEmail({ env: productionEnv(), db: db() }, resetMail(token));
    mailAnswers = 200;
    await sendEmail({ env: productionEnv(), db: db() }, resetMail(token));
    await sendEmail(
      { env: mailEnv({ ENVIRONMENT: "development" }), db: db() },
      resetMail("tok_dev_kept_01234"),
    );
    const [failing, sent, dev] = await rows();
    // The mail that went out carried the link...
    expect(sends[1]?.text).toContain(token);
    // ...and its stored copy does not.
    expect(sent?.status).toBe("sent");
    expect(`${sent?.text}${sent?.html}`).not.toContain(token);
    expect(`${sent?.text}${sent?.html}`).not.toContain("http");
    expect(sent?.redactedAt).not.toBeNull();
    // A failed production mail keeps its body only while a retry needs it.
    expect(failing?.status).toBe("queued");
    expect(failing?.text).toContain(token);
    expect(dev?.text).toContain("tok_dev_kept_01234");
    expect(dev?.redactedAt).toBeNull();
  });

  it("lets a production retry send the full mail, then removes the body", async () => {
    const token = "tok_retry_production_0123456789";
    const started = Date.now();
    await sendEmail({ env: productionEnv(), db: db() }, resetMail(token));
    mailAnswers = 200;
    await runCron(HOURLY_CRON, started + FIRST_DELAY + MINUTE, productionEnv());
    expect(sends).toHaveLength(2);
    expect(sends[1]?.text).toContain(token);
    const [row] = await rows();
    expect(row?.status).toBe("sent");
    expect(`${row?.text}${row?.html}`).not.toContain(token);
  });

  it("sends a marketing mail's one-click unsubscribe headers, also on a retry, then removes them", async () => {
    const unsubscribe =
      "http://localhost:8787/api/newsletter/unsubscribe?token=tok_headers_0123456789";
    const started = Date.now();
    await sendEmail(
      { env: productionEnv(), db: db() },
      newsletterWelcomeEmail("ana@example.com", unsubscribe),
    );
    mailAnswers = 200;
    await runCron(HOURLY_CRON, started + FIRST_DELAY + MINUTE, productionEnv());
    expect(sends).toHaveLength(2);
    for (const sent of sends) {
      expect(sent.headers).toEqual({
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
    const [row] = await rows();
    expect(row?.status).toBe("sent");
    expect(row?.headers).toBeNull();
  });

  it("removes the body in production when a mail is given up", async () => {
    const token = "tok_given_up_0123456789";
    await sendEmail({ env: productionEnv(), db: db() }, resetMail(token));
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      const [row] = await rows();
      await runCron(HOURLY_CRON, (row?.nextAttemptAt.getTime() ?? 0) + MINUTE, productionEnv());
    }
    const [row] = await rows();
    expect(row?.status).toBe("failed");
    expect(`${row?.text}${row?.html}`).not.toContain(token);
  });
});

async function createUser(role: "user" | "creator" = "user") {
  const id = newId();
  await db()
    .insert(users)
    .values({ id, name: "Test", email: `${id}@example.com`, passwordHash: "x", role });
  return id;
}

const ADDRESS = {
  firstName: "A",
  lastName: "B",
  email: "a@example.com",
  street: "1 St",
  city: "Brisbane",
  state: "QLD",
  zipcode: "4000",
  country: "Australia",
  phone: "0400000000",
};

async function createOrder(values: Partial<typeof orders.$inferInsert>) {
  const id = newId();
  await db()
    .insert(orders)
    .values({
      id,
      email: "a@example.com",
      address: ADDRESS,
      subtotalCents: 1000,
      taxCents: 0,
      deliveryFeeCents: 0,
      discountCents: 0,
      totalCents: 1000,
      ...values,
    });
  await db().insert(orderItems).values({
    id: newId(),
    orderId: id,
    productId: "p",
    name: "Bottle",
    imageKey: "k",
    unitPriceCents: 1000,
    quantity: 1,
  });
  return id;
}

const ids = async <T extends { id: string }>(list: Promise<T[]>) =>
  new Set((await list).map((r) => r.id));

describe("the daily prune", () => {
  it("removes exactly the expired rows of each kind and keeps the live ones", async () => {
    const now = Date.now();
    const nowSec = Math.floor(now / 1000);
    const ago = (ms: number) => new Date(now - ms);

    await db()
      .insert(rateLimits)
      .values([
        { key: "login-ip:1.1.1.1", windowStart: nowSec - 601, count: 3 }, // 10-minute window passed
        { key: "login-ip:2.2.2.2", windowStart: nowSec - 100, count: 3 },
        { key: "login-account:u1", windowStart: nowSec - 3000, count: 3 }, // hour window, live
        { key: "login-account:u2", windowStart: nowSec - 3700, count: 3 },
        { key: "retired-limit:x", windowStart: nowSec - 8 * 86_400, count: 1 },
        { key: "retired-limit:y", windowStart: nowSec - 86_400, count: 1 },
      ]);
    await db()
      .insert(stripeEvents)
      .values([
        { id: "evt_old", type: "checkout.session.completed", processedAt: ago(31 * DAY) },
        { id: "evt_recent", type: "checkout.session.completed", processedAt: ago(29 * DAY) },
      ]);

    const creator = await createUser("creator");
    const oldPending = await createOrder({ createdAt: ago(8 * DAY) });
    const oldExpired = await createOrder({ status: "expired", createdAt: ago(8 * DAY) });
    const oldFailed = await createOrder({ status: "payment_failed", createdAt: ago(8 * DAY) });
    const recentPending = await createOrder({ createdAt: ago(6 * DAY) });
    // Delivered: one still waiting to ship would bring the owner's overdue mail (owner-alerts.test.ts).
    const oldPaid = await createOrder({
      status: "Delivered",
      paidAt: ago(60 * DAY),
      createdAt: ago(60 * DAY),
    });
    const withCommission = await createOrder({ createdAt: ago(8 * DAY), creatorId: creator });
    await db().insert(commissions).values({
      id: newId(),
      orderId: withCommission,
      creatorId: creator,
      rateBps: 1000,
      baseCents: 1000,
      amountCents: 100,
    });
    const withReversal = await createOrder({
      createdAt: ago(8 * DAY),
      stripePaymentIntentId: "pi_kept",
    });
    await db().insert(stripeReversals).values({
      id: "ch_kept",
      kind: "refund",
      paymentIntentId: "pi_kept",
      amountCents: 500,
      eventCreated: nowSec,
    });

    const mail = (days: number) => ({
      id: newId(),
      to: "a@example.com",
      subject: `${days} days`,
      text: "t",
      html: "h",
      status: "sent" as const,
      createdAt: ago(days * DAY),
    });
    const [oldMail, recentMail] = [mail(31), mail(29)];
    await db().insert(emailOutbox).values([oldMail, recentMail]);

    const shopper = await createUser();
    await db()
      .insert(passwordResets)
      .values([
        { tokenHash: "expired", userId: shopper, expiresAt: ago(MINUTE) },
        { tokenHash: "live", userId: shopper, expiresAt: new Date(now + 30 * MINUTE) },
      ]);
    const family = (id: string, revoked: boolean) => ({
      id,
      userId: shopper,
      currentHash: `hash-${id}`,
      createdAt: ago(DAY),
      rotatedAt: ago(MINUTE),
      revokedAt: revoked ? ago(MINUTE) : null,
      revokeReason: revoked ? ("logout" as const) : null,
    });
    await db()
      .insert(sessionFamilies)
      .values([family("ended", true), family("live", false)]);

    // The hourly cron prunes nothing.
    await runCron(HOURLY_CRON, now);
    expect(await db().select().from(rateLimits)).toHaveLength(6);

    await runCron(DAILY_CRON, now);

    expect((await db().select().from(rateLimits)).map((r) => r.key).sort()).toEqual([
      "login-account:u1",
      "login-ip:2.2.2.2",
      "retired-limit:y",
    ]);
    expect(await ids(db().select().from(stripeEvents))).toEqual(new Set(["evt_recent"]));
    expect(await ids(db().select().from(orders))).toEqual(
      new Set([recentPending, oldPaid, withCommission, withReversal]),
    );
    const itemOrders = new Set((await db().select().from(orderItems)).map((i) => i.orderId));
    for (const gone of [oldPending, oldExpired, oldFailed])
      expect(itemOrders.has(gone)).toBe(false);
    expect(await db().select().from(commissions)).toHaveLength(1);
    expect(await ids(db().select().from(emailOutbox))).toEqual(new Set([recentMail.id]));
    expect((await db().select().from(passwordResets)).map((r) => r.tokenHash)).toEqual(["live"]);
    expect(await ids(db().select().from(sessionFamilies))).toEqual(new Set(["live"]));
  });

  it("rolls clicks older than the reporting window into daily counts, stats unchanged", async () => {
    const now = Date.now();
    const creators = [await createUser("creator"), await createUser("creator")];
    for (const [i, userId] of creators.entries())
      await db()
        .insert(creatorProfiles)
        .values({ userId, affiliateCode: `ROLLUP${i}` });
    // Clicks today, inside the window, at its edge, and well before it, several per day.
    const ages = [0, 0.2, 5, 29, 29.9, 30.5, 31, 32, 32.1, 32.2, 45, 100, 100.01, 400];
    let visitor = 0;
    for (const creatorId of creators)
      for (const days of ages) {
        const at = now - days * DAY;
        await db()
          .insert(affiliateClicks)
          .values({
            id: newId(),
            creatorId,
            visitorHash: `v${++visitor}`,
            hourBucket: Math.floor(at / 3_600_000),
            createdAt: new Date(at),
          });
      }
    const before = await Promise.all(creators.map((id) => creatorStats({ db: db() }, id, now)));
    expect(before[0]?.clicks).toBe(ages.length);

    await runCron(DAILY_CRON, now);
    // Old clicks are gone as rows and kept as counts; running again counts nothing twice.
    const raw = await db().select().from(affiliateClicks);
    expect(raw.length).toBeLessThan(creators.length * ages.length);
    expect(raw.every((c) => c.createdAt.getTime() > now - 32 * DAY)).toBe(true);
    expect((await db().select().from(affiliateClickDays)).length).toBeGreaterThan(0);
    await runCron(DAILY_CRON, now);

    const after = await Promise.all(creators.map((id) => creatorStats({ db: db() }, id, now)));
    expect(after).toEqual(before);

    // A day later, pruning again changes nothing the profile shows either.
    const later = now + DAY;
    const beforeLater = await Promise.all(
      creators.map((id) => creatorStats({ db: db() }, id, later)),
    );
    await runCron(DAILY_CRON, later);
    const afterLater = await Promise.all(
      creators.map((id) => creatorStats({ db: db() }, id, later)),
    );
    expect(afterLater).toEqual(beforeLater);
    expect(afterLater[1]?.clicks).toBe(ages.length);

    // Removing a creator removes their counts with them.
    await db()
      .delete(users)
      .where(eq(users.id, creators[0] ?? ""));
    const left = await db().select().from(affiliateClickDays);
    expect(left.every((d) => d.creatorId === creators[1])).toBe(true);
  });
});

describe("the daily low-stock mail", () => {
  /** 16:43 UTC on 24 November 2026: the daily cron, 02:43 on the 25th in Brisbane. */
  const DAILY_RUN = Date.UTC(2026, 10, 24, 16, 43);
  /** 14:00 UTC is midnight in Brisbane (UTC+10, no daylight saving). */
  const BRISBANE_MIDNIGHT = Date.UTC(2026, 10, 25, 14, 0);

  async function lowShop() {
    const { id: cat } = await createCategory();
    await createProduct(cat, { name: "Tingsha <Cymbals> & Co", stockOnHand: 0 });
    await createProduct(cat, { name: "Brass Bell", stockOnHand: 3 });
    await createProduct(cat, { name: "Copper Jug", stockOnHand: 30, lowStockThreshold: 40 });
    await createProduct(cat, { name: "Plenty Pot", stockOnHand: 50 });
    await createProduct(cat, { name: "Untracked Urn", stockOnHand: null });
    await createProduct(cat, { name: "Archived Arti", stockOnHand: 0, status: "archived" });
  }
  const lowMail = async () =>
    (await rows()).filter((r) => r.to === env.SHOP_INBOX_EMAIL && r.subject.startsWith("Low"));

  it("mails the shop's inbox once per Brisbane day, however often the daily cron runs", async () => {
    await lowShop();
    mailAnswers = 200;
    // Twice at once, and again later the same Brisbane day (after midnight UTC, before midnight
    // in Brisbane): one mail.
    await Promise.all([runCron(DAILY_CRON, DAILY_RUN), runCron(DAILY_CRON, DAILY_RUN)]);
    await runCron(DAILY_CRON, DAILY_RUN + 60 * MINUTE);
    await runCron(DAILY_CRON, BRISBANE_MIDNIGHT - MINUTE);
    expect(sends).toHaveLength(1);
    const [mail] = await lowMail();
    expect(await rows()).toHaveLength(1);
    expect(mail).toMatchObject({ status: "sent", kind: "transactional", attempts: 1 });
    expect(mail?.subject).toBe("Low stock on 2026-11-25: 3 products");

    const [sent] = sends;
    expect(sent?.to).toEqual([env.SHOP_INBOX_EMAIL]);
    // Sold out first, then fewest left; the untracked, the archived and the plentiful are not in it.
    expect(sent?.text).toBe(
      [
        "3 products are at or under their low-stock threshold.",
        "",
        "- Tingsha <Cymbals> & Co: sold out (threshold 5)",
        "- Brass Bell: 3 left (threshold 5)",
        "- Copper Jug: 30 left (threshold 40)",
        "",
        `Restock or adjust counts in the back-office: ${env.APP_ORIGIN}/admin/stock`,
        "",
      ].join("\n"),
    );
    expect(sent?.html).toContain("Tingsha &lt;Cymbals&gt; &amp; Co");
    expect(sent?.html).not.toContain("<Cymbals>");
    expect(sent?.html).toContain(`href="${env.APP_ORIGIN}/admin/stock"`);
    for (const absent of ["Plenty Pot", "Untracked Urn", "Archived Arti"])
      expect(`${sent?.text}${sent?.html}`).not.toContain(absent);

    // Midnight in Brisbane starts a new day: the next run mails again, once.
    await runCron(DAILY_CRON, BRISBANE_MIDNIGHT);
    await runCron(DAILY_CRON, BRISBANE_MIDNIGHT + 3 * 60 * MINUTE);
    expect(sends).toHaveLength(2);
    expect((await lowMail()).map((r) => r.subject).sort()).toEqual([
      "Low stock on 2026-11-25: 3 products",
      "Low stock on 2026-11-26: 3 products",
    ]);
  });

  it("leaves a failed send to the hourly retries: a second daily run the same day adds nothing", async () => {
    await lowShop();
    await runCron(DAILY_CRON, DAILY_RUN);
    const [queued] = await lowMail();
    expect(queued).toMatchObject({ status: "queued", attempts: 1 });
    await runCron(DAILY_CRON, DAILY_RUN + MINUTE);
    expect(sends).toHaveLength(1);
    expect(await rows()).toHaveLength(1);

    mailAnswers = 200;
    await runCron(HOURLY_CRON, (queued?.nextAttemptAt.getTime() ?? 0) + MINUTE);
    expect(sends).toHaveLength(2);
    expect(sends[1]?.text).toBe(sends[0]?.text);
    expect(await lowMail()).toMatchObject([{ status: "sent", attempts: 2 }]);
  });

  it("sends nothing when no tracked product is at or under its threshold", async () => {
    const { id: cat } = await createCategory();
    await createProduct(cat, { stockOnHand: 6 });
    await createProduct(cat, { stockOnHand: 1, lowStockThreshold: 0 });
    await createProduct(cat, { stockOnHand: null });
    await createProduct(cat, { stockOnHand: 0, status: "archived" });
    mailAnswers = 200;
    await runCron(DAILY_CRON, DAILY_RUN);
    await runCron(HOURLY_CRON, DAILY_RUN + 60 * MINUTE);
    expect(sends).toHaveLength(0);
    expect(await rows()).toHaveLength(0);
  });
});
