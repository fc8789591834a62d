import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureServerBuilt } from "../../scripts/ensure.mjs";

const repoRoot = path.resolve(import.meta.dirname, "../..");
/** Refuses tsx and TypeScript in the server and its pose workers (see plain-js-only.mjs). */
const plainJsOnly = path.join(import.meta.dirname, "plain-js-only.mjs");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export type E2EServer = { baseUrl: string; dataDir: string; pid: number; stop(): Promise<void> };

/** The data folders of the servers this test process runs (where a test finds the mails they wrote). */
const dataDirs = new Set<string>();

/** The outbox folders of every server this test process runs (web and worker processes alike). */
export function runningOutboxes(): string[] {
  return [...dataDirs].map((dir) => path.join(dir, "outbox"));
}

/**
 * Runs the real server as `npm start` would: the built JavaScript (rebuilt first when its sources
 * changed), the built web app, a fresh embedded database in a temporary folder, its own process on
 * a free loopback port.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** Extra options for node itself, e.g. a benchmark's --cpu-prof. */
  nodeArgs: string[] = [],
): Promise<E2EServer> {
  ensureServerBuilt();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "stepsync-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--enable-source-maps", ...nodeArgs, "--import", plainJsOnly, "apps/server/dist/main.js"],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
        AUTH_RATE_LIMIT: "1000",
        // Health and uploads must not depend on how full this machine's disk is.
        MIN_FREE_DISK_MB: "0",
        ...env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  // A worker-only process (ROLES=worker) answers no HTTP: it is running once spawned.
  for (; env.ROLES !== "worker"; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become healthy within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  // The folder the server writes to (its outbox among it): the caller's DATA_DIR when it gave one.
  const usedDir = env.DATA_DIR || dataDir;
  dataDirs.add(usedDir);
  return {
    baseUrl,
    dataDir,
    pid: child.pid as number,
    async stop() {
      dataDirs.delete(usedDir);
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
