// /api/admin/second-factor*: the back-office's second factor (services/totp.ts). These answer
// before the factor is passed (http/admin.ts mounts them ahead of requireSecondFactor): its state,
// enrolment, and passing it on this sign-in.
import { Hono } from "hono";
import { SecondFactorCodeSchema } from "../contracts/admin";
import type { AppContext, AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { clientIp, enforceLimit, LIMITS } from "../services/rate-limit";
import { passSecondFactor, startEnrolment } from "../services/totp";

async function limitAttempts(c: AppContext) {
  await enforceLimit(c.env, c.var.db, LIMITS.secondFactorPerIp, clientIp(c.req.raw.headers));
  await enforceLimit(c.env, c.var.db, LIMITS.secondFactorPerAccount, c.var.admin.id);
}

export const adminSecondFactorRoutes = new Hono<AppEnv>()
  .get("/", (c) => c.json({ success: true as const, secondFactor: c.var.secondFactor }))
  .post("/enrol", async (c) => {
    const enrolment = await startEnrolment(c.var.db, c.env, c.var.admin);
    return c.json({ success: true as const, ...enrolment });
  })
  // confirm: the first code from a newly enrolled app; verify: a code for this sign-in.
  .post("/:step{confirm|verify}", validate("json", SecondFactorCodeSchema), async (c) => {
    await limitAttempts(c);
    await passSecondFactor(
      c.var.db,
      c.env,
      c.var.admin,
      c.var.auth.sessionId,
      c.req.valid("json").code,
      c.req.param("step") === "confirm",
    );
    return c.json({ success: true as const });
  });
