// Development-only views of the email outbox: /api/dev/outbox (JSON) and /dev/mailbox (a page),
// /api/dev/forget, which removes what browser journeys created, /api/dev/commission-hold, the
// hourly cron's approval of one creator's commissions run as if days had passed, and
// /api/dev/payout-details-cleared, the end of one creator's payout-details cooling-off period. Anywhere but
// ENVIRONMENT=development, reached at a loopback host, they all answer 404, as if they did not exist.
import { desc, eq } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import * as v from "valibot";
import { EmailSchema } from "../contracts/fields";
import { isLoopbackHost } from "../env";
import { validate } from "../http/validate";
import { notFound } from "../lib/app-error";
import { escapeHtml } from "../lib/html";
import type { AppEnv } from "../middleware/app-env";
import { approveDueCommissions, creatorHoldMs } from "../modules/creators/commissions";
import { users } from "../modules/identity/schema";
import { emailOutbox } from "../modules/mail/schema";
import { endCoolingOff } from "../modules/payouts/details";
import { forgetPeople } from "../modules/retention/forget";

const OUTBOX_LIMIT = 100;

/** Escaped text with its web addresses made clickable (reset and unsubscribe links). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

// Two locks: a deployed Worker is reached only at its domain, so even one wrongly configured as
// development never shows anyone's mail.
const developmentOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const local = isLoopbackHost(new URL(c.req.url).hostname);
  if (c.env.ENVIRONMENT !== "development" || !local)
    throw notFound(`No route for ${c.req.method} ${c.req.path}`, "route_not_found");
  await next();
};

async function outbox(c: { var: AppEnv["Variables"] }) {
  const rows = await c.var.db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(OUTBOX_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    kind: r.kind,
    status: r.status,
    // Each attempt at sending it: how many, the last error, and when the cron tries next.
    attempts: r.attempts,
    lastError: r.error,
    nextAttemptAt: r.status === "queued" ? r.nextAttemptAt.toISOString() : null,
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

const ForgetSchema = v.object({ emails: v.pipe(v.array(EmailSchema), v.maxLength(20)) });

const DAY_MS = 86_400_000;
const CommissionHoldSchema = v.object({
  email: EmailSchema,
  days: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(400)),
});

export const devApiRoutes = new Hono<AppEnv>()
  .use(developmentOnly)
  .get("/outbox", async (c) => c.json({ success: true as const, emails: await outbox(c) }))
  // Removes every trace of these accounts (orders and their refunds, commissions, clicks, mail,
  // the owner's mail about their orders, carts, contact messages and replies) and the
  // loopback rate-limit counters, so end-to-end journeys leave the local shop as they found it.
  .post("/forget", validate("json", ForgetSchema), async (c) => {
    const { emails } = c.req.valid("json");
    const ids = await forgetPeople({ db: c.var.db }, emails);
    await Promise.all(ids.map((id) => c.env.CARTS.getByName(id).remove()));
    return c.json({ success: true as const, forgotten: ids.length });
  })
  // The hourly cron's approval of one creator's commissions, as it would run `days` from now: the
  // browser journey's way past the 30-day hold without touching anyone else's.
  .post("/commission-hold", validate("json", CommissionHoldSchema), async (c) => {
    const { email, days } = c.req.valid("json");
    const [creator] = await c.var.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!creator) throw notFound("No account with that email", "not_found");
    const approved = await approveDueCommissions(
      { db: c.var.db },
      {
        holdMs: creatorHoldMs(c.env),
        now: Date.now() + days * DAY_MS,
        creatorId: creator.id,
      },
    );
    return c.json({ success: true as const, approved });
  })
  // The end of one creator's payout-details cooling-off period, as if it had passed: the browser
  // journey's way to a payout without waiting three days.
  .post(
    "/payout-details-cleared",
    validate("json", v.object({ email: EmailSchema })),
    async (c) => {
      const { email } = c.req.valid("json");
      const cleared = await endCoolingOff({ db: c.var.db }, email);
      if (cleared.length === 0) throw notFound("No payout details for that email", "not_found");
      return c.json({ success: true as const });
    },
  );

export const devPageRoutes = new Hono<AppEnv>().use(developmentOnly).get("/mailbox", async (c) => {
  const emails = await outbox(c);
  const items = emails
    .map(
      (e) => `<article><h2>${escapeHtml(e.subject)}</h2>
<p class="meta">To ${escapeHtml(e.to)} · ${escapeHtml(e.createdAt)} · ${escapeHtml(e.status)} · ${e.attempts} attempt(s)${e.lastError ? ` · last error: ${escapeHtml(e.lastError)}` : ""}</p>
<pre>${linkify(e.text)}</pre></article>`,
    )
    .join("\n");
  // The page is the mailbox of a local shop: plain, readable, links in mails clickable as text.
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Development mailbox</title></head>
<body><main><h1>Development mailbox</h1><p>${emails.length} message(s), newest first. JSON: <a href="/api/dev/outbox">/api/dev/outbox</a></p>
${items || "<p>No mail yet.</p>"}</main></body></html>`);
});
