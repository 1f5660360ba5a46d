// What wrangler.toml's [alias] "@web/page-frames" names. wrangler compiles the file an alias names
// without its folder's tsconfig (so JSX there would be classic React.createElement); this file has
// none, and the renderers it exports are compiled as every other SPA file.
export { renderCollectionFrame, renderProductFrame } from "./render-page-frames";
