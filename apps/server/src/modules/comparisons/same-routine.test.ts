import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparisons, creditTransactions, referenceVideos, users } from "../../db/schema.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo, makeUpload } from "../../test/factories.ts";
import { completeComparison, failComparison, startComparison } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * The analysis job's place is taken by the test: it completes the comparison with the result it
 * chooses. The queue only records what was sent (no job runs on these made-up videos).
 */
const sent: number[] = [];
const recordingQueue: JobQueue = {
  kind: "in-process",
  start: async () => {},
  send: async (_name, data) => {
    sent.push((data as { comparisonId: number }).comparisonId);
  },
  work: async () => {},
  stop: async () => {},
};

/** A result as the engine stores it, trimmed to what the lifecycle reads. */
const result = (decision: "same" | "unsure" | "not_same", overall_score: number) => ({
  overall_score,
  same_routine: decision !== "not_same",
  sameness: {
    decision,
    confidence: decision === "not_same" ? 0.08 : decision === "unsure" ? 0.55 : 0.96,
    music: false,
  },
  sections: [
    { title: "8-count 1", timestamp: 0, duration: 4, score: overall_score, overall_feedback: "", joint_feedback: {} },
  ],
});

/** A comparison started as the app starts one (the credit taken), against a library routine. */
async function started(userId: number, referenceVideoId: number, activityType: "ballet" | "jazz" | "latin" = "ballet") {
  const upload = await makeUpload(t.ctx.db, { ownerId: userId });
  const row = await startComparison(
    { db: t.ctx.db, queue: recordingQueue },
    { id: userId, role: "user", emailVerifiedAt: new Date() },
    { activityType, userVideoId: upload.id, referenceVideoId },
  );
  expect(sent).toContain(row.id);
  return row;
}

async function balance(userId: number) {
  const [row] = await t.ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits;
}

async function ledger(userId: number, type: "usage" | "refund") {
  return t.ctx.db
    .select({ amount: creditTransactions.amount, description: creditTransactions.description })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.transactionType, type)));
}

async function usageCount(videoId: number) {
  const [row] = await t.ctx.db
    .select({ n: referenceVideos.usageCount })
    .from(referenceVideos)
    .where(eq(referenceVideos.id, videoId));
  return row?.n;
}

describe("a result that does not show the same routine", () => {
  it("gives the credit back once, with a ledger line saying why, and is no use of the library video", async () => {
    const { user } = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const row = await started(user.id, routine.id);
    expect(await balance(user.id)).toBe(9);

    expect(await completeComparison(t.ctx.db, row.id, result("not_same", 22.4))).toBe(true);
    expect(await balance(user.id)).toBe(10);
    expect(await ledger(user.id, "refund")).toEqual([
      { amount: 1, description: `Refund: comparison #${row.id} did not show the same routine as the reference` },
    ]);
    const [stored] = await t.ctx.db.select().from(comparisons).where(eq(comparisons.id, row.id));
    expect(stored).toMatchObject({ status: "completed", overallScore: 22.4, sameRoutine: false });
    expect(await usageCount(routine.id)).toBe(0);

    // A retried job completing it again, or a sweep failing it, changes nothing and refunds nothing.
    expect(await completeComparison(t.ctx.db, row.id, result("not_same", 22.4))).toBe(false);
    expect(await failComparison(t.ctx.db, row.id, "interrupted")).toBe(false);
    expect(await balance(user.id)).toBe(10);
    expect(await ledger(user.id, "refund")).toHaveLength(1);
  });

  it("is refunded once when two jobs complete it at the same time", async () => {
    const { user } = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const row = await started(user.id, routine.id);
    const done = await Promise.all([
      completeComparison(t.ctx.db, row.id, result("not_same", 20)),
      completeComparison(t.ctx.db, row.id, result("not_same", 20)),
    ]);
    expect(done.filter(Boolean)).toHaveLength(1);
    expect(await ledger(user.id, "refund")).toHaveLength(1);
    expect(await balance(user.id)).toBe(10);
  });

  it("while the same routine, or one the engine is unsure of, costs the credit and is a use of the video", async () => {
    const { user } = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const same = await started(user.id, routine.id);
    const unsure = await started(user.id, routine.id);
    expect(await completeComparison(t.ctx.db, same.id, result("same", 81))).toBe(true);
    expect(await completeComparison(t.ctx.db, unsure.id, result("unsure", 58))).toBe(true);
    expect(await balance(user.id)).toBe(8);
    expect(await ledger(user.id, "usage")).toHaveLength(2);
    expect(await ledger(user.id, "refund")).toEqual([]);
    expect(await usageCount(routine.id)).toBe(2);
    // A result of an engine before the decision (no sameness) costs its credit as it always did.
    const old = await started(user.id, routine.id);
    expect(await completeComparison(t.ctx.db, old.id, { overall_score: 70 })).toBe(true);
    expect(await balance(user.id)).toBe(7);
    expect(await ledger(user.id, "refund")).toEqual([]);
  });
});

