// Newsletter: subscribe with a welcome mail carrying a one-click unsubscribe link.
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { NEWSLETTER_MESSAGES, NewsletterSchema } from "../contracts/newsletter";
import { newsletterSubscribers } from "../db/schema";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { validate } from "../http/validate";
import { escapeHtml } from "../lib/html";
import { newId } from "../lib/ids";
import { randomToken, sha256Hex } from "../lib/tokens";
import { sendEmailLater } from "../services/email";
import { newsletterWelcomeEmail } from "../services/email-templates";

const TokenQuery = v.object({
  token: v.pipe(
    v.string("The link is incomplete"),
    v.regex(/^[A-Za-z0-9_-]{43}$/, "The link is invalid"),
  ),
});

function unsubscribePage(message: string, status: 200 | 400 | 404): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Newsletter — Tamra &amp; Tara</title></head><body><main><h1>Tamra &amp; Tara</h1><p>${escapeHtml(message)}</p>
<p><a href="/">Back to the shop</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}

export const newsletterRoutes = new Hono<AppEnv>()
  .post("/subscribe", validate("json", NewsletterSchema), async (c) => {
    const { email } = c.req.valid("json");
    const token = randomToken();
    const tokenHash = await sha256Hex(token);
    // One statement decides it, so two simultaneous sign-ups cannot both succeed: a new address is
    // inserted, a past unsubscriber is re-subscribed, a current subscriber changes nothing.
    const [row] = await c.var.db
      .insert(newsletterSubscribers)
      .values({ id: newId(), email, unsubscribeTokenHash: tokenHash })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: {
          unsubscribeTokenHash: tokenHash,
          unsubscribedAt: null,
          createdAt: sql`excluded.created_at`,
        },
        setWhere: sql`${newsletterSubscribers.unsubscribedAt} IS NOT NULL`,
      })
      .returning({ id: newsletterSubscribers.id });
    if (!row) throw new AppError(400, NEWSLETTER_MESSAGES.duplicate, "already_subscribed");

    const unsubscribeUrl = `${c.env.APP_ORIGIN}/api/newsletter/unsubscribe?token=${token}`;
    sendEmailLater(c.executionCtx, c.env, c.var.db, newsletterWelcomeEmail(email, unsubscribeUrl));
    return c.json({ success: true as const, message: NEWSLETTER_MESSAGES.success });
  })
  // GET for the link in the mail, POST for mail clients' one-click unsubscribe (RFC 8058).
  .on(["GET", "POST"], "/unsubscribe", async (c) => {
    const parsed = v.safeParse(TokenQuery, { token: c.req.query("token") });
    if (!parsed.success) return unsubscribePage("This unsubscribe link is not valid.", 400);
    const tokenHash = await sha256Hex(parsed.output.token);
    const [row] = await c.var.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.unsubscribeTokenHash, tokenHash))
      .returning({ unsubscribedAt: newsletterSubscribers.unsubscribedAt });
    if (!row) return unsubscribePage("This unsubscribe link is not valid any more.", 404);
    return unsubscribePage("You are unsubscribed. We won't send you the newsletter again.", 200);
  });
