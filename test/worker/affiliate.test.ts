// The creator affiliate programme: links and clicks, attribution, discounts, self-referral,
// commissions (approval and reversal) and the stats a creator sees.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, like, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { decodeJwt } from "jose";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import {
  affiliateClicks,
  commissions,
  creatorProfiles,
  emailOutbox,
  orders,
  users,
} from "../../worker/db/schema";
import worker from "../../worker/index";
import { AppError } from "../../worker/lib/app-error";
import { d1ClickRecorder, hourBucket } from "../../worker/modules/creators/clicks";
import { freeAffiliateCode } from "../../worker/modules/creators/codes";
import { creatorHoldMs } from "../../worker/modules/creators/commissions";
import { asUser, creatorBody, creatorSession, creatorStats, register } from "./helpers/accounts";
import {
  address,
  deliver,
  eventFor,
  openSession,
  paidOrder,
  refundEvents,
  startCheckout,
  stripe,
} from "./helpers/checkout";
import { callWorker, createCategory, createProduct, db, postJson } from "./helpers/factories";
import { OFF_SHOP_TARGETS } from "./helpers/hostile";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

const click = (code: string, init: { ip?: string; ua?: string; to?: string } = {}) =>
  callWorker(`/r/${code}${init.to === undefined ? "" : `?to=${encodeURIComponent(init.to)}`}`, {
    headers: { "cf-connecting-ip": init.ip ?? "203.0.113.7", "user-agent": init.ua ?? BROWSER },
    redirect: "manual",
  });

const clickRows = () => db().select().from(affiliateClicks);

async function product(priceCents = 3995) {
  const cat = await createCategory();
  return createProduct(cat.id, { finalPriceCents: priceCents });
}

const orderRow = async () => (await db().select().from(orders))[0];

