// The signed-in user's profile and the creator programme's accounts (SPEC.md sections 5 and 7).
import { and, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import {
  type CreatorDto,
  CreatorRegisterSchema,
  CreatorUpdateSchema,
  UpdateUserSchema,
} from "../contracts/account";
import { centsToDollars } from "../contracts/money";
import { AFFILIATE_MESSAGES, ValidateAffiliateSchema } from "../contracts/order";
import type { Db } from "../db/client";
import { creatorProfiles, users } from "../db/schema";
import type { Bindings } from "../env";
import type { AppEnv } from "../http/app-env";
import { optionalAuth, requireAuth, unauthorized } from "../http/auth";
import { AppError } from "../http/errors";
import { validate } from "../http/validate";
import { newId } from "../lib/ids";
import { findCreator, normaliseCode } from "../services/affiliate";
import { freeAffiliateCode } from "../services/affiliate-codes";
import { creatorStats } from "../services/creator-stats";
import { hashPassword } from "../services/passwords";
import { clientIp, enforceLimit, LIMITS } from "../services/rate-limit";

const emailTaken = () =>
  new AppError(409, "That email is already used by another account.", "email_taken");
const notCreator = () => new AppError(403, "This page is for creator accounts.", "not_creator");
const accountExists = () =>
  new AppError(409, "An account with this email already exists. Please log in.", "email_taken");

/**
 * True when a write failed on the unique index of `column` ("users.email"): a concurrent request
 * (a double-clicked button) passed the same check first, and the index decided against this one.
 */
const violatesUnique = (err: unknown, column: string) =>
  err instanceof Error &&
  `${err.message} ${String(err.cause ?? "")}`.includes(`UNIQUE constraint failed: ${column}`);

/** The creator's profile, share link and stats. */
async function creatorView(env: Bindings, db: Db, userId: string): Promise<CreatorDto | null> {
  const [[row], stats] = await Promise.all([
    db
      .select({
        name: users.name,
        email: users.email,
        bio: creatorProfiles.bio,
        socials: creatorProfiles.socials,
        payoutEmail: creatorProfiles.payoutEmail,
        affiliateCode: creatorProfiles.affiliateCode,
      })
      .from(users)
      .innerJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
      .where(eq(users.id, userId)),
    creatorStats(env, userId),
  ]);
  if (!row) return null;
  return { ...row, shareUrl: `${env.APP_ORIGIN}/r/${row.affiliateCode}`, stats };
}

async function isEmailFree(db: Db, email: string, exceptUserId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)));
  return !other;
}

export const accountRoutes = new Hono<AppEnv>()
  .post("/creator-register", validate("json", CreatorRegisterSchema), async (c) => {
    await enforceLimit(c.env, LIMITS.creatorRegisterPerIp, clientIp(c.req.raw.headers));
    const input = c.req.valid("json");
    const db = c.var.db;
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (existing) throw accountExists();
    const id = newId();
    const passwordHash = await hashPassword(input.password);
    for (let attempt = 1; ; attempt++) {
      const affiliateCode = await freeAffiliateCode(db, input.name);
      try {
        // One batch: the account and its creator profile exist together or not at all.
        await db.batch([
          db
            .insert(users)
            .values({ id, name: input.name, email: input.email, passwordHash, role: "creator" }),
          db.insert(creatorProfiles).values({
            userId: id,
            affiliateCode,
            bio: input.bio,
            socials: input.socials,
            payoutEmail: input.payoutEmail,
          }),
        ]);
        break;
      } catch (err) {
        // A simultaneous sign-up took the email (409) or the code (try the next free one).
        if (violatesUnique(err, "users.email")) throw accountExists();
        if (attempt < 5 && violatesUnique(err, "creator_profiles.affiliate_code")) continue;
        throw err;
      }
    }
    return c.json({ success: true as const, message: "Creator account created. Please log in." });
  })
  .post(
    "/validate-affiliate",
    optionalAuth,
    validate("json", ValidateAffiliateSchema),
    async (c) => {
      await enforceLimit(c.env, LIMITS.validateCodePerIp, clientIp(c.req.raw.headers));
      const code = normaliseCode(c.req.valid("json").code);
      const creator = code ? await findCreator(c.var.db, code) : null;
      if (!creator) {
        return c.json({
          success: true as const,
          valid: false,
          message: AFFILIATE_MESSAGES.invalid,
        });
      }
      if (c.var.viewer?.userId === creator.userId) {
        return c.json({
          success: true as const,
          valid: false,
          message: AFFILIATE_MESSAGES.ownCode,
        });
      }
      return c.json({
        success: true as const,
        valid: true,
        discount: centsToDollars(creator.discountCents),
        message: AFFILIATE_MESSAGES.applied,
      });
    },
  )
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
    const { name, email } = c.req.valid("json");
    const userId = c.var.auth.userId;
    if (!(await isEmailFree(c.var.db, email, userId))) throw emailTaken();
    const [user] = await c.var.db
      .update(users)
      .set({ name, email })
      .where(eq(users.id, userId))
      .returning({ _id: users.id, name: users.name, email: users.email, role: users.role })
      .catch((err: unknown) => {
        throw violatesUnique(err, "users.email") ? emailTaken() : err;
      });
    if (!user) throw unauthorized();
    return c.json({ success: true as const, user, message: "Profile updated." });
  })
  .get("/creator/me", async (c) => {
    if (c.var.auth.role !== "creator") throw notCreator();
    const creator = await creatorView(c.env, c.var.db, c.var.auth.userId);
    if (!creator) throw notCreator();
    return c.json({ success: true as const, creator });
  })
  .post("/creator/update", validate("json", CreatorUpdateSchema), async (c) => {
    if (c.var.auth.role !== "creator") throw notCreator();
    const input = c.req.valid("json");
    const userId = c.var.auth.userId;
    const db = c.var.db;
    if (!(await isEmailFree(db, input.email, userId))) throw emailTaken();
    await db
      .batch([
        db.update(users).set({ name: input.name, email: input.email }).where(eq(users.id, userId)),
        db
          .update(creatorProfiles)
          .set({ bio: input.bio, socials: input.socials, payoutEmail: input.payoutEmail })
          .where(eq(creatorProfiles.userId, userId)),
      ])
      .catch((err: unknown) => {
        throw violatesUnique(err, "users.email") ? emailTaken() : err;
      });
    const creator = await creatorView(c.env, db, userId);
    if (!creator) throw notCreator();
    return c.json({ success: true as const, creator, message: "Profile updated." });
  });
