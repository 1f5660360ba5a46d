// Worker tests run inside workerd with real local D1, R2 and Durable Objects (vitest-pool-workers).
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { TEST_STRIPE } from "./stripe-test-env.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Stripe's ESM build ships source maps pointing at missing files; vite warns about each one. */
const quietSourcemapWarnings = (): Plugin => ({
  name: "quiet-sourcemap-warnings",
  configResolved(config) {
    const warn = config.logger.warn;
    config.logger.warn = (msg, options) => {
      if (msg.includes("points to missing source files")) return;
      warn(msg, options);
    };
  },
});

export default defineConfig(async () => {
  // wrangler.toml's assets folder must exist even when the shop has not been built yet.
  mkdirSync(`${root}/web/dist/client`, { recursive: true });
  const migrations = await readD1Migrations(`${root}/migrations`);
  return {
    root,
    // As wrangler.toml's [alias]: the pages' server build (global-setup.ts builds it when missing).
    resolve: {
      alias: { "virtual:react-router/server-build": `${root}/web/dist/server/index.js` },
    },
    plugins: [
      quietSourcemapWarnings(),
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            ENVIRONMENT: "test",
            APP_ORIGIN: "http://localhost:8787",
            JWT_SECRET: "test-only-secret-that-is-long-enough-0123456789",
            EMAIL_FROM: "Tamra & Tara <hello@localhost.test>",
            SHOP_INBOX_EMAIL: "inbox@localhost.test",
            STRIPE_SECRET_KEY: TEST_STRIPE.apiKey,
            STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
            STRIPE_API_BASE: `http://127.0.0.1:${TEST_STRIPE.port}`,
            SELLER_NAME: "Tamra & Tara Pty Ltd",
            SELLER_ABN: "12 345 678 012",
            SHOP_BANK: "CBA",
            SHOP_BANK_USER_ID: "301500",
            SHOP_BANK_USER_NAME: "TAMRA AND TARA PTY LTD",
            SHOP_BANK_BSB: "064-000",
            SHOP_BANK_ACCOUNT_NUMBER: "12345678",
            TEST_MIGRATIONS: migrations,
          },
        },
      }),
    ],
    test: {
      include: ["test/worker/**/*.test.ts"],
      setupFiles: ["test/worker/setup.ts"],
      globalSetup: ["test/worker/global-setup.ts"],
      // A ceiling, not a speed goal: a hostile-input run takes a few seconds on a quiet machine and
      // several times that with a core taken by another process; it must not fail for that.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
