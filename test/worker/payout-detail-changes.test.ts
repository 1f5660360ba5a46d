// Payout details cannot be redirected quietly: saving them needs the password, the creator is
// mailed where the money now goes, from when and from which network, every change is audited
// masked, and new details wait a cooling-off period before a batch may pay them.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreatorDto } from "../../worker/contracts/account";
import {
  type AdminPayoutListResponse,
  type AdminPayoutResponse,
  PAYOUT_DETAILS_CHANGE_MESSAGES,
  type PayoutDetailsResponse,
} from "../../worker/contracts/payouts";
import { auditLog, creatorPayoutDetails, emailOutbox } from "../../worker/db/schema";
import { adminSession, asUser, creatorSession } from "./helpers/accounts";
import { callWorker, db } from "./helpers/factories";
import {
  BANK_DETAILS,
  CREATOR_PASSWORD,
  coolingOffPassed,
  createPayout,
  givePayoutDetails,
  payableSale,
} from "./helpers/payouts";

const HOUR = 3_600_000;
const PATH = "/api/user/creator/payout-details";

/** A save from the network `ip`, with the Worker's variables overridden by `vars`. */
const save = (
  token: string,
  body: unknown,
  ip = "203.0.113.40",
  vars: Record<string, string> = {},
) =>
  callWorker(
    PATH,
    {
      method: "POST",
      headers: { "content-type": "application/json", token, "cf-connecting-ip": ip },
      body: JSON.stringify(body),
    },
    vars,
  );

const savedRows = (userId: string) =>
  db().select().from(creatorPayoutDetails).where(eq(creatorPayoutDetails.userId, userId));

const noticesTo = (email: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.to, email));

describe("saving payout details", () => {
  it.each([
    ["missing", {}, "current_password_required", PAYOUT_DETAILS_CHANGE_MESSAGES.passwordRequired],
    [
      "wrong",
      { currentPassword: "not the password" },
      "wrong_password",
      PAYOUT_DETAILS_CHANGE_MESSAGES.wrongPassword,
    ],
    [
      "empty",
      { currentPassword: "" },
      "current_password_required",
      PAYOUT_DETAILS_CHANGE_MESSAGES.passwordRequired,
    ],
  ])(
    "refuses a %s password with a 400 on the field and saves nothing",
    async (_, password, code, message) => {
      const creator = await creatorSession();
      const res = await save(creator.accessToken, { ...BANK_DETAILS, ...password });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        message,
        code,
        issues: [{ path: "currentPassword", message }],
      });
      expect(await savedRows(creator.userId)).toHaveLength(0);
      expect(await noticesTo(creator.email)).toHaveLength(0);
    },
  );

  it("refuses a password of the wrong type, or absurdly long, as bad input", async () => {
    const creator = await creatorSession();
    for (const currentPassword of [42, null, ["x"], { a: 1 }, "x".repeat(5000)]) {
      const res = await save(creator.accessToken, { ...BANK_DETAILS, currentPassword });
      expect(res.status, JSON.stringify(currentPassword).slice(0, 20)).toBe(400);
    }
    expect(await savedRows(creator.userId)).toHaveLength(0);
  });

  it("with the password: usable after 72 hours, the notice says when, from where, and to what; the audit is masked", async () => {
    const creator = await creatorSession();
    const before = Date.now();
    const res = await save(creator.accessToken, {
      ...BANK_DETAILS,
      accountNumber: "98765432",
      currentPassword: CREATOR_PASSWORD,
    });
    expect(res.status).toBe(200);
    const { payoutDetails } = await res.json<PayoutDetailsResponse>();
    const usableFrom = Date.parse(payoutDetails.usableFrom);
    expect(usableFrom).toBeGreaterThanOrEqual(before + 72 * HOUR);
    expect(usableFrom).toBeLessThanOrEqual(Date.now() + 72 * HOUR);

    const [notice] = await noticesTo(creator.email);
    expect(notice?.subject).toBe("Your Tamra & Tara payout details changed");
    expect(notice?.text).toContain("from the network 203.0.113.40");
    expect(notice?.text).toContain("BSB 062-000, account ••••••432");
    expect(notice?.text).toMatch(/payouts go there only from \d+ \w+ 20\d\d/);
    expect(notice?.text).not.toContain("98765432");

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, creator.userId), eq(auditLog.action, "payout_details")));
    expect(entry).toMatchObject({ entity: "account", actorEmail: creator.email, before: null });
    expect(entry?.after).toMatchObject({
      accountNumberMasked: "••••••432",
      usableFrom: payoutDetails.usableFrom,
    });
    expect(JSON.stringify(entry)).not.toContain("98765432");

    const me = await asUser(creator.accessToken, "/api/user/creator/me", undefined, "GET");
    const { creator: view } = await me.json<{ creator: CreatorDto }>();
    expect(view.payoutDetails?.usableFrom).toBe(payoutDetails.usableFrom);
  });

  it("restarts the wait for a new destination, and keeps it when only the ABN changes", async () => {
    const creator = await creatorSession();
    await givePayoutDetails(creator.accessToken); // usable now
    const [settled] = await savedRows(creator.userId);
    const abnOnly = await save(creator.accessToken, {
      ...BANK_DETAILS,
      abn: "51 824 753 556",
      currentPassword: CREATOR_PASSWORD,
    });
    const kept = await abnOnly.json<PayoutDetailsResponse>();
    expect(kept.payoutDetails.usableFrom).toBe(settled?.usableFrom.toISOString());

    const elsewhere = await save(creator.accessToken, {
      ...BANK_DETAILS,
      accountNumber: "11112222",
      currentPassword: CREATOR_PASSWORD,
    });
    const moved = await elsewhere.json<PayoutDetailsResponse>();
    expect(Date.parse(moved.payoutDetails.usableFrom)).toBeGreaterThan(Date.now() + 71 * HOUR);
    const paypal = await save(creator.accessToken, {
      method: "paypal",
      email: "priya@example.com",
      currentPassword: CREATOR_PASSWORD,
    });
    expect(
      Date.parse((await paypal.json<PayoutDetailsResponse>()).payoutDetails.usableFrom),
    ).toBeGreaterThan(Date.now() + 71 * HOUR);
  });

  it("waits as long as PAYOUT_DETAILS_COOLING_OFF_HOURS says", async () => {
    const creator = await creatorSession();
    const res = await save(
      creator.accessToken,
      { ...BANK_DETAILS, currentPassword: CREATOR_PASSWORD },
      "203.0.113.41",
      { PAYOUT_DETAILS_COOLING_OFF_HOURS: "24" },
    );
    const { payoutDetails } = await res.json<PayoutDetailsResponse>();
    const wait = Date.parse(payoutDetails.usableFrom) - Date.now();
    expect(wait).toBeGreaterThan(23.9 * HOUR);
    expect(wait).toBeLessThanOrEqual(24 * HOUR);
  });
});

