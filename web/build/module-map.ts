// Vite plugin: which source modules each output chunk holds. Vite's manifest names a chunk by its
// entry module only; test/budget/check.ts needs every module in it to prove that nothing a shop page
// can load (statically or later) carries back-office code (web/admin/).
import { relative } from "node:path";
import type { Plugin } from "vite";

export interface ModuleMapChunk {
  modules: string[];
  imports: string[];
  dynamicImports: string[];
}

/**
 * Writes `.vite/<fileName>`: { [chunk file]: { modules (paths from the repo), imports, ... } }.
 * The shop's build and the back-office's each write their own.
 */
export function moduleMap(repoRoot: string, fileName = "modules.json"): Plugin {
  return {
    name: "edge-shop:module-map",
    apply: "build",
    // The browser's chunks only: the pages' server build is the Worker's.
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_, bundle) {
      const map: Record<string, ModuleMapChunk> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        map[output.fileName] = {
          // Virtual modules (\0-prefixed) keep their id; real ones are made repo-relative.
          modules: output.moduleIds.map((id) =>
            id.startsWith("\0") ? id : relative(repoRoot, id).replaceAll("\\", "/"),
          ),
          imports: output.imports,
          dynamicImports: output.dynamicImports,
        };
      }
      this.emitFile({
        type: "asset",
        fileName: `.vite/${fileName}`,
        source: JSON.stringify(map, null, 1),
      });
    },
  };
}
