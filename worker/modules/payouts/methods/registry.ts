// Every way the shop pays creators, by the method name their details and a batch's lines carry.
// A new method is a file beside these (a PayoutMethodHandler) and its line here; the record's
// type makes a method named in contracts/payouts.ts PAYOUT_METHODS without a handler a type error.
import type { PayoutMethod } from "../../../contracts/payouts";
import { bank } from "./bank";
import type { PayoutMethodHandler } from "./method";
import { paypal } from "./paypal";

const METHODS: { [M in PayoutMethod]: PayoutMethodHandler<M> } = { bank, paypal };

/** The handler of a method. */
export const payoutMethod = <M extends PayoutMethod>(method: M): PayoutMethodHandler<M> =>
  METHODS[method];
