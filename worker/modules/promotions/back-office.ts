// The owner's promotions (README, "Promotions"): create and edit them whole (pausing and ending are
// their status), list them with what each did (paid orders, open checkouts holding a use, revenue,
// discount given), the orders that used one, batches of single-use codes and their CSV. Every
// change is one batch with its audit entry. Dates come and go as Brisbane wall-clock.
import { and, count, desc, eq, gt, inArray, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import type * as v from "valibot";
import {
  type CodeBatchSchema,
  PROMOTION_ADMIN_MESSAGES,
  PROMOTIONS_PAGE_SIZE,
  type PromotionDto,
  type PromotionInputSchema,
  type PromotionListQuery,
  type PromotionOrderDto,
  type PromotionState,
  type PromotionStatsDto,
} from "../../contracts/promotions";
import { violatesUnique } from "../../db/errors";
import { AppError, badRequest, notFound } from "../../lib/app-error";
import { type CsvCell, toCsv } from "../../lib/csv";
import type { Deps } from "../../lib/deps";
import { newId } from "../../lib/ids";
import { auditStatement } from "../audit/audit";
import { categories, products } from "../catalogue/schema";
import { orders } from "../orders/schema";
import { generateCodes } from "./codes";
import { runningAt } from "./discounts";
import { type PromotionRow, promotionState } from "./pricing";
import { promotionCodes, promotionRedemptions, promotions } from "./schema";

type PromotionInput = v.InferOutput<typeof PromotionInputSchema>;
type ListQuery = v.InferOutput<typeof PromotionListQuery>;

/** Brisbane keeps UTC+10 all year. */
const BRISBANE_OFFSET_MS = 10 * 60 * 60 * 1000;

/** "2026-12-24T09:00" in Brisbane -> UTC ms; 400 for a date that does not exist (30 February). */
export function brisbaneWallClockToMs(local: string): number {
  const ms = Date.parse(`${local}:00+10:00`);
  if (Number.isNaN(ms) || msToBrisbaneWallClock(ms) !== local) {
    throw badRequest(PROMOTION_ADMIN_MESSAGES.notRealDate, "invalid_input");
  }
  return ms;
}

export const msToBrisbaneWallClock = (ms: number) =>
  new Date(ms + BRISBANE_OFFSET_MS).toISOString().slice(0, 16);

const promotionNotFound = () => notFound(PROMOTION_ADMIN_MESSAGES.notFound, "promotion_not_found");

/** The row the input describes: figures only for its kind, targets only for its scope. */
async function rowOf({ db }: Pick<Deps, "db">, input: PromotionInput) {
  const categoryIds = input.scope === "categories" ? [...new Set(input.categoryIds)] : [];
  const productIds = input.scope === "products" ? [...new Set(input.productIds)] : [];
  const [foundCategories, foundProducts] = await Promise.all([
    categoryIds.length
      ? db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds))
      : [],
    productIds.length
      ? db.select({ id: products.id }).from(products).where(inArray(products.id, productIds))
      : [],
  ]);
  if (foundCategories.length !== categoryIds.length) {
    throw badRequest(PROMOTION_ADMIN_MESSAGES.unknownCategory, "invalid_input");
  }
  if (foundProducts.length !== productIds.length) {
    throw badRequest(PROMOTION_ADMIN_MESSAGES.unknownProduct, "invalid_input");
  }
  return {
    name: input.name,
    automatic: input.automatic,
    kind: input.kind,
    percentOff: input.kind === "percent" ? input.percentOff : null,
    amountOffCents: input.kind === "fixed" ? input.amountOffCents : null,
    scope: input.scope,
    categoryIds,
    productIds,
    minSpendCents: input.minSpendCents,
    startsAt: input.startsAt ? new Date(brisbaneWallClockToMs(input.startsAt)) : null,
    endsAt: input.endsAt ? new Date(brisbaneWallClockToMs(input.endsAt)) : null,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    stacksWithCreator: input.stacksWithCreator,
    status: input.status,
  };
}

/** What the audit log keeps of a promotion: the owner's settings. */
const audited = (
  row: Omit<PromotionRow, "id" | "createdAt" | "updatedAt">,
  code: string | null,
) => ({
  ...row,
  code,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
});

const NO_STATS: PromotionStatsDto = { orders: 0, held: 0, revenueCents: 0, discountCents: 0 };

