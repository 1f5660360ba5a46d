// What wrangler.toml's [alias] "@web/product-frame" names. wrangler compiles the file an alias
// names without its folder's tsconfig (so JSX there would be classic React.createElement); this
// file has none, and the renderer it exports is compiled as every other SPA file.
export { renderProductFrame } from "./render-product-frame";
