import { Hono } from "hono";
import type { AppEnv } from "../middleware/app-env";
import {
  clearRefreshCookie,
  readRefreshCookie,
  requireShopOrigin,
} from "../middleware/session-cookie";
import { endSession } from "../modules/identity/sessions";

export const logoutRoutes = new Hono<AppEnv>().post("/", async (c) => {
  requireShopOrigin(c);
  const presented = readRefreshCookie(c);
  if (presented) await endSession({ db: c.var.db }, presented);
  clearRefreshCookie(c);
  return c.json({ success: true as const, message: "Logged out." });
});
