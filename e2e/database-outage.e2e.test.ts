import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../apps/server/src/test/database.ts";
import { registerConfirmed } from "./support/accounts.ts";
import { callApi, submitComparison } from "./support/api.ts";
import { type E2EServer, startServer } from "./support/server.ts";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.ts";

/**
 * PostgreSQL goes away for a few seconds while analyses run (a restart, a fail-over, a network
 * blip). The one process that serves the site and runs the jobs (ROLES=web,worker, the default)
 * must ride it out: health says 503 while the database is away and 200 after, and every
 * comparison still ends — completed, or failed with its credit back — with no restart.
 */
const fixtures = path.resolve(import.meta.dirname, "../../shared/fixtures");
const clips = ["pose_1.mp4", "sample_fb_0.mp4"].map((name) => path.join(fixtures, "video", name));
const serverUrl = process.env.TEST_DATABASE_URL;
const runnable = serverUrl !== undefined && clips.every((clip) => existsSync(clip));
if (!runnable)
  console.warn("database-outage e2e: needs TEST_DATABASE_URL (PostgreSQL) and the shared footage; skipped");

let database: { url: string; drop(): Promise<void> };
let proxy: TcpProxy;
let server: E2EServer;

beforeAll(async () => {
  if (!runnable) return;
  database = await createPostgresDatabase(serverUrl as string);
  const url = new URL(database.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.port = String(proxy.port);
  server = await startServer({ DATABASE_URL: url.toString(), JOB_CONCURRENCY: "1" });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await database?.drop();
});

const api = <T>(token: string | undefined, url: string) => callApi<T>(server.baseUrl, "GET", url, undefined, token);
const submit = (token: string, clip: string) =>
  submitComparison(server.baseUrl, token, { reference: clip, user: clip });

const health = async () => (await fetch(`${server.baseUrl}/api/health`)).status;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("a PostgreSQL outage during analyses", () => {
  it.skipIf(!runnable)(
    "the server stays up, health is 503 while the database is away and 200 after, and every comparison ends with its credit accounted for",
    async () => {
      const { token } = await registerConfirmed(server.baseUrl, {
        username: "Outage Dancer",
        email: "outage@example.com",
        password: "secret123",
      });
      const start = (await api<{ credits: number }>(token, "/api/credits/balance")).credits;
      const ids: number[] = [];
      for (const clip of [...clips, clips[0] as string]) ids.push(await submit(token, clip));

      // The first analysis is under way when the database goes.
      await expect
        .poll(async () => {
          const { comparison } = await api<{ comparison: { status: string; progress?: number | null } }>(
            token,
            `/api/comparisons/${ids[0]}`,
          );
          return comparison.status === "processing" && (comparison.progress ?? 0) > 0;
        })
        .toBe(true);
      await proxy.cut();
      await expect.poll(health, { timeout: 10_000 }).toBe(503);
      await new Promise((r) => setTimeout(r, 5_000));
      expect(alive(server.pid), "the server process died during the outage").toBe(true);
      expect(await health()).toBe(503);
      await proxy.restore();
      await expect.poll(health, { timeout: 30_000 }).toBe(200);

      // Every comparison ends: completed, or failed with its credit back. Jobs whose last write was
      // lost are sent again by the recovery sweep once their heartbeat is silent (about a minute).
      const settled: Array<{ status: string }> = [];
      for (const id of ids) {
        const deadline = Date.now() + 150_000;
        for (;;) {
          const { comparison } = await api<{ comparison: { status: string } }>(token, `/api/comparisons/${id}`);
          if (comparison.status !== "processing") {
            settled.push(comparison);
            break;
          }
          if (Date.now() > deadline) throw new Error(`comparison ${id} still processing 150 s after the outage`);
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
      const completed = settled.filter((c) => c.status === "completed").length;
      const { credits } = await api<{ credits: number }>(token, "/api/credits/balance");
      expect(credits).toBe(start - completed);
      expect(completed).toBeGreaterThan(0);
      expect(alive(server.pid)).toBe(true);
    },
    300_000,
  );
});
