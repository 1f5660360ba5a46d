// Vite plugin: writes the static assets' _headers file (Workers Static Assets honour it) so the SPA
// and media carry the same security headers as the Worker's own answers.
import type { Plugin } from "vite";
import { SECURITY_HEADERS } from "./security-headers.ts";

export function headersFileText(): string {
  const lines = ["/*", ...Object.entries(SECURITY_HEADERS).map(([k, v]) => `  ${k}: ${v}`)];
  // Vite's hashed bundles never change under the same name.
  lines.push("/assets/*", "  Cache-Control: public, max-age=31536000, immutable");
  lines.push("/media/*", "  Cache-Control: public, max-age=604800");
  return `${lines.join("\n")}\n`;
}

export function securityHeadersFile(): Plugin {
  return {
    name: "edge-shop:security-headers-file",
    apply: "build",
    // Beside the static assets (web/dist/client), not the pages' server build.
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "_headers", source: headersFileText() });
    },
  };
}
