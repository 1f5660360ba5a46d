// React Router as a framework (docs/decisions/0015-pages-by-the-framework.md): the route modules
// under web/ (routes.ts), rendered by the Worker (worker/routes/pages.ts imports the server build).
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: ".",
  buildDirectory: "dist",
  ssr: true,
  // The whole route table is in each page (17 routes, under 2 kB): no /__manifest request before a
  // client navigation.
  routeDiscovery: { mode: "initial" },
  // React Router 8's behaviours, not taken up early (8 needs Node 22; TOOLCHAIN.md).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
