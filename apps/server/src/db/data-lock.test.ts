import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDataLock, DataFolderLocked } from "./data-lock.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "stepsync-lock-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The PID of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("the data folder lock", () => {
  it("refuses a second holder, in another process or this one, and names the holder", () => {
    const file = path.join(dir, "a.lock");
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(file, `${sleeper.pid}\n`);
      expect(() => acquireDataLock(file, dir)).toThrow(DataFolderLocked);
      expect(() => acquireDataLock(file, dir)).toThrow(`PID ${sleeper.pid}`);
    } finally {
      sleeper.kill("SIGKILL");
    }
    const own = path.join(dir, "b.lock");
    const lock = acquireDataLock(own, dir);
    expect(() => acquireDataLock(own, dir)).toThrow(DataFolderLocked);
    lock.release();
    expect(existsSync(own)).toBe(false);
  });

  it("takes over a lock whose holder is gone (kill -9, a crash), and a half-written one", () => {
    const file = path.join(dir, "c.lock");
    writeFileSync(file, `${deadPid()}\n`);
    const lock = acquireDataLock(file, dir);
    expect(readFileSync(file, "utf8").trim()).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    lock.release();
    writeFileSync(file, "");
    acquireDataLock(file, dir).release();
  });

  it("takes over a lock whose PID now belongs to another process (PIDs are reused after a reboot)", () => {
    const file = path.join(dir, "d.lock");
    const unrelated = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      const started = readFileSync(`/proc/${unrelated.pid}/stat`, "utf8");
      const start = started.slice(started.lastIndexOf(")") + 2).split(" ")[19];
      // Written by a process with that PID that started at another time: not this one.
      writeFileSync(file, `${unrelated.pid} ${Number(start) - 1}\n`);
      const lock = acquireDataLock(file, dir);
      expect(readFileSync(file, "utf8").trim().split(" ")[0]).toBe(String(process.pid));
      lock.release();
      // Written by that very process: it holds the lock.
      writeFileSync(file, `${unrelated.pid} ${start}\n`);
      expect(() => acquireDataLock(file, dir)).toThrow(`PID ${unrelated.pid}`);
    } finally {
      unrelated.kill("SIGKILL");
    }
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function run(script: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function healthy(baseUrl: string, server: Run): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error("server not healthy within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}

// The lock guards the embedded database; with PostgreSQL processes share the data folder by design.
describe.skipIf(process.env.TEST_DB === "postgres")("two servers on one data folder (real processes)", () => {
  it("the second exits at once and touches nothing; create-admin refuses; after kill -9 the next start is healthy with the data intact", async () => {
    const dataDir = path.join(dir, "data");
    const start = async () => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const server = run("apps/server/src/main.ts", [], {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseUrl,
      });
      return { server, baseUrl };
    };
    const first = await start();
    await healthy(first.baseUrl, first.server);
    const account = { username: "Lock Tester", email: "lock@example.com", password: "secret123" };
    const signUp = await fetch(`${first.baseUrl}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(account),
    });
    expect(signUp.status).toBe(201);

    const second = await start();
    expect(await second.server.exited).toBe(1);
    expect(second.server.output()).toContain(`Another StepSync process (PID ${first.server.child.pid})`);

    const admin = run(
      "apps/server/src/cli/create-admin.ts",
      ["--email", "boss@example.com", "--password", "secret123"],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(await admin.exited).toBe(1);
    expect(admin.output()).toContain("stop the server");
    expect(admin.output()).not.toContain("created");

    first.server.child.kill("SIGKILL");
    await first.server.exited;
    const third = await start();
    try {
      await healthy(third.baseUrl, third.server);
      const login = await fetch(`${third.baseUrl}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(login.status).toBe(200);
    } finally {
      third.server.child.kill("SIGTERM");
      await third.server.exited;
    }
    expect(existsSync(`${path.join(dataDir, "db")}.lock`)).toBe(false);
  }, 120_000);
});
