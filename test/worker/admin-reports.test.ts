// The owner's figures: the dashboard's summary in Brisbane time (sales, refunds, the queue to ship,
// low stock, new messages, best sellers, creators) and the GST report, whose sums equal the
// orders' and refunds' own figures to the cent on both sides of a BAS quarter boundary.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderNumber } from "../../worker/contracts/admin-orders";
import {
  basQuarterOf,
  type GstReportDto,
  type GstReportResponse,
  type SummaryResponse,
} from "../../worker/contracts/admin-reports";
import {
  auditLog,
  commissions,
  contactMessages,
  orderRefunds,
  orders,
  products,
  stripeReversals,
} from "../../worker/db/schema";
import { brisbaneDate, brisbaneDayStart, overdueCutoff } from "../../worker/lib/brisbane-time";
import { newId } from "../../worker/lib/ids";
import { lowStockProducts } from "../../worker/modules/catalogue/stock";
import { adminSession, creatorSession, register } from "./helpers/accounts";
import {
  address,
  type CheckoutBody,
  deliver,
  openSession,
  paidOrder,
  refundEvents,
  stripe,
} from "./helpers/checkout";
import { callWorker, createCategory, createProduct, db } from "./helpers/factories";

const DAY = 86_400_000;

const call = (token: string | undefined, path: string) =>
  callWorker(path, { method: "GET", headers: token ? { token } : {} });

type Product = Awaited<ReturnType<typeof createProduct>>;

async function catalogue(prices: number[]) {
  const category = await createCategory();
  const list: Product[] = [];
  for (const [i, finalPriceCents] of prices.entries()) {
    list.push(
      await createProduct(category.id, {
        name: `Piece ${String(i).padStart(2, "0")}`,
        finalPriceCents,
        originalPriceCents: Math.max(finalPriceCents, 4995),
        imageKeys: [`products/piece-${i}.svg`],
      }),
    );
  }
  return list;
}

/** A paid order of `lines` (through checkout, the payment sandbox and the webhook): its row. */
async function paid(lines: [Product, number][], extra: Partial<CheckoutBody> = {}) {
  const { session } = await paidOrder({
    items: lines.map(([p, quantity]) => ({ _id: p.id, quantity })),
    ...extra,
  });
  const id = session.client_reference_id ?? "";
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row?.paidAt) throw new Error("the order was not paid");
  return row;
}

type OrderRow = Awaited<ReturnType<typeof paid>>;

/** Moves when an order was paid (and, optionally, its status). */
const movePaid = (orderId: string, at: number, status?: OrderRow["status"]) =>
  db()
    .update(orders)
    .set({ paidAt: new Date(at), ...(status && { status }) })
    .where(eq(orders.id, orderId));

/**
 * A back-office refund as modules/orders/refunds.ts leaves it (its API may not be here yet): an
 * order_refunds row settled at `at`, and, when it succeeded, the order's refunded_cents grown by
 * it as Stripe's charge.refunded reports it.
 */
