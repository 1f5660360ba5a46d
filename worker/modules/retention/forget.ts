// Forgetting people: every trace of some accounts and addresses (orders and their refunds,
// commissions, clicks, mail, the owner's mail about their orders, contact messages and replies,
// newsletter sign-ups) and the loopback rate-limit counters, each removed by the module that owns
// it, for the development-only /api/dev/forget that end-to-end journeys clean up with.

import type { Deps } from "../../lib/deps";
import { accountIdsOf, forgetAccountsStatement } from "../identity/accounts";
import { forgetLimitsStatement } from "../limits/rate-limit";
import { forgetMailStatements } from "../mail/outbox";
import { forgetMessagesStatement } from "../messages/contact";
import { forgetSubscribersStatement } from "../newsletter/subscribers";
import { forgetOrdersStatement, ordersOfPeople } from "../orders/orders";
import { retotalPayoutsStatements } from "../payouts/payouts";

/** Loopback addresses: the only clients whose rate-limit counters a local run may reset. */
const LOOPBACK = ["127.0.0.1", "::1", "unknown"];

/**
 * Removes the accounts and everything of `emails` (at most 20 addresses, so each statement stays
 * well under D1's 100 bound parameters). The removed accounts' ids, for their carts.
 */
export async function forgetPeople({ db }: Pick<Deps, "db">, emails: string[]): Promise<string[]> {
  const ids = await accountIdsOf({ db }, emails);
  const theirOrders = ordersOfPeople(db, emails);
  await db.batch([
    // Mail about their orders first (the owner's alerts name the buyer), then the orders.
    ...forgetMailStatements(db, { orders: theirOrders, to: emails }),
    forgetOrdersStatement(db, theirOrders),
    forgetSubscribersStatement(db, emails),
    forgetMessagesStatement(db, emails),
    forgetLimitsStatement(db, [...emails, ...LOOPBACK]),
    // Cascades to the creator profile, clicks and commissions.
    forgetAccountsStatement(db, emails),
  ]);
  // Payout batches keep their totals true to the lines left, and go when none is.
  await db.batch(retotalPayoutsStatements(db));
  return ids;
}
