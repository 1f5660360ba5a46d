// The order page's smaller cards: the customer and where it ships, the payment's Stripe ids, the
// creator's code and commission (and the owner's review of it, if it was held), the refunds made,
// and the stock each line moved.
import { Link } from "react-router-dom";
import type { AdminOrderDto, RefundDto } from "../../../worker/contracts/admin-orders";
import { formatDollars } from "../../../worker/contracts/money";
import { formatShopMoment } from "../../../worker/contracts/shop-time";
import { Facts } from "../../components/facts";
import { codeWords } from "../activity/audit-format";
import { Card } from "../components/card";
import { adminPaths } from "../paths";

/** The lines of a postal address, as a label writes them. */
export function addressLines(address: AdminOrderDto["address"]): string[] {
  return [
    `${address.firstName} ${address.lastName}`.trim(),
    address.street,
    address.street2 ?? "",
    [address.city, address.state, address.zipcode].filter(Boolean).join(" "),
    address.country,
  ].filter(Boolean);
}

export function CustomerPanel({ order }: { order: AdminOrderDto }) {
  const { address } = order;
  return (
    <Card className="order-panel" title="Customer">
      <Facts
        className="order-details order-details-stacked caps-terms"
        facts={[
          {
            term: "Contact",
            valueClass: "order-stack",
            value: (
              <>
                <span className="order-customer">
                  {address.firstName} {address.lastName}
                </span>
                <a href={`mailto:${order.email}`} className="admin-break">
                  {order.email}
                </a>
                {address.phone ? (
                  <a href={`tel:${address.phone.replace(/\s/g, "")}`}>{address.phone}</a>
                ) : null}
                <span className="admin-muted">
                  {order.userId ? "Has an account" : "Guest checkout"}
                </span>
              </>
            ),
          },
          {
            term: "Ship to",
            value: (
              <address className="order-address">
                {addressLines(address).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            ),
          },
        ]}
      />
    </Card>
  );
}

export function PaymentPanel({ order }: { order: AdminOrderDto }) {
  const { payment } = order;
  return (
    <Card className="order-panel" title="Payment">
      <Facts
        className="order-details order-details-stacked caps-terms"
        facts={[
          {
            term: "Paid",
            value: (
              <>
                {formatDollars(order.total)} {order.currency.toUpperCase()}
                {order.paidAt ? (
                  <span className="admin-muted"> · {formatShopMoment(order.paidAt)}</span>
                ) : null}
              </>
            ),
          },
          {
            term: "Stripe payment",
            value: payment.paymentIntentId ?? "—",
            valueClass: "admin-mono admin-break",
          },
          {
            term: "Stripe checkout session",
            value: payment.sessionId ?? "—",
            valueClass: "admin-mono admin-break",
          },
        ]}
      />
      {order.invoiceUrl ? (
        <a className="admin-back" href={order.invoiceUrl} target="_blank" rel="noopener noreferrer">
          Tax invoice<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
    </Card>
  );
}

const HOW: Record<string, string> = {
  typed: "Typed at checkout",
  link: "Came by the creator’s link",
};

type Commission = NonNullable<NonNullable<AdminOrderDto["attribution"]>["commission"]>;

/** A commission held as possible self-referral, and the owner's decision on it. */
function CommissionReview({ commission }: { commission: Commission }) {
  if (commission.review === "held") {
    return (
      <span className="order-review is-held">
        <strong>Held for review</strong>
        {commission.reviewReason ? (
          <span className="order-review-reason">{commission.reviewReason}</span>
        ) : null}
        <Link to={adminPaths.commissionReview}>Review held commissions</Link>
      </span>
    );
  }
  if (commission.review === "released") {
    return <span className="order-review">Released after review</span>;
  }
  if (commission.review === "rejected") {
    return <span className="order-review is-rejected">Rejected after review: never paid</span>;
  }
  return null;
}

export function AttributionPanel({ order }: { order: AdminOrderDto }) {
  const { attribution } = order;
  return (
    <Card className="order-panel" title="Attribution">
      {attribution ? (
        <Facts
          className="order-details order-details-stacked caps-terms"
          facts={[
            {
              term: "Code",
              value: (
                <>
                  <span className="admin-code">{attribution.code}</span>
                  {attribution.how ? (
                    <span className="admin-muted"> · {HOW[attribution.how]}</span>
                  ) : null}
                </>
              ),
            },
            { term: "Creator", value: attribution.creatorName ?? attribution.creatorId ?? "—" },
            attribution.commission && {
              term: "Commission",
              value: (
                <>
                  {formatDollars(attribution.commission.amount)}
                  <span className="admin-muted"> · {attribution.commission.status}</span>
                  {attribution.commission.reversed > 0 ? (
                    <span className="order-reversed">
                      {formatDollars(attribution.commission.reversed)} reversed by refunds
                    </span>
                  ) : null}
                  <CommissionReview commission={attribution.commission} />
                </>
              ),
            },
          ]}
        />
      ) : (
        <p className="admin-muted">No creator’s code: a direct sale.</p>
      )}
    </Card>
  );
}

const REFUND_STATUS: Record<RefundDto["status"], string> = {
  pending: "Pending",
  succeeded: "Refunded",
  failed: "Failed",
};

export function RefundsPanel({ order }: { order: AdminOrderDto }) {
  if (order.refunds.length === 0) return null;
  const name = (productId: string) =>
    order.items.find((line) => line.productId === productId)?.name ?? productId;
  return (
    <Card className="order-panel" title="Refunds">
      <ul className="order-refunds">
        {order.refunds.map((refund) => (
          <li key={refund._id} className={`order-refund edge-note is-${refund.status}`}>
            <p className="order-refund-head">
              <strong>{formatDollars(refund.amount)}</strong>
              <span className="admin-pill order-pill">
                {refund.cancel ? "Cancellation" : REFUND_STATUS[refund.status]}
              </span>
              {refund.cancel && refund.status !== "succeeded" ? (
                <span className="admin-muted">{REFUND_STATUS[refund.status]}</span>
              ) : null}
            </p>
            {refund.reason ? <p>{codeWords(refund.reason)}</p> : null}
            {refund.restockLines.length > 0 ? (
              <p className="admin-muted">
                Restocked{" "}
                {refund.restockLines.map((l) => `${l.quantity} × ${name(l.productId)}`).join(", ")}
              </p>
            ) : null}
            {refund.error ? <p className="field-error">{refund.error}</p> : null}
            <p className="admin-muted">
              {formatShopMoment(refund.createdAt)} · by {refund.actorEmail}
              {refund.stripeRefundId ? (
                <>
                  {" "}
                  · <span className="admin-mono">{refund.stripeRefundId}</span>
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const MOVEMENT_KINDS: Record<string, string> = {
  reserve: "Held for checkout",
  release: "Released",
  sale: "Sold",
  restock: "Restocked",
  correction: "Correction",
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function StockMovementsPanel({ order }: { order: AdminOrderDto }) {
  const name = (productId: string) =>
    order.items.find((line) => line.productId === productId)?.name ?? productId;
  return (
    <Card className="order-panel" title="Stock movements">
      {order.stockMovements.length === 0 ? (
        <p className="admin-muted">This order moved no tracked stock.</p>
      ) : (
        <ul className="order-movements">
          {order.stockMovements.map((movement, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the ledger's rows have no id here.
            <li key={index} className="order-movement">
              <span className="order-movement-name">{name(movement.productId)}</span>
              <span className="order-movement-kind">
                {MOVEMENT_KINDS[movement.kind] ?? movement.kind}
              </span>
              <span className="order-movement-deltas">
                {movement.onHandDelta !== 0 ? `${signed(movement.onHandDelta)} on hand` : null}
                {movement.onHandDelta !== 0 && movement.reservedDelta !== 0 ? " · " : null}
                {movement.reservedDelta !== 0 ? `${signed(movement.reservedDelta)} held` : null}
              </span>
              <span className="admin-muted order-movement-when">
                {formatShopMoment(movement.at)}
                {movement.reason ? ` · ${movement.reason}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