async function backOfficeRefund(
  order: { id: string },
  amountCents: number,
  at: number,
  status: "succeeded" | "failed" | "pending" = "succeeded",
  { viaSandbox = false }: { viaSandbox?: boolean } = {},
) {
  if (status === "succeeded") {
    if (viaSandbox) await sandboxRefund(order, amountCents);
    else
      await db()
        .update(orders)
        .set({ refundedCents: sql`${orders.refundedCents} + ${amountCents}` })
        .where(eq(orders.id, order.id));
  }
  await db()
    .insert(orderRefunds)
    .values({
      id: newId(),
      orderId: order.id,
      requestKey: newId(),
      amountCents,
      restockLines: [],
      status,
      actorEmail: "owner@example.com",
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
}

/** A refund made in Stripe (the dashboard, not the back-office), its event delivered. */
async function sandboxRefund(order: { id: string }, amountCents: number, reportedAt?: number) {
  const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
  const paymentIntent = row?.stripePaymentIntentId ?? "";
  await stripe().refunds.create({ payment_intent: paymentIntent, amount: amountCents });
  const [latest] = await refundEvents(paymentIntent);
  if (!latest) throw new Error("no charge.refunded event");
  expect((await deliver(latest)).status).toBe(200);
  if (reportedAt !== undefined) {
    await db()
      .update(stripeReversals)
      .set({ updatedAt: new Date(reportedAt) })
      .where(eq(stripeReversals.paymentIntentId, paymentIntent));
  }
}

const summaryOf = async (token: string) => {
  const res = await call(token, "/api/admin/reports/summary");
  expect(res.status).toBe(200);
  return (await res.json<SummaryResponse>()).summary;
};

const gstOf = async (token: string, query: string) => {
  const res = await call(token, `/api/admin/reports/gst${query}`);
  expect(res.status, query).toBe(200);
  return (await res.json<GstReportResponse>()).report;
};

const dollars = (cents: number) => cents / 100;
/** GST in an amount paid or refunded: one eleventh, to the nearest cent (never exactly half). */
const gstOf11 = (cents: number) => Math.round(cents / 11);

describe("who may read the figures", () => {
  it("answers 401 without a token, 403 to a shopper and a creator, 200 to an admin", async () => {
    const shopper = await register();
    const creator = await creatorSession();
    const admin = await adminSession();
    const paths = [
      "/api/admin/reports/summary",
      "/api/admin/reports/gst",
      "/api/admin/reports/gst?from=2026-07-01&to=2026-09-30",
      "/api/admin/reports/gst.csv",
    ];
    for (const path of paths) {
      const none = await call(undefined, path);
      expect(none.status, path).toBe(401);
      expect(await none.json()).toMatchObject({ success: false, code: "unauthorized" });
      for (const token of [shopper.accessToken, creator.accessToken]) {
        const res = await call(token, path);
        expect(res.status, path).toBe(403);
        expect(await res.json()).toMatchObject({ success: false, code: "forbidden" });
      }
      expect((await call(admin.accessToken, path)).status, path).toBe(200);
    }
  });
});

describe("GET /api/admin/reports/summary", () => {
  it("counts orders, revenue and refunds by Brisbane day: today, the last 7 and 30 days", async () => {
    const admin = await adminSession();
    const [bell] = await catalogue([3995]);
    if (!bell) throw new Error("no product");
    const today = brisbaneDayStart(Date.now());
    // Each paid at a window's edge, or a millisecond outside it.
    const at = {
      midnight: today,
      justBefore: today - 1,
      weekStart: today - 6 * DAY,
      beforeWeek: today - 6 * DAY - 1,
      monthStart: today - 29 * DAY,
      beforeMonth: today - 29 * DAY - 1,
    };
    const placed: Record<keyof typeof at, OrderRow> = {} as never;
    for (const [i, key] of (Object.keys(at) as (keyof typeof at)[]).entries()) {
      const order = await paid([[bell, 1 + (i % 3)]]);
      await movePaid(order.id, at[key], key === "weekStart" ? "cancelled" : undefined);
      placed[key] = order;
    }
    // Not paid: never counted.
    await openSession({ items: [{ _id: bell.id, quantity: 5 }] });

    // Refunds: back-office ones at midnight and a millisecond before it, one that failed, one
    // pending; and one made in Stripe's dashboard, reported ten days ago.
    await backOfficeRefund(placed.midnight, 500, at.midnight);
    await backOfficeRefund(placed.justBefore, 300, at.justBefore);
    await backOfficeRefund(placed.justBefore, 900, at.midnight, "failed");
    await backOfficeRefund(placed.weekStart, 200, at.midnight, "pending");
    await sandboxRefund(placed.monthStart, 700, today - 10 * DAY);
    // And one in the window before the month, for an order of the month: not counted.
    await backOfficeRefund(placed.monthStart, 100, at.beforeMonth);

    const summary = await summaryOf(admin.accessToken);
    const revenue = (...keys: (keyof typeof at)[]) =>
      dollars(keys.reduce((sum, k) => sum + placed[k].totalCents, 0));
    expect(summary.today).toEqual({ orders: 1, revenue: revenue("midnight"), refunds: 5 });
    expect(summary.last7Days).toEqual({
      orders: 3,
      revenue: revenue("midnight", "justBefore", "weekStart"),
      refunds: 8,
    });
    expect(summary.last30Days).toEqual({
      orders: 5,
      revenue: revenue("midnight", "justBefore", "weekStart", "beforeWeek", "monthStart"),
      refunds: 15,
    });
    expect(Date.parse(summary.generatedAt)).toBeGreaterThanOrEqual(today);
  });

  it("counts the queue to ship, the overdue, low stock, new messages and creators' sales", async () => {
    const admin = await adminSession();
    const [bell, bowl] = await catalogue([3995, 2500]);
    if (!bell || !bowl) throw new Error("no product");
    const creator = await creatorSession();
    const cutoff = overdueCutoff(Date.now());

    const attributed = await paid([[bell, 2]], { affiliateCode: creator.code });
    const overdue = await paid([[bowl, 1]]);
    await movePaid(overdue.id, cutoff, "Packing");
    const almost = await paid([[bowl, 1]]);
    // A minute inside the 2 business days: not overdue yet.
    await movePaid(almost.id, cutoff + 60_000);
    const shipped = await paid([[bowl, 1]]);
    await movePaid(shipped.id, Date.now() - 10 * DAY, "Shipped");
    const cancelled = await paid([[bowl, 1]]);
    await movePaid(cancelled.id, Date.now() - 10 * DAY, "cancelled");
    // A creator's sale older than 30 days: not in the creators' figures.
    const old = await paid([[bell, 1]], { affiliateCode: creator.code });
    await movePaid(old.id, brisbaneDayStart(Date.now()) - 30 * DAY, "Delivered");
    // Part of the attributed order refunded in Stripe: its commission is reversed by that share.
    await sandboxRefund(attributed, 1000);

    await createProduct(bell.categoryId, { stockOnHand: 2, lowStockThreshold: 5 });
    await createProduct(bell.categoryId, { stockOnHand: 20, lowStockThreshold: 5 });
    const message = (status: "new" | "replied" | "closed") => ({
      id: newId(),
      firstName: "Meera",
      lastName: "Iyer",
      email: "meera@example.com",
      message: "Hello",
      status,
    });
    await db()
      .insert(contactMessages)
      .values([message("new"), message("new"), message("replied"), message("closed")]);

    const summary = await summaryOf(admin.accessToken);
    expect(summary.waitingToShip).toBe(3);
    expect(summary.overdueToShip).toBe(1);
    expect(summary.lowStock).toBe(1);
    expect(summary.lowStock).toBe((await lowStockProducts({ db: db() })).length);
    expect(summary.newMessages).toBe(2);

    const [commission] = await db()
      .select()
      .from(commissions)
      .where(eq(commissions.orderId, attributed.id));
    expect(commission?.reversedCents).toBeGreaterThan(0);
    expect(summary.creators).toEqual({
      orders: 1,
      revenue: dollars(attributed.totalCents),
      commission: dollars((commission?.amountCents ?? 0) - (commission?.reversedCents ?? 0)),
    });
  });

  it("ranks the ten best sellers of the last 30 days by units, then revenue, as their lines say", async () => {
    const admin = await adminSession();
    const [a, b, c, d, ...rest] = await catalogue([
      3995, 2995, 3995, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000,
    ]);
    if (!a || !b || !c || !d) throw new Error("no product");
    await paid([
      [a, 2],
      [b, 5],
    ]);
    await paid([
      [a, 1],
      [c, 1],
    ]);
    // D ties A on units; A's revenue is higher.
    const month = await paid([[d, 3]]);
    await movePaid(month.id, brisbaneDayStart(Date.now()) - 29 * DAY);
    // Older than 30 days, or never paid: not counted.
    const old = await paid([[c, 10]]);
    await movePaid(old.id, brisbaneDayStart(Date.now()) - 29 * DAY - 1);
    await openSession({ items: [{ _id: c.id, quantity: 10 }] });
    // Eight one-unit sellers at $10: C (one at $39.95) comes first, then the first five by name.
    await paid(rest.map((p): [Product, number] => [p, 1]));
    // Renamed since: the best sellers show what was sold.
    await db().update(products).set({ name: "Renamed Bell" }).where(eq(products.id, a.id));

    const { bestSellers } = await summaryOf(admin.accessToken);
    expect(bestSellers).toHaveLength(10);
    expect(bestSellers.slice(0, 4)).toEqual([
      {
        productId: b.id,
        name: b.name,
        image: "/images/products/piece-1.svg",
        units: 5,
        revenue: 149.75,
      },
      {
        productId: a.id,
        name: a.name,
        image: "/images/products/piece-0.svg",
        units: 3,
        revenue: 119.85,
      },
      {
        productId: d.id,
        name: d.name,
        image: "/images/products/piece-3.svg",
        units: 3,
        revenue: 30,
      },
      {
        productId: c.id,
        name: c.name,
        image: "/images/products/piece-2.svg",
        units: 1,
        revenue: 39.95,
      },
    ]);
    expect(bestSellers.slice(4).map((s) => s.productId)).toEqual(rest.slice(0, 6).map((p) => p.id));
    expect(bestSellers.slice(4).every((s) => s.units === 1 && s.revenue === 10)).toBe(true);
  });
});

/**
 * Orders and refunds on both sides of the 30 September / 1 October boundary (Brisbane, UTC+10):
 * - `sep`: paid 30 Sep 23:30 Brisbane (13:30 UTC), refunded $12.34 in the back-office on 2 Oct;
 * - `lastMs`: paid 30 Sep 23:59:59.999 Brisbane, refunded $5.00 on 1 Jan 00:00 Brisbane;
 * - `oct`: paid 1 Oct 00:00 Brisbane, refunded $10.00 in the back-office on 20 Nov and $7.00 in
 *   Stripe's dashboard, reported 15 Nov; a failed back-office refund of $3.00 on 5 Nov.
 * Customers' names hold commas, quotes and formula characters.
 */
async function quarterBoundary() {
  const [bell, bowl] = await catalogue([3995, 2995]);
  if (!bell || !bowl) throw new Error("no product");
  const sep = await paid([[bell, 1]], {
    address: address({ firstName: '=HYPERLINK("http://evil.test")', lastName: 'Iyer, "Mimi"' }),
  });
  await movePaid(sep.id, Date.UTC(2026, 8, 30, 13, 30));
  const lastMs = await paid([[bowl, 3]], {
    address: address({ firstName: "+Tara", lastName: "@Home" }),
  });
  await movePaid(lastMs.id, Date.UTC(2026, 8, 30, 13, 59, 59, 999));
  const oct = await paid(
    [
      [bell, 2],
      [bowl, 1],
    ],
    { address: address({ firstName: "-Tamra", lastName: "Rao" }) },
  );
  await movePaid(oct.id, Date.UTC(2026, 8, 30, 14));

  await backOfficeRefund(sep, 1234, Date.UTC(2026, 9, 2, 0, 30));
  await backOfficeRefund(lastMs, 500, Date.UTC(2026, 11, 31, 14));
  await backOfficeRefund(oct, 1000, Date.UTC(2026, 10, 20, 1), "succeeded", { viaSandbox: true });
  await backOfficeRefund(oct, 300, Date.UTC(2026, 10, 5), "failed");
  await sandboxRefund(oct, 700, Date.UTC(2026, 10, 15, 2));
  return { sep, lastMs, oct };
}

/**
 * What the tables themselves say about a Brisbane date range: orders paid in it, succeeded
 * back-office refunds settled in it, and the rest of each order's refunded_cents on the day Stripe
 * reported it.
 */
async function tableSums(from: string, to: string) {
  const start = Date.parse(`${from}T00:00:00+10:00`);
  const end = Date.parse(`${to}T00:00:00+10:00`) + DAY;
  const inRange = (ms: number) => ms >= start && ms < end;
  const all = await db().select().from(orders);
  const refunds = await db().select().from(orderRefunds);
  const reversals = await db().select().from(stripeReversals);
  const sold = all.filter((o) => o.paidAt && inRange(o.paidAt.getTime()));
  let refunded = 0;
  let refundedGst = 0;
  for (const o of all) {
    const own = refunds.filter((r) => r.orderId === o.id && r.status === "succeeded");
    for (const r of own.filter((r) => inRange(r.updatedAt.getTime()))) {
      refunded += r.amountCents;
      refundedGst += gstOf11(r.amountCents);
    }
    const beyond = o.refundedCents - own.reduce((sum, r) => sum + r.amountCents, 0);
    const reported = reversals.find((s) => s.paymentIntentId === o.stripePaymentIntentId);
    if (beyond > 0 && reported && inRange(reported.updatedAt.getTime())) {
      refunded += beyond;
      refundedGst += gstOf11(beyond);
    }
  }
  return {
    sales: sold.reduce((sum, o) => sum + o.totalCents, 0),
    salesGst: sold.reduce((sum, o) => sum + gstOf11(o.totalCents), 0),
    refunds: 0 - refunded,
    refundsGst: 0 - refundedGst,
  };
}

const totalsInCents = (report: GstReportDto) => ({
  sales: Math.round(report.totals.sales * 100),
  salesGst: Math.round(report.totals.salesGst * 100),
  refunds: Math.round(report.totals.refunds * 100),
  refundsGst: Math.round(report.totals.refundsGst * 100),
});

describe("GET /api/admin/reports/gst", () => {
  it("puts a sale and its refund in the quarters they happened in, each summing to the cent", async () => {
    const admin = await adminSession();
    const { sep, lastMs, oct } = await quarterBoundary();

    const julSep = await gstOf(admin.accessToken, "?from=2026-07-01&to=2026-09-30");
    expect(julSep.lines).toEqual([
      {
        kind: "order",
        at: "2026-09-30T13:30:00.000Z",
        day: "2026-09-30",
        orderId: sep.id,
        number: orderNumber(sep.id),
        customer: '=HYPERLINK("http://evil.test") Iyer, "Mimi"',
        total: dollars(sep.totalCents),
        gst: dollars(gstOf11(sep.totalCents)),
      },
      expect.objectContaining({
        kind: "order",
        day: "2026-09-30",
        orderId: lastMs.id,
        customer: "+Tara @Home",
        total: dollars(lastMs.totalCents),
      }),
    ]);
    expect(totalsInCents(julSep)).toEqual(await tableSums("2026-07-01", "2026-09-30"));
    expect(julSep.totals).toMatchObject({
      sales: dollars(sep.totalCents + lastMs.totalCents),
      salesGst: dollars(gstOf11(sep.totalCents) + gstOf11(lastMs.totalCents)),
      refunds: 0,
      refundsGst: 0,
    });

    const octDec = await gstOf(admin.accessToken, "?from=2026-10-01&to=2026-12-31");
    expect(octDec).toMatchObject({ from: "2026-10-01", to: "2026-12-31" });
    expect(octDec.lines.map((l) => [l.kind, l.day, l.orderId, l.total, l.gst])).toEqual([
      ["order", "2026-10-01", oct.id, dollars(oct.totalCents), dollars(gstOf11(oct.totalCents))],
      ["refund", "2026-10-02", sep.id, -12.34, -dollars(gstOf11(1234))],
      ["refund", "2026-11-15", oct.id, -7, -dollars(gstOf11(700))],
      ["refund", "2026-11-20", oct.id, -10, -dollars(gstOf11(1000))],
    ]);
    expect(totalsInCents(octDec)).toEqual(await tableSums("2026-10-01", "2026-12-31"));
    const refundsCents = 1234 + 700 + 1000;
    const refundsGstCents = gstOf11(1234) + gstOf11(700) + gstOf11(1000);
    expect(octDec.totals).toEqual({
      sales: dollars(oct.totalCents),
      salesGst: dollars(gstOf11(oct.totalCents)),
      refunds: -dollars(refundsCents),
      refundsGst: -dollars(refundsGstCents),
      net: dollars(oct.totalCents - refundsCents),
      netGst: dollars(gstOf11(oct.totalCents) - refundsGstCents),
    });

    // Every cent paid is in one quarter, every cent refunded in one quarter.
    const janMar = await gstOf(admin.accessToken, "?from=2027-01-01&to=2027-03-31");
    expect(janMar.lines.map((l) => [l.kind, l.day, l.orderId, l.total])).toEqual([
      ["refund", "2027-01-01", lastMs.id, -5],
    ]);
    const quarters = [julSep, octDec, janMar].map(totalsInCents);
    const all = await db().select().from(orders);
    expect(quarters.reduce((sum, q) => sum + q.sales, 0)).toBe(
      all.reduce((sum, o) => sum + o.totalCents, 0),
    );
    expect(quarters.reduce((sum, q) => sum + q.salesGst, 0)).toBe(
      all.reduce((sum, o) => sum + gstOf11(o.totalCents), 0),
    );
    expect(-quarters.reduce((sum, q) => sum + q.refunds, 0)).toBe(
      all.reduce((sum, o) => sum + o.refundedCents, 0),
    );
    // A range across the boundary is the quarters added together.
    const wide = await gstOf(admin.accessToken, "?from=2026-07-01&to=2027-03-31");
    expect(wide.lines).toHaveLength(julSep.lines.length + octDec.lines.length + 1);
    expect(totalsInCents(wide)).toEqual(await tableSums("2026-07-01", "2027-03-31"));
  });

  it("defaults to the BAS quarter of today, or of the one date given", async () => {
    const admin = await adminSession();
    const quarter = basQuarterOf(brisbaneDate(Date.now()));
    expect(await gstOf(admin.accessToken, "")).toMatchObject({ ...quarter, lines: [] });
    expect(await gstOf(admin.accessToken, "?from=2026-08-15")).toMatchObject({
      from: "2026-08-15",
      to: "2026-09-30",
    });
    expect(await gstOf(admin.accessToken, "?to=2026-11-01")).toMatchObject({
      from: "2026-10-01",
      to: "2026-11-01",
    });
    const empty = await gstOf(admin.accessToken, "?from=2026-02-01&to=2026-02-28");
    expect(empty.totals).toEqual({
      sales: 0,
      salesGst: 0,
      refunds: 0,
      refundsGst: 0,
      net: 0,
      netGst: 0,
    });
  });

  it("refuses dates that do not exist, bad shapes and a range backwards with 400", async () => {
    const admin = await adminSession();
    for (const path of ["/api/admin/reports/gst", "/api/admin/reports/gst.csv"]) {
      for (const query of [
        "?from=2026-02-30",
        "?from=2026-13-01",
        "?to=1%2F10%2F2026",
        "?from=2026-10-02&to=2026-10-01",
      ]) {
        const res = await call(admin.accessToken, `${path}${query}`);
        expect(res.status, `${path}${query}`).toBe(400);
        expect(await res.json()).toMatchObject({ success: false, code: "invalid_input" });
      }
    }
  });
});

describe("GET /api/admin/reports/gst.csv", () => {
  it("is the report's lines and a totals row, text neutralised and money as numbers", async () => {
    const admin = await adminSession();
    const { sep, lastMs, oct } = await quarterBoundary();
    const res = await call(
      admin.accessToken,
      "/api/admin/reports/gst.csv?from=2026-07-01&to=2026-12-31",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="gst-2026-07-01-to-2026-12-31.csv"',
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const money = (cents: number) => (cents / 100).toFixed(2);
    const rows = (await res.text()).split("\r\n");
    expect(rows.pop()).toBe("");
    const n = (id: string) => `#${orderNumber(id)}`;
    const refundsCents = 1234 + 700 + 1000;
    const refundsGst = gstOf11(1234) + gstOf11(700) + gstOf11(1000);
    const sales = sep.totalCents + lastMs.totalCents + oct.totalCents;
    const salesGst = gstOf11(sep.totalCents) + gstOf11(lastMs.totalCents) + gstOf11(oct.totalCents);
    expect(rows).toEqual([
      "date,at,kind,order,order_id,customer,total_inc_gst,gst",
      `2026-09-30,2026-09-30T13:30:00.000Z,order,${n(sep.id)},${sep.id},"'=HYPERLINK(""http://evil.test"") Iyer, ""Mimi""",${money(sep.totalCents)},${money(gstOf11(sep.totalCents))}`,
      `2026-09-30,2026-09-30T13:59:59.999Z,order,${n(lastMs.id)},${lastMs.id},'+Tara @Home,${money(lastMs.totalCents)},${money(gstOf11(lastMs.totalCents))}`,
      `2026-10-01,2026-09-30T14:00:00.000Z,order,${n(oct.id)},${oct.id},'-Tamra Rao,${money(oct.totalCents)},${money(gstOf11(oct.totalCents))}`,
      `2026-10-02,2026-10-02T00:30:00.000Z,refund,${n(sep.id)},${sep.id},"'=HYPERLINK(""http://evil.test"") Iyer, ""Mimi""",-12.34,-${money(gstOf11(1234))}`,
      `2026-11-15,2026-11-15T02:00:00.000Z,refund,${n(oct.id)},${oct.id},'-Tamra Rao,-7.00,-${money(gstOf11(700))}`,
      `2026-11-20,2026-11-20T01:00:00.000Z,refund,${n(oct.id)},${oct.id},'-Tamra Rao,-10.00,-${money(gstOf11(1000))}`,
      `Total,,,,,,${money(sales - refundsCents)},${money(salesGst - refundsGst)}`,
    ]);
    // Customers' names left the shop: the audit log says who took them, which range, how many.
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, admin.id));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        entity: "account",
        action: "export.gst",
        after: {
          file: "gst-2026-07-01-to-2026-12-31.csv",
          rows: 6,
          from: "2026-07-01",
          to: "2026-12-31",
        },
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain("Tamra Rao");
  });
});
