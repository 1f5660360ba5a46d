// Lets Node (tsx) import the Worker the way wrangler bundles it, for the bench's in-process CPU
// measurement: wrangler.toml's [alias] names the pages' server build (web/dist/server). Loaded with
// `tsx --import ./test/bench/worker-in-node.ts` (package.json "bench"), before the bench's own
// modules are resolved.
import { register } from "node:module";

register("./worker-in-node-hooks.mjs", import.meta.url);
