// SPA component tests: the shop's components in happy-dom, compiled as the shop's build compiles
// them (React, the toastify alias) without React Router's build plugin, which builds whole apps:
// tests render route modules inside a memory router (routes.tsx).
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { toastifyUnstyled } from "../../web/build/shared";

const testDir = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  // As the shop's build: package.json's test:web writes its report to ../test-results from here.
  root: fileURLToPath(new URL("../../web", import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      toastifyUnstyled,
      // One React Router for both its names, as the shop's build has (react-router-dom only
      // re-exports react-router): Node would load a second copy, whose router contexts differ.
      { find: /^react-router-dom$/, replacement: "react-router" },
    ],
  },
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
});
