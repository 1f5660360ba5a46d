// Builds the SPA in web/ into web/dist, which wrangler serves as static assets.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { createServer, defineConfig, type Plugin, type Rollup } from "vite";
import { securityHeadersFile } from "../worker/http/security-headers-file.ts";
import type { StaticShell } from "./app/static-shell.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const workerOrigin = "http://127.0.0.1:8787";

/** What the plugin needs of app/render-shell.tsx (browser code, loaded through Vite). */
interface ShellRenderer {
  staticShells(): StaticShell[];
  renderShell(shell: StaticShell): Promise<string>;
}

/** The JavaScript and CSS files a chunk loads up front: itself, its static imports, their CSS. */
function chunkClosure(bundle: Rollup.OutputBundle, moduleSuffix: string) {
  const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === "chunk");
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${moduleSuffix}`));
  if (!start) throw new Error(`static shells: no chunk for ${moduleSuffix}`);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || js.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const file of chunk.imports) visit(byFile.get(file));
  };
  visit(start);
  return { js: [...js], css: [...css] };
}

/** Modules main.tsx imports statically that the app's code may import too. */
const ENTRY_HELPERS =
  /^\0(vite\/preload-helper|rolldown\/runtime)|[\\/]web[\\/](app[\\/](early-clicks|first-frame)|lib[\\/]next-task)\.ts$/;

/** The app's code, which the entry (main.tsx) imports once the page can use it. */
const APP_MODULE = "app/start.tsx";
/** The chunk holding it and everything it needs to start (a code-splitting group). */
const START_CHUNK = "start";

/**
 * Links a shell adds to <head>: its screen's styles, the app's and the screen's code (what the
 * entry and then the router would otherwise ask for one after the other), and its first API reads.
 * Files the template links already are left out.
 */
function shellLinks(bundle: Rollup.OutputBundle, shell: StaticShell, template: string): string[] {
  const app = chunkClosure(bundle, APP_MODULE);
  const screen = shell.screen ? chunkClosure(bundle, shell.screen) : { js: [], css: [] };
  // The frame is the layout and the screen: both their styles are needed for its first paint.
  const styles = new Set([...app.css, ...screen.css]);
  // A page that paints first fetches no code before that paint (main.tsx).
  const code = new Set(shell.paintsFirst ? [] : [...app.js, ...screen.js]);
  const fresh = (file: string) => !template.includes(`/${file}"`);
  return [
    ...[...styles]
      .filter(fresh)
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...code]
      .filter(fresh)
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
    // The API client sends cookies, so the preload does too, or the browser could not reuse it.
    ...shell.fetches.map(
      (path) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${path}">`,
    ),
  ];
}

/**
 * V8's explicit compile hint (Chromium 136 and later), as the first line of the app's start
 * chunk: almost every function in it runs as the app starts, so V8 compiles them all on a
 * background thread while the file streams in, not one by one on the main thread at their first
 * call (docs/decisions/0006-first-paint.md).
 */
function compileHints(chunkName: string): Plugin {
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

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * What app/frame.ts reads: which route the frame renders, so the app can take it over. A frame
 * without it is rendered afresh.
 */
function rootElement(shell: StaticShell, markup: string): string {
  const attributes = ['id="root"'];
  if (!shell.readsStorage) {
    attributes.push(`data-frame="${shell.path}"`);
    if (shell.screen) attributes.push("data-frame-screen");
    if (shell.readsQuery) attributes.push("data-frame-query");
  }
  if (shell.paintsFirst) attributes.push("data-frame-paints-first");
  return `<div ${attributes.join(" ")}>${markup}</div>`;
}

function shellHtml(shell: StaticShell, template: string, markup: string, links: string[]): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  // React puts resource hints (the hero poster's preload) ahead of its markup; they go in <head>.
  const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? "";
  // The CSP (style-src 'self') refuses style attributes in HTML; the stylesheets carry the same
  // values as defaults, and React sets its own through the CSSOM, which the CSP allows.
  const body = markup.slice(hints.length).replace(/ style="[^"]*"/g, "");
  return (
    template
      // The frame needs only HTML and CSS: scripts must not take bandwidth from its styles and
      // images.
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
      .replace("</head>", `${hints}${links.join("")}</head>`)
      .replace(ROOT_ELEMENT, rootElement(shell, body))
  );
}

/**
 * Writes every screen's HTML file with its first frame pre-rendered (app/render-shell.tsx), and
 * `_redirects` rewrites for address patterns such as /product/* (docs/decisions/0006-first-paint.md).
 */
function staticShells(): Plugin {
  let configFile: string | undefined;
  return {
    name: "edge-shop:static-shells",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      configFile = config.configFile;
    },
    async generateBundle(_, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") throw new Error("static shells: no index.html in the bundle");
      const template = String(index.source);
      // The app's own modules, run in Node by a Vite server that never listens.
      const server = await createServer({
        configFile,
        appType: "custom",
        logLevel: "warn",
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const renderer = (await server.ssrLoadModule("/app/render-shell.tsx")) as ShellRenderer;
        const rewrites: string[] = [];
        for (const shell of renderer.staticShells()) {
          const markup = await renderer.renderShell(shell);
          const html = shellHtml(shell, template, markup, shellLinks(bundle, shell, template));
          if (shell.file === "index.html") index.source = html;
          else this.emitFile({ type: "asset", fileName: shell.file, source: html });
          if (shell.rewrite) rewrites.push(`${shell.rewrite} /${shell.file.slice(0, -5)} 200`);
        }
        this.emitFile({
          type: "asset",
          fileName: "_redirects",
          source: `${rewrites.join("\n")}\n`,
        });
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: "../public",
  plugins: [react(), securityHeadersFile(), staticShells(), compileHints(START_CHUNK)],
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
      output: {
        codeSplitting: {
          groups: [
            // The entry's helpers, and its own modules that the app imports too, stay small and
            // separate: the page runs the entry before it fetches the app. Left to the start
            // group, they would make the entry import the whole app (test/budget/check.ts).
            { name: "runtime", test: ENTRY_HELPERS, priority: 1 },
            // Everything the app needs to start (React, the router, the layout and what it uses)
            // in one file: otherwise what it shares with the screens is cut into a dozen small
            // files, each one more request before the page can start.
            { name: START_CHUNK, test: /[\\/]web[\\/]app[\\/]start\.tsx$/ },
          ],
        },
      },
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