/** Each promotion's stats and batch size, for the ids given. */
async function statsOf({ db }: Pick<Deps, "db">, ids: string[]) {
  if (ids.length === 0) return { stats: new Map<string, PromotionStatsDto>(), batches: new Map() };
  const used = sql`${promotionRedemptions.state} = 'used'`;
  const [statRows, batchRows] = await Promise.all([
    db
      .select({
        id: promotionRedemptions.promotionId,
        orders: sql<number>`coalesce(sum(${used}), 0)`,
        held: sql<number>`coalesce(sum(${promotionRedemptions.state} = 'held'), 0)`,
        revenueCents: sql<number>`coalesce(sum(CASE WHEN ${used} THEN ${orders.totalCents} END), 0)`,
        discountCents: sql<number>`coalesce(sum(CASE WHEN ${used} THEN ${promotionRedemptions.amountCents} END), 0)`,
      })
      .from(promotionRedemptions)
      .innerJoin(orders, eq(orders.id, promotionRedemptions.orderId))
      .where(inArray(promotionRedemptions.promotionId, ids))
      .groupBy(promotionRedemptions.promotionId),
    db
      .select({ id: promotionCodes.promotionId, n: count() })
      .from(promotionCodes)
      .where(and(inArray(promotionCodes.promotionId, ids), eq(promotionCodes.singleUse, true)))
      .groupBy(promotionCodes.promotionId),
  ]);
  return {
    stats: new Map(statRows.map(({ id, ...s }) => [id, s])),
    batches: new Map(batchRows.map((r) => [r.id, r.n])),
  };
}

/** The one-off code of each promotion (not its batches). */
const oneOffCode = and(
  eq(promotionCodes.promotionId, promotions.id),
  eq(promotionCodes.singleUse, false),
);

function toDto(
  row: PromotionRow,
  code: string | null,
  stats: PromotionStatsDto | undefined,
  batchCodes: number | undefined,
  now: number,
): PromotionDto {
  return {
    id: row.id,
    name: row.name,
    automatic: row.automatic,
    code: row.automatic ? null : code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    scope: row.scope,
    categoryIds: row.categoryIds,
    productIds: row.productIds,
    minSpendCents: row.minSpendCents,
    startsAt: row.startsAt ? msToBrisbaneWallClock(row.startsAt.getTime()) : null,
    endsAt: row.endsAt ? msToBrisbaneWallClock(row.endsAt.getTime()) : null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    stacksWithCreator: row.stacksWithCreator,
    status: row.status,
    state: promotionState(row, now),
    batchCodes: batchCodes ?? 0,
    stats: stats ?? NO_STATS,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The promotions in a state at `now` (the list's filter). */
function inState(state: PromotionState, now: number): SQL | undefined {
  const at = new Date(now);
  const active = eq(promotions.status, "active");
  switch (state) {
    case "paused":
    case "ended":
      return eq(promotions.status, state);
    case "scheduled":
      return and(active, isNotNull(promotions.startsAt), gt(promotions.startsAt, at));
    case "expired":
      return and(active, isNotNull(promotions.endsAt), lte(promotions.endsAt, at));
    case "running":
      return runningAt(now);
  }
}

export async function listPromotions(
  { db }: Pick<Deps, "db">,
  { q, state, page }: ListQuery,
  now = Date.now(),
): Promise<{ promotions: PromotionDto[]; total: number }> {
  const where = and(
    state ? inState(state, now) : undefined,
    // instr, not LIKE: a % or _ the owner types is matched as itself.
    q
      ? or(
          sql`instr(lower(${promotions.name}), lower(${q})) > 0`,
          sql`instr(${promotionCodes.code}, upper(${q})) > 0`,
        )
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ promotion: promotions, code: promotionCodes.code })
      .from(promotions)
      .leftJoin(promotionCodes, oneOffCode)
      .where(where)
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(PROMOTIONS_PAGE_SIZE)
      .offset((page - 1) * PROMOTIONS_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(promotions)
      .leftJoin(promotionCodes, oneOffCode)
      .where(where),
  ]);
  const { stats, batches } = await statsOf(
    { db },
    rows.map((r) => r.promotion.id),
  );
  return {
    promotions: rows.map((r) =>
      toDto(r.promotion, r.code, stats.get(r.promotion.id), batches.get(r.promotion.id), now),
    ),
    total: totalRow?.total ?? 0,
  };
}

async function findPromotion({ db }: Pick<Deps, "db">, id: string) {
  const [row] = await db
    .select({ promotion: promotions, code: promotionCodes.code, codeId: promotionCodes.id })
    .from(promotions)
    .leftJoin(promotionCodes, oneOffCode)
    .where(eq(promotions.id, id));
  if (!row) throw promotionNotFound();
  return row;
}

export async function getPromotion(
  { db }: Pick<Deps, "db">,
  id: string,
  now = Date.now(),
): Promise<PromotionDto> {
  const { promotion, code } = await findPromotion({ db }, id);
  const { stats, batches } = await statsOf({ db }, [id]);
  return toDto(promotion, code, stats.get(id), batches.get(id), now);
}

/** The paid orders that used a promotion, newest first (the most recent 200). */
export async function promotionOrders(
  { db }: Pick<Deps, "db">,
  id: string,
): Promise<PromotionOrderDto[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      email: orders.email,
      code: promotionCodes.code,
      totalCents: orders.totalCents,
      discountCents: promotionRedemptions.amountCents,
    })
    .from(promotionRedemptions)
    .innerJoin(orders, eq(orders.id, promotionRedemptions.orderId))
    .leftJoin(promotionCodes, eq(promotionCodes.id, promotionRedemptions.codeId))
    .where(and(eq(promotionRedemptions.promotionId, id), eq(promotionRedemptions.state, "used")))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(200);
  return rows.map((r) => ({
    orderId: r.orderId,
    date: (r.paidAt ?? r.createdAt).toISOString(),
    customer: r.email,
    code: r.code,
    totalCents: r.totalCents,
    discountCents: r.discountCents,
  }));
}

