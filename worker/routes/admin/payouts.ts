// /api/admin/payouts: payout batches (with a preview of what one would pay, to confirm before it is
// made), their bank (ABA) and PayPal files (each download audited), and marking one paid or
// cancelling it. requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import * as v from "valibot";
import { PageQuery } from "../../contracts/admin";
import { IdParam } from "../../contracts/fields";
import { dollarsToCents } from "../../contracts/money";
import { AbaQuery, PayoutCreateSchema, PayoutPreviewQuery } from "../../contracts/payouts";
import type { Bindings } from "../../env";
import { validate } from "../../http/validate";
import { csvResponse } from "../../lib/csv";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import {
  cancelPayout,
  createPayout,
  getPayout,
  listPayouts,
  markPayoutPaid,
  payoutDue,
  payoutFile,
  payoutMinimumCents,
} from "../../modules/payouts/payouts";

/** The minimum asked, in cents, or the shop's default. */
const minimumCentsOf = (env: Bindings, minimum: number | undefined) =>
  minimum === undefined ? payoutMinimumCents(env) : dollarsToCents(minimum);

export const adminPayoutRoutes = new Hono<AppEnv>()
  .get("/", validate("query", v.object({ page: PageQuery })), async (c) => {
    const list = await listPayouts(
      { db: c.var.db },
      c.req.valid("query").page,
      payoutMinimumCents(c.env),
    );
    return c.json({ success: true as const, ...list });
  })
  // Before /payouts/:id, which would take "preview" for an id.
  .get("/preview", validate("query", PayoutPreviewQuery), async (c) => {
    const { minimum } = c.req.valid("query");
    const due = await payoutDue({ db: c.var.db }, minimumCentsOf(c.env, minimum));
    return c.json({ success: true as const, due });
  })
  .post("/", validate("json", PayoutCreateSchema), async (c) => {
    const { minimum, expected } = c.req.valid("json");
    const { payout, leftOut } = await createPayout(
      adminDeps(c),
      minimumCentsOf(c.env, minimum),
      expected && {
        totalCents: dollarsToCents(expected.total),
        creators: expected.creators,
      },
    );
    return c.json({ success: true as const, payout, leftOut });
  })
  .get("/:id", validate("param", IdParam), async (c) =>
    c.json({
      success: true as const,
      payout: await getPayout({ db: c.var.db }, c.req.valid("param").id),
    }),
  )
  .get("/:id/aba", validate("param", IdParam), validate("query", AbaQuery), async (c) => {
    const file = await payoutFile(
      adminDeps(c),
      c.req.valid("param").id,
      "bank",
      c.req.valid("query").date,
    );
    return csvResponse(file.text, file.filename, { bom: false, contentType: file.contentType });
  })
  .get("/:id/paypal.csv", validate("param", IdParam), async (c) => {
    const file = await payoutFile(adminDeps(c), c.req.valid("param").id, "paypal");
    return csvResponse(file.text, file.filename, { bom: false, contentType: file.contentType });
  })
  .post("/:id/paid", validate("param", IdParam), async (c) => {
    const payout = await markPayoutPaid(adminDeps(c), c.req.valid("param").id);
    return c.json({ success: true as const, payout });
  })
  .post("/:id/cancel", validate("param", IdParam), async (c) => {
    const payout = await cancelPayout(adminDeps(c), c.req.valid("param").id);
    return c.json({ success: true as const, payout });
  });
