// Everything under /api/user (SPEC.md sections 5 and 7): sign-up, sign-in and password reset, the
// signed-in user's profile, the creator programme's accounts, and the checkout's affiliate code
// check. Refresh and logout are routes/refresh.ts and routes/logout.ts.
import { and, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import {
  type CreatorDto,
  CreatorRegisterSchema,
  CreatorUpdateSchema,
  EMAIL_CHANGE_MESSAGES,
  UpdateUserSchema,
} from "../contracts/account";
import { CREATOR_ADMIN_MESSAGES } from "../contracts/admin-creators";
import { AFFILIATE_MESSAGES, ValidateAffiliateSchema } from "../contracts/affiliate";
import {
  ForgotPasswordSchema,
  LoginSchema,
  RESET_LINK_INVALID,
  RegisterSchema,
  ResetPasswordSchema,
} from "../contracts/auth";
import { TOKEN_PATTERN } from "../contracts/ids";
import { centsToDollars } from "../contracts/money";
import { PAYOUT_DETAILS_CHANGE_MESSAGES, SavePayoutDetailsSchema } from "../contracts/payouts";
import type { Db } from "../db/client";
import { violatesUnique } from "../db/errors";
import { validate } from "../http/validate";
import { AppError, badRequest } from "../lib/app-error";
import type { Deps } from "../lib/deps";
import { messagePage, postButton } from "../lib/html";
import { newId } from "../lib/ids";
import { randomToken, sha256Hex } from "../lib/tokens";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { optionalAuth, requireAuth, unauthorized } from "../middleware/auth";
import { beginSession } from "../middleware/session-cookie";
import { checkCode } from "../modules/creators/attribution";
import { creatorHoldMs } from "../modules/creators/commissions";
import { registerCreator, updateCreatorProfile } from "../modules/creators/profiles";
import { creatorProfiles } from "../modules/creators/schema";
import { creatorEarnings, creatorStats } from "../modules/creators/stats";
import { registerAccount, renameAccount } from "../modules/identity/accounts";
import {
  confirmEmailChange,
  discardEmailChange,
  requestEmailChange,
} from "../modules/identity/email-changes";
import { isResetLinkLive, storeResetLink, useResetLink } from "../modules/identity/password-resets";
import { hashNewPassword, verifyPassword } from "../modules/identity/passwords";
import { type EmailChangeKind, users } from "../modules/identity/schema";
import { clientIp, enforceLimit, LIMITS, limitPasswordTries } from "../modules/limits/rate-limit";
import { sendEmail, sendEmailLater } from "../modules/mail/outbox";
import {
  emailChangeConfirmationEmail,
  emailChangeNoticeEmail,
  passwordResetEmail,
  payoutDetailsChangedEmail,
} from "../modules/mail/templates";
import { getPayoutDetails, paidTo, savePayoutDetails } from "../modules/payouts/details";
import { creatorPayouts, payoutMinimumCents } from "../modules/payouts/payouts";

const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email, a password reset link is on its way.";

const emailTaken = () =>
  new AppError(409, "That email is already used by another account.", "email_taken");
const notCreator = () => new AppError(403, "This page is for creator accounts.", "not_creator");
const accountExists = () =>
  new AppError(409, "An account with this email already exists. Please log in.", "email_taken");

/** The creator's profile, share link, stats, balance and latest commissions. */
async function creatorView(
  { env, db }: Pick<Deps, "env" | "db">,
  userId: string,
): Promise<CreatorDto | null> {
  const [[row], stats, earnings, payoutDetails, payouts] = await Promise.all([
    db
      .select({
        name: users.name,
        email: users.email,
        bio: creatorProfiles.bio,
        socials: creatorProfiles.socials,
        payoutEmail: creatorProfiles.payoutEmail,
        affiliateCode: creatorProfiles.affiliateCode,
        status: creatorProfiles.status,
        statusNote: creatorProfiles.statusNote,
      })
      .from(users)
      .innerJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
      .where(eq(users.id, userId)),
    creatorStats({ db }, userId),
    creatorEarnings({ db }, userId, creatorHoldMs(env)),
    getPayoutDetails({ db }, userId),
    creatorPayouts({ db }, userId),
  ]);
  if (!row) return null;
  return {
    ...row,
    shareUrl: `${env.APP_ORIGIN}/r/${row.affiliateCode}`,
    stats,
    ...earnings,
    payoutDetails,
    payouts,
    payoutMinimum: centsToDollars(payoutMinimumCents(env)),
  };
}

async function isEmailFree(db: Db, email: string, exceptUserId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)));
  return !other;
}

