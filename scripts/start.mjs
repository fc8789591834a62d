// `npm start`: install what is missing, build the web app, then run the server, which applies the
// database migrations at start and serves everything on http://localhost:3000 (PORT to change).
import { spawn } from "node:child_process";
import { ensureInstalled, ensureWebBuilt, root } from "./ensure.mjs";

ensureInstalled();
ensureWebBuilt();
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
