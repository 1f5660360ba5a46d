// The signed-in session on this device: POST /api/refresh swaps the refresh cookie for a new one
// and a fresh access token; POST /api/logout ends it (SPEC.md section 7). Sign-in is routes/user.ts.
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { AppError } from "../lib/app-error";
import type { AppEnv } from "../middleware/app-env";
import {
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
} from "../middleware/session-cookie";
import { users } from "../modules/identity/schema";
import { endSession, rotateSession, signAccessToken } from "../modules/identity/sessions";
import { clientIp, enforceLimit, LIMITS } from "../modules/limits/rate-limit";

/** Refresh and logout act on a cookie alone, so only the shop's own pages may ask. */
function requireShopOrigin(c: Context<AppEnv>): void {
  if (c.req.header("origin") !== c.env.APP_ORIGIN) {
    throw new AppError(403, "This request must come from the shop's own pages.", "bad_origin");
  }
}

export const sessionRoutes = new Hono<AppEnv>()
  .post("/refresh", async (c) => {
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
  })
  .post("/logout", async (c) => {
    requireShopOrigin(c);
    const presented = readRefreshCookie(c);
    if (presented) await endSession({ db: c.var.db }, presented);
    clearRefreshCookie(c);
    return c.json({ success: true as const, message: "Logged out." });
  });
