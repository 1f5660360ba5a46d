// Vite plugin: writes every screen's HTML file with its first frame pre-rendered
// (app/render-shell.tsx), and `_redirects` rewrites for address patterns such as /product/*.
// First paint went from about 2.1 s to 0.95 s on every page (docs/decisions/0006-first-paint.md).
import { createServer, type Plugin, type Rollup } from "vite";
import { splitFrameMarkup } from "../../worker/contracts/frame-markup.ts";
import {
  FRAME_PAINTS_FIRST_ATTRIBUTE,
  FRAME_PATH_ATTRIBUTE,
  FRAME_QUERY_ATTRIBUTE,
  FRAME_SCREEN_ATTRIBUTE,
  ROOT_ID,
} from "../app/frame-attributes.ts";
import type { StaticShell } from "../app/static-shell.ts";
import { APP_MODULE } from "./code-splitting.ts";

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

/** The empty #root of index.html, which each page's frame fills. */
const ROOT_ELEMENT = `<div id="${ROOT_ID}"></div>`;

/**
 * #root with the frame inside, and the attributes app/frame.ts and main.tsx read: which route the
 * frame renders, so the app can take it over (a frame without it is rendered afresh), and whether
 * it holds the page's largest paint.
 */
function rootElement(shell: StaticShell, markup: string): string {
  const attributes = [`id="${ROOT_ID}"`];
  if (!shell.readsStorage) {
    attributes.push(`${FRAME_PATH_ATTRIBUTE}="${shell.path}"`);
    if (shell.screen) attributes.push(FRAME_SCREEN_ATTRIBUTE);
    if (shell.readsQuery) attributes.push(FRAME_QUERY_ATTRIBUTE);
  }
  if (shell.paintsFirst) attributes.push(FRAME_PAINTS_FIRST_ATTRIBUTE);
  return `<div ${attributes.join(" ")}>${markup}</div>`;
}

function shellHtml(shell: StaticShell, template: string, markup: string, links: string[]): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const { hints, body } = splitFrameMarkup(markup);
  return (
    template
      // The frame needs only HTML and CSS: scripts must not take bandwidth from its styles and
      // images.
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
      .replace("</head>", `${hints}${links.join("")}</head>`)
      .replace(ROOT_ELEMENT, rootElement(shell, body))
  );
}

export interface StaticShellsOptions {
  /**
   * More `_redirects` rules for pages this plugin does not render, such as the back-office
   * (admin.html, which needs no first frame) for every address under /admin.
   */
  rewrites?: readonly string[];
}

export function staticShells({ rewrites: extra = [] }: StaticShellsOptions = {}): Plugin {
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
          source: `${[...rewrites, ...extra].join("\n")}\n`,
        });
      } finally {
        await server.close();
      }
    },
  };
}
