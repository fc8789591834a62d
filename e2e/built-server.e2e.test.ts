import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EServer, startServer } from "./support/server.ts";

/**
 * Production runs no TypeScript compiler: every suite here drives the build in apps/server/dist
 * (scripts/build-server.mjs) under a guard that refuses tsx and TypeScript files, in the server
 * and in its pose workers (the compare suites run those). This one checks what the server loaded.
 */
describe("the built server", () => {
  const modules = path.join(tmpdir(), `stepsync-modules-${process.pid}.log`);
  let server: E2EServer;

  beforeAll(async () => {
    server = await startServer({ STEPSYNC_MODULE_LOG: modules });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(modules, { force: true });
  });

  it("answers /api/health from apps/server/dist/main.js without tsx or any TypeScript file", async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);

    const args = readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    expect(args).toContain("apps/server/dist/main.js");
    expect(args.filter((a) => /tsx|\.ts$/.test(a))).toEqual([]);

    const loaded = readFileSync(modules, "utf8").split("\n").filter(Boolean);
    expect(loaded.some((url) => url.endsWith("/apps/server/dist/main.js"))).toBe(true);
    expect(loaded.some((url) => url.includes("/node_modules/fastify/"))).toBe(true);
    expect(loaded.filter((url) => /\/node_modules\/tsx\/|\.m?tsx?$/.test(url))).toEqual([]);
  });

  it("ships a pose worker that imports no tsx", () => {
    const dist = path.resolve(import.meta.dirname, "../apps/server/dist");
    for (const file of ["main.js", "pose-worker.js", "create-admin.js"]) {
      expect(readFileSync(path.join(dist, file), "utf8"), file).not.toMatch(/from ["']tsx|import\(["']tsx/);
    }
  });
});
