import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// The version of stripe@23.1.0, used when the SDK cannot be found next to the sandbox.
const FALLBACK = "2026-10-28.endive";

/**
 * Events carry the API version of the SDK the Worker is built with. Reading it from the
 * installed package keeps the sandbox in step when the SDK is upgraded.
 */
export function sdkApiVersion(): string {
  try {
    const entry = createRequire(import.meta.url).resolve("stripe");
    const source = readFileSync(join(dirname(entry), "apiVersion.js"), "utf8");
    return /ApiVersion = '([^']+)'/.exec(source)?.[1] ?? FALLBACK;
  } catch {
    return FALLBACK;
  }
}
