// Plain-JS entry for the pose worker. Worker threads do not get the host's `--import tsx` loader
// (nor vitest's transform), so the TypeScript loader is registered here, then the worker is loaded.
const { register } = await import("tsx/esm/api");
register();
await import("./worker.ts");
