// Money on screen. The arithmetic lives in the contract module the Worker uses too, so the
// SPA and the API can never disagree about a sale percentage or how a price is written.
import { centsToDollars, formatDollars, salePercent } from "../../worker/contracts/money";

/** Dollars as the API sends them -> "$1,234.50". */
export const formatPrice = formatDollars;

/** Integer cents, as totals are computed -> "$1,234.50". */
export const formatCents = (cents: number): string => formatDollars(centsToDollars(cents));

export { salePercent };
