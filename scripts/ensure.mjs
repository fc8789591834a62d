// Makes a checkout ready to run, with nothing but Node and npm: installs the npm packages when
// they are missing or older than the lockfile, and builds the web app when its sources changed.
// Used by `npm start` and `npm test`, so both work on a fresh clone.
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
  run("npm", ["install", "--no-audit", "--no-fund"]);
}

export function ensureWebBuilt() {
  const index = path.join(root, "apps/web/dist/index.html");
  const sources = [
    "apps/web/src",
    "apps/web/index.html",
    "apps/web/vite.config.ts",
    "apps/web/public",
    "packages/contracts/src",
  ];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (existsSync(index) && statSync(index).mtimeMs >= newest) return;
  console.log("▸ Building the web app…");
  run("npm", ["run", "build"]);
}