/** Counts a profile update (either endpoint) against the client's and the account's limits. */
async function limitProfileUpdates(c: AppContext, userId: string): Promise<void> {
  await enforceLimit(
    { env: c.env, db: c.var.db },
    LIMITS.profileUpdatePerIp,
    clientIp(c.req.raw.headers),
  );
  await enforceLimit({ env: c.env, db: c.var.db }, LIMITS.profileUpdatePerAccount, userId);
}

/**
 * An email change or new payout details need the account's password as well as its access token:
 * a missing one is a 400 on the field, a wrong one a 403 for an email change, a 400 on the field
 * for payout details (never 401, which the SPA would take for an expired session).
 */
async function requireCurrentPassword(
  given: string,
  passwordHash: string,
  {
    messages,
    wrongStatus,
  }: { messages: { passwordRequired: string; wrongPassword: string }; wrongStatus: 400 | 403 } = {
    messages: EMAIL_CHANGE_MESSAGES,
    wrongStatus: 403,
  },
): Promise<void> {
  const field = (message: string) => [{ path: "currentPassword", message }];
  if (!given) {
    throw badRequest(
      messages.passwordRequired,
      "current_password_required",
      field(messages.passwordRequired),
    );
  }
  if (!(await verifyPassword(given, passwordHash))) {
    throw new AppError(
      wrongStatus,
      messages.wrongPassword,
      "wrong_password",
      wrongStatus === 400 ? field(messages.wrongPassword) : undefined,
    );
  }
}

/**
 * Records a pending change and mails its link to the new address and a notice to the account's
 * current one (after the response). The address the link went to.
 */
async function startEmailChange(
  c: AppContext,
  account: { id: string; name: string; email: string },
  kind: EmailChangeKind,
  newEmail: string,
): Promise<string> {
  const token = await requestEmailChange({ db: c.var.db }, { userId: account.id, kind, newEmail });
  const link = `${c.env.APP_ORIGIN}/api/user/confirm-email?token=${token}`;
  const mails = [
    emailChangeConfirmationEmail(newEmail, account.name, kind, link),
    emailChangeNoticeEmail(account.email, account.name, kind, newEmail),
  ];
  for (const mail of mails) sendEmailLater({ ctx: c.executionCtx, env: c.env, db: c.var.db }, mail);
  return newEmail;
}

const ConfirmTokenQuery = v.object({
  token: v.pipe(v.string(), v.regex(TOKEN_PATTERN)),
});

/** The page the confirmation link opens. */
function confirmPage(
  message: string,
  status: 200 | 400 | 404 | 409,
  confirmToken?: string,
): Response {
  // Opening the link only shows a button: mail scanners that follow links change nothing.
  const button = confirmToken
    ? postButton(`/api/user/confirm-email?token=${confirmToken}`, "Confirm my new email address")
    : undefined;
  return messagePage("Email change", message, status, button);
}

const CONFIRM_LINK_INVALID =
  "This confirmation link is not valid any more: it was used, replaced by a newer one, or has expired. Your email address has not changed.";

/** SPEC.md section 7's answer to sign-up and sign-in: a session begun on this device. */
async function signedIn(c: AppContext, user: { id: string; role: string }, message: string) {
  const accessToken = await beginSession(c, user);
  return { success: true as const, accessToken, role: user.role, message };
}

