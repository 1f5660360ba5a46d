// Starts the Worker tests' Stripe sandbox. It records events instead of delivering them: the Worker
// under test listens on no port, so tests fetch events (GET /v1/events) and deliver them signed.
import { startStripeSandbox } from "../../stripe-sandbox/sandbox.ts";
import { TEST_STRIPE } from "./stripe-test-env.ts";

export default async function setup() {
  const sandbox = await startStripeSandbox({ ...TEST_STRIPE });
  return () => sandbox.close();
}
