import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparisons, referenceVideos } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo } from "../../test/factories.ts";
import {
  claimReferencePoses,
  readyReferencePoses,
  reportReferencePoseProgress,
  takeSilentReferencePoses,
} from "../library/service.ts";
import { clearHeartbeat } from "./repository.ts";
import { claimAttempt, completeComparison, reportProgress } from "./service.ts";

/**
 * What a page waiting on an analysis is told, so it can say how long is left: how far it is and how
 * long its running attempt has been at it (the server's clock: a reload or another device reads the
 * same), for a comparison and for a library video's poses (live scoring waits on those).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Moves the running attempt's start back, as if it had been running this many seconds. */
const runningFor = async (table: "comparison" | "video", id: number, seconds: number) => {
  const at = new Date(Date.now() - seconds * 1000);
  if (table === "comparison")
    await t.ctx.db.update(comparisons).set({ analysisStartedAt: at }).where(eq(comparisons.id, id));
  else await t.ctx.db.update(referenceVideos).set({ poseStartedAt: at }).where(eq(referenceVideos.id, id));
};

describe("a comparison being analysed", () => {
  it("tells how long its running attempt has been analysing: none while queued, none once done", async () => {
    const { user, token } = await t.signUp();
    const row = await makeComparison(t.ctx.db, { userId: user.id });
    const summary = async () => (await t.call("GET", `/api/comparisons/${row.id}`, { token })).json().comparison;
    expect(await summary()).toMatchObject({ status: "processing", progress: 0, analysing_s: null });

    await claimAttempt(t.ctx.db, row.id);
    await reportProgress(t.ctx.db, row.id, 40);
    await runningFor("comparison", row.id, 12);
    const running = await summary();
    expect(running.progress).toBe(40);
    expect(running.analysing_s).toBeGreaterThanOrEqual(12);
    expect(running.analysing_s).toBeLessThan(20);
    // The history list says the same.
    const listed = (await t.call("GET", "/api/comparisons", { token })).json().comparisons[0];
    expect(listed.analysing_s).toBeGreaterThanOrEqual(12);

    // Queued again (its worker died; requeueComparison sends it after this): no time is counted until an attempt starts.
    await clearHeartbeat(t.ctx.db, row.id);
    expect((await summary()).analysing_s).toBeNull();

    await claimAttempt(t.ctx.db, row.id);
    await completeComparison(t.ctx.db, row.id, { overall_score: 70 });
    expect(await summary()).toMatchObject({ status: "completed", analysing_s: null });
  });
});

describe("GET /api/reference-videos/:id/analysis-status", () => {
  it("queued, running (how far, since when), ready; for whoever may see the video", async () => {
    const viewer = await t.signUp();
    const video = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const status = async (token?: string) => {
      const res = await t.call("GET", `/api/reference-videos/${video.id}/analysis-status`, { token });
      return { code: res.statusCode, body: res.json(), cache: res.headers["cache-control"] };
    };
    expect(await status(viewer.token)).toEqual({
      code: 200,
      body: { status: "pending", progress: 0, analysing_s: null },
      cache: "no-store",
    });

    await claimReferencePoses(t.ctx.db, video.id);
    await reportReferencePoseProgress(t.ctx.db, video.id, 42.4);
    await runningFor("video", video.id, 30);
    const running = (await status()).body;
    expect(running).toMatchObject({ status: "pending", progress: 42 });
    expect(running.analysing_s).toBeGreaterThanOrEqual(30);

    // Its worker went silent: queued again until an attempt takes it.
    await takeSilentReferencePoses(t.ctx.db, { staleMs: -1000 });
    expect((await status()).body.analysing_s).toBeNull();

    await claimReferencePoses(t.ctx.db, video.id);
    expect((await status()).body).toMatchObject({ progress: 0 });
    await readyReferencePoses(t.ctx.db, video.id, "pose-tracks/x.json");
    expect((await status()).body).toEqual({ status: "ready", progress: 100, analysing_s: null });
  });

  it("404 for a video in review to anyone but its contributor and admins, and for none", async () => {
    const contributor = await t.signUp();
    const other = await t.signUp();
    const video = await makeLibraryVideo(t.ctx.db, { status: "pending", contributorId: contributor.user.id });
    const code = async (id: number, token?: string) =>
      (await t.call("GET", `/api/reference-videos/${id}/analysis-status`, { token })).statusCode;
    expect(await code(video.id, contributor.token)).toBe(200);
    expect(await code(video.id, other.token)).toBe(404);
    expect(await code(video.id)).toBe(404);
    expect(await code(987_654, other.token)).toBe(404);
  });
});