export const userRoutes = new Hono<AppEnv>()
  .post("/register", validate("json", RegisterSchema), async (c) => {
    await enforceLimit(
      { env: c.env, db: c.var.db },
      LIMITS.registerPerIp,
      clientIp(c.req.raw.headers),
    );
    const { name, email, password } = c.req.valid("json");
    const user = await registerAccount(
      { db: c.var.db },
      {
        id: newId(),
        name,
        email,
        passwordHash: await hashNewPassword(password),
        role: "user",
      },
    );
    if (!user) throw accountExists();
    return c.json(await signedIn(c, user, "Account created."));
  })
  .post("/login", validate("json", LoginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    await limitPasswordTries({ env: c.env, db: c.var.db }, clientIp(c.req.raw.headers), email);
    const [user] = await c.var.db
      .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    // One hash either way, so neither the answer nor its timing tells whether the email exists.
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok) throw new AppError(401, "Invalid email or password", "invalid_credentials");
    return c.json(await signedIn(c, user, "Welcome back!"));
  })
  .post("/forgot-password", validate("json", ForgotPasswordSchema), async (c) => {
    await enforceLimit(
      { env: c.env, db: c.var.db },
      LIMITS.forgotPerIp,
      clientIp(c.req.raw.headers),
    );
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
          await storeResetLink({ db: c.var.db }, user.id, hash);
          await sendEmail({ env: c.env, db: c.var.db }, passwordResetEmail(email, user.name, link));
        })(),
      );
    }
    return c.json({ success: true as const, message: FORGOT_PASSWORD_MESSAGE });
  })
  .post("/reset-password", validate("json", ResetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    const hash = await sha256Hex(token);
    // Checked first so that a dead link costs no password hash; useResetLink checks again.
    if (!(await isResetLinkLive({ db: c.var.db }, hash))) {
      throw badRequest(RESET_LINK_INVALID, "invalid_reset_token");
    }
    const userId = await useResetLink({ db: c.var.db }, hash, await hashNewPassword(password));
    if (!userId) throw badRequest(RESET_LINK_INVALID, "invalid_reset_token");
    return c.json({
      success: true as const,
      message: "Your password has been changed. Please log in.",
    });
  })
  .post("/creator-register", validate("json", CreatorRegisterSchema), async (c) => {
    await enforceLimit(
      { env: c.env, db: c.var.db },
      LIMITS.creatorRegisterPerIp,
      clientIp(c.req.raw.headers),
    );
    const input = c.req.valid("json");
    const [existing] = await c.var.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (existing) throw accountExists();
    const { password, ...application } = input;
    const outcome = await registerCreator(
      { db: c.var.db },
      { ...application, passwordHash: await hashNewPassword(password) },
    );
    if (outcome === "email_taken") throw accountExists();
    return c.json({ success: true as const, message: "Creator account created. Please log in." });
  })
  .post(
    "/validate-affiliate",
    optionalAuth,
    validate("json", ValidateAffiliateSchema),
    async (c) => {
      await enforceLimit(
        { env: c.env, db: c.var.db },
        LIMITS.validateCodePerIp,
        clientIp(c.req.raw.headers),
      );
      const check = await checkCode(
        { db: c.var.db },
        c.req.valid("json").code,
        c.var.viewer?.userId ?? null,
      );
      if (!check.valid) {
        return c.json({
          success: true as const,
          valid: false,
          message:
            check.reason === "inactive"
              ? CREATOR_ADMIN_MESSAGES.pendingCode
              : AFFILIATE_MESSAGES[check.reason],
        });
      }
      return c.json({
        success: true as const,
        valid: true,
        discount: centsToDollars(check.discountCents),
        message: AFFILIATE_MESSAGES.applied,
      });
    },
  )
  .get("/confirm-email", (c) => {
    const parsed = v.safeParse(ConfirmTokenQuery, { token: c.req.query("token") });
    if (!parsed.success) return confirmPage("This confirmation link is not valid.", 400);
    return confirmPage(
      "Please confirm the change of email address for your Tamra & Tara account.",
      200,
      parsed.output.token,
    );
  })
  .post("/confirm-email", async (c) => {
    const parsed = v.safeParse(ConfirmTokenQuery, { token: c.req.query("token") });
    if (!parsed.success) return confirmPage("This confirmation link is not valid.", 400);
    const tokenHash = await sha256Hex(parsed.output.token);
    const outcome = await confirmEmailChange({ db: c.var.db }, tokenHash).catch(
      async (err: unknown) => {
        if (!violatesUnique(err, "users.email")) throw err;
        await discardEmailChange({ db: c.var.db }, tokenHash);
        return { status: "taken" as const };
      },
    );
    switch (outcome.status) {
      case "changed":
      case "already_changed": {
        const what = outcome.kind === "login" ? "sign-in email" : "payout email";
        return confirmPage(`Done: your ${what} is now ${outcome.email}.`, 200);
      }
      case "taken":
        return confirmPage(
          "That email address is now used by another account, so your email address has not changed.",
          409,
        );
      default:
        return confirmPage(CONFIRM_LINK_INVALID, 404);
    }
  })
  .use("/me", requireAuth)
  .use("/update", requireAuth)
  .use("/creator/*", requireAuth)
  .get("/me", async (c) => {
    const [user] = await c.var.db
      .select({ _id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, c.var.auth.userId));
    if (!user) throw unauthorized();
    return c.json({ success: true as const, user });
  })
  .post("/update", validate("json", UpdateUserSchema), async (c) => {
    const { name, email, currentPassword } = c.req.valid("json");
    const userId = c.var.auth.userId;
    await limitProfileUpdates(c, userId);
    const db = c.var.db;
    const [account] = await db
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) throw unauthorized();
    // A new email needs the password and waits for the link mailed to it; the name changes now.
    const changingEmail = email !== account.email;
    if (changingEmail) {
      await requireCurrentPassword(currentPassword, account.passwordHash);
      if (!(await isEmailFree(db, email, userId))) throw emailTaken();
    }
    const user = await renameAccount({ db }, userId, name);
    if (!user) throw unauthorized();
    if (!changingEmail)
      return c.json({ success: true as const, user, message: "Profile updated." });
    const sentTo = await startEmailChange(c, { ...account, name }, "login", email);
    return c.json({
      success: true as const,
      user,
      message: EMAIL_CHANGE_MESSAGES.pending([sentTo]),
    });
  })
  .get("/creator/me", async (c) => {
    if (c.var.auth.role !== "creator") throw notCreator();
    const creator = await creatorView({ env: c.env, db: c.var.db }, c.var.auth.userId);
    if (!creator) throw notCreator();
    return c.json({ success: true as const, creator });
  })
  .post("/creator/payout-details", validate("json", SavePayoutDetailsSchema), async (c) => {
    if (c.var.auth.role !== "creator") throw notCreator();
    const userId = c.var.auth.userId;
    await limitProfileUpdates(c, userId);
    const db = c.var.db;
    const [account] = await db
      .select({ name: users.name, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .innerJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
      .where(eq(users.id, userId));
    if (!account) throw notCreator();
    const { currentPassword, ...details } = c.req.valid("json");
    // An access token alone must not be able to send a creator's money elsewhere.
    await requireCurrentPassword(currentPassword, account.passwordHash, {
      messages: PAYOUT_DETAILS_CHANGE_MESSAGES,
      wrongStatus: 400,
    });
    const now = Date.now();
    const { payoutDetails } = await savePayoutDetails(
      { env: c.env, db, actor: { id: userId, email: account.email } },
      details,
      now,
    );
    // The account's own address hears of every save of where its money goes (a masked number
    // cannot tell a new account from the old one, so every save, not only visible changes).
    const notice = payoutDetailsChangedEmail(account, {
      paidTo: paidTo(payoutDetails),
      at: now,
      network: clientIp(c.req.raw.headers),
      usableFrom: Date.parse(payoutDetails.usableFrom),
      profileUrl: `${c.env.APP_ORIGIN}/creator-profile`,
    });
    sendEmailLater({ ctx: c.executionCtx, env: c.env, db }, notice);
    return c.json({ success: true as const, payoutDetails });
  })
  .post("/creator/update", validate("json", CreatorUpdateSchema), async (c) => {
    if (c.var.auth.role !== "creator") throw notCreator();
    const input = c.req.valid("json");
    const userId = c.var.auth.userId;
    await limitProfileUpdates(c, userId);
    const db = c.var.db;
    const [account] = await db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        payoutEmail: creatorProfiles.payoutEmail,
      })
      .from(users)
      .innerJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
      .where(eq(users.id, userId));
    if (!account) throw notCreator();
    // Either email changing needs the password. A new address waits for the link mailed to it;
    // removing the payout email (no address to confirm) happens now, with a notice.
    const loginChanges = input.email !== account.email;
    const payoutChanges = input.payoutEmail !== account.payoutEmail;
    if (loginChanges || payoutChanges) {
      await requireCurrentPassword(input.currentPassword, account.passwordHash);
    }
    if (loginChanges && !(await isEmailFree(db, input.email, userId))) throw emailTaken();
    const payoutRemoved = payoutChanges && input.payoutEmail === "";
    await updateCreatorProfile({ db }, userId, {
      name: input.name,
      bio: input.bio,
      socials: input.socials,
      payoutRemoved,
    });
    const owner = { ...account, name: input.name };
    const sentTo: string[] = [];
    if (loginChanges) sentTo.push(await startEmailChange(c, owner, "login", input.email));
    if (payoutChanges && !payoutRemoved) {
      sentTo.push(await startEmailChange(c, owner, "payout", input.payoutEmail));
    }
    if (payoutRemoved) {
      const notice = emailChangeNoticeEmail(account.email, input.name, "payout", "");
      sendEmailLater({ ctx: c.executionCtx, env: c.env, db }, notice);
    }
    const creator = await creatorView({ env: c.env, db }, userId);
    if (!creator) throw notCreator();
    const message =
      sentTo.length > 0 ? EMAIL_CHANGE_MESSAGES.pending([...new Set(sentTo)]) : "Profile updated.";
    return c.json({ success: true as const, creator, message });
  });
