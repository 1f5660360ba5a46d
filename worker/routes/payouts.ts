// GET /api/payouts/:id/statement: a payout line's statement, or recipient
// created tax invoice, for the creator it paid and for admins; 404 for anyone else.
import { Hono } from "hono";
import { IdParam } from "../contracts/fields";
import { PAYOUT_ADMIN_MESSAGES } from "../contracts/payouts";
import { validate } from "../http/validate";
import { AppError } from "../lib/app-error";
import { requireAdmin, requireSecondFactor } from "../middleware/admin";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { requireAuth } from "../middleware/auth";
import { payoutStatement } from "../modules/payouts/payouts";

/**
 * Whether the caller may open the back-office now: the same checks as /api/admin (the account's
 * role as it is now, and the second factor where it is required).
 */
async function isBackOffice(c: AppContext): Promise<boolean> {
  try {
    await requireAdmin(c, async () => {
      await requireSecondFactor(c, async () => {});
    });
    return true;
  } catch {
    return false;
  }
}

export const payoutRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/:id/statement", validate("param", IdParam), async (c) => {
    const id = c.req.valid("param").id;
    const asCreator = { userId: c.var.auth.userId, admin: false };
    const statement =
      (await payoutStatement({ env: c.env, db: c.var.db }, id, asCreator)) ??
      ((await isBackOffice(c))
        ? await payoutStatement({ env: c.env, db: c.var.db }, id, { ...asCreator, admin: true })
        : null);
    if (!statement) {
      throw new AppError(404, PAYOUT_ADMIN_MESSAGES.statementNotFound, "not_found");
    }
    return c.json({ success: true as const, statement });
  });
