// GET/POST /c/pay/:id — the customer's side of a Checkout Session.
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkoutPage, noticePage } from "./checkout-page";
import type { SandboxContext } from "./context";
import { readBody, redirect, sendHtml } from "./http";
import { completeSession, findSession } from "./sessions";
import type { CheckoutSession } from "./state";

/** Stripe's test card that is always declined (generic_decline). */
const DECLINED_CARD = "4000000000000002";

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const successUrl = (session: CheckoutSession) =>
  session.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", session.id);

function showClosed(res: ServerResponse, session: CheckoutSession): void {
  if (session.status === "expired") {
    sendHtml(res, 410, noticePage("Checkout expired", "This checkout session has expired."));
  } else {
    sendHtml(
      res,
      409,
      noticePage("Already paid", "This checkout session was already paid.", {
        href: successUrl(session),
        text: "Return to the shop",
      }),
    );
  }
}

export async function handleHostedPage(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<void> {
  const session = findSession(ctx, id);
  if (!session) {
    sendHtml(res, 404, noticePage("Not found", "There is no checkout session at this address."));
    return;
  }
  if (session.status !== "open") return showClosed(res, session);
  const coupon = session.couponId ? ctx.store.coupons.get(session.couponId) : undefined;
  const page = (status: number, error?: string, email?: string) =>
    sendHtml(
      res,
      status,
      checkoutPage({
        session,
        coupon,
        ...(error ? { error } : {}),
        ...(email ? { email } : {}),
      }),
    );

  if (req.method === "GET" || req.method === "HEAD") return page(200);
  if (req.method !== "POST") {
    res.writeHead(405, { Allow: "GET, HEAD, POST" }).end();
    return;
  }

  // Browsers and scripts both send application/x-www-form-urlencoded; the header is not needed.
  const form = new URLSearchParams(await readBody(req));
  if (form.get("action") === "cancel") {
    if (session.cancelUrl) return redirect(res, session.cancelUrl);
    return page(200);
  }

  const typedEmail = form.get("email")?.trim() ?? "";
  const email = session.customerEmail ?? typedEmail;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    return page(400, "Enter a valid email address.", typedEmail);
  }
  const card = (form.get("card") ?? "").replace(/[\s-]/g, "");
  if (session.amountTotal > 0) {
    if (!/^\d{16}$/.test(card) || !passesLuhn(card)) {
      return page(400, "Your card number is invalid.", typedEmail);
    }
    if (card === DECLINED_CARD) return page(402, "Your card was declined.", typedEmail);
  }

  const result = completeSession(ctx, session, email, session.amountTotal > 0 ? card : undefined);
  if (!result.ok) {
    return page(409, "The discount on this order is no longer available.", typedEmail);
  }
  // Waiting for the first webhook attempt makes "redirected to success_url" imply "the Worker
  // has been told", which keeps end-to-end tests free of polling. Stripe itself does not wait.
  await result.delivered;
  if (!res.destroyed) redirect(res, successUrl(session));
}
