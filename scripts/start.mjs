// `npm start`: install what is missing, build the web app and the server (plain JavaScript, see
// build-server.mjs) when their sources changed, then run the server, which applies the database
// migrations at start and serves everything on http://localhost:3000 (PORT to change).
//   node scripts/start.mjs                     the server (roles from ROLES, default web and worker)
//   node scripts/start.mjs worker              a process that only runs analysis jobs (`npm run worker`)
//   node scripts/start.mjs create-admin …      the create-admin command (`npm run create-admin -- …`)
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, root } from "./ensure.mjs";

const programs = { server: "main.js", worker: "main.js", "create-admin": "create-admin.js" };
const [command = "server", ...args] = process.argv.slice(2);
if (!Object.hasOwn(programs, command)) {
  console.error(`Usage: node scripts/start.mjs [${Object.keys(programs).join("|")}] [arguments]`);
  process.exit(2);
}

ensureInstalled();
if (command === "server") ensureWebBuilt();
ensureServerBuilt();
const env = command === "worker" ? { ...process.env, ROLES: "worker" } : process.env;
const script = path.join("apps/server/dist", programs[command]);
const child = spawn(process.execPath, ["--enable-source-maps", script, ...args], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
