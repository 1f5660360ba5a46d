// The Stripe sandbox the Worker tests use: its own port, so it never shares state with the one
// `npm start` runs on 12111, and its own keys. Read by the vitest config and the global setup.
// WORKER_TEST_STRIPE_PORT moves it, so two checkouts of the repository can run their Worker tests
// side by side on one machine.
const port = Number(globalThis.process?.env?.WORKER_TEST_STRIPE_PORT ?? 12112);

export const TEST_STRIPE = {
  port,
  apiKey: "sk_test_worker_tests_0123456789",
  webhookSecret: "whsec_worker_tests_0123456789",
} as const;
