// Worker entry: check the environment once per isolate at start-up, then serve the Hono app.
import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { createDb } from "./db/client";
import { assertEnv, type Bindings } from "./env";
import { approveDueCommissions } from "./services/commissions";

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
  /** The cron of wrangler.toml: approve commissions whose return window has passed. */
  async scheduled(_controller, env, _ctx) {
    const approved = await approveDueCommissions(createDb(env.DB));
    if (approved > 0) console.log(`approved ${approved} commissions`);
  },
} satisfies ExportedHandler<Bindings>;
