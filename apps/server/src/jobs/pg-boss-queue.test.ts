import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/database.ts";
import { pgBossQueue } from "./pg-boss-queue.ts";
import { JOB_POLICY } from "./queue.ts";
import { quietLog, startTestApp, type TestApp } from "../test/app.ts";
import { noPersonVideo, tempDir } from "../test/videos.ts";

const onPostgres = process.env.TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;
if (!onPostgres) console.info("pg-boss tests skipped: they run in the PostgreSQL project (set TEST_DATABASE_URL)");

describe.skipIf(!onPostgres)("pg-boss: a web process and a separate worker process share the work", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let web: TestApp;
  let worker: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    const dataDir = await tempDir();
    const common = { databaseUrl: database.url, dataDir, uploadsDir: path.join(dataDir, "uploads") };
    web = await startTestApp({ ...common, roles: { web: true, worker: false } }, {}, database);
    worker = await startTestApp({ ...common, roles: { web: false, worker: true } }, {}, database);
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await worker?.close();
    await database?.close();
  });

  it("a comparison created by the web process is analysed by the worker and ends failed with a refund", async () => {
    expect(web.queue.kind).toBe("pg-boss");
    const base = await web.listen();
    const { token } = await web.signUp();
    const video = await noPersonVideo(await tempDir());
    const form = new FormData();
    form.append("activity_type", "hip_hop");
    form.append("reference_video", new Blob([await readFile(video)]), "ref.mp4");
    form.append("user_video", new Blob([await readFile(video)]), "me.mp4");
    const res = await fetch(`${base}/api/videos/compare`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(202);
    const { comparison_id } = (await res.json()) as { comparison_id: number };
    const deadline = Date.now() + 60_000;
    let comparison: { status: string; error: string | null } | undefined;
    while (Date.now() < deadline) {
      const r = await web.call("GET", `/api/comparisons/${comparison_id}`, { token });
      comparison = r.json().comparison;
      if (comparison?.status !== "processing") break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(comparison?.status).toBe("failed");
    expect(comparison?.error).toMatch(/person/i);
    // The refund is the worker's write: the web process hears of it on the database's user_changed
    // notice (db/user-read-cache.ts), a moment after the failed status can already be read.
    await expect
      .poll(async () => (await web.call("GET", "/api/credits/balance", { token })).json().credits, { timeout: 5000 })
      .toBe(10);
  }, 120_000);
});

describe.skipIf(!onPostgres)("pg-boss: queues created by several processes at once", () => {
  it("every send succeeds while three processes create the same new queues at the same moment", async () => {
    const database = await openTestDatabase();
    const queues = [1, 2, 3].map(() =>
      pgBossQueue({ connectionString: database.url as string, concurrency: 1, jobTimeoutSeconds: 60, log: quietLog }),
    );
    try {
      await Promise.all(queues.map((q) => q.start()));
      // Each process sends to each queue five times at once, none of them created yet.
      const sends = queues.flatMap((q, k) =>
        Object.keys(JOB_POLICY).flatMap((name) =>
          Array.from({ length: 5 }, () => q.send(name as keyof typeof JOB_POLICY, { comparisonId: k } as never)),
        ),
      );
      const outcomes = await Promise.allSettled(sends);
      expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      await database.close();
    }
  }, 120_000);
});
