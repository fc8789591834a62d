// Loaded with `--import` into every server the browser tests start, and (the pose pool passes the
// host's Node flags on) into its pose workers: production runs the built JavaScript, so resolving
// tsx or a TypeScript file there fails loudly instead of quietly compiling on the fly.
import { register } from "node:module";

register(new URL("./plain-js-only-hooks.mjs", import.meta.url), {
  data: { log: process.env.STEPSYNC_MODULE_LOG },
});
