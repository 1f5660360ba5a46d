// Builds the owner's back-office (admin.html, web/admin/) beside the shop's build in
// web/dist/client: a plain single-page app that no shop page reaches. It runs after the shop's
// build (package.json "build"), which empties the folder.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { moduleMap } from "./build/module-map.ts";
import { repoRoot, toastifyUnstyled } from "./build/shared.ts";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  publicDir: false,
  plugins: [
    react(),
    moduleMap(repoRoot, "admin-modules.json"),
    {
      // The back-office is one page: admin.html answers /admin and every address under it.
      name: "edge-shop:admin-rewrites",
      apply: "build",
      generateBundle() {
        this.emitFile({ type: "asset", fileName: "_redirects", source: "/admin/* /admin 200\n" });
      },
    },
  ],
  resolve: { alias: [toastifyUnstyled] },
  build: {
    outDir: "dist/client",
    emptyOutDir: false,
    manifest: ".vite/admin-manifest.json",
    // One program in one chunk: React and the router are its own copy, not the shop's.
    chunkSizeWarningLimit: 600,
    rolldownOptions: { input: fileURLToPath(new URL("admin.html", import.meta.url)) },
  },
});
