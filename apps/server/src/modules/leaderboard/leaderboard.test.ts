import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("GET /api/leaderboard and the community progress chart", () => {
  it("matches hand-computed averages, bests and counts per timeframe and style", async () => {
    const a = await t.signUp({ username: "Lead A" });
    const b = await t.signUp({ username: "Lead B" });
    const c = await t.signUp({ username: "Lead C" });
    const db = t.database.db;
    const completed = (userId: number, score: number, daysAgo: number, activityType = "ballet") =>
      makeComparison(db, { userId, score, daysAgo, activityType });
    // A: week 80, 90 (ballet) → avg 85, best 90, 2; month adds 40 (jazz, 10 days) → avg 70, 3
    await completed(a.user.id, 80, 1);
    await completed(a.user.id, 90, 2);
    await completed(a.user.id, 40, 10, "jazz");
    // B: week 85.55 → avg 85.6 (1 decimal), 1; a failed one never counts
    await completed(b.user.id, 85.55, 3);
    await makeComparison(db, { userId: b.user.id, activityType: "ballet", status: "failed", daysAgo: 1 });
    // C: only long ago: 100 (400 days)
    await completed(c.user.id, 100, 400, "latin");
    const board = async (qs: string) => (await t.call("GET", `/api/leaderboard?${qs}`, { token: a.token })).json();
    expect(await board("timeframe=week")).toEqual([
      {
        user_id: b.user.id,
        username: "Lead B",
        profile_image: null,
        average_score: 85.6,
        best_score: 85.6,
        comparison_count: 1,
      },
      {
        user_id: a.user.id,
        username: "Lead A",
        profile_image: null,
        average_score: 85,
        best_score: 90,
        comparison_count: 2,
      },
    ]);
    expect(
      (await board("timeframe=month")).map(
        (e: { user_id: number; average_score: number; comparison_count: number }) => [
          e.user_id,
          e.average_score,
          e.comparison_count,
        ],
      ),
    ).toEqual([
      [b.user.id, 85.6, 1],
      [a.user.id, 70, 3],
    ]);
    expect((await board("timeframe=all")).map((e: { user_id: number }) => e.user_id)).toEqual([
      c.user.id,
      b.user.id,
      a.user.id,
    ]);
    expect(await board("timeframe=month&activity_type=jazz")).toEqual([
      {
        user_id: a.user.id,
        username: "Lead A",
        profile_image: null,
        average_score: 40,
        best_score: 40,
        comparison_count: 1,
      },
    ]);
    expect((await t.call("GET", "/api/leaderboard?timeframe=decade")).statusCode).toBe(400);

    // Ties on average: more comparisons first.
    const d = await t.signUp({ username: "Lead D" });
    for (let i = 0; i < 3; i++) await completed(d.user.id, 85, 1);
    expect((await board("timeframe=week")).map((e: { user_id: number }) => e.user_id)).toEqual([
      b.user.id,
      d.user.id,
      a.user.id,
    ]);

    const chart = (await t.call("GET", "/api/community/progress?timeframe=all")).json();
    const latin = chart.filter((p: { activity_type: string }) => p.activity_type === "latin");
    expect(latin).toHaveLength(1);
    expect(latin[0]).toMatchObject({ avg_score: 100, count: 1 });
    const ballet = (await t.call("GET", "/api/community/progress?timeframe=all&activity_type=ballet")).json();
    const total = ballet.reduce((s: number, p: { count: number }) => s + p.count, 0);
    expect(total).toBe(6); // A 80, 90; B 85.55; D 85 ×3
  });
});
