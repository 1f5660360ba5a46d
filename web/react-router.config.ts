// React Router as a framework (docs/decisions/0015-pages-by-the-framework.md): the route modules
// under web/ (routes.ts), rendered by the Worker (worker/routes/pages.ts imports the server build).
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: ".",
  buildDirectory: "dist",
  ssr: true,
  // React Router's default: each page carries the routes it renders, and asks /__manifest for the
  // routes its links lead to. The whole table up front ("initial") was 1.9 kB more JavaScript
  // (gzip) on every page, past the home page's 130 kB budget.
  routeDiscovery: { mode: "lazy" },
  // React Router 8's behaviours, not taken up early (8 needs Node 22; TOOLCHAIN.md).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
