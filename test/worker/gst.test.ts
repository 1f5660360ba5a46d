// GST as the ATO reads it (docs/decisions/0013-gst-on-invoices.md): one eleventh of each amount
// paid (goods after the creator's discount, plus delivery) and of each refund, to the nearest cent,
// on the tax invoice with its adjustment notes, in the GST report and its CSV, in the back-office's
// order and in the confirmation mail; checkout still charges the 10% tax line of SPEC.md section 9.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type AdminOrderResponse, orderNumber } from "../../worker/contracts/admin-orders";
import type { GstReportResponse } from "../../worker/contracts/admin-reports";
import type { OrderDto } from "../../worker/contracts/order";
import { gstIncludedCents, TAX_LINE_LABEL } from "../../worker/contracts/totals";
import { creatorProfiles, orderRefunds, orders } from "../../worker/db/schema";
import { brisbaneDate } from "../../worker/lib/brisbane-time";
import { invoiceUrl } from "../../worker/modules/orders/invoice";
import { adminSession, asUser, creatorSession, register } from "./helpers/accounts";
import { paidOrder } from "./helpers/checkout";
import { callWorker, createCategory, createProduct, db, outbox } from "./helpers/factories";

const DAY = 86_400_000;

/** A paid order of `quantity` units at `priceCents` (optionally with a code, for `token`): its row. */
async function paid(
  priceCents: number,
  quantity: number,
  { affiliateCode = "", token }: { affiliateCode?: string; token?: string } = {},
) {
  const category = await createCategory();
  const product = await createProduct(category.id, {
    finalPriceCents: priceCents,
    originalPriceCents: priceCents,
  });
  const { session } = await paidOrder(
    { items: [{ _id: product.id, quantity }], affiliateCode },
    token,
  );
  const [row] = await db()
    .select()
    .from(orders)
    .where(eq(orders.id, session.client_reference_id ?? ""));
  if (!row?.paidAt) throw new Error("the order was not paid");
  return row;
}

/** The order's tax invoice, through the signed link its answers carry. */
async function invoiceOf(orderId: string) {
  const link = new URL(await invoiceUrl({ env }, orderId));
  const res = await callWorker(link.pathname + link.search);
  expect(res.status).toBe(200);
  return (await res.text()).replace(/\s+/g, " ");
}

/** The invoice's adjustment notes as [note, date, refund, GST adjusted] rows. */
function adjustmentNotes(html: string) {
  const section = /<h2>Adjustment notes<\/h2>(.*?)<\/section>/.exec(html)?.[1] ?? "";
  const body = /<tbody>(.*?)<\/tbody>/.exec(section)?.[1] ?? "";
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]?.trim()),
  );
}

