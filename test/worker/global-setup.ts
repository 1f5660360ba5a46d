// Starts the Worker tests' Stripe sandbox. It records events instead of delivering them: the Worker
// under test listens on no port, so tests fetch events (GET /v1/events) and deliver them signed.
//
// The Worker renders the shop's pages with the pages' server build (worker/routes/pages.ts), so
// the build must exist: built here when it does not (npm test's budget tier has built it already).
import { existsSync } from "node:fs";
import { startStripeSandbox } from "../../stripe-sandbox/sandbox.ts";
import { buildSpa, ROOT } from "../../worker/scripts/local.ts";
import { TEST_STRIPE } from "./stripe-test-env.ts";

export default async function setup() {
  if (!existsSync(`${ROOT}/web/dist/server/index.js`)) {
    console.log("Building the shop: the Worker renders its pages with the server build");
    await buildSpa();
  }
  const sandbox = await startStripeSandbox({ ...TEST_STRIPE });
  return () => sandbox.close();
}