const codeTaken = (err: unknown) =>
  violatesUnique(err, "promotion_codes.code")
    ? new AppError(409, PROMOTION_ADMIN_MESSAGES.codeTaken, "code_taken")
    : err;

/** The one-off code as stored: upper-case; none for an automatic offer. */
const codeOf = (input: PromotionInput) =>
  !input.automatic && input.code ? input.code.toUpperCase() : null;

export async function createPromotion(
  { db, actor }: Pick<Deps, "db" | "actor">,
  input: PromotionInput,
): Promise<PromotionDto> {
  const row = await rowOf({ db }, input);
  const id = newId();
  const code = codeOf(input);
  try {
    await db.batch([
      db.insert(promotions).values({ id, ...row }),
      ...(code
        ? [
            db
              .insert(promotionCodes)
              .values({ id: newId(), promotionId: id, code, singleUse: false }),
          ]
        : []),
      auditStatement(db, actor, {
        entity: "promotion",
        entityId: id,
        action: "create",
        after: audited(row, code),
      }),
    ]);
  } catch (err) {
    throw codeTaken(err);
  }
  return getPromotion({ db }, id);
}

/** Replaces a promotion's settings (the whole form); its one-off code follows the input. */
export async function updatePromotion(
  { db, actor }: Pick<Deps, "db" | "actor">,
  id: string,
  input: PromotionInput,
): Promise<PromotionDto> {
  const before = await findPromotion({ db }, id);
  const row = await rowOf({ db }, input);
  const code = codeOf(input) ?? before.code;
  const { id: _id, createdAt: _c, updatedAt: _u, ...was } = before.promotion;
  const codeStatement =
    !code || code === before.code
      ? []
      : before.codeId
        ? [db.update(promotionCodes).set({ code }).where(eq(promotionCodes.id, before.codeId))]
        : [
            db
              .insert(promotionCodes)
              .values({ id: newId(), promotionId: id, code, singleUse: false }),
          ];
  try {
    await db.batch([
      db.update(promotions).set(row).where(eq(promotions.id, id)),
      ...codeStatement,
      auditStatement(db, actor, {
        entity: "promotion",
        entityId: id,
        action: "update",
        before: audited(was, before.code),
        after: audited(row, code),
      }),
    ]);
  } catch (err) {
    throw codeTaken(err);
  }
  return getPromotion({ db }, id);
}

/** Rows per insert of a code batch: 4 bound values each, well under D1's 100 a statement. */
const CODES_PER_INSERT = 20;

/** Makes `count` new single-use codes for a promotion, in one batch with its audit entry. */
export async function createCodeBatch(
  { db, actor }: Pick<Deps, "db" | "actor">,
  id: string,
  { count: wanted, prefix }: v.InferOutput<typeof CodeBatchSchema>,
): Promise<number> {
  const { promotion } = await findPromotion({ db }, id);
  if (promotion.automatic) {
    throw badRequest(PROMOTION_ADMIN_MESSAGES.automaticHasNoCodes, "automatic_offer");
  }
  const codes = generateCodes(wanted, prefix);
  const inserts = [];
  for (let i = 0; i < codes.length; i += CODES_PER_INSERT) {
    inserts.push(
      db
        .insert(promotionCodes)
        .values(
          codes
            .slice(i, i + CODES_PER_INSERT)
            .map((code) => ({ id: newId(), promotionId: id, code, singleUse: true })),
        )
        .onConflictDoNothing(),
    );
  }
  const results = await db.batch([
    auditStatement(db, actor, {
      entity: "promotion",
      entityId: id,
      action: "codes.batch",
      after: { count: wanted, prefix: prefix.toUpperCase() },
    }),
    ...inserts,
  ]);
  // A generated code equal to one that exists (about 2^-59 each) is skipped, not an error.
  return results.slice(1).reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}

/** codes.csv: `code,used,order_id`, the one-off code first, then each single-use code. */
export async function codesCsv({ db }: Pick<Deps, "db">, id: string): Promise<string> {
  await findPromotion({ db }, id);
  const rows = await db
    .select({
      code: promotionCodes.code,
      singleUse: promotionCodes.singleUse,
      used: sql<number>`count(${promotionRedemptions.id})`,
      orderId: sql<string | null>`max(${promotionRedemptions.orderId})`,
    })
    .from(promotionCodes)
    .leftJoin(
      promotionRedemptions,
      and(
        eq(promotionRedemptions.codeId, promotionCodes.id),
        eq(promotionRedemptions.state, "used"),
      ),
    )
    .where(eq(promotionCodes.promotionId, id))
    .groupBy(promotionCodes.id)
    .orderBy(promotionCodes.singleUse, promotionCodes.createdAt, promotionCodes.code);
  const lines: CsvCell[][] = rows.map((r) => [r.code, r.used, r.singleUse ? r.orderId : null]);
  return toCsv(["code", "used", "order_id"], lines);
}
