// The sandbox's memory: the resources our Worker creates, kept as plain records and turned
// into Stripe's JSON shapes by the modules that serve them.

export interface Coupon {
  id: string;
  amountOff: number;
  currency: string;
  maxRedemptions: number | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  timesRedeemed: number;
}

export interface SessionLine {
  id: string;
  priceId: string;
  productId: string;
  name: string;
  images: string[];
  productMetadata: Record<string, string>;
  currency: string;
  unitAmount: number;
  quantity: number;
  /** This line's share of the session discount. */
  amountDiscount: number;
}

export type SessionStatus = "open" | "complete" | "expired";

export interface CheckoutSession {
  id: string;
  created: number;
  expiresAt: number;
  status: SessionStatus;
  paymentStatus: "unpaid" | "paid" | "no_payment_required";
  currency: string;
  lines: SessionLine[];
  couponId: string | null;
  amountSubtotal: number;
  amountDiscount: number;
  amountTotal: number;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  /** The email the customer paid with (customer_details.email). */
  paidEmail: string | null;
  metadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
  allowedPaymentMethodTypes: string[] | null;
  paymentIntentId: string | null;
}

/** The charge behind a paid session's payment intent; refunds are counted against it. */
export interface Charge {
  id: string;
  paymentIntentId: string;
  sessionId: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  /** The card paid with, as Stripe describes it (null for a payment with no card number). */
  card: ChargeCard | null;
}

/** What Stripe tells about a card: its brand, last 4 digits, and a fingerprint per card number. */
export interface ChargeCard {
  brand: string;
  last4: string;
  fingerprint: string;
}

export interface Refund {
  id: string;
  chargeId: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export class Store {
  readonly coupons = new Map<string, Coupon>();
  readonly sessions = new Map<string, CheckoutSession>();
  /** Keyed by payment intent id, the handle the Worker refunds with. */
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
}
