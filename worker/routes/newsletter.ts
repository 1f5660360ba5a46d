import { Hono } from "hono";
import * as v from "valibot";
import { TOKEN_PATTERN } from "../contracts/ids";
import {
  NEWSLETTER_MESSAGES,
  NewsletterSchema,
  type NewsletterSubscribeResponse,
} from "../contracts/newsletter";
import { validate } from "../http/validate";
import { AppError } from "../lib/app-error";
import { messagePage, postButton } from "../lib/html";
import { randomToken, sha256Hex } from "../lib/tokens";
import type { AppEnv } from "../middleware/app-env";
import { clientIp, enforceLimit, LIMITS } from "../modules/limits/rate-limit";
import { sendEmailLater } from "../modules/mail/outbox";
import { newsletterConfirmEmail, newsletterWelcomeEmail } from "../modules/mail/templates";
import {
  confirmSubscription,
  subscribePending,
  subscriptionOf,
  unsubscribe,
} from "../modules/newsletter/subscribers";

const TokenQuery = v.object({
  token: v.pipe(v.string("The link is incomplete"), v.regex(TOKEN_PATTERN, "The link is invalid")),
});

const newsletterPage = (message: string, status: 200 | 400 | 404 | 410, action?: string) =>
  messagePage("Newsletter", message, status, action);

const CONFIRM_LINK_INVALID = "This confirmation link is not valid.";

const accepted = (): NewsletterSubscribeResponse => ({
  success: true,
  message: NEWSLETTER_MESSAGES.success,
  confirm: true,
});

export const newsletterRoutes = new Hono<AppEnv>()
  .post("/subscribe", validate("json", NewsletterSchema), async (c) => {
    const { email } = c.req.valid("json");
    await enforceLimit(
      { env: c.env, db: c.var.db },
      LIMITS.newsletterPerIp,
      clientIp(c.req.raw.headers),
    );
    await enforceLimit({ env: c.env, db: c.var.db }, LIMITS.newsletterPerAddress, email);

    const token = randomToken();
    const now = Date.now();
    // One statement decides, so simultaneous sign-ups mail at most once: a new address is inserted
    // pending; a pending or unsubscribed one gets a new link (and must confirm again) unless its
    // last confirmation mail went out within the day; a confirmed subscriber changes nothing.
    const row = await subscribePending({ db: c.var.db }, { email, confirmToken: token, now });

    if (row) {
      const confirmUrl = `${c.env.APP_ORIGIN}/api/newsletter/confirm?token=${token}`;
      sendEmailLater(
        { ctx: c.executionCtx, env: c.env, db: c.var.db },
        newsletterConfirmEmail(email, confirmUrl),
      );
      return c.json(accepted());
    }
    const existing = await subscriptionOf({ db: c.var.db }, { email });
    if (existing?.confirmedAt && !existing.unsubscribedAt)
      throw new AppError(400, NEWSLETTER_MESSAGES.duplicate, "already_subscribed");
    // A confirmation mail went out within the day: the same answer, and no second mail.
    return c.json(accepted());
  })
  // The link in the confirmation mail opens a page with a button and changes nothing: mail
  // scanners and link previews fetch links (GET, HEAD), and only a person's press may subscribe.
  .get("/confirm", (c) => {
    const parsed = v.safeParse(TokenQuery, { token: c.req.query("token") });
    if (!parsed.success) return newsletterPage(CONFIRM_LINK_INVALID, 400);
    return newsletterPage(
      "Please confirm that you would like the Tamra & Tara newsletter at this address.",
      200,
      postButton(`/api/newsletter/confirm?token=${parsed.output.token}`, "Confirm my subscription"),
    );
  })
  // The button's POST subscribes. Pressing it again says so; it never re-subscribes an address
  // that has since unsubscribed (a new sign-up mails a new link).
  .post("/confirm", async (c) => {
    const parsed = v.safeParse(TokenQuery, { token: c.req.query("token") });
    if (!parsed.success) return newsletterPage(CONFIRM_LINK_INVALID, 400);
    const tokenHash = await sha256Hex(parsed.output.token);
    const unsubscribeToken = randomToken();
    const now = Date.now();
    const row = await confirmSubscription({ db: c.var.db }, { tokenHash, unsubscribeToken, now });
    if (row) {
      const unsubscribeUrl = `${c.env.APP_ORIGIN}/api/newsletter/unsubscribe?token=${unsubscribeToken}`;
      sendEmailLater(
        { ctx: c.executionCtx, env: c.env, db: c.var.db },
        newsletterWelcomeEmail(row.email, unsubscribeUrl),
      );
      return newsletterPage("Thank you: you are subscribed to the Tamra & Tara newsletter.", 200);
    }

    const found = await subscriptionOf({ db: c.var.db }, { confirmTokenHash: tokenHash });
    if (!found) return newsletterPage("This confirmation link is not valid any more.", 404);
    if (found.unsubscribedAt)
      return newsletterPage(
        "This address has unsubscribed since. To subscribe again, sign up in the shop.",
        410,
      );
    if (found.confirmedAt)
      return newsletterPage("Your subscription is already confirmed. Thank you!", 200);
    return newsletterPage(
      "This confirmation link has expired. Please sign up again in the shop for a new one.",
      410,
    );
  })
  // GET for the link in the mail, POST for mail clients' one-click unsubscribe (RFC 8058).
  .on(["GET", "POST"], "/unsubscribe", async (c) => {
    const parsed = v.safeParse(TokenQuery, { token: c.req.query("token") });
    if (!parsed.success) return newsletterPage("This unsubscribe link is not valid.", 400);
    const tokenHash = await sha256Hex(parsed.output.token);
    const row = await unsubscribe({ db: c.var.db }, tokenHash);
    if (!row) return newsletterPage("This unsubscribe link is not valid any more.", 404);
    return newsletterPage("You are unsubscribed. We won't send you the newsletter again.", 200);
  });
