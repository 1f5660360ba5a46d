// The money half of the creator profile: earnings, where payouts go, and the payouts made, read
// from the creator record (GET /api/user/creator/me), defaulted where an older answer is silent.

import type { CreatorPayoutDetailsDto } from "../../../../worker/contracts/payouts";
import type { Creator } from "../../account/api";
import {
  readBalance,
  readCommissions,
  readPayoutDetails,
  readPayoutMinimum,
  readPayouts,
} from "../payout-format";
import { Earnings } from "./earnings";
import { PayoutDetailsSection } from "./payout-details";
import { PayoutsList } from "./payouts-list";
import "./creator-payouts.css";

interface CreatorPayoutsProps {
  creator: Partial<Creator>;
  onDetailsSaved: (details: CreatorPayoutDetailsDto) => void;
}

export function CreatorPayouts({ creator, onDetailsSaved }: CreatorPayoutsProps) {
  return (
    <>
      <Earnings
        balance={readBalance(creator.balance)}
        commissions={readCommissions(creator.commissions)}
        payoutMinimum={readPayoutMinimum(creator.payoutMinimum)}
      />
      <PayoutDetailsSection
        details={readPayoutDetails(creator.payoutDetails)}
        onSaved={onDetailsSaved}
      />
      <PayoutsList payouts={readPayouts(creator.payouts)} />
    </>
  );
}
