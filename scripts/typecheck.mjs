// Type-checks every workspace with its own tsconfig.
import { existsSync } from "node:fs";
import path from "node:path";
import { root, run } from "./ensure.mjs";

const workspaces = ["packages/contracts", "packages/motion", "apps/server", "apps/web", "e2e", "bench"];
for (const ws of workspaces) {
  if (!existsSync(path.join(root, ws, "tsconfig.json"))) continue;
  console.log(`▸ tsc -p ${ws}`);
  run(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", ws]);
}
