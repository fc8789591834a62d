import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { comparisons } from "../db/schema.ts";
import { openTestDatabase } from "../test/database.ts";
import { quietLog, startTestApp, type TestApp } from "../test/app.ts";
import { noPersonVideo, postCompareForm, tempDir } from "../test/videos.ts";
import { inProcessQueue } from "./in-process-queue.ts";
import { pgBossQueue } from "./pg-boss-queue.ts";
import type { JobQueue } from "./queue.ts";
import { makeComparison } from "../test/factories.ts";
import { comparisonJobHandler, recoverStaleComparisons } from "../modules/comparisons/job.ts";

const onPostgres = process.env.TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;

/** Sends six mails with priorities, then lets one worker take them: the order they ran in. */
async function runOrder(queue: JobQueue): Promise<string[]> {
  const order: string[] = [];
  const jobs: Array<[string, number]> = [
    ["A1", 0],
    ["A2", -1],
    ["A3", -2],
    ["B1", 0],
    ["A4", -3],
    ["B2", -1],
  ];
  for (const [subject, priority] of jobs)
    await queue.send("email", { to: "x@example.com", subject, text: "" }, { priority });
  const done = new Promise<void>((resolve) => {
    void queue.work("email", async (mail) => {
      order.push(mail.subject);
      if (order.length === jobs.length) resolve();
    });
  });
  await done;
  return order;
}

describe("the queue runs higher priorities first, then in the order sent", () => {
  it("in-process", async () => {
    const queue = inProcessQueue({ concurrency: 1, log: quietLog });
    expect(await runOrder(queue)).toEqual(["A1", "B1", "A2", "B2", "A3", "A4"]);
    await queue.stop();
  });

  it.skipIf(!onPostgres)(
    "pg-boss",
    async () => {
      const database = await openTestDatabase();
      const queue = pgBossQueue({
        connectionString: database.url as string,
        concurrency: 1,
        jobTimeoutSeconds: 60,
        log: quietLog,
      });
      try {
        await queue.start();
        expect(await runOrder(queue)).toEqual(["A1", "B1", "A2", "B2", "A3", "A4"]);
      } finally {
        await queue.stop();
        await database.close();
      }
    },
    60_000,
  );
});

describe("a process without the worker role: comparisons wait in the queue", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // No worker yet: the comparisons wait in the queue until the test takes them, one at a time
    // (with two takers the order they report in would be a race, not the queue's order).
    t = await startTestApp({ roles: { web: true, worker: false }, jobConcurrency: 1 });
    base = await t.listen();
  });
  afterAll(() => t.close());

  it("the dead-worker sweep leaves a comparison no worker has started, however long it waited", async () => {
    const { token } = await t.signUp();
    const video = await noPersonVideo(await tempDir());
    const sent = await postCompareForm(base, token, { activity_type: "hip_hop" }, { user: video, reference: video });
    expect(sent.status).toBe(202);
    const id = sent.body.comparison_id as number;
    const [row] = await t.database.db.select().from(comparisons).where(eq(comparisons.id, id));
    expect(row).toMatchObject({ status: "processing", attempts: 0, heartbeatAt: null });
    // Any silence counts as dead here (staleMs 0): a started job would be taken back, this one is not.
    expect(await recoverStaleComparisons(t.database.db, t.queue, { staleMs: 0 })).toBe(0);
  });

  it("one user's three uploads do not hold another user's one behind them", async () => {
    const video = await noPersonVideo(await tempDir());
    const a = await t.signUp({ username: "Busy Ana" });
    const b = await t.signUp({ username: "Quick Bo" });
    const submit = async (token: string) =>
      (await postCompareForm(base, token, { activity_type: "hip_hop" }, { user: video, reference: video })).body
        .comparison_id as number;
    const ana = [await submit(a.token), await submit(a.token), await submit(a.token)];
    const bo = await submit(b.token);

    const order: number[] = [];
    await new Promise<void>((resolve) => {
      void t.queue.work("comparison", async ({ comparisonId }) => {
        order.push(comparisonId);
        if (order.length === 5) resolve();
      });
    });
    // The comparison of the test above waits too, sent before these.
    expect(order.slice(-4)).toEqual([ana[0], bo, ana[1], ana[2]]);
  });

  it("while one of a user's comparisons is analysed, a worker hands their next back (held a few seconds) and takes another user's", async () => {
    const a = await t.signUp({ username: "Busy Cy" });
    const b = await t.signUp({ username: "Waiting Di" });
    const db = t.database.db;
    // Cy's first is being analysed by some worker (fresh heartbeat); the next two wait.
    await makeComparison(db, { userId: a.user.id, attempts: 1, heartbeatAt: new Date() });
    const cyNext = await makeComparison(db, { userId: a.user.id });
    const diFirst = await makeComparison(db, { userId: b.user.id });
    const handler = comparisonJobHandler(t.ctx);

    await handler({ comparisonId: cyNext.id });
    const [held] = await db.select().from(comparisons).where(eq(comparisons.id, cyNext.id));
    expect(held).toMatchObject({ status: "processing", attempts: 0, heartbeatAt: null });

    await handler({ comparisonId: diFirst.id });
    const [taken] = await db.select().from(comparisons).where(eq(comparisons.id, diFirst.id));
    // Taken (an attempt counted); its videos do not exist here, so it ends failed with a refund.
    expect(taken).toMatchObject({ attempts: 1, status: "failed" });

    // Cy's next comes back to the queue a few seconds later.
    const back = Date.now();
    const seen = await new Promise<number>((resolve) => {
      void t.queue.work("comparison", async ({ comparisonId }) => {
        if (comparisonId === cyNext.id) resolve(Date.now() - back);
      });
    });
    expect(seen).toBeGreaterThan(2000);
  }, 30_000);
});
