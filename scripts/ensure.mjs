// Makes a checkout ready to run, with nothing but Node and npm: installs the npm packages when
// they are missing or older than the lockfile, and builds the web app and the server when their
// sources changed. Used by `npm start`, `npm test` and the e2e suite, so they work on a fresh clone.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function ensureInstalled() {
  const installed = path.join(root, "node_modules/.package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("▸ Installing npm packages (first run or the lockfile changed)…");
  // node-av's postinstall would download an ffmpeg CLI: package.json's allowScripts denies it (npm 11),
  // SKIP_FFMPEG for an npm that does not know allowScripts. Nothing is downloaded beyond the registry.
  run("npm", ["install", "--no-audit", "--no-fund"], { env: { ...process.env, SKIP_FFMPEG: "true" } });
}

/** Whether every output exists and is newer than every source (files or folders, from the root). */
function upToDate(outputs, sources) {
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return outputs.every((o) => existsSync(path.join(root, o)) && statSync(path.join(root, o)).mtimeMs >= newest);
}

export function ensureWebBuilt() {
  const sources = [
    "apps/web/src",
    "apps/web/index.html",
    "apps/web/vite.config.ts",
    "apps/web/public",
    "packages/contracts/src",
  ];
  if (upToDate(["apps/web/dist/index.html"], sources)) return;
  console.log("▸ Building the web app…");
  run("npm", ["run", "build:web"]);
}

/** The server as plain JavaScript in apps/server/dist (scripts/build-server.mjs): production runs no tsx. */
export function ensureServerBuilt() {
  const outputs = ["main.js", "create-admin.js", "pose-worker.js"].map((f) => `apps/server/dist/${f}`);
  const sources = ["apps/server/src", "packages/motion/src", "packages/contracts/src", "scripts/build-server.mjs"];
  if (upToDate(outputs, sources)) return;
  console.log("▸ Building the server…");
  run(process.execPath, ["scripts/build-server.mjs"]);
}
