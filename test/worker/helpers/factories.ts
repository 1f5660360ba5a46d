// Test data: each test creates exactly the rows it needs through these.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { createDb } from "../../../worker/db/client";
import { auditLog, categories, emailOutbox, products } from "../../../worker/db/schema";
import worker from "../../../worker/index";
import { newId } from "../../../worker/lib/ids";

export const db = () => createDb(env.DB);

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}-${crypto.randomUUID().slice(0, 8)}`;

export async function createCategory(overrides: Partial<typeof categories.$inferInsert> = {}) {
  const row = {
    id: newId(),
    name: unique("Category"),
    imageKey: "categories/test.svg",
    ...overrides,
  };
  await db().insert(categories).values(row);
  return row;
}

export async function createProduct(
  categoryId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const row = {
    id: newId(),
    slug: unique("product"),
    name: unique("Copper Bottle"),
    description: "Hand-hammered copper.",
    imageKeys: ["products/a.svg", "products/b.svg"],
    originalPriceCents: 4995,
    finalPriceCents: 3995,
    categoryId,
    tags: ["copper", "ayurveda"],
    listedAt: new Date(),
    ...overrides,
  };
  await db().insert(products).values(row);
  return row;
}

/** A product's row as D1 holds it now (undefined when there is none). */
export async function productRow(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row;
}

export const ORIGIN = "http://localhost:8787";

let testNetwork = "198.18.0.1";

/**
 * Each test is its own client: requests that name no address come from a network of the test's
 * own (set before each test by setup.ts), as Cloudflare would report a visitor's. The edge-counted
 * limits (wrangler.toml [[ratelimits]]) outlive a test's storage, so tests sharing one address
 * would count against each other.
 */
export function useNewTestNetwork(): void {
  const [a = 0, b = 0, c = 0] = crypto.getRandomValues(new Uint8Array(3));
  // 198.18.0.0/15: set aside for benchmarking, never a real visitor.
  testNetwork = `198.${18 + (a & 1)}.${b}.${c}`;
}

function fromTestNetwork(init?: RequestInit): RequestInit {
  const headers = new Headers(init?.headers);
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", testNetwork);
  return { ...init, headers };
}

/** A request to the Worker under test, as a browser on the shop's origin would send it. */
export const api = (path: string, init?: RequestInit) =>
  SELF.fetch(`${ORIGIN}${path}`, fromTestNetwork(init));

/**
 * Calls the Worker with its own execution context and waits for everything it left to waitUntil
 * (mail), so a test can read what happened after the response. `vars` overrides variables.
 */
export async function callWorker(
  path: string,
  init?: RequestInit,
  vars: Record<string, string> = {},
  { fromNowhere = false }: { fromNowhere?: boolean } = {},
) {
  const ctx = createExecutionContext();
  // `fromNowhere`: no CF-Connecting-IP at all, as a request Cloudflare did not front would come.
  const request = new Request(`${ORIGIN}${path}`, fromNowhere ? init : fromTestNetwork(init));
  const res = await worker.fetch(request, { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export const postJson = (path: string, body: unknown, vars?: Record<string, string>) =>
  callWorker(
    path,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    vars,
  );

/**
 * The answer must have `status` and the one error shape: with the `code` given as a string, or
 * exactly `{ success: false, ...body }` given the rest of the body.
 */
export async function expectError(
  res: Response,
  status: number,
  expected: string | { code: string; message: string; issues?: unknown[] },
) {
  expect(res.status).toBe(status);
  if (typeof expected === "string") {
    expect(await res.json()).toMatchObject({ success: false, code: expected });
  } else {
    expect(await res.json()).toEqual({ success: false, ...expected });
  }
}

export const outbox = () => db().select().from(emailOutbox).orderBy(emailOutbox.createdAt);

/** The mail about one order, oldest first. */
export const mailsAbout = async (orderId: string) =>
  (await outbox()).filter((mail) => mail.orderId === orderId);

/** The mail to one address, oldest first. */
export const mailsTo = async (to: string) => (await outbox()).filter((mail) => mail.to === to);

/**
 * The audit log's entries about one entity, oldest first; only its `entity` kind's and only those
 * of `action` where given (an account's id is also its creator entity's id).
 */
export const auditEntries = (
  entityId: string,
  only: { entity?: (typeof auditLog.$inferSelect)["entity"]; action?: string } = {},
) =>
  db()
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityId, entityId),
        only.entity === undefined ? undefined : eq(auditLog.entity, only.entity),
        only.action === undefined ? undefined : eq(auditLog.action, only.action),
      ),
    )
    .orderBy(auditLog.createdAt);

/**
 * Reads until `done` holds of the answer: a catalogue change written straight into D1 reaches the
 * cached answers once an isolate re-reads the catalogue's version (VERSION_TTL_MS), so a test
 * waits for that state rather than for a time. Gives up after `attempts` reads, 100 ms apart.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  attempts = 150,
): Promise<T> {
  let value = await read();
  for (let i = 1; i < attempts && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