/** An admin's POST to the back-office. */
const adminPost = (token: string, path: string, body: unknown) =>
  callWorker(path, {
    method: "POST",
    headers: { token, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const adminGet = (token: string, path: string) =>
  callWorker(path, { method: "GET", headers: { token } });

async function gstReport(token: string, query: string) {
  const res = await adminGet(token, `/api/admin/reports/gst${query}`);
  expect(res.status).toBe(200);
  return (await res.json<GstReportResponse>()).report;
}

async function gstCsv(token: string, query: string) {
  const res = await adminGet(token, `/api/admin/reports/gst.csv${query}`);
  expect(res.status).toBe(200);
  return (await res.text()).split("\r\n");
}

describe("gstIncludedCents: the GST in a GST-inclusive amount", () => {
  it("is one eleventh, to the nearest cent, on both sides of half a cent", () => {
    // A whole number of cents over 11 leaves 0/11 to 10/11 of a cent, never exactly a half: the
    // edge is 5/11 (0.4545..., down) against 6/11 (0.5454..., up).
    const cases: [number, number][] = [
      [0, 0],
      [5, 0],
      [6, 1],
      [11, 1],
      [16, 1],
      [17, 2],
      [1237, 112], // 112.4545...
      [1238, 113], // 112.5454...
      [8389, 763], // 762.6363...
      [100_000, 9091], // 9090.9090...: $1,000.00 paid holds $90.91 of GST
      [123_456_789_012, 11_223_344_456], // 11,223,344,455.6363...
    ];
    for (const [amount, gst] of cases) {
      expect(gstIncludedCents(amount), `${amount}`).toBe(gst);
      // A refund's negative line holds the negative of the same GST (and never -0).
      expect(Object.is(gstIncludedCents(-amount), 0 - gst), `-${amount}`).toBe(true);
    }
    // Within half a cent of one eleventh, for every amount up to $1,000.
    const off: number[] = [];
    for (let amount = 0; amount <= 100_000; amount++) {
      if (Math.abs(11 * gstIncludedCents(amount) - amount) > 5) off.push(amount);
    }
    expect(off).toEqual([]);
  });
});

describe("the tax invoice", () => {
  it("states GST as one eleventh of $1,000.00 paid, delivery included: $90.91", async () => {
    // $900.00 of goods + $90.00 tax at checkout + $10.00 delivery = $1,000.00.
    const order = await paid(90_000, 1);
    expect(order).toMatchObject({
      subtotalCents: 90_000,
      taxCents: 9000,
      deliveryFeeCents: 1000,
      discountCents: 0,
      totalCents: 100_000,
    });
    const html = await invoiceOf(order.id);
    expect(html).toContain("Total includes GST of $90.91.");
    // What the buyer saw at checkout, labelled for what it is; nothing calls $90.00 GST.
    expect(html).toContain(`<th colspan="3">${TAX_LINE_LABEL}</th><td class="n">$90.00</td>`);
    expect(html).toContain('<th colspan="3">Subtotal</th><td class="n">$900.00</td>');
    expect(html).toContain('<th colspan="3">Delivery</th><td class="n">$10.00</td>');
    expect(html).toContain('Total paid (AUD, GST inclusive)</th><td class="n">$1,000.00</td>');
    expect(html).not.toContain("GST (10%)");
    expect(html).not.toContain("GST of $90.00");
    expect(html).not.toContain("Adjustment notes");
  });

  it("takes GST after the creator's discount: one eleventh of what was paid", async () => {
    const creator = await creatorSession();
    await db()
      .update(creatorProfiles)
      .set({ discountCents: 2500 })
      .where(eq(creatorProfiles.userId, creator.userId));
    const admin = await adminSession();
    // 2 x $44.95 = $89.90 + $8.99 tax + $10.00 delivery - $25.00 = $83.89; GST 83.89 / 11 = 7.626...
    const order = await paid(4495, 2, { affiliateCode: creator.code });
    expect(order).toMatchObject({ taxCents: 899, discountCents: 2500, totalCents: 8389 });

    const html = await invoiceOf(order.id);
    expect(html).toContain('<th colspan="3">Discount</th><td class="n">-$25.00</td>');
    expect(html).toContain("Total includes GST of $7.63.");
    expect(html).not.toContain("GST of $8.99");

    // The back-office's order and the buyer's confirmation state the same GST.
    const res = await adminGet(admin.accessToken, `/api/admin/orders/${order.id}`);
    expect((await res.json<AdminOrderResponse>()).order).toMatchObject({ tax: 8.99, gst: 7.63 });
    const mail = (await outbox()).find((m) => m.subject.endsWith(`#${order.id.slice(-8)}`));
    expect(mail?.text).toContain(`${TAX_LINE_LABEL}: $8.99`);
    expect(mail?.text).toContain("Includes GST: $7.63");
    expect(mail?.text).not.toContain("GST (10%)");
  });
});

describe("a partial refund", () => {
  it("is an adjustment note on the invoice and a negative line on its own day in the report", async () => {
    const admin = await adminSession();
    const order = await paid(90_000, 1);
    // Paid 30 September (Brisbane), refunded $123.45 in the back-office on 15 November.
    await db()
      .update(orders)
      .set({ paidAt: new Date(Date.UTC(2026, 8, 30, 3)) })
      .where(eq(orders.id, order.id));
    const res = await adminPost(admin.accessToken, `/api/admin/orders/${order.id}/refund`, {
      amount: 123.45,
      reason: "One bowl arrived chipped",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await db()
      .update(orderRefunds)
      .set({ updatedAt: new Date(Date.UTC(2026, 10, 15, 2)) })
      .where(eq(orderRefunds.orderId, order.id));

    // 12,345 / 11 = 1,122.27...: $11.22 (not the order's tax in proportion, $11.11).
    const number = order.id.slice(-8).toUpperCase();
    const html = await invoiceOf(order.id);
    expect(html).toContain("Total includes GST of $90.91.");
    expect(adjustmentNotes(html)).toEqual([
      [`#${number}-A1`, "15 November 2026", "-$123.45", "-$11.22"],
    ]);
    expect(html).toContain("Paid less refunds: $876.55.");
    expect(html).toContain("Net GST after adjustments: $79.69.");

    // The sale in Jul-Sep, the refund in Oct-Dec on its own day, each with its own GST.
    const julSep = await gstReport(admin.accessToken, "?from=2026-07-01&to=2026-09-30");
    expect(julSep.lines.map((l) => [l.kind, l.day, l.total, l.gst])).toEqual([
      ["order", "2026-09-30", 1000, 90.91],
    ]);
    expect(julSep.totals).toMatchObject({ sales: 1000, salesGst: 90.91, refundsGst: 0 });
    const octDec = await gstReport(admin.accessToken, "?from=2026-10-01&to=2026-12-31");
    expect(octDec.lines.map((l) => [l.kind, l.day, l.orderId, l.total, l.gst])).toEqual([
      ["refund", "2026-11-15", order.id, -123.45, -11.22],
    ]);
    expect(octDec.totals).toEqual({
      sales: 0,
      salesGst: 0,
      refunds: -123.45,
      refundsGst: -11.22,
      net: -123.45,
      netGst: -11.22,
    });

    // The CSV has the same figures.
    const n = `#${orderNumber(order.id)}`;
    const csv = await gstCsv(admin.accessToken, "?from=2026-07-01&to=2026-12-31");
    expect(csv.slice(1, -1).map((row) => row.split(","))).toEqual([
      [
        "2026-09-30",
        "2026-09-30T03:00:00.000Z",
        "order",
        n,
        order.id,
        "Meera Iyer",
        "1000.00",
        "90.91",
      ],
      [
        "2026-11-15",
        "2026-11-15T02:00:00.000Z",
        "refund",
        n,
        order.id,
        "Meera Iyer",
        "-123.45",
        "-11.22",
      ],
      ["Total", "", "", "", "", "", "876.55", "79.69"],
    ]);
  });

  it("rounds each sale and each refund once, to the nearest cent, around half a cent", async () => {
    const admin = await adminSession();
    // $25.00 + $2.50 tax + $10.00 delivery = $37.50: 3,750 / 11 = 340.9090...
    const order = await paid(2500, 1);
    // Refunds whose eleventh is 112.4545... cents (down) and 112.5454... cents (up).
    for (const amount of [12.37, 12.38]) {
      const res = await adminPost(admin.accessToken, `/api/admin/orders/${order.id}/refund`, {
        amount,
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const html = await invoiceOf(order.id);
    expect(html).toContain("Total includes GST of $3.41.");
    expect(adjustmentNotes(html).map((row) => row.slice(2))).toEqual([
      ["-$12.37", "-$1.12"],
      ["-$12.38", "-$1.13"],
    ]);
    expect(html).toContain("Net GST after adjustments: $1.16.");

    // Around today in Brisbane, whatever side of midnight the sale and refunds fell.
    const from = brisbaneDate(Date.now() - DAY);
    const to = brisbaneDate(Date.now() + DAY);
    const report = await gstReport(admin.accessToken, `?from=${from}&to=${to}`);
    const mine = report.lines.filter((l) => l.orderId === order.id);
    expect(mine.map((l) => [l.kind, l.total, l.gst])).toEqual([
      ["order", 37.5, 3.41],
      ["refund", -12.37, -1.12],
      ["refund", -12.38, -1.13],
    ]);
    const csv = await gstCsv(admin.accessToken, `?from=${from}&to=${to}`);
    expect(
      csv.filter((row) => row.includes(order.id)).map((row) => row.split(",").slice(-2)),
    ).toEqual([
      ["37.50", "3.41"],
      ["-12.37", "-1.12"],
      ["-12.38", "-1.13"],
    ]);
  });

  it("a cancellation keeps the invoice, with the whole refund as its adjustment note", async () => {
    const admin = await adminSession();
    const shopper = await register();
    const order = await paid(90_000, 1, { token: shopper.accessToken });
    const res = await adminPost(admin.accessToken, `/api/admin/orders/${order.id}/cancel`, {});
    expect(res.status, await res.clone().text()).toBe(200);

    // The buyer's cancelled order still links to its invoice.
    const listed = await asUser(shopper.accessToken, "/api/order/userorders");
    const [dto] = (await listed.json<{ orders: OrderDto[] }>()).orders;
    expect(dto).toMatchObject({ _id: order.id, status: "cancelled" });
    expect(dto?.invoiceUrl).toMatch(/\/api\/order\/invoice\//);
    const link = new URL(dto?.invoiceUrl ?? "");
    const invoice = await callWorker(link.pathname + link.search);
    expect(invoice.status).toBe(200);
    const html = (await invoice.text()).replace(/\s+/g, " ");
    expect(html).toContain("Total includes GST of $90.91.");
    expect(adjustmentNotes(html).map((row) => row.slice(2))).toEqual([["-$1,000.00", "-$90.91"]]);
    expect(html).toContain("Net GST after adjustments: $0.00.");
  });
});
