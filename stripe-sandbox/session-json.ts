// Checkout Sessions and their line items in Stripe's JSON shape.
import type { SandboxContext } from "./context";
import { paramError, resourceMissing } from "./errors";
import type { FormValue } from "./form";
import { array, childPath, integer, optional, parseParams, string } from "./params";
import type { CheckoutSession, SessionLine } from "./state";

/** Expansions the Worker may ask for, by the endpoint's own prefix. */
export interface Expansion {
  lineItems: boolean;
  product: boolean;
}

export function readExpand(list: string[] | undefined, prefix: "" | "line_items."): Expansion {
  const wanted = { lineItems: false, product: false };
  (list ?? []).forEach((path, i) => {
    if (prefix && path === "line_items") wanted.lineItems = true;
    else if (path === `${prefix}data.price.product`) {
      wanted.lineItems = true;
      wanted.product = true;
    } else {
      throw paramError(`This property cannot be expanded (${path}).`, childPath("expand", i));
    }
  });
  return wanted;
}

function productJson(line: SessionLine, created: number) {
  return {
    id: line.productId,
    object: "product",
    active: false,
    created,
    description: null,
    images: line.images,
    livemode: false,
    metadata: line.productMetadata,
    name: line.name,
    type: "service",
    updated: created,
    url: null,
  };
}

export function lineItemJson(line: SessionLine, created: number, expandProduct: boolean) {
  const subtotal = line.unitAmount * line.quantity;
  return {
    id: line.id,
    object: "item",
    amount_discount: line.amountDiscount,
    amount_subtotal: subtotal,
    amount_tax: 0,
    amount_total: subtotal - line.amountDiscount,
    currency: line.currency,
    description: line.name,
    metadata: {},
    price: {
      id: line.priceId,
      object: "price",
      // Prices made from price_data are inline and inactive, as on Stripe.
      active: false,
      billing_scheme: "per_unit",
      created,
      currency: line.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: expandProduct ? productJson(line, created) : line.productId,
      recurring: null,
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: "one_time",
      unit_amount: line.unitAmount,
      unit_amount_decimal: String(line.unitAmount),
    },
    quantity: line.quantity,
  };
}

function page(session: CheckoutSession, limit: number, startingAfter: string | undefined) {
  let lines = session.lines;
  if (startingAfter !== undefined) {
    const index = lines.findIndex((l) => l.id === startingAfter);
    if (index < 0) throw resourceMissing("line_item", startingAfter, "starting_after");
    lines = lines.slice(index + 1);
  }
  return { lines: lines.slice(0, limit), hasMore: lines.length > limit };
}

function lineItemList(
  session: CheckoutSession,
  limit: number,
  startingAfter: string | undefined,
  expandProduct: boolean,
) {
  const { lines, hasMore } = page(session, limit, startingAfter);
  return {
    object: "list",
    data: lines.map((line) => lineItemJson(line, session.created, expandProduct)),
    has_more: hasMore,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}

/** GET /v1/checkout/sessions/:id/line_items */
export function listLineItems(session: CheckoutSession, query: Record<string, FormValue>) {
  const params = parseParams(
    {
      limit: optional(integer({ min: 1, max: 100 })),
      starting_after: optional(string({ maxLength: 5000 })),
      expand: optional(array(string({ maxLength: 5000 }))),
    },
    query,
  );
  const { product } = readExpand(params.expand, "");
  return lineItemList(session, params.limit ?? 10, params.starting_after, product);
}

export function sessionJson(ctx: SandboxContext, session: CheckoutSession, expand: Expansion) {
  const open = session.status === "open";
  return {
    id: session.id,
    object: "checkout.session",
    allow_promotion_codes: null,
    allowed_payment_method_types: session.allowedPaymentMethodTypes,
    amount_subtotal: session.amountSubtotal,
    amount_total: session.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    client_secret: null,
    created: session.created,
    currency: session.currency,
    custom_fields: [],
    customer: null,
    customer_creation: "if_required",
    customer_details:
      session.paidEmail === null
        ? null
        : {
            address: null,
            email: session.paidEmail,
            name: null,
            phone: null,
            tax_exempt: "none",
            tax_ids: [],
          },
    customer_email: session.customerEmail,
    discounts: session.couponId ? [{ coupon: session.couponId, promotion_code: null }] : [],
    expires_at: session.expiresAt,
    invoice: null,
    // Stripe lists at most 10 expanded line items; the rest come from the line_items endpoint.
    ...(expand.lineItems
      ? { line_items: lineItemList(session, 10, undefined, expand.product) }
      : {}),
    livemode: false,
    locale: null,
    metadata: session.metadata,
    mode: "payment",
    payment_intent: session.paymentIntentId,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_types: ["card"],
    payment_status: session.paymentStatus,
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: null,
    subscription: null,
    success_url: session.successUrl,
    total_details: {
      amount_discount: session.amountDiscount,
      amount_shipping: 0,
      amount_tax: 0,
    },
    ui_mode: "hosted",
    url: open ? `${ctx.baseUrl}/c/pay/${session.id}` : null,
  };
}
