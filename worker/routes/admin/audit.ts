// /api/admin/audit?entity=&id=&page=: the audit log, newest first, 50 a page. requireAdmin has
// already run (routes/admin.ts).
import { Hono } from "hono";
import { AuditQuery } from "../../contracts/admin";
import { validate } from "../../http/validate";
import type { AppEnv } from "../../middleware/app-env";
import { listAudit } from "../../modules/audit/audit";

export const adminAuditRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", AuditQuery),
  async (c) => {
    const entries = await listAudit({ db: c.var.db }, c.req.valid("query"));
    return c.json({ success: true as const, entries });
  },
);
