import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison } from "../../test/factories.ts";
import { notifications, userAchievements } from "../../db/schema.ts";
import { completeComparison, failComparison } from "../comparisons/service.ts";
import { earnedAchievements, longestDailyStreak } from "../achievements/service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;

/** A dated comparison run through the real lifecycle (so achievements are awarded). */
async function completed(userId: number, activityType: string, score: number, daysAgo = 0) {
  const row = await makeComparison(t.ctx.db, { userId, activityType, daysAgo });
  expect(await completeComparison(t.ctx.db, row.id, { overall_score: score })).toBe(true);
  return row.id;
}

async function achievementIds(token: string) {
  const res = await t.call("GET", "/api/dashboard/achievements", { token });
  expect(res.statusCode).toBe(200);
  return (res.json().achievements as { id: string }[]).map((a) => a.id);
}

describe("dashboard routes need a session", () => {
  it.each([
    "/api/dashboard/stats",
    "/api/dashboard/recent-comparisons",
    "/api/dashboard/activity-progress",
    "/api/dashboard/achievements",
    "/api/progress/chart",
  ])("%s → 401", async (url) => {
    const res = await t.call("GET", url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Authentication required" });
  });

  it("refuses an unknown timeframe", async () => {
    const { token } = await t.signUp();
    for (const url of ["/api/dashboard/stats?timeframe=decade", "/api/progress/chart?timeframe=decade"]) {
      const res = await t.call("GET", url, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Unknown timeframe" });
    }
  });
});

describe("stats, recent comparisons and style progress", () => {
  it("is empty for a new user", async () => {
    const { token } = await t.signUp();
    expect((await t.call("GET", "/api/dashboard/stats", { token })).json()).toEqual({ activityStats: {}, credits: 10 });
    expect((await t.call("GET", "/api/dashboard/recent-comparisons", { token })).json()).toEqual({ comparisons: [] });
    expect((await t.call("GET", "/api/dashboard/activity-progress", { token })).json()).toEqual({
      activity: "fitness",
      progress: [],
    });
    expect(await achievementIds(token)).toEqual([]);
    expect((await t.call("GET", "/api/progress/chart", { token })).json()).toEqual([]);
  });

  it("computes per-style totals, averages and improvement within the timeframe from completed comparisons", async () => {
    const { token, user } = await t.signUp();
    await completed(user.id, "ballet", 60, 20);
    await completed(user.id, "ballet", 70, 3);
    await completed(user.id, "ballet", 85, 1);
    await completed(user.id, "jazz", 50, 200);
    // Neither a failed nor an unfinished ballet comparison counts.
    const failedRow = await makeComparison(t.ctx.db, { userId: user.id, activityType: "ballet" });
    await failComparison(t.ctx.db, failedRow.id, "nope");
    await makeComparison(t.ctx.db, { userId: user.id, activityType: "ballet" });

    const week = (await t.call("GET", "/api/dashboard/stats?timeframe=week", { token })).json();
    expect(week).toEqual({ activityStats: { ballet: { total: 2, average: 77.5, improvement: 15 } }, credits: 11 });
    const month = (await t.call("GET", "/api/dashboard/stats?timeframe=month", { token })).json();
    expect(month.activityStats.ballet).toEqual({ total: 3, average: 71.7, improvement: 25 });
    const all = (await t.call("GET", "/api/dashboard/stats?timeframe=all", { token })).json();
    expect(all.activityStats.jazz).toEqual({ total: 1, average: 50, improvement: 0 });
    const year = (await t.call("GET", "/api/dashboard/stats?timeframe=year", { token })).json();
    expect(Object.keys(year.activityStats).sort()).toEqual(["ballet", "jazz"]);

    const recent = (await t.call("GET", "/api/dashboard/recent-comparisons?limit=2", { token })).json().comparisons;
    expect(recent).toHaveLength(2);

    const progress = (await t.call("GET", "/api/dashboard/activity-progress?activity=ballet", { token })).json();
    expect(progress.activity).toBe("ballet");
    expect(progress.progress.map((p: { score: number }) => p.score)).toEqual([60, 70, 85]);
    expect(progress.progress[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("progress chart", () => {
  it("serves the user's completed comparisons, filtered by style and timeframe", async () => {
    const { token, user } = await t.signUp();
    await completed(user.id, "latin", 40, 2);
    await completed(user.id, "latin", 60, 2);
    await completed(user.id, "folk", 90, 0);
    await completed(user.id, "latin", 100, 40);
    const week = (await t.call("GET", "/api/progress/chart?timeframe=week", { token })).json();
    expect(week).toHaveLength(2);
    expect(week[0]).toMatchObject({ activity_type: "latin", avg_score: 50, count: 2 });
    const latin = (await t.call("GET", "/api/progress/chart?timeframe=all&activity_type=latin", { token })).json();
    expect(latin.every((p: { activity_type: string }) => p.activity_type === "latin")).toBe(true);
    expect(latin.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(3);
  });
});

describe("achievements", () => {
  it("derives the rules from a history", () => {
    const at = (days: number) => new Date(Date.UTC(2025, 0, 1) + days * DAY);
    expect(longestDailyStreak([at(0), at(1), at(1), at(2), at(5)])).toBe(3);
    expect(earnedAchievements([])).toEqual([]);
    const history = Array.from({ length: 7 }, (_, i) => ({ activityType: "ballet", score: 50, createdAt: at(i) }));
    expect(earnedAchievements(history)).toEqual(["first_comparison", "seven_day_streak"]);
  });

  it("awards each achievement once, with one notification each, as comparisons complete", async () => {
    const { token, user } = await t.signUp();
    await completed(user.id, "ballet", 55);
    expect(await achievementIds(token)).toEqual(["first_comparison"]);
    await completed(user.id, "ballet", 82);
    await completed(user.id, "jazz", 79);
    expect((await achievementIds(token)).sort()).toEqual(["first_comparison", "score_80"]);
    await completed(user.id, "latin", 91);
    expect((await achievementIds(token)).sort()).toEqual(["first_comparison", "score_80", "score_90", "three_styles"]);
    for (const style of ["hip_hop", "contemporary", "ballroom", "breakdance", "folk"])
      await completed(user.id, style, 40);
    // 9 done; the tenth brings ten_comparisons; all eight styles are covered
    await completed(user.id, "ballet", 95);
    const ids = await achievementIds(token);
    expect(ids.sort()).toEqual(
      ["all_styles", "first_comparison", "score_80", "score_90", "ten_comparisons", "three_styles"].sort(),
    );
    const list = (await t.call("GET", "/api/dashboard/achievements", { token })).json().achievements;
    expect(list[0]).toMatchObject({
      icon: expect.any(String),
      name: "First Steps",
      category: "milestone",
      unlocked_at: expect.any(String),
    });

    const rows = await t.ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, user.id));
    expect(rows).toHaveLength(6);
    const notes = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, "achievement")));
    expect(notes).toHaveLength(6);
    expect(notes.map((n) => n.title)).toContain("Achievement unlocked: First Steps");
  });

  it("awards a seven-day streak and never twice under concurrent completions", async () => {
    const { token, user } = await t.signUp();
    const ids: number[] = [];
    for (let d = 6; d >= 0; d--) {
      const row = await makeComparison(t.ctx.db, { userId: user.id, activityType: "jazz", daysAgo: d });
      ids.push(row.id);
    }
    await Promise.all(ids.map((id) => completeComparison(t.ctx.db, id, { overall_score: 85 })));
    // A race may leave a milestone for the next completion; one more catches up.
    await completed(user.id, "jazz", 50);
    const got = await achievementIds(token);
    expect(got.sort()).toEqual(["first_comparison", "score_80", "seven_day_streak"]);
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes).toHaveLength(3);
  });
});