describe("creator links", () => {
  it("redirects at once with a 30-day first-party cookie, whatever the case of the code", async () => {
    const creator = await creatorSession();
    const res = await click(creator.code.toLowerCase());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`tt_ref=${creator.code}`);
    expect(cookie).toContain("Max-Age=2592000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("sends visitors only to paths on this shop, rebuilt from the parsed URL as a browser reads them", async () => {
    const creator = await creatorSession();
    const p = await product();
    const cases: [to: string, location: string][] = [
      [`/product/${p.id}`, `/product/${p.id}`],
      ["/collection?sale=true", "/collection?sale=true"],
      ["https://evil.example/", "/"],
      ["//evil.example", "/"],
      ["/\\evil.example", "/"],
      ["javascript:alert(1)", "/"],
      ["/api/user/me", "/"],
      ["product/x", "/"],
      // A path on the shop is answered as the browser will read it.
      [`/collection/../product/${p.id}`, `/product/${p.id}`],
      [`/product/./${p.id}?ref=yt#reviews`, `/product/${p.id}?ref=yt#reviews`],
      ["/../../collection", "/collection"],
      // Encoded slashes and backslashes are characters of a path segment, not separators.
      ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
      ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
      // What follows "?" or "#" cannot change the host.
      ["/collection?next=//evil.example", "/collection?next=//evil.example"],
      ["/collection#//evil.example", "/collection#//evil.example"],
      // Non-ASCII and markup leave percent-encoded, so the header carries nothing raw.
      ["/collection?q=été", "/collection?q=%C3%A9t%C3%A9"],
      ['/collection?q="><script>', "/collection?q=%22%3E%3Cscript%3E"],
    ];
    for (const [to, location] of cases) {
      expect((await click(creator.code, { to })).headers.get("location"), to).toBe(location);
    }
  });

  it("never leaves the shop, however the target is dressed up, and still attributes the visit", async () => {
    const creator = await creatorSession();
    for (const to of OFF_SHOP_TARGETS) {
      const res = await click(creator.code, { to });
      expect(res.status, to).toBe(302);
      expect(res.headers.get("location"), to).toBe("/");
      expect(res.headers.get("set-cookie"), to).toContain(`tt_ref=${creator.code};`);
    }
    // Hand-written links: raw, encoded once or twice, repeated, or under another key. The Worker
    // reads the first `to` once decoded ("%252e" arrives as "%2e", which URLs treat as ".").
    const byHand: [string, string][] = [
      ["to=/.//evil.example", "/"],
      ["to=/%2e//evil.example", "/"],
      ["to=/%252e//evil.example", "/"],
      ["to=/%252E%252E//evil.example", "/"],
      ["to=%2F%2E%2F%2Fevil.example", "/"],
      ["to=/%09/evil.example", "/"],
      ["to=/%5C/evil.example", "/"],
      ["to=/%255C%255Cevil.example", "/%5C%5Cevil.example"],
      ["to=//evil.example&to=/collection", "/"],
      ["to=/collection&to=//evil.example", "/collection"],
      ["TO=//evil.example", "/"],
      ["to[]=//evil.example", "/"],
      ["to", "/"],
      ["to=", "/"],
      ["to=%", "/"],
      ["to=/%E0%A4%A", "/%E0%A4%A"],
    ];
    for (const [query, expected] of byHand) {
      const res = await callWorker(`/r/${creator.code}?${query}`, {
        headers: { "user-agent": BROWSER },
        redirect: "manual",
      });
      expect(res.status, query).toBe(302);
      expect(res.headers.get("location"), query).toBe(expected);
    }
    // A code that cannot be one redirects the same way, without a cookie.
    const unknown = await click("not-a-code", { to: "/.//evil.example" });
    expect(unknown.headers.get("location")).toBe("/");
    expect(unknown.headers.get("set-cookie")).toBeNull();
    // Each visitor's click is recorded where they really landed.
    await click(creator.code, { to: "/%2e%2e//evil.example", ip: "198.51.100.20" });
    const rows = await clickRows();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.landingPath).toBe("/");
  });

  it("counts one click per network, code and hour; bots and unknown codes count nothing", async () => {
    const creator = await creatorSession();
    for (let i = 0; i < 5; i++) await click(creator.code);
    await click(creator.code, { ip: "198.51.100.1" });
    // Another browser on the same network is the same visitor.
    await click(creator.code, { ua: `${BROWSER} Edg/156` });
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "facebookexternalhit/1.1",
      "curl/8.5.0",
      "",
      "Mozilla/5.0 HeadlessChrome/156.0",
    ]) {
      await click(creator.code, { ua });
    }
    const unknown = await click("NOSUCHCODE");
    expect(unknown.status).toBe(302);
    const rows = await clickRows();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.creatorId === creator.userId)).toBe(true);
    // Raw addresses are never stored.
    expect(JSON.stringify(rows)).not.toContain("203.0.113.7");
  });

  it("counts the same visitor again in a new hour", async () => {
    const creator = await creatorSession();
    const recorder = d1ClickRecorder(createDb(env.DB));
    const base = { code: creator.code, visitorHash: "v1", landingPath: "/" };
    await recorder.record({ ...base, hour: hourBucket() });
    await recorder.record({ ...base, hour: hourBucket() });
    await recorder.record({ ...base, hour: hourBucket() + 1 });
    expect(await clickRows()).toHaveLength(2);
  });

  it("stays exact under concurrency: 1,000 redirects from one visitor count once, 1,000 visitors count 1,000", async () => {
    const one = await creatorSession();
    const many = await creatorSession({ name: "Kabir Rao" });
    const burst = async (make: (i: number) => Promise<Response>) => {
      for (let start = 0; start < 1000; start += 100) {
        await Promise.all(Array.from({ length: 100 }, (_, i) => make(start + i)));
      }
    };
    await burst(() => click(one.code));
    await burst((i) => click(many.code, { ip: `10.0.${Math.floor(i / 256)}.${i % 256}` }));
    const rows = await clickRows();
    expect(rows.filter((r) => r.creatorId === one.userId)).toHaveLength(1);
    expect(rows.filter((r) => r.creatorId === many.userId)).toHaveLength(1000);
    expect((await creatorStats(many.accessToken)).clicks).toBe(1000);
  }, 60_000);
});

