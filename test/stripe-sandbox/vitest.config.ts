// The Stripe sandbox's own tests: plain Node, driven by the real stripe SDK.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("../..", import.meta.url));

export default defineConfig({
  root,
  test: {
    environment: "node",
    include: ["test/stripe-sandbox/**/*.test.ts"],
    // Above the waits' own ceilings, so a state that never comes fails as itself.
    testTimeout: 30_000,
  },
});
