// Vite plugin: V8's explicit compile hint on the chunk the app starts from.
import type { Plugin } from "vite";

/**
 * V8's explicit compile hint (Chromium 136 and later), as the first line of the named chunk:
 * almost every function in the app's start chunk runs as the app starts, so V8 compiles them all
 * on a background thread while the file streams in, not one by one on the main thread at their
 * first call. Product page, median main-thread JavaScript after first paint: 160-181 ms with it,
 * 200-283 ms without (docs/decisions/0006-first-paint.md); test/budget/check.ts fails without it.
 */
export function compileHints(chunkName: string): Plugin {
  const hint = "//# allFunctionsCalledOnLoad\n";
  return {
    name: "edge-shop:compile-hints",
    apply: "build",
    generateBundle: {
      // After Vite has put its own declarations at the top of the chunk.
      order: "post",
      handler(_, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk" || output.name !== chunkName) continue;
          output.code = hint + output.code;
          // A source map's first line is the hint's; its mappings start one line later.
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
        }
      },
    },
  };
}
