// Sign-up, sign-in, refresh, logout and password reset (SPEC.md section 7; issue "Accounts").
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from "../contracts/account";
import { users } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { AppError, badRequest } from "../http/errors";
import { validate } from "../http/validate";
import { newId } from "../lib/ids";
import { randomToken, sha256Hex } from "../lib/tokens";
import { emailLayout, escapeHtml, sendEmail } from "../services/email";
import { hashPassword, verifyPassword } from "../services/passwords";
import { clientIp, enforceLimit, LIMITS } from "../services/rate-limit";
import {
  endAllSessions,
  endSession,
  REFRESH_TOKEN_TTL_SECONDS,
  rotateSession,
  signAccessToken,
  startSession,
} from "../services/sessions";

export const REFRESH_COOKIE = "refresh_token";
const RESET_TTL_SECONDS = 3600;
export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email, a password reset link is on its way.";
const resetKey = (hash: string) => `password-reset:${hash}`;

type Ctx = Context<AppEnv>;

function setRefreshCookie(c: Ctx, token: string): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/api",
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

/** Signs the user in on this device: a refresh cookie and an access token to answer with. */
export async function beginSession(c: Ctx, user: { id: string; role: string }): Promise<string> {
  setRefreshCookie(c, await startSession(c.env, user.id));
  return signAccessToken(c.env, { userId: user.id, role: user.role });
}

/** Refresh and logout act on a cookie alone, so only the shop's own pages may ask. */
function requireShopOrigin(c: Ctx): void {
  if (c.req.header("origin") !== c.env.APP_ORIGIN) {
    throw new AppError(403, "This request must come from the shop's own pages.", "bad_origin");
  }
}

export const authRoutes = new Hono<AppEnv>()
  .post("/user/register", validate("json", RegisterSchema), async (c) => {
    await enforceLimit(c.env, LIMITS.registerPerIp, clientIp(c.req.raw.headers));
    const { name, email, password } = c.req.valid("json");
    const [user] = await c.var.db
      .insert(users)
      .values({
        id: newId(),
        name,
        email,
        passwordHash: await hashPassword(password),
        role: "user",
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, role: users.role });
    if (!user)
      throw new AppError(
        409,
        "An account with this email already exists. Please log in.",
        "email_taken",
      );
    const accessToken = await beginSession(c, user);
    return c.json({
      success: true as const,
      accessToken,
      role: user.role,
      message: "Account created.",
    });
  })
  .post("/user/login", validate("json", LoginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    await enforceLimit(c.env, LIMITS.loginPerIp, clientIp(c.req.raw.headers));
    await enforceLimit(c.env, LIMITS.loginPerAccount, email);
    const [user] = await c.var.db
      .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    // One hash either way, so neither the answer nor its timing tells whether the email exists.
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok) throw new AppError(401, "Invalid email or password", "invalid_credentials");
    const accessToken = await beginSession(c, user);
    return c.json({
      success: true as const,
      accessToken,
      role: user.role,
      message: "Welcome back!",
    });
  })
  .post("/refresh", async (c) => {
    requireShopOrigin(c);
    await enforceLimit(c.env, LIMITS.refreshPerIp, clientIp(c.req.raw.headers));
    const presented = getCookie(c, REFRESH_COOKIE);
    const result = presented ? await rotateSession(c.env, presented) : null;
    if (!result?.ok) {
      deleteCookie(c, REFRESH_COOKIE, { path: "/api", secure: true });
      throw new AppError(401, "Your session has ended. Please log in again.", "session_expired");
    }
    const [user] = await c.var.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, result.userId));
    if (!user)
      throw new AppError(401, "Your session has ended. Please log in again.", "session_expired");
    setRefreshCookie(c, result.token);
    const accessToken = await signAccessToken(c.env, { userId: user.id, role: user.role });
    return c.json({ success: true as const, accessToken });
  })
  .post("/logout", async (c) => {
    requireShopOrigin(c);
    const presented = getCookie(c, REFRESH_COOKIE);
    if (presented) await endSession(c.env, presented);
    deleteCookie(c, REFRESH_COOKIE, { path: "/api", secure: true });
    return c.json({ success: true as const, message: "Logged out." });
  })
  .post("/user/forgot-password", validate("json", ForgotPasswordSchema), async (c) => {
    await enforceLimit(c.env, LIMITS.forgotPerIp, clientIp(c.req.raw.headers));
    const { email } = c.req.valid("json");
    const [user] = await c.var.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.email, email));
    // The same work happens before answering either way; storing and mailing happen afterwards.
    const token = randomToken();
    const hash = await sha256Hex(token);
    if (user) {
      const link = `${c.env.APP_ORIGIN}/reset-password?token=${token}`;
      c.executionCtx.waitUntil(
        (async () => {
          await c.env.KV.put(resetKey(hash), user.id, { expirationTtl: RESET_TTL_SECONDS });
          await sendEmail(c.env, c.var.db, {
            to: email,
            subject: "Reset your Tamra & Tara password",
            text: `Hello ${user.name},\n\nReset your password within the next hour: ${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
            html: emailLayout(
              "Reset your password",
              `<p>Hello ${escapeHtml(user.name)},</p><p><a href="${escapeHtml(link)}">Choose a new password</a> within the next hour.</p>
<p style="font-size:12px;color:#6b4b3e">If you did not ask for this, ignore this mail; your password stays as it is.</p>`,
            ),
          });
        })(),
      );
    }
    return c.json({ success: true as const, message: FORGOT_PASSWORD_MESSAGE });
  })
  .post("/user/reset-password", validate("json", ResetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    const key = resetKey(await sha256Hex(token));
    const userId = await c.env.KV.get(key);
    if (!userId)
      throw badRequest("This reset link is invalid or has expired.", "invalid_reset_token");
    await c.env.KV.delete(key);
    const [user] = await c.var.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!user)
      throw badRequest("This reset link is invalid or has expired.", "invalid_reset_token");
    await endAllSessions(c.env, user.id);
    return c.json({
      success: true as const,
      message: "Your password has been changed. Please log in.",
    });
  });