describe("affiliate codes at creator sign-up", () => {
  let signUps = 0;
  /** Creator sign-up from its own address, so the per-address limit never decides the answer. */
  const signUp = (name: string) =>
    callWorker("/api/user/creator-register", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": `10.9.${Math.floor(++signUps / 250)}.${signUps % 250}`,
      },
      body: JSON.stringify(creatorBody({ name })),
    });
  const codesOf = async (prefix: string) =>
    (
      await db()
        .select({ code: creatorProfiles.affiliateCode })
        .from(creatorProfiles)
        .innerJoin(users, eq(users.id, creatorProfiles.userId))
        .where(like(users.email, `${prefix}%`))
    ).map((r) => r.code);

  /** `table (column, ...)` for an INSERT ... SELECT, in drizzle's names for them. */
  const into = (table: SQLiteTable, columns: { name: string }[]) =>
    sql`${table} (${sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    )})`;
  /**
   * Every readable code for `base` taken (the base and all its 100 two-digit and 10,000 four-digit
   * suffixes), as in a shop with that many creators of one name. Generated inside SQLite by a
   * recursive query: bound parameters (at most 100 a statement) would need hundreds of statements.
   */
  async function crowd(base: string) {
    const codes = sql`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999),
      codes(code) AS (
        SELECT ${base}
        UNION ALL SELECT ${base} || printf('%02d', i) FROM n WHERE i < 100
        UNION ALL SELECT ${base} || printf('%04d', i) FROM n
      )`;
    const people = into(users, [users.id, users.name, users.email, users.passwordHash, users.role]);
    const profiles = into(creatorProfiles, [creatorProfiles.userId, creatorProfiles.affiliateCode]);
    await db().run(
      sql`${codes} INSERT INTO ${people}
        SELECT 'crowd-' || code, 'Crowd', 'crowd-' || lower(code) || '@example.com', 'x', 'creator'
        FROM codes`,
    );
    await db().run(
      sql`${codes} INSERT INTO ${profiles}
        SELECT 'crowd-' || code, code FROM codes`,
    );
    expect(await codesOf(`crowd-${base.toLowerCase()}`)).toHaveLength(10_101);
  }

  it("still gives a unique code when every readable one for the name is taken", async () => {
    await crowd("CREATOR");
    await crowd("PRIYASHA");
    // Names with no Latin letter or digit all share the base CREATOR.
    const names = ["李小龙", "Ωμέγα", "🙂🙂", "---", "李小龙", "Priya Sharma", "Priya Sharma"];
    for (const name of names) {
      const res = await signUp(name);
      expect(res.status, name).toBe(200);
    }
    const codes = await codesOf("priya");
    expect(new Set(codes).size).toBe(names.length);
    for (const code of codes) expect(code).toMatch(/^(CREA|PRIY)[A-Z0-9]{8}$/);
    // A random code is a working code, once the owner approves its creator.
    const [code = ""] = codes;
    await db()
      .update(creatorProfiles)
      .set({ status: "approved" })
      .where(eq(creatorProfiles.affiliateCode, code));
    expect((await click(code)).headers.get("set-cookie")).toContain(`tt_ref=${code};`);
  }, 60_000);

  it("uses the readable codes first, also for twenty simultaneous sign-ups with one name", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => signUp("李小龙")));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const codes = await codesOf("priya");
    expect(new Set(codes).size).toBe(20);
    expect(codes).toContain("CREATOR");
    for (const code of codes) expect(code).toMatch(/^CREATOR(\d{2})?$/);
  });

  it("runs out with a 409 to retry, never a 500, when even the random codes are taken", async () => {
    await crowd("CREATOR");
    await db().batch([
      db().insert(users).values({
        id: "zed",
        name: "Zed",
        email: "zed@example.com",
        passwordHash: "x",
        role: "creator",
      }),
      db().insert(creatorProfiles).values({ userId: "zed", affiliateCode: "CREAZZZZZZZZ" }),
    ]);
    const failure = await freeAffiliateCode({ db: db() }, "李小龙", {
      random: () => "ZZZZZZZZ",
    }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 409, code: "affiliate_code_unavailable" });
  }, 60_000);
});

