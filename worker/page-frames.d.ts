// The SPA's frame renderers, built into the Worker under this name (wrangler.toml [alias],
// test/worker/vitest.config.ts). They are React code type-checked with the SPA (web/tsconfig.json);
// the Worker sees only their contracts.
declare module "@web/page-frames" {
  export const renderProductFrame: import("./contracts/page-frames").ProductFrameRenderer;
  export const renderCollectionFrame: import("./contracts/page-frames").CollectionFrameRenderer;
}
