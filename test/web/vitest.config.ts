// SPA component tests: the app's own Vite config (plugins, aliases) plus a happy-dom browser.
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import webConfig from "../../web/vite.config";

const testDir = fileURLToPath(new URL(".", import.meta.url));

export default mergeConfig(
  webConfig,
  defineConfig({
    test: {
      dir: testDir,
      include: ["**/*.test.{ts,tsx}"],
      environment: "happy-dom",
      setupFiles: [`${testDir}setup.ts`],
      // Above the Testing Library wait ceiling (setup.ts), so a missing state fails as itself.
      testTimeout: 30_000,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