describe("validate-affiliate", () => {
  it("answers valid with the creator's discount, in dollars, for any case", async () => {
    const creator = await creatorSession();
    const res = await postJson("/api/user/validate-affiliate", {
      code: creator.code.toLowerCase(),
    });
    expect(await res.json()).toEqual({
      success: true,
      valid: true,
      discount: 10,
      message: "Affiliate code applied!",
    });
  });

  it("refuses unknown and empty codes, and a creator's own code", async () => {
    const creator = await creatorSession();
    expect(
      await (await postJson("/api/user/validate-affiliate", { code: "NOPE0000" })).json(),
    ).toEqual({
      success: true,
      valid: false,
      message: "Invalid affiliate code",
    });
    const empty = await postJson("/api/user/validate-affiliate", { code: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: "Please enter a valid affiliate code." });
    const own = await asUser(creator.accessToken, "/api/user/validate-affiliate", {
      code: creator.code,
    });
    expect(await own.json()).toMatchObject({
      valid: false,
      message: "You can't use your own affiliate code.",
    });
  });
});

describe("attribution and discount at checkout", () => {
  it("takes the discount from the code, never from the client's figures", async () => {
    const creator = await creatorSession();
    const p = await product();
    const { session } = await openSession({
      items: [{ _id: p.id, quantity: 2 }],
      affiliateCode: creator.code,
      amount: 0.5,
    });
    // 79.90 + 7.99 + 10.00 - 10.00
    expect(session.amount_total).toBe(8789);
    expect(session.total_details?.amount_discount).toBe(1000);
    expect(await orderRow()).toMatchObject({
      discountCents: 1000,
      totalCents: 8789,
      affiliateCode: creator.code,
      attribution: "typed",
      creatorId: creator.userId,
    });
  });

  it("a typed code beats the link cookie; the link alone attributes; typing the link's code is the link", async () => {
    const linked = await creatorSession();
    const typed = await creatorSession({ name: "Kabir Rao" });
    const p = await product();
    const withCookie = (code: string) => ({ Cookie: `tt_ref=${code}` });
    const cases: [string, string, string, "typed" | "link"][] = [
      [linked.code, typed.code, typed.userId, "typed"],
      [linked.code, "", linked.userId, "link"],
      [linked.code, linked.code, linked.userId, "link"],
    ];
    for (const [cookie, code, creatorId, why] of cases) {
      await db().delete(orders);
      const res = await callWorker("/api/order/createStripeSession", {
        method: "POST",
        headers: { "content-type": "application/json", ...withCookie(cookie) },
        body: JSON.stringify({
          items: [{ _id: p.id, quantity: 1 }],
          address: address(),
          affiliateCode: code,
        }),
      });
      expect(res.status).toBe(200);
      expect(await orderRow()).toMatchObject({ creatorId, attribution: why, discountCents: 1000 });
    }
  });

  it("refuses an unknown typed code and ignores an unknown link cookie", async () => {
    const p = await product();
    const typed = await startCheckout({
      items: [{ _id: p.id, quantity: 1 }],
      affiliateCode: "NOPE0000",
    });
    expect(typed.status).toBe(400);
    expect(await typed.json()).toMatchObject({ message: "Invalid affiliate code" });
    const res = await callWorker("/api/order/createStripeSession", {
      method: "POST",
      headers: { "content-type": "application/json", Cookie: "tt_ref=NOPE0000" },
      body: JSON.stringify({ items: [{ _id: p.id, quantity: 1 }], address: address() }),
    });
    expect(res.status).toBe(200);
    expect(await orderRow()).toMatchObject({
      creatorId: null,
      attribution: null,
      discountCents: 0,
    });
  });

  it("refuses the creator's own account, and credits no one on a look-alike order", async () => {
    const creator = await creatorSession();
    const p = await product();
    const items = [{ _id: p.id, quantity: 1 }];
    const byAccount = await startCheckout(
      { items, affiliateCode: creator.code },
      creator.accessToken,
    );
    expect(byAccount.status).toBe(400);
    expect(await byAccount.json()).toMatchObject({
      code: "self_referral",
      message: "You can't use your own affiliate code.",
    });
    // The creator once shipped an order of their own to this address.
    const home = { street: "7 Wattle Lane", city: "Toowong", zipcode: "4066" };
    await paidOrder(
      { items, address: address({ ...home, email: creator.email }) },
      creator.accessToken,
    );
    // A stranger's checkout with the creator's email or address is answered as any other
    // (self-referral.test.ts), and the order is taken with the discount but credits no one.
    const byEmail = await startCheckout({
      items,
      affiliateCode: creator.code,
      address: address({ email: `  ${creator.email.toUpperCase()} ` }),
    });
    expect(byEmail.status).toBe(200);
    const byAddress = await startCheckout({
      items,
      affiliateCode: creator.code,
      address: address({ ...home, street: "7  wattle LANE", email: "friend@example.com" }),
    });
    expect(byAddress.status).toBe(200);
    const pending = (await db().select().from(orders)).filter((o) => o.status === "pending");
    expect(pending).toHaveLength(2);
    for (const o of pending) {
      expect(o).toMatchObject({ creatorId: null, attribution: null, discountCents: 1000 });
    }
    // Through their own link only: no discount and no attribution, and the checkout goes on.
    const res = await callWorker("/api/order/createStripeSession", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        token: creator.accessToken,
        Cookie: `tt_ref=${creator.code}`,
      },
      body: JSON.stringify({ items, address: address() }),
    });
    expect(res.status).toBe(200);
    const latest = (await db().select().from(orders)).find(
      (o) => o.status === "pending" && o.userId === creator.userId,
    );
    expect(latest).toMatchObject({ creatorId: null, discountCents: 0 });
  });
});

