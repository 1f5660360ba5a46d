// The Stripe sandbox the Worker tests use: its own port, so it never shares state with the one
// `npm start` runs on 12111, and its own keys. Read by the vitest config and the global setup.
export const TEST_STRIPE = {
  port: 12112,
  apiKey: "sk_test_worker_tests_0123456789",
  webhookSecret: "whsec_worker_tests_0123456789",
} as const;
