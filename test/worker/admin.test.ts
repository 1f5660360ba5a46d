// The back-office's door and its audit log: every /api/admin/* call re-reads the caller's role from
// D1 (a demoted admin is out at once), answers 401 without a token and 403 to anyone else, and the
// audit log lists every back-office write newest first.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUDIT_PAGE_SIZE } from "../../worker/contracts/admin";
import { auditLog, users } from "../../worker/db/schema";
import { newId } from "../../worker/lib/ids";
import { auditStatement } from "../../worker/modules/audit/audit";
import { adminSession, creatorSession, register, setRole } from "./helpers/accounts";
import { callWorker, db } from "./helpers/factories";

const get = (path: string, token?: string) => callWorker(path, { headers: token ? { token } : {} });

describe("who may use /api/admin", () => {
  it("answers 401 without a token or with a bad one, in the error shape", async () => {
    for (const token of [undefined, "not-a-token", "eyJhbGciOiJIUzI1NiJ9.e30.x"]) {
      const res = await get("/api/admin/audit", token);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, code: "unauthorized" });
    }
  });

  it("answers 403 to a shopper and a creator, also on paths it does not have", async () => {
    const shopper = await register();
    const creator = await creatorSession();
    for (const token of [shopper.accessToken, creator.accessToken]) {
      for (const path of ["/api/admin/audit", "/api/admin/no-such-thing"]) {
        const res = await get(path, token);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ success: false, code: "forbidden" });
      }
    }
  });

  it("lets an admin in, and shuts a demoted one out with the token still fresh", async () => {
    const admin = await adminSession();
    expect((await get("/api/admin/audit", admin.accessToken)).status).toBe(200);
    await setRole(admin.email, "user");
    const res = await get("/api/admin/audit", admin.accessToken);
    expect(res.status).toBe(403);
    // Promoted again: in at once too, whatever role the token was minted with.
    await setRole(admin.email, "admin");
    expect((await get("/api/admin/audit", admin.accessToken)).status).toBe(200);
  });

  it("stays closed in production to an admin who has not passed a second factor", async () => {
    const admin = await adminSession();
    const res = await callWorker(
      "/api/admin/audit",
      { headers: { token: admin.accessToken } },
      { ENVIRONMENT: "production" },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, code: "second_factor_required" });
  });

  it("treats a token whose account is gone as signed out", async () => {
    const shopper = await register();
    await setRole(shopper.email, "admin");
    await db().delete(users).where(eq(users.email, shopper.email));
    expect((await get("/api/admin/audit", shopper.accessToken)).status).toBe(401);
  });
});

const entry = (actor: { id: string; email: string }, entityId: string, action: string) => ({
  id: newId(),
  actorId: actor.id,
  actorEmail: actor.email,
  entity: "product" as const,
  entityId,
  action,
});

describe("GET /api/admin/audit", () => {
  it("lists entries newest first, by kind and by record, a page at a time", async () => {
    const admin = await adminSession();
    const actor = { id: admin.id, email: admin.email };
    const productId = "a".repeat(24);
    const otherId = "b".repeat(24);
    // The service writes who did it; the rows after it carry explicit times, so the order is known.
    await auditStatement(db(), actor, {
      entity: "product",
      entityId: productId,
      action: "create",
      after: { name: "Old" },
    });
    const [created] = await db().select().from(auditLog).where(eq(auditLog.entityId, productId));
    const base = created?.createdAt.getTime() ?? 0;
    await db()
      .insert(auditLog)
      .values([
        { ...entry(actor, otherId, "create"), createdAt: new Date(base + 1000) },
        {
          ...entry(actor, productId, "update"),
          before: { name: "Old" },
          after: { name: "New" },
          createdAt: new Date(base + 2000),
        },
      ]);
    const res = await get(`/api/admin/audit?entity=product&id=${productId}`, admin.accessToken);
    expect(res.status).toBe(200);
    const { success, entries } = await res.json<{
      success: boolean;
      entries: { action: string; before: unknown; after: unknown; actor: unknown; at: string }[];
    }>();
    expect(success).toBe(true);
    expect(entries.map((e) => e.action)).toEqual(["update", "create"]);
    expect(entries[0]).toMatchObject({
      before: { name: "Old" },
      after: { name: "New" },
      actor: { id: admin.id, email: admin.email },
    });
    expect(Number.isNaN(Date.parse(entries[0]?.at ?? ""))).toBe(false);

    const all = await (await get("/api/admin/audit?entity=product", admin.accessToken)).json<{
      entries: unknown[];
    }>();
    expect(all.entries.length).toBeGreaterThanOrEqual(3);
    const far = await (await get("/api/admin/audit?page=999", admin.accessToken)).json<{
      entries: unknown[];
    }>();
    expect(far.entries).toEqual([]);
    expect(AUDIT_PAGE_SIZE).toBe(50);
  });

  it("answers a malformed query with 400 in the error shape", async () => {
    const admin = await adminSession();
    for (const query of ["entity=wizard", "id=123", "page=0", "page=-1", "page=abc", "page=1e3"]) {
      const res = await get(`/api/admin/audit?${query}`, admin.accessToken);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: "invalid_input" });
    }
  });
});