describe("commissions", () => {
  async function attributedSale(
    quantity = 2,
    profile: Partial<typeof creatorProfiles.$inferInsert> = {},
  ) {
    const creator = await creatorSession();
    if (Object.keys(profile).length > 0) {
      await db()
        .update(creatorProfiles)
        .set(profile)
        .where(eq(creatorProfiles.userId, creator.userId));
    }
    const p = await product();
    const sale = await paidOrder({ items: [{ _id: p.id, quantity }], affiliateCode: creator.code });
    return { creator, ...sale };
  }

  it("pays the creator's rate on the merchandise subtotal after the discount", async () => {
    const { creator } = await attributedSale(2);
    const [row] = await db().select().from(commissions);
    // (79.90 - 10.00) x 10%
    expect(row).toMatchObject({
      creatorId: creator.userId,
      rateBps: 1000,
      baseCents: 6990,
      amountCents: 699,
      status: "pending",
    });
    const custom = await attributedSale(3, { commissionRateBps: 1250, discountCents: 500 });
    const rows = await db()
      .select()
      .from(commissions)
      .where(eq(commissions.creatorId, custom.creator.userId));
    // (119.85 - 5.00) x 12.5% = 14.35625
    expect(rows[0]).toMatchObject({ baseCents: 11485, amountCents: 1436 });
  });

  it("writes one commission under 10 concurrent webhook deliveries", async () => {
    const creator = await creatorSession();
    const p = await product();
    const { url, session } = await openSession({
      items: [{ _id: p.id, quantity: 1 }],
      affiliateCode: creator.code,
    });
    await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "card=4242424242424242",
      redirect: "manual",
    });
    const event = await eventFor(session.id, "checkout.session.completed");
    await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(await db().select().from(commissions)).toHaveLength(1);
  });

  it("is approved by the scheduled handler once the hold after payment has passed", async () => {
    await attributedSale();
    await attributedSale();
    const [older, newer] = await db().select().from(commissions);
    const now = Date.now();
    const holdMs = creatorHoldMs(env);
    await db()
      .update(orders)
      .set({ paidAt: new Date(now - holdMs - 60_000) })
      .where(eq(orders.id, older?.orderId ?? ""));
    await db()
      .update(orders)
      .set({ paidAt: new Date(now - holdMs + 3_600_000) })
      .where(eq(orders.id, newer?.orderId ?? ""));
    const ctx = createExecutionContext();
    await worker.scheduled(
      { cron: "17 * * * *", scheduledTime: now, noRetry: () => {} } as ScheduledController,
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const after = new Map((await db().select().from(commissions)).map((c) => [c.id, c.status]));
    expect(after.get(older?.id ?? "")).toBe("approved");
    expect(after.get(newer?.id ?? "")).toBe("pending");
  });

  it("is reversed in proportion to refunds, also after approval, and the stats follow", async () => {
    const { creator, session } = await attributedSale(2);
    await db().update(commissions).set({ status: "approved" });
    const paymentIntent = (await stripe().checkout.sessions.retrieve(session.id))
      .payment_intent as string;
    // 8789 charged; refund a quarter.
    await stripe().refunds.create({ payment_intent: paymentIntent, amount: 2197 });
    const [partial] = await refundEvents(paymentIntent);
    expect(await (await deliver(partial as Stripe.Event)).json()).toMatchObject({
      outcome: "refund_recorded",
    });
    let [row] = await db().select().from(commissions);
    expect(row).toMatchObject({ amountCents: 699, reversedCents: 175, status: "approved" });
    let s = await creatorStats(creator.accessToken);
    expect(s).toMatchObject({
      sales: 1,
      earnings: 5.24,
      earningsByStatus: { pending: 0, approved: 5.24, paid: 0 },
    });

    await stripe().refunds.create({ payment_intent: paymentIntent });
    const all = await refundEvents(paymentIntent);
    // Deliver newest, then the older one again: cumulative amounts make order irrelevant.
    await deliver(all[0] as Stripe.Event);
    await deliver(all[1] as Stripe.Event);
    [row] = await db().select().from(commissions);
    expect(row).toMatchObject({ reversedCents: 699, status: "reversed" });
    expect((await orderRow())?.refundedCents).toBe(8789);
    s = await creatorStats(creator.accessToken);
    expect(s).toMatchObject({ sales: 0, earnings: 0 });
  });

  it("is reversed by a dispute", async () => {
    const { session } = await attributedSale(1);
    const paymentIntent = (await stripe().checkout.sessions.retrieve(session.id))
      .payment_intent as string;
    const dispute = {
      id: `evt_dispute_${session.id}`,
      object: "event",
      type: "charge.dispute.created",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "dp_1",
          object: "dispute",
          amount: (await orderRow())?.totalCents,
          payment_intent: paymentIntent,
          charge: "ch_1",
        },
      },
    };
    expect(await (await deliver(JSON.stringify(dispute))).json()).toMatchObject({
      outcome: "refund_recorded",
    });
    expect((await db().select().from(commissions))[0]).toMatchObject({ status: "reversed" });
  });
});