describe("statistics leave out results that were not the same routine", () => {
  it("history and profile totals, dashboard, progress chart, leaderboard and achievements", async () => {
    const { token, user } = await t.signUp({ username: "Counted Only" });
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    // Only a different routine so far: nothing to show, nothing earned.
    const other = await started(user.id, routine.id, "jazz");
    await completeComparison(t.ctx.db, other.id, result("not_same", 21));
    const get = async (url: string) => (await t.call("GET", url, { token })).json();
    expect(await get("/api/comparisons/stats")).toEqual({
      total_comparisons: 0,
      best_score: null,
      average_score: null,
      recent_trend: "Stable",
    });
    expect((await get("/api/dashboard/achievements")).achievements).toEqual([]);

    const first = await started(user.id, routine.id, "jazz");
    await completeComparison(t.ctx.db, first.id, result("same", 80));
    const second = await started(user.id, routine.id, "jazz");
    await completeComparison(t.ctx.db, second.id, result("unsure", 60));

    // 80 and 60 count (the unsure one is scored); the 21 of another routine does not.
    expect(await get("/api/comparisons/stats")).toEqual({
      total_comparisons: 2,
      best_score: 80,
      average_score: 70,
      recent_trend: "Stable",
    });
    expect((await get("/api/profile")).profile.stats.overall).toEqual({
      total_comparisons: 2,
      best_score: 80,
      overall_average: 70,
    });
    expect((await get("/api/dashboard/stats?timeframe=all")).activityStats.jazz).toMatchObject({
      total: 2,
      average: 70,
    });
    const chart = await get("/api/progress/chart?timeframe=all&activity_type=jazz");
    expect(chart.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(2);
    const board = (await t.call("GET", "/api/leaderboard?timeframe=all&activity_type=jazz")).json();
    expect(board.find((e: { user_id: number }) => e.user_id === user.id)).toMatchObject({
      average_score: 70,
      best_score: 80,
      comparison_count: 2,
    });
    const achieved = (await get("/api/dashboard/achievements")).achievements.map((a: { id: string }) => a.id);
    expect(achieved.sort()).toEqual(["first_comparison", "score_80"]);
  });

  it("the history list says which result was another routine, so its card can be marked", async () => {
    const { token, user } = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const other = await started(user.id, routine.id);
    await completeComparison(t.ctx.db, other.id, result("not_same", 21));
    const same = await started(user.id, routine.id);
    await completeComparison(t.ctx.db, same.id, result("same", 80));
    const list = (await t.call("GET", "/api/comparisons", { token })).json().comparisons;
    expect(list.map((c: { id: number; same_routine: boolean }) => [c.id, c.same_routine])).toEqual([
      [same.id, true],
      [other.id, false],
    ]);
  });

  it("the history list says how each result counts, as the server decided: the web app decides nothing", async () => {
    const { token, user } = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const other = await started(user.id, routine.id);
    await completeComparison(t.ctx.db, other.id, result("not_same", 21));
    const copy = await started(user.id, routine.id);
    await completeComparison(t.ctx.db, copy.id, result("same", 99.6), { samePerformance: true });
    const danced = await started(user.id, routine.id);
    await completeComparison(t.ctx.db, danced.id, result("unsure", 74));
    const running = await started(user.id, routine.id);
    const list = (await t.call("GET", "/api/comparisons", { token })).json().comparisons;
    expect(list.map((c: { id: number; counted: string | null }) => [c.id, c.counted])).toEqual([
      [running.id, null],
      [danced.id, "yes"],
      [copy.id, "own_recording"],
      [other.id, "other_routine"],
    ]);
    const detail = (await t.call("GET", `/api/comparisons/${copy.id}`, { token })).json().comparison;
    expect(detail.counted).toBe("own_recording");
  });

  it("routine progress: an earlier attempt of another routine is not listed, and such a result has no 'since last time'", async () => {
    const { token, user } = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const on = { userId: user.id, referenceVideoId: routine.id };
    const first = await makeComparison(t.ctx.db, { ...on, score: 62, daysAgo: 3 });
    const notSame = await makeComparison(t.ctx.db, { ...on, score: 18, sameRoutine: false, daysAgo: 2 });
    const now = await makeComparison(t.ctx.db, { ...on, score: 70, daysAgo: 1 });
    const progress = async (id: number) => (await t.call("GET", `/api/comparisons/${id}/progress`, { token })).json();

    const current = await progress(now.id);
    expect(current.earlier.map((a: { comparison_id: number }) => a.comparison_id)).toEqual([first.id]);
    expect(current.since_last).toMatchObject({ comparison_id: first.id, score: 70, previous_score: 62, delta: 8 });
    const different = await progress(notSame.id);
    expect(different.earlier.map((a: { comparison_id: number }) => a.comparison_id)).toEqual([first.id]);
    expect(different.since_last).toBeNull();
  });
});
