// POST /api/refresh: swaps the refresh cookie for a new one and a fresh access token (SPEC.md
// section 7; decision 0007). Sign-in is routes/user.ts, sign-out routes/logout.ts.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { AppError } from "../lib/app-error";
import type { AppEnv } from "../middleware/app-env";
import {
  clearRefreshCookie,
  readRefreshCookie,
  requireShopOrigin,
  setRefreshCookie,
} from "../middleware/session-cookie";
import { users } from "../modules/identity/schema";
import { rotateSession, signAccessToken } from "../modules/identity/sessions";
import { clientIp, enforceLimit, LIMITS } from "../modules/limits/rate-limit";

export const refreshRoutes = new Hono<AppEnv>().post("/", async (c) => {
  requireShopOrigin(c);
  await enforceLimit(
    { env: c.env, db: c.var.db },
    LIMITS.refreshPerIp,
    clientIp(c.req.raw.headers),
  );
  const presented = readRefreshCookie(c);
  const result = presented ? await rotateSession({ db: c.var.db }, presented) : null;
  if (!result?.ok) {
    clearRefreshCookie(c);
    throw new AppError(401, "Your session has ended. Please log in again.", "session_expired");
  }
  const [user] = await c.var.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, result.userId));
  if (!user)
    throw new AppError(401, "Your session has ended. Please log in again.", "session_expired");
  setRefreshCookie(c, result.token);
  const accessToken = await signAccessToken(
    { env: c.env },
    {
      userId: user.id,
      role: user.role,
      sessionId: result.sessionId,
    },
  );
  return c.json({ success: true as const, accessToken });
});