describe("creator stats", () => {
  it("equal what the database says after clicks, sales, duplicates and a refund", async () => {
    const creator = await creatorSession();
    const p = await product();
    for (let i = 0; i < 4; i++) await click(creator.code, { ip: `192.0.2.${i}` });
    await click(creator.code, { ip: "192.0.2.0" }); // a repeat
    const first = await paidOrder({
      items: [{ _id: p.id, quantity: 1 }],
      affiliateCode: creator.code,
    });
    await deliver(first.event); // a duplicate delivery
    const second = await paidOrder({
      items: [{ _id: p.id, quantity: 3 }],
      affiliateCode: creator.code,
    });
    const shopper = await register();
    await paidOrder({ items: [{ _id: p.id, quantity: 1 }] }, shopper.accessToken); // not attributed
    const pi = (await stripe().checkout.sessions.retrieve(second.session.id))
      .payment_intent as string;
    await stripe().refunds.create({ payment_intent: pi });
    await deliver((await refundEvents(pi))[0] as Stripe.Event);

    const s = await creatorStats(creator.accessToken);
    const clicks = await clickRows();
    const rows = await db()
      .select()
      .from(commissions)
      .where(eq(commissions.creatorId, creator.userId));
    const earned = rows
      .filter((r) => r.status !== "reversed")
      .reduce((sum, r) => sum + r.amountCents - r.reversedCents, 0);
    expect(s.clicks).toBe(clicks.length);
    expect(s.clicks).toBe(4);
    expect(s.sales).toBe(1);
    expect(s.earnings).toBe(earned / 100);
    expect(s.earnings).toBe(3); // (39.95 - 10.00) x 10% = 2.995, rounded half up
    expect(s.conversionRate).toBe(0.25);
    expect(s.daily).toHaveLength(30);
    expect(s.daily.reduce((n, d) => n + d.clicks, 0)).toBe(4);
    expect(s.daily.reduce((n, d) => n + d.sales, 0)).toBe(1);
    const me = await (
      await asUser(creator.accessToken, "/api/user/creator/me", undefined, "GET")
    ).json<{
      creator: { shareUrl: string };
    }>();
    expect(me.creator.shareUrl).toBe(`${env.APP_ORIGIN}/r/${creator.code}`);
  });
});