describe("a payout batch and new details", () => {
  it("leaves out a creator whose details are new, says why, and pays them once the wait is over", async () => {
    const admin = await adminSession();
    const settled = await creatorSession();
    const fresh = await creatorSession({ name: "Anika Rao" });
    await givePayoutDetails(settled.accessToken);
    await givePayoutDetails(fresh.accessToken, BANK_DETAILS, { waiting: true });
    await payableSale(settled.code);
    await payableSale(fresh.code);

    const list = await asUser(admin.accessToken, "/api/admin/payouts", undefined, "GET");
    const { due } = await list.json<AdminPayoutListResponse>();
    expect(due).toMatchObject({ creators: 1, amount: 59, withoutDetails: 0 });
    expect(due.waiting).toEqual([
      {
        creatorId: fresh.userId,
        creatorName: "Anika Rao",
        creatorEmail: fresh.email,
        amount: 59,
        usableFrom: expect.any(String),
      },
    ]);

    const made = await createPayout(admin.accessToken);
    expect(made.status).toBe(200);
    const { payout, leftOut } = await made.json<AdminPayoutResponse>();
    expect(payout.lines.map((l) => l.creatorId)).toEqual([settled.userId]);
    expect(leftOut?.map((w) => w.creatorId)).toEqual([fresh.userId]);

    await coolingOffPassed(fresh.userId);
    const next = await createPayout(admin.accessToken);
    const { payout: second } = await next.json<AdminPayoutResponse>();
    expect(second.lines.map((l) => l.creatorId)).toEqual([fresh.userId]);
  });

  it("never pays details changed by a stolen session before the creator could see the notice", async () => {
    const admin = await adminSession();
    const creator = await creatorSession();
    await givePayoutDetails(creator.accessToken);
    await payableSale(creator.code);
    // Someone with the session and the password points the money elsewhere.
    await givePayoutDetails(
      creator.accessToken,
      { ...BANK_DETAILS, accountNumber: "66666666", accountName: "Someone Else" },
      { waiting: true },
    );
    const made = await createPayout(admin.accessToken);
    expect(made.status).toBe(409);
    const refused = await made.json<{ code: string; message: string }>();
    expect(refused.code).toBe("nothing_to_pay");
    expect(refused.message).toContain("cooling-off period");
  });
});

describe("the hostile suite's view", () => {
  it("never answers 5xx to a payout-details body, password or not", async () => {
    const creator = await creatorSession();
    for (const body of [
      {},
      { currentPassword: CREATOR_PASSWORD },
      { method: "bank", currentPassword: CREATOR_PASSWORD },
      { ...BANK_DETAILS, currentPassword: CREATOR_PASSWORD, extra: "\u0000" },
      { method: "paypal", email: "=cmd@example.com", currentPassword: CREATOR_PASSWORD },
      [],
      "text",
    ]) {
      const res = await save(creator.accessToken, body);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});
