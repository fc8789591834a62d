// Type-checks every workspace with its own tsconfig, a workspace per core at once (tsc checks on one
// thread: one after another, the six kept a core mostly idle for over a minute of every `npm test`).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { root } from "./ensure.mjs";

const workspaces = ["packages/contracts", "packages/motion", "apps/server", "apps/web", "e2e", "bench"].filter((ws) =>
  existsSync(path.join(root, ws, "tsconfig.json")),
);
const tsc = path.join(root, "node_modules/typescript/bin/tsc");

/** Runs tsc on one workspace; its output is printed in one piece when it ends, so workspaces do not interleave. */
function check(ws) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-p", ws], { cwd: root });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => {
      console.log(`▸ tsc -p ${ws}${code === 0 ? "" : ` failed (exit ${code})`}`);
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const queue = [...workspaces];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    let ok = true;
    for (let ws = queue.shift(); ws; ws = queue.shift()) ok = (await check(ws)) && ok;
    return ok;
  }),
);
if (results.includes(false)) {
  console.error("\n✖ type-check failed.");
  process.exit(1);
}
