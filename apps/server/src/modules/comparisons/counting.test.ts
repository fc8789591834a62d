import { and, eq } from "drizzle-orm";
import { PART_LIMITS } from "@stepsync/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparisons } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo } from "../../test/factories.ts";
import { awardAchievements } from "../achievements/service.ts";
import { countedComparison } from "./policy.ts";
import { countedHistoryOf } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * A dancer's jazz history as the analysis job stores it: two real takes of a library routine (62, then
 * 76), a copy of the reference's own recording and its mirror image (100 each, same_performance), a
 * 2-s practised part (98) and a 12-s one (80). Answers the rows.
 */
async function jazzHistory(userId: number) {
  const routine = await makeLibraryVideo(t.ctx.db, { status: "approved", category: "jazz" });
  const on = { userId, referenceVideoId: routine.id, activityType: "jazz" };
  const first = await makeComparison(t.ctx.db, { ...on, score: 62, daysAgo: 6, samePerformance: false });
  const copy = await makeComparison(t.ctx.db, { ...on, score: 100, daysAgo: 5, samePerformance: true });
  const mirrored = await makeComparison(t.ctx.db, { ...on, score: 100, daysAgo: 4, samePerformance: true });
  const part = { parentComparisonId: first.id, samePerformance: false };
  const short = await makeComparison(t.ctx.db, {
    ...on,
    ...part,
    score: 98,
    daysAgo: 3,
    referenceStartS: 4,
    referenceEndS: 6,
    partLabel: "counts 5–6",
  });
  const longPart = await makeComparison(t.ctx.db, {
    ...on,
    ...part,
    score: 80,
    daysAgo: 2,
    referenceStartS: 4.1,
    referenceEndS: 16.1,
    partLabel: "8-count 2",
  });
  const latest = await makeComparison(t.ctx.db, { ...on, score: 76, daysAgo: 1, samePerformance: false });
  return { first, copy, mirrored, short, longPart, latest };
}

describe("what counts: a copy of the reference and a part of a move or two count nowhere", () => {
  it("the profile, History, the style averages, Improve, the leaderboard and achievements leave them out alike", async () => {
    const { user, token } = await t.signUp({ username: "Copy Cat" });
    await jazzHistory(user.id);
    const get = async (path: string) => (await t.call("GET", path, { token })).json();

    // 62, 80 (a 12-s part) and 76 count; the copies' 100 and the 2-s part's 98 do not.
    expect((await get("/api/profile")).profile.stats.overall).toEqual({
      total_comparisons: 3,
      best_score: 80,
      overall_average: 72.7,
    });
    expect(await get("/api/comparisons/stats")).toMatchObject({
      total_comparisons: 3,
      best_score: 80,
      average_score: 72.7,
    });
    // Improve: the latest counted score minus the first (76 − 62), not 76 − 100.
    expect((await get("/api/dashboard/stats?timeframe=all")).activityStats.jazz).toEqual({
      total: 3,
      average: 72.7,
      improvement: 14,
    });
    const chart = await get("/api/progress/chart?timeframe=all&activity_type=jazz");
    expect(chart.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(3);
    const board = (await t.call("GET", "/api/leaderboard?timeframe=all&activity_type=jazz")).json();
    expect(board.find((e: { user_id: number }) => e.user_id === user.id)).toMatchObject({
      best_score: 80,
      comparison_count: 3,
    });
    // A 98 or a 100 would have earned "score 90".
    expect(await awardAchievements(t.ctx.db, user.id, await countedHistoryOf(t.ctx.db, user.id))).toEqual([
      "first_comparison",
      "score_80",
    ]);
  });

  it("each summary says how it counts, and the SQL every total reads picks exactly the ones it calls 'yes'", async () => {
    const { user, token } = await t.signUp();
    const rows = await jazzHistory(user.id);
    const list = (await t.call("GET", "/api/comparisons?limit=50", { token })).json().comparisons as Array<{
      id: number;
      counted: string;
    }>;
    const countedOf = Object.fromEntries(list.map((c) => [c.id, c.counted]));
    expect(countedOf).toEqual({
      [rows.first.id]: "yes",
      [rows.copy.id]: "own_recording",
      [rows.mirrored.id]: "own_recording",
      [rows.short.id]: "short_part",
      [rows.longPart.id]: "yes",
      [rows.latest.id]: "yes",
    });
    const bySql = await t.ctx.db
      .select({ id: comparisons.id })
      .from(comparisons)
      .where(and(eq(comparisons.userId, user.id), countedComparison()));
    expect(bySql.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      list
        .filter((c) => c.counted === "yes")
        .map((c) => c.id)
        .sort((a, b) => a - b),
    );
  });

  it("a part of exactly the shortest counted length counts; a hair shorter does not", async () => {
    const { user, token } = await t.signUp();
    const parent = await makeComparison(t.ctx.db, { userId: user.id, score: 50 });
    const part = (start: number, end: number) =>
      makeComparison(t.ctx.db, {
        userId: user.id,
        score: 90,
        referenceStartS: start,
        referenceEndS: end,
        parentComparisonId: parent.id,
      });
    const exact = await part(1.3, 1.3 + PART_LIMITS.countedMinSeconds);
    const shorter = await part(1.3, 1.2 + PART_LIMITS.countedMinSeconds);
    const list = (await t.call("GET", "/api/comparisons", { token })).json().comparisons as Array<{
      id: number;
      counted: string;
    }>;
    expect(list.find((c) => c.id === exact.id)?.counted).toBe("yes");
    expect(list.find((c) => c.id === shorter.id)?.counted).toBe("short_part");
    expect((await t.call("GET", "/api/comparisons/stats", { token })).json()).toMatchObject({ total_comparisons: 2 });
  });
});
