// Checkout, confirmation, the shopper's orders and tax invoices (SPEC.md section 7).
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import * as v from "valibot";
import { ID_PATTERN } from "../contracts/ids";
import { ConfirmOrderSchema, CreateCheckoutSchema, ORDER_MESSAGES } from "../contracts/order";
import type { Bindings } from "../env";
import type { AppEnv } from "../http/app-env";
import { optionalAuth, requireAuth } from "../http/auth";
import { AppError, notFound } from "../http/errors";
import { validate } from "../http/validate";
import { REFERRAL_COOKIE } from "../services/affiliate";
import { startCheckout } from "../services/checkout";
import { fulfilSession } from "../services/fulfilment";
import { INVOICE_CSP, invoiceHtml, isValidInvoiceLink } from "../services/invoice";
import { findOrder, isPaid, paidOrdersOf, toOrderDto } from "../services/orders";
import { clientIp, enforceLimit, LIMITS } from "../services/rate-limit";
import { type Stripe, stripeClient } from "../services/stripe";

const orderNotFound = () => notFound("Order not found", "order_not_found");

const InvoiceQuery = v.object({
  expires: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
  sig: v.pipe(v.string(), v.maxLength(64)),
});

async function retrieveSession(env: Bindings, id: string): Promise<Stripe.Checkout.Session> {
  try {
    return await stripeClient(env).checkout.sessions.retrieve(id);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) throw orderNotFound();
    console.error(`confirm: Stripe could not retrieve ${id}`, err);
    throw new AppError(502, ORDER_MESSAGES.confirmFailed, "payment_provider_error");
  }
}

export const orderRoutes = new Hono<AppEnv>()
  .post("/createStripeSession", optionalAuth, validate("json", CreateCheckoutSchema), async (c) => {
    await enforceLimit(c.env, c.var.db, LIMITS.checkoutPerIp, clientIp(c.req.raw.headers));
    const url = await startCheckout(c.env, c.var.db, {
      input: c.req.valid("json"),
      userId: c.var.viewer?.userId ?? null,
      linkedCode: getCookie(c, REFERRAL_COOKIE),
    });
    return c.json({ success: true as const, session_url: url, message: "Redirecting to payment" });
  })
  .post("/confirmStripeOrder", optionalAuth, validate("json", ConfirmOrderSchema), async (c) => {
    await enforceLimit(c.env, c.var.db, LIMITS.confirmPerIp, clientIp(c.req.raw.headers));
    // Only Stripe's own record of the session can mark anything paid.
    const session = await retrieveSession(c.env, c.req.valid("json").session_id);
    await fulfilSession(c.env, c.var.db, c.executionCtx, session);
    const orderId = session.metadata?.order_id ?? session.client_reference_id ?? "";
    const found = await findOrder(c.var.db, orderId);
    // A signed-in shopper's order is theirs alone; a guest's is reached by its session id.
    if (
      !found ||
      found.order.stripeSessionId !== session.id ||
      (found.order.userId !== null && found.order.userId !== c.var.viewer?.userId)
    ) {
      throw orderNotFound();
    }
    if (!isPaid(found.order)) throw new AppError(409, ORDER_MESSAGES.notPaid, "payment_incomplete");
    return c.json({ success: true as const, order: await toOrderDto(c.env, found) });
  })
  .post("/userorders", requireAuth, async (c) => {
    const found = await paidOrdersOf(c.var.db, c.var.auth.userId);
    const orders = await Promise.all(found.map((o) => toOrderDto(c.env, o)));
    return c.json({
      success: true as const,
      orders,
      message: orders.length === 0 ? ORDER_MESSAGES.noOrders : `${orders.length} orders`,
    });
  })
  .get("/invoice/:id", async (c) => {
    const id = c.req.param("id");
    const query = v.safeParse(InvoiceQuery, c.req.query());
    // Any other order, a malformed, tampered or expired link: the same 404.
    if (!ID_PATTERN.test(id) || !query.success) throw orderNotFound();
    const { expires, sig } = query.output;
    if (!(await isValidInvoiceLink(c.env, id, expires, sig))) throw orderNotFound();
    const found = await findOrder(c.var.db, id);
    if (!found || !isPaid(found.order)) throw orderNotFound();
    return c.html(invoiceHtml(c.env, found), 200, {
      "Content-Security-Policy": INVOICE_CSP,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
  });
