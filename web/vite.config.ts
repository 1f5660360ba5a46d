// Builds the SPA in web/ into web/dist, which wrangler serves as static assets. The build's own
// plugins live in build/, one file each (docs/decisions/0006-first-paint.md says why each exists).
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { securityHeadersFile } from "../worker/http/security-headers-file.ts";
import { adminDevPages } from "./build/admin-dev-pages.ts";
import { codeSplittingGroups, START_CHUNK } from "./build/code-splitting.ts";
import { compileHints } from "./build/compile-hints.ts";
import { moduleMap } from "./build/module-map.ts";
import { staticShells } from "./build/static-shells.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const workerOrigin = "http://127.0.0.1:8787";

export default defineConfig({
  root: webRoot,
  publicDir: "../public",
  plugins: [
    react(),
    securityHeadersFile(),
    // The back-office is one page: admin.html answers /admin and every address under it.
    staticShells({ rewrites: ["/admin/* /admin 200"] }),
    adminDevPages(),
    compileHints(START_CHUNK),
    moduleMap(fileURLToPath(new URL("..", import.meta.url))),
  ],
  resolve: {
    alias: [
      // react-toastify's main entry injects a <style> tag at runtime, which the CSP
      // (style-src 'self') blocks; its unstyled entry is the same API without that, and
      // main.tsx bundles the stylesheet instead. Aliasing the bare name keeps every import
      // (and toast() and <ToastContainer> sharing one store) on that entry.
      { find: /^react-toastify$/, replacement: "react-toastify/unstyled" },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // test/budget/check.ts reads it to size what each route loads.
    manifest: true,
    rolldownOptions: {
      // Two programs: the shop (index.html, whose pre-rendered copies build/static-shells.ts
      // writes for every screen) and the owner's back-office (admin.html, served for /admin/*).
      // Nothing the shop's entry reaches imports web/admin/, so no shopper downloads it.
      input: {
        index: fileURLToPath(new URL("index.html", import.meta.url)),
        admin: fileURLToPath(new URL("admin.html", import.meta.url)),
      },
      output: { codeSplitting: { groups: codeSplittingGroups } },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api/": workerOrigin,
      "/images/": workerOrigin,
      "/r/": workerOrigin,
    },
  },
});
