// Checkout, confirmation, the shopper's orders and tax invoices (SPEC.md section 7).
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import * as v from "valibot";
import { ID_PATTERN } from "../contracts/ids";
import { ConfirmOrderSchema, CreateCheckoutSchema, ORDER_MESSAGES } from "../contracts/order";
import { ValidateDiscountSchema } from "../contracts/promotions";
import { validate } from "../http/validate";
import { AppError, notFound } from "../lib/app-error";
import type { Deps } from "../lib/deps";
import type { AppContext, AppEnv } from "../middleware/app-env";
import { optionalAuth, requireAuth } from "../middleware/auth";
import {
  grantOrderAccess,
  holdsOrderAccess,
  newOrderAccess,
  orderAccessHashes,
} from "../middleware/order-access-cookie";
import { REFERRAL_COOKIE } from "../modules/creators/attribution";
import { clientIp, enforceLimit, LIMITS } from "../modules/limits/rate-limit";
import { quoteDiscount, startCheckout } from "../modules/orders/checkout";
import { fulfilSession } from "../modules/orders/fulfilment";
import { INVOICE_CSP, invoiceHtml, isValidInvoiceLink } from "../modules/orders/invoice";
import {
  findOrder,
  isPaid,
  type OrderRow,
  orderOfSession,
  paidOrdersOf,
  toOrderDto,
} from "../modules/orders/orders";
import { type Stripe, stripeClient } from "../modules/payments/stripe";
import { refundsMade } from "../modules/reports/reports";

const orderNotFound = () => notFound("Order not found", "order_not_found");

const InvoiceQuery = v.object({
  expires: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
  sig: v.pipe(v.string(), v.maxLength(64)),
});

async function retrieveSession(
  { env }: Pick<Deps, "env">,
  id: string,
): Promise<Stripe.Checkout.Session> {
  try {
    return await stripeClient(env).checkout.sessions.retrieve(id);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) throw orderNotFound();
    console.error(`confirm: Stripe could not retrieve ${id}`, err);
    throw new AppError(502, ORDER_MESSAGES.confirmFailed, "payment_provider_error");
  }
}

/**
 * A signed-in buyer's order is answered to them alone, a guest's to the browser that started its
 * checkout; anyone else, whatever they hold, is told the order does not exist.
 */
const mayRead = (c: AppContext, order: OrderRow) =>
  order.userId !== null
    ? Promise.resolve(order.userId === c.var.viewer?.userId)
    : holdsOrderAccess(c, order);

export const orderRoutes = new Hono<AppEnv>()
  .post("/createStripeSession", optionalAuth, validate("json", CreateCheckoutSchema), async (c) => {
    await enforceLimit(
      { env: c.env, db: c.var.db },
      LIMITS.checkoutPerIp,
      clientIp(c.req.raw.headers),
    );
    const userId = c.var.viewer?.userId ?? null;
    // A signed-in buyer reads the order with their token; a guest needs this browser's cookie.
    const access = userId ? null : await newOrderAccess();
    const url = await startCheckout(
      { env: c.env, db: c.var.db },
      {
        input: c.req.valid("json"),
        userId,
        linkedCode: getCookie(c, REFERRAL_COOKIE),
        accessTokenHash: access?.hash ?? null,
        network: clientIp(c.req.raw.headers),
        holder: userId ? { userId } : { accessTokenHashes: await orderAccessHashes(c) },
      },
    );
    if (access) grantOrderAccess(c, access.token);
    return c.json({ success: true as const, session_url: url, message: "Redirecting to payment" });
  })
  .post("/validate-discount", optionalAuth, validate("json", ValidateDiscountSchema), async (c) => {
    await enforceLimit(
      { env: c.env, db: c.var.db },
      LIMITS.validateDiscountPerIp,
      clientIp(c.req.raw.headers),
    );
    const answer = await quoteDiscount(
      { db: c.var.db },
      {
        input: c.req.valid("json"),
        userId: c.var.viewer?.userId ?? null,
        linkedCode: getCookie(c, REFERRAL_COOKIE),
      },
    );
    return c.json(answer);
  })
  .post("/confirmStripeOrder", optionalAuth, validate("json", ConfirmOrderSchema), async (c) => {
    await enforceLimit(
      { env: c.env, db: c.var.db },
      LIMITS.confirmPerIp,
      clientIp(c.req.raw.headers),
    );
    // Who may read it is settled before Stripe is asked anything: an unknown session id and
    // someone else's get the same answer, as fast.
    const sessionId = c.req.valid("json").session_id;
    const order = await orderOfSession({ db: c.var.db }, sessionId);
    if (!order || !(await mayRead(c, order))) throw orderNotFound();
    // Only Stripe's own record of the session can mark anything paid.
    const session = await retrieveSession({ env: c.env }, sessionId);
    if ((session.metadata?.order_id ?? session.client_reference_id) !== order.id) {
      throw orderNotFound();
    }
    await fulfilSession({ env: c.env, db: c.var.db, ctx: c.executionCtx }, session);
    const found = await findOrder({ db: c.var.db }, order.id);
    if (!found) throw orderNotFound();
    if (!isPaid(found.order)) throw new AppError(409, ORDER_MESSAGES.notPaid, "payment_incomplete");
    return c.json({ success: true as const, order: await toOrderDto({ env: c.env }, found) });
  })
  .post("/userorders", requireAuth, async (c) => {
    const found = await paidOrdersOf({ db: c.var.db }, c.var.auth.userId);
    const orders = await Promise.all(found.map((o) => toOrderDto({ env: c.env }, o)));
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
    if (!(await isValidInvoiceLink({ env: c.env }, id, expires, sig))) throw orderNotFound();
    const found = await findOrder({ db: c.var.db }, id);
    // Paid, even if cancelled since: the invoice then carries the refund's adjustment note.
    if (!found?.order.paidAt) throw orderNotFound();
    const refunds = await refundsMade({ db: c.var.db }, { orderId: id });
    return c.html(invoiceHtml(c.env, found, refunds), 200, {
      "Content-Security-Policy": INVOICE_CSP,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
  });
