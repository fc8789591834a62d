import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../apps/server/src/test/database.ts";
import { startS3Server, type TestS3 } from "../apps/server/src/test/s3.ts";
import { registerConfirmed } from "./support/accounts.ts";
import { callApi, submitComparison } from "./support/api.ts";
import { type E2EServer, startServer } from "./support/server.ts";

/**
 * Past one machine: one web process and two worker processes, each with its own data folder, sharing
 * only PostgreSQL and an S3 bucket. Comparisons submitted to the web process are analysed by the
 * workers, and their videos play back from the web process.
 */
const fixtures = path.resolve(import.meta.dirname, "../../shared/fixtures");
const clips = ["pose_1.mp4", "sample_fb_0.mp4"].map((name) => path.join(fixtures, "video", name));
const serverUrl = process.env.TEST_DATABASE_URL;
const runnable = serverUrl !== undefined && clips.every((clip) => existsSync(clip));
if (!runnable) console.warn("scale-out e2e: needs TEST_DATABASE_URL (PostgreSQL) and the shared footage; skipped");

let s3: TestS3;
let database: { url: string; drop(): Promise<void> };
let web: E2EServer;
const workers: E2EServer[] = [];

beforeAll(async () => {
  if (!runnable) return;
  s3 = await startS3Server();
  database = await createPostgresDatabase(serverUrl as string);
  const shared = { ...s3.env, DATABASE_URL: database.url, JOB_CONCURRENCY: "1" };
  // The web process migrates first; the workers then find the schema in place.
  web = await startServer({ ...shared, ROLES: "web" });
  for (let i = 0; i < 2; i++) workers.push(await startServer({ ...shared, ROLES: "worker" }));
}, 180_000);

afterAll(async () => {
  for (const server of [web, ...workers]) await server?.stop();
  await database?.drop();
  await s3?.close();
});

const api = <T>(token: string | undefined, url: string) => callApi<T>(web.baseUrl, "GET", url, undefined, token);

async function signUp(n: number): Promise<string> {
  const body = { username: `Scale ${n}`, email: `scale${n}@example.com`, password: "secret123" };
  return (await registerConfirmed(web.baseUrl, body)).token;
}

const submit = (token: string, reference: string, user: string) =>
  submitComparison(web.baseUrl, token, { reference, user });

type Detail = { status: string; overall_score: number | null; user_url: string; error?: string | null };

async function settled(token: string, id: number): Promise<Detail> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const { comparison } = await api<{ comparison: Detail }>(token, `/api/comparisons/${id}`);
    if (comparison.status !== "processing") return comparison;
    if (Date.now() > deadline) throw new Error(`comparison ${id} still processing after 4 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The files a process keeps in its own data folder (its local copies of objects, its caches). */
async function filesIn(server: E2EServer, sub: string): Promise<string[]> {
  const entries = await readdir(path.join(server.dataDir, sub), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe("scale-out: 1 web + 2 workers sharing PostgreSQL and S3", () => {
  it.skipIf(!runnable)(
    "comparisons submitted to the web process are analysed by both workers and play back from the bucket",
    async () => {
      const tokens = [await signUp(1), await signUp(2)];
      // Four at once, so that while one worker is busy the other takes the next.
      const submitted = await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const token = tokens[i % 2] as string;
          return { token, id: await submit(token, clips[i % 2] as string, clips[i % 2] as string) };
        }),
      );
      for (const { token, id } of submitted) {
        const result = await settled(token, id);
        expect(result.status, result.error ?? "").toBe("completed");
        expect(result.overall_score).toBeGreaterThanOrEqual(90);
      }

      // Each worker fetched videos from the bucket into its own folder; the web process kept no uploads
      // of its own (it only fetched them back to check them with ffprobe).
      for (const worker of workers) expect(await filesIn(worker, "cache/s3")).not.toEqual([]);
      expect(await filesIn(web, "uploads")).toEqual([]);
      // The reference pose cache is in the bucket, one track per distinct reference, shared by both
      // workers; no process keeps one of its own.
      const poseCache = (await s3.keys()).filter((key) => key.startsWith("pose-cache/"));
      expect(poseCache).toHaveLength(2);
      for (const server of [web, ...workers]) expect(await filesIn(server, "cache/poses")).toEqual([]);

      // Playback: the web process streams the stored upload from S3, ranges included.
      const { token, id } = submitted[0] as { token: string; id: number };
      const { user_url } = await settled(token, id);
      const original = await readFile(clips[0] as string);
      const whole = await fetch(`${web.baseUrl}${user_url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);
      const part = await fetch(`${web.baseUrl}${user_url}`, {
        headers: { authorization: `Bearer ${token}`, range: "bytes=100-199" },
      });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(100, 200))).toBe(true);
    },
    300_000,
  );
});
