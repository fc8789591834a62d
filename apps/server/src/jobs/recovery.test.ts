import { createReadStream } from "node:fs";
import { eq } from "drizzle-orm";
import { LIBRARY_MESSAGES } from "@stepsync/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { comparisons, referenceVideos, users } from "../db/schema.ts";
import { startTestApp, type TestApp } from "../test/app.ts";
import { makeComparison, makeLibraryVideo } from "../test/factories.ts";
import { noPersonVideo, tempDir } from "../test/videos.ts";
import { BEAT_EVERY_MS, STALE_AFTER_MS, SWEEP_EVERY_MS, startHeartbeat } from "./heartbeat.ts";
import { recoverStaleComparisons } from "../modules/comparisons/job.ts";
import { recoverStaleReferencePoses } from "../modules/library/job.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const ago = (ms: number) => new Date(Date.now() - ms);

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a dead worker's jobs", () => {
  it("are taken back within about a minute: a silent heartbeat is stale after 45 s, swept every 15 s", () => {
    // A live job beats several times within the stale window, so a slow sweep never takes a live one.
    expect(STALE_AFTER_MS / BEAT_EVERY_MS).toBeGreaterThanOrEqual(4);
    expect(STALE_AFTER_MS + SWEEP_EVERY_MS).toBeLessThanOrEqual(60_000);
  });

  it("a comparison whose heartbeat went silent is sent again; a live one and a queued one are left alone", async () => {
    const { user } = await t.signUp();
    // The live one is someone else's: while it runs, this user's own next analysis would wait for it.
    const other = await t.signUp();
    const running = async (values: Partial<typeof comparisons.$inferInsert>, userId = user.id) =>
      (await makeComparison(t.ctx.db, { userId, ...values })).id;
    const dead = await running({ attempts: 1, heartbeatAt: ago(STALE_AFTER_MS + 5_000) });
    const live = await running({ attempts: 1, heartbeatAt: ago(BEAT_EVERY_MS) }, other.user.id);
    const queued = await running({ attempts: 0, heartbeatAt: null });
    expect(await recoverStaleComparisons(t.ctx.db, t.queue, { staleMs: STALE_AFTER_MS })).toBe(1);
    const status = async (id: number) => (await t.ctx.db.select().from(comparisons).where(eq(comparisons.id, id)))[0]!;
    // The dead one ran again (its videos are gone, so it ends failed with that reason and a refund).
    const rerun = await until(
      () => status(dead),
      (c) => c.status !== "processing",
    );
    expect(rerun).toMatchObject({ status: "failed", attempts: 2 });
    expect(rerun.error).toMatch(/no longer available/);
    expect((await status(live)).status).toBe("processing");
    expect((await status(queued)).status).toBe("processing");
  });

  it("a library video's pose job is sent again on either queue; after the last attempt it is given up with a reason", async () => {
    const { user } = await t.signUp();
    const dir = await tempDir();
    const key = `videos/recovery-${Date.now()}.mp4`;
    await t.ctx.storage.put(key, createReadStream(await noPersonVideo(dir, 1)));
    const posing = async (values: Partial<typeof referenceVideos.$inferInsert>) =>
      (await makeLibraryVideo(t.ctx.db, { contributorId: user.id, videoKey: key, ...values })).id;
    const dead = await posing({ poseAttempts: 1, poseHeartbeatAt: ago(STALE_AFTER_MS + 5_000) });
    const exhausted = await posing({ poseAttempts: 3, poseHeartbeatAt: ago(STALE_AFTER_MS + 5_000) });
    const live = await posing({ poseAttempts: 1, poseHeartbeatAt: ago(BEAT_EVERY_MS) });
    expect(await recoverStaleReferencePoses(t.ctx.db, t.queue, { staleMs: STALE_AFTER_MS })).toBe(2);
    const row = async (id: number) =>
      (await t.ctx.db.select().from(referenceVideos).where(eq(referenceVideos.id, id)))[0]!;
    // It ran again: the engine looked at the video (a test pattern, no one in it) and said so.
    const rerun = await until(
      () => row(dead),
      (v) => v.poseStatus !== "pending",
    );
    expect(rerun).toMatchObject({ poseStatus: "failed", poseAttempts: 2 });
    expect(rerun.poseError).not.toBe(LIBRARY_MESSAGES.posesInterrupted);
    expect(await row(exhausted)).toMatchObject({ poseStatus: "failed", poseError: LIBRARY_MESSAGES.posesInterrupted });
    expect((await row(live)).poseStatus).toBe("pending");
    await t.ctx.db.delete(users).where(eq(users.id, user.id));
  }, 120_000);
});

describe("heartbeat", () => {
  it("beats while the job runs and stops at its time limit (JOB_TIMEOUT_MINUTES), so the sweep retries it", async () => {
    vi.useFakeTimers();
    try {
      const beat = vi.fn(async () => {});
      const log = { warn: vi.fn() } as never;
      const stop = startHeartbeat(beat, 5 * BEAT_EVERY_MS, log);
      await vi.advanceTimersByTimeAsync(20 * BEAT_EVERY_MS);
      expect(beat).toHaveBeenCalledTimes(4);
      stop();
      const stopped = vi.fn(async () => {});
      const stopEarly = startHeartbeat(stopped, 60 * BEAT_EVERY_MS, log);
      await vi.advanceTimersByTimeAsync(2 * BEAT_EVERY_MS);
      stopEarly();
      await vi.advanceTimersByTimeAsync(10 * BEAT_EVERY_MS);
      expect(stopped).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
