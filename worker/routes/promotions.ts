// /api/promotions (README, "Promotions"): what the storefront shows of the shop's automatic offers.
import { Hono } from "hono";
import type { OffersResponse } from "../contracts/promotions";
import type { AppEnv } from "../middleware/app-env";
import { storefrontOffers } from "../modules/promotions/discounts";

export const promotionRoutes = new Hono<AppEnv>().get("/offers", async (c) => {
  const offers = await storefrontOffers({ db: c.var.db }, Date.now());
  c.header("Cache-Control", "no-store");
  return c.json<OffersResponse>({ success: true, offers });
});