describe("development cleanup for browser journeys", () => {
  it("forgets accounts with their orders, commissions, clicks, mail and carts; 404 elsewhere", async () => {
    const creator = await creatorSession();
    const [shopper, bystander] = [await register(), await register()];
    const p = await product();
    await click(creator.code);
    await asUser(shopper.accessToken, "/api/cart/add", { itemId: p.id, quantity: 1 });
    await paidOrder(
      {
        items: [{ _id: p.id, quantity: 1 }],
        affiliateCode: creator.code,
        address: address({ email: shopper.email }),
      },
      shopper.accessToken,
    );
    await paidOrder(
      { items: [{ _id: p.id, quantity: 1 }], address: address({ email: bystander.email }) },
      bystander.accessToken,
    );
    const body = JSON.stringify({ emails: [creator.email, shopper.email] });
    const forget = (vars?: Record<string, string>) =>
      callWorker(
        "/api/dev/forget",
        { method: "POST", headers: { "content-type": "application/json" }, body },
        vars,
      );
    expect((await forget()).status).toBe(404);
    const res = await forget({ ENVIRONMENT: "development" });
    expect(await res.json()).toEqual({ success: true, forgotten: 2 });
    const left = await db().select().from(orders);
    expect(left.map((o) => o.email)).toEqual([bystander.email]);
    // What mail is left is about the bystander's order: its confirmation and the owner's alert.
    const mail = await db().select().from(emailOutbox);
    expect(mail.every((m) => m.orderId === left[0]?.id)).toBe(true);
    expect(mail.map((m) => m.to).sort()).toEqual([bystander.email, env.SHOP_INBOX_EMAIL].sort());
    expect(await db().select().from(commissions)).toHaveLength(0);
    expect(await clickRows()).toHaveLength(0);
    expect(await env.CARTS.getByName(decodeJwt(shopper.accessToken).sub ?? "").lines()).toEqual([]);
    const login = await postJson("/api/user/login", {
      email: bystander.email,
      password: bystander.password,
    });
    expect(login.status).toBe(200);
  });
});
