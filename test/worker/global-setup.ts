// Starts the Worker tests' Stripe sandbox. It records events instead of delivering them: the Worker
// under test listens on no port, so tests fetch events (GET /v1/events) and deliver them signed.
//
// Product pages are the built SPA's product.html with the product in it (worker/routes/
// product-page.ts), so the static assets must exist: built here when they do not (npm test's
// budget tier has built them already).
import { existsSync } from "node:fs";
import { startStripeSandbox } from "../../stripe-sandbox/sandbox.ts";
import { buildSpa, ROOT } from "../../worker/scripts/local.ts";
import { TEST_STRIPE } from "./stripe-test-env.ts";

export default async function setup() {
  if (!existsSync(`${ROOT}/web/dist/product.html`)) {
    console.log("Building the SPA: product pages are rendered into its product.html");
    await buildSpa();
  }
  const sandbox = await startStripeSandbox({ ...TEST_STRIPE });
  return () => sandbox.close();
}
