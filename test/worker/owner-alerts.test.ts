// The owner's alerts: a mail to the shop's inbox for each new paid order (written with the payment,
// so one however often Stripe reports it), and the daily cron's list of orders still waiting to
// ship more than 2 business days after payment (one per Brisbane day).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, orders } from "../../worker/db/schema";
import worker from "../../worker/index";
import { businessDaysBefore, overdueCutoff } from "../../worker/lib/brisbane-time";
import { DAILY_CRON } from "../../worker/modules/retention/retention";
import { address, confirm, deliver, paidOrder } from "./helpers/checkout";
import { createCategory, createProduct, db } from "./helpers/factories";

type OrderRow = typeof orders.$inferSelect;

async function placeOrder(who: Record<string, string> = {}): Promise<OrderRow> {
  const cat = await createCategory();
  const bowl = await createProduct(cat.id, { name: "Copper Bowl", finalPriceCents: 3995 });
  const paid = await paidOrder({
    items: [{ _id: bowl.id, quantity: 2 }],
    address: address(who),
  });
  const [row] = await db().select().from(orders).where(eq(orders.stripeSessionId, paid.session.id));
  if (!row) throw new Error("no order");
  return row;
}

const inboxMails = () =>
  db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, env.SHOP_INBOX_EMAIL))
    .orderBy(emailOutbox.createdAt);

