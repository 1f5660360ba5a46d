// The SPA's product frame renderer, built into the Worker under this name (wrangler.toml [alias],
// test/worker/vitest.config.ts). It is React code type-checked with the SPA (web/tsconfig.json);
// the Worker sees only its contract.
declare module "@web/product-frame" {
  export const renderProductFrame: import("./contracts/product-page").ProductFrameRenderer;
}
