// Module hooks for worker-in-node.ts: the alias wrangler.toml declares (the pages' server build,
// under the name React Router gives it).
const ALIASES = {
  "virtual:react-router/server-build": new URL("../../web/dist/server/index.js", import.meta.url)
    .href,
};

export async function resolve(specifier, context, nextResolve) {
  const alias = ALIASES[specifier];
  return nextResolve(alias ?? specifier, context);
}
