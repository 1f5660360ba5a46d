// Builds the shop with React Router as a framework (react-router.config.ts, routes.ts): the
// browser's code into web/dist/client, which wrangler serves as static assets, and the pages'
// server build into web/dist/server, which the Worker imports (worker/routes/pages.ts). The
// back-office is a separate program with its own build (admin.vite.config.ts).
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { securityHeadersFile } from "../worker/http/security-headers-file.ts";
import { moduleMap } from "./build/module-map.ts";
import { repoRoot, toastifyUnstyled } from "./build/shared.ts";

export default defineConfig({
  publicDir: "../public",
  plugins: [reactRouter(), securityHeadersFile(), moduleMap(repoRoot)],
  resolve: { alias: [toastifyUnstyled] },
  build: {
    // test/budget/check.ts reads it to size what each route loads.
    manifest: true,
    // `npm run dev` rebuilds over the running shop: wrangler keeps serving the folder.
    emptyOutDir: process.env.KEEP_SHOP_BUILD === "1" ? false : undefined,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page needs to start (React, React Router, the layout and what it uses)
            // in one file: otherwise what the root shares with the routes is cut into a dozen
            // small files, each one more request in front of the page's stylesheets. The mark of
            // a page's largest picture, shared by four screens, would otherwise be a file alone.
            {
              name: "start",
              test: /[\\/](entry\.client|root)\.tsx|[\\/]lib[\\/]largest-paint\.ts/,
            },
          ],
        },
      },
    },
  },
  // The server build runs in workerd: one self-contained module, built for its runtime.
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
});