describe("the owner's mail about each new paid order", () => {
  it("lists what was bought, by whom, with the link to the order in the back-office", async () => {
    const order = await placeOrder({ firstName: "Ana", lastName: "O'Brien & <Co>" });
    const mails = await inboxMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const link = `http://localhost:8787/admin/orders/${order.id}`;
    expect(mail).toMatchObject({
      to: env.SHOP_INBOX_EMAIL,
      orderId: order.id,
      status: "sent",
      kind: "transactional",
      subject: `New order #${order.id.slice(-8)} — $97.89`,
    });
    expect(mail?.text).toContain("2 × Copper Bowl — $79.90");
    expect(mail?.text).toContain("Total: $97.89");
    expect(mail?.text).toContain("Buyer: Ana O'Brien & <Co> <meera@example.com>");
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain("Ana O&#39;Brien &amp; &lt;Co&gt; &lt;meera@example.com&gt;");
    expect(mail?.html).not.toContain("<Co>");
  });

  it("is one mail however often the payment is reported, at once or again later", async () => {
    const cat = await createCategory();
    const bowl = await createProduct(cat.id, { finalPriceCents: 3995 });
    const { event, session, cookie } = await paidOrder({ items: [{ _id: bowl.id, quantity: 1 }] });
    const again = await Promise.all([
      deliver(event),
      deliver(event),
      deliver({ ...event, id: `${event.id}_resent` }),
      confirm(session.id, { cookie }),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await inboxMails()).toHaveLength(1);
  });
});

const run = async (scheduledTime: number) => {
  const ctx = createExecutionContext();
  await worker.scheduled(
    { cron: DAILY_CRON, scheduledTime, noRetry: () => {} } as ScheduledController,
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
};

/** A Brisbane wall-clock time (UTC+10, no daylight saving) as an instant. */
const brisbane = (iso: string) => Date.parse(`${iso}+10:00`);

describe("business days (Brisbane, Monday to Friday)", () => {
  it("counts back over weekends, and stands still during one", () => {
    // 30 November 2026 is a Monday.
    expect(businessDaysBefore(brisbane("2026-11-30T10:00:00"), 2)).toBe(
      brisbane("2026-11-26T10:00:00"),
    );
    expect(businessDaysBefore(brisbane("2026-12-01T10:00:00"), 2)).toBe(
      brisbane("2026-11-27T10:00:00"),
    );
    expect(businessDaysBefore(brisbane("2026-12-02T10:00:00"), 2)).toBe(
      brisbane("2026-11-30T10:00:00"),
    );
    expect(businessDaysBefore(brisbane("2026-11-27T23:00:00"), 1)).toBe(
      brisbane("2026-11-26T23:00:00"),
    );
    // Saturday and Sunday count from the weekend's start: the end of Friday.
    for (const weekend of ["2026-11-28T00:00:00", "2026-11-28T15:00:00", "2026-11-29T23:59:59"])
      expect(businessDaysBefore(brisbane(weekend), 2)).toBe(brisbane("2026-11-26T00:00:00"));
    // Brisbane's Monday morning is still Sunday in UTC: the week is Brisbane's.
    expect(businessDaysBefore(brisbane("2026-11-30T08:00:00"), 1)).toBe(
      brisbane("2026-11-27T08:00:00"),
    );
    expect(overdueCutoff(brisbane("2026-11-30T10:00:00"))).toBe(
      brisbane("2026-11-26T10:00:00") - 1,
    );
  });
});

describe("the owner's daily mail of orders waiting to ship", () => {
  /** The daily cron's run on Monday 30 November 2026, 02:43 in Brisbane. */
  const MONDAY_RUN = brisbane("2026-11-30T02:43:00");
  const overdueMails = async () =>
    (await inboxMails()).filter((m) => m.subject.startsWith("Waiting to ship"));

  it("lists the unshipped orders paid more than 2 business days ago, oldest first, once a day", async () => {
    const paidAt = async (iso: string, status: OrderRow["status"] = "Order Placed") => {
      const order = await placeOrder({ firstName: iso.slice(0, 10) });
      await db()
        .update(orders)
        .set({ paidAt: new Date(brisbane(iso)), status })
        .where(eq(orders.id, order.id));
      return order;
    };
    // Monday 02:43 less 2 business days is Thursday 02:43.
    const thursdayEarly = await paidAt("2026-11-26T02:00:00", "Packing");
    const wednesday = await paidAt("2026-11-25T10:00:00");
    const thursdayLate = await paidAt("2026-11-26T03:00:00"); // 4 calendar days, < 2 business days
    await paidAt("2026-11-27T09:00:00");
    await paidAt("2026-11-20T09:00:00", "Shipped");
    await paidAt("2026-11-20T09:00:00", "cancelled");
    const before = (await inboxMails()).length;

    await Promise.all([run(MONDAY_RUN), run(MONDAY_RUN)]);
    await run(MONDAY_RUN + 3_600_000);
    const [mail, ...more] = await overdueMails();
    expect(more).toEqual([]);
    expect((await inboxMails()).length).toBe(before + 1);
    expect(mail).toMatchObject({
      to: env.SHOP_INBOX_EMAIL,
      status: "sent",
      subject: "Waiting to ship on 2026-11-30: 2 orders",
    });
    const text = mail?.text ?? "";
    expect(text).toContain("2 orders have waited more than 2 business days to ship.");
    const link = (o: OrderRow) => `http://localhost:8787/admin/orders/${o.id}`;
    expect(text.indexOf(link(wednesday))).toBeGreaterThan(0);
    expect(text.indexOf(link(thursdayEarly))).toBeGreaterThan(text.indexOf(link(wednesday)));
    expect(text).not.toContain(thursdayLate.id);
    expect(text).toContain(`#${wednesday.id.slice(-8)} — 2026-11-25 Iyer <meera@example.com>`);
    expect(text).toContain("paid 2026-11-26 — Packing — $97.89");
    expect(mail?.html).toContain(`href="${link(thursdayEarly)}"`);

    // The next day's run is a new day: Thursday's later order has now waited long enough too.
    await run(MONDAY_RUN + 86_400_000);
    const tuesday = (await overdueMails()).at(-1);
    expect(tuesday?.subject).toBe("Waiting to ship on 2026-12-01: 3 orders");
    expect(tuesday?.text).toContain(link(thursdayLate));
  });

  it("sends nothing when every order is on time", async () => {
    const order = await placeOrder();
    await db()
      .update(orders)
      .set({ paidAt: new Date(brisbane("2026-11-27T09:00:00")) })
      .where(eq(orders.id, order.id));
    await run(MONDAY_RUN);
    expect(await overdueMails()).toEqual([]);
  });
});
