// The creator's paid payouts, newest first, each leading to its statement.
import { useId } from "react";
import { Link } from "react-router-dom";
import { formatDollars } from "../../../../worker/contracts/money";
import type { CreatorPayoutDto } from "../../../../worker/contracts/payouts";
import { formatShopDay } from "../../../../worker/contracts/shop-time";
import { paths } from "../../../lib/paths";
import { countOf } from "../../creator-stats/creator-stats";

export const NO_PAYOUTS =
  "No payouts yet. Each one appears here with its statement once it is sent.";

export function PayoutsList({ payouts }: { payouts: CreatorPayoutDto[] }) {
  const headingId = useId();
  return (
    <section className="profile-card payouts-card is-payouts" aria-labelledby={headingId}>
      <h2 id={headingId} className="payouts-title">
        Payouts
      </h2>
      {payouts.length === 0 ? (
        <p className="payouts-empty">{NO_PAYOUTS}</p>
      ) : (
        <ul className="payouts-list">
          {payouts.map((payout) => (
            <li key={payout._id}>
              <Link className="payout-link" to={paths.creatorPayout(payout._id)}>
                <span className="payout-when">{formatShopDay(payout.paidAt)}</span>
                <span className="payout-amount">{formatDollars(payout.amount)}</span>
                <span className="payout-to">
                  {payout.paidTo} · {countOf(payout.orders, "order")}
                </span>
                <span className="payout-open">
                  View statement<span className="visually-hidden"> for this payout</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
