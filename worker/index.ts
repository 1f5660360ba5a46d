// Worker entry: check the environment once per isolate at start-up, then serve the Hono app.
import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { createDb } from "./db/client";
import { assertEnv, type Bindings } from "./env";
import { mailLowStock } from "./modules/catalogue/stock";
import { approveDueCommissions, creatorHoldMs } from "./modules/creators/commissions";
import { retryDueEmails } from "./modules/mail/outbox";
import { mailOverdueToShip } from "./modules/orders/back-office";
import { SESSION_LIFETIME_SECONDS } from "./modules/orders/checkout";
import { releaseLapsedHolds } from "./modules/orders/stock-holds";
import { DAILY_CRON, pruneExpiredData } from "./modules/retention/retention";

export { CartStore } from "./durable-objects/cart";

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {}
  }
}

// A missing or malformed variable stops the Worker here, with a message that names it.
assertEnv({ ...env });

const app = createApp();

export default {
  fetch: app.fetch,
  /**
   * The crons of wrangler.toml. Hourly: approve commissions whose hold has passed, retry
   * mail that failed, and release the stock of checkouts that lapsed (modules/catalogue/stock.ts). Daily:
   * prune what is kept no longer (modules/retention/retention.ts) and mail the owner the low-stock list
   * (modules/catalogue/stock.ts) and the orders waiting too long to ship (modules/orders/back-office.ts), each
   * once per Brisbane day.
   */
  async scheduled(controller, env, _ctx) {
    const db = createDb(env.DB);
    if (controller.cron === DAILY_CRON) {
      const pruned = await pruneExpiredData({ db }, controller.scheduledTime);
      console.log("pruned", pruned);
      const low = await mailLowStock({ env, db }, controller.scheduledTime);
      if (low > 0) console.log(`low-stock mail written: ${low} products`);
      const overdue = await mailOverdueToShip({ env, db }, controller.scheduledTime);
      if (overdue > 0) console.log(`waiting-to-ship mail written: ${overdue} orders`);
      return;
    }
    const released = await releaseLapsedHolds(
      { db },
      controller.scheduledTime,
      SESSION_LIFETIME_SECONDS * 1000,
    );
    if (released > 0) console.log(`released the stock of ${released} lapsed checkouts`);
    const approved = await approveDueCommissions(
      { db },
      {
        holdMs: creatorHoldMs(env),
        now: controller.scheduledTime,
      },
    );
    if (approved > 0) console.log(`approved ${approved} commissions`);
    const mail = await retryDueEmails({ env, db }, controller.scheduledTime);
    if (mail.sent + mail.failed > 0)
      console.log(`mail retries: ${mail.sent} sent, ${mail.failed} failed`);
  },
} satisfies ExportedHandler<Bindings>;
