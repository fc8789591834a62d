import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { comparisons } from "../db/schema.ts";
import { startTestApp, type TestApp } from "../test/app.ts";
import { noPersonVideo, postCompareForm, tempDir } from "../test/videos.ts";
import { recoverStaleComparisons } from "./recovery.ts";

/**
 * A comparison waiting in the queue behind others has not started: the sweep for dead workers must
 * leave it alone however long it waits (it used to be sent again after 45 s, then analysed twice).
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  // A process without the worker role: nothing takes the job, so it stays queued.
  t = await startTestApp({ roles: { web: true, worker: false } });
  base = await t.listen();
});
afterAll(() => t.close());

describe("the sweep for dead workers and a queued comparison", () => {
  it("leaves a comparison that no worker has started, however long it has waited", async () => {
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
});
