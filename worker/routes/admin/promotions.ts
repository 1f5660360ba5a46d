// /api/admin/promotions (README, "Promotions"): the owner's discount codes and automatic offers,
// what each did and the orders that used it, batches of single-use codes and their CSV. Each
// change is audited in its own batch. requireAdmin has already run (routes/admin.ts).
import { Hono } from "hono";
import { IdParam } from "../../contracts/fields";
import {
  type CodeBatchResponse,
  CodeBatchSchema,
  PROMOTION_ADMIN_MESSAGES,
  PROMOTIONS_PAGE_SIZE,
  type PromotionDetailResponse,
  PromotionInputSchema,
  PromotionListQuery,
  type PromotionListResponse,
  type PromotionResponse,
} from "../../contracts/promotions";
import { validate } from "../../http/validate";
import { csvResponse } from "../../lib/csv";
import { adminDeps } from "../../middleware/admin";
import type { AppEnv } from "../../middleware/app-env";
import {
  codesCsv,
  createCodeBatch,
  createPromotion,
  getPromotion,
  listPromotions,
  promotionOrders,
  updatePromotion,
} from "../../modules/promotions/back-office";

export const adminPromotionRoutes = new Hono<AppEnv>()
  .get("/", validate("query", PromotionListQuery), async (c) => {
    const query = c.req.valid("query");
    const { promotions, total } = await listPromotions({ db: c.var.db }, query);
    return c.json<PromotionListResponse>({
      success: true,
      promotions,
      total,
      page: query.page,
      pageSize: PROMOTIONS_PAGE_SIZE,
    });
  })
  .post("/", validate("json", PromotionInputSchema), async (c) => {
    const promotion = await createPromotion(adminDeps(c), c.req.valid("json"));
    return c.json<PromotionResponse>(
      { success: true, promotion, message: PROMOTION_ADMIN_MESSAGES.created },
      201,
    );
  })
  .get("/:id/codes.csv", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const csv = await codesCsv({ db: c.var.db }, id);
    return csvResponse(csv, `promotion-${id}-codes.csv`);
  })
  .post("/:id/codes", validate("param", IdParam), validate("json", CodeBatchSchema), async (c) => {
    const created = await createCodeBatch(
      adminDeps(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json<CodeBatchResponse>({
      success: true,
      created,
      message: PROMOTION_ADMIN_MESSAGES.codesCreated(created),
    });
  })
  .get("/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const [promotion, orders] = await Promise.all([
      getPromotion({ db: c.var.db }, id),
      promotionOrders({ db: c.var.db }, id),
    ]);
    return c.json<PromotionDetailResponse>({ success: true, promotion, orders });
  })
  .post("/:id", validate("param", IdParam), validate("json", PromotionInputSchema), async (c) => {
    const promotion = await updatePromotion(
      adminDeps(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json<PromotionResponse>({
      success: true,
      promotion,
      message: PROMOTION_ADMIN_MESSAGES.saved,
    });
  });
