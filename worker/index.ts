// Worker entry: check the environment once per isolate at start-up, then serve the Hono app.
import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { assertEnv, type Bindings } from "./env";

export { CartStore } from "./services/cart-store";

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
} satisfies ExportedHandler<Bindings>;
