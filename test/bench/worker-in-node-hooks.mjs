// Module hooks for worker-in-node.ts: the alias wrangler.toml declares, and stylesheets as empty
// modules.
const ALIASES = {
  "@web/page-frames": new URL("../../web/app/page-frames.ts", import.meta.url).href,
};

export async function resolve(specifier, context, nextResolve) {
  const alias = ALIASES[specifier];
  return nextResolve(alias ?? specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.endsWith(".css")) return { format: "module", source: "", shortCircuit: true };
  return nextLoad(url, context);
}
