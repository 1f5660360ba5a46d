// /api/admin/second-factor*: the back-office's second factor (modules/identity/second-factor.ts). These answer
// before the factor is passed (middleware/admin.ts mounts them ahead of requireSecondFactor): its state,
// enrolment (with a password typed in the last few minutes), and passing it on this sign-in.
import { Hono } from "hono";
import {
  SecondFactorCodeSchema,
  SecondFactorConfirmSchema,
  SecondFactorEnrolSchema,
} from "../../contracts/admin";
import { validate } from "../../http/validate";
import { adminDeps } from "../../middleware/admin";
import type { AppContext, AppEnv } from "../../middleware/app-env";
import {
  confirmRecentPassword,
  passSecondFactor,
  startEnrolment,
} from "../../modules/identity/second-factor";
import {
  clientIp,
  coarseNetwork,
  enforceLimit,
  LIMITS,
  limitPasswordTries,
} from "../../modules/limits/rate-limit";

/** Counts a code against the limits: per network, per admin and network, per admin. */
async function limitAttempts(c: AppContext) {
  const network = clientIp(c.req.raw.headers);
  const admin = c.var.admin.id;
  await enforceLimit({ env: c.env, db: c.var.db }, LIMITS.secondFactorPerIp, network);
  // Per admin and network first, so one network's tries never reach the admin's ceiling.
  await enforceLimit(
    { env: c.env, db: c.var.db },
    LIMITS.secondFactorPerAccountNetwork,
    `${network}:${admin}`,
  );
  await enforceLimit({ env: c.env, db: c.var.db }, LIMITS.secondFactorPerAccount, admin);
}

/** Enrolment's password check; a password given is a guess at it, limited as a sign-in's is. */
async function requireRecentPassword(c: AppContext, password: string) {
  if (password) {
    await limitPasswordTries(
      { env: c.env, db: c.var.db },
      clientIp(c.req.raw.headers),
      c.var.admin.email,
    );
  }
  await confirmRecentPassword(adminDeps(c), c.var.auth.sessionId, password);
}

/** Checks a code for this sign-in (or, `confirming`, a new enrolment's first code). */
async function passCode(c: AppContext, code: string, confirming: boolean) {
  await passSecondFactor(
    { db: c.var.db, env: c.env },
    {
      actor: c.var.admin,
      sessionId: c.var.auth.sessionId,
      code,
      confirming,
      network: coarseNetwork(c.req.raw.headers),
      ctx: c.executionCtx,
    },
  );
  return c.json({ success: true as const });
}

export const adminSecondFactorRoutes = new Hono<AppEnv>()
  .get("/", (c) => c.json({ success: true as const, secondFactor: c.var.secondFactor }))
  .post("/enrol", validate("json", SecondFactorEnrolSchema), async (c) => {
    await requireRecentPassword(c, c.req.valid("json").password);
    const enrolment = await startEnrolment(adminDeps(c));
    return c.json({ success: true as const, ...enrolment });
  })
  // The first code from a newly enrolled app.
  .post("/confirm", validate("json", SecondFactorConfirmSchema), async (c) => {
    const { code, password } = c.req.valid("json");
    await requireRecentPassword(c, password);
    await limitAttempts(c);
    return passCode(c, code, true);
  })
  // A code for this sign-in.
  .post("/verify", validate("json", SecondFactorCodeSchema), async (c) => {
    await limitAttempts(c);
    return passCode(c, c.req.valid("json").code, false);
  });
