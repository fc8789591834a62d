import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison } from "../../test/factories.ts";
import { countedHistoryOf } from "../comparisons/service.ts";
import { awardAchievements as awardFrom } from "./service.ts";

/** As a completion does: awards what the user's counted comparisons earn. */
const awardAchievements = async (db: TestApp["ctx"]["db"], userId: number) =>
  awardFrom(db, userId, await countedHistoryOf(db, userId));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function achievementNotes(userId: number) {
  return t.ctx.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "achievement")));
}

describe("achievement notifications", () => {
  it("are words only, starting with no emoji (the app shows its own icon; emoji render as boxes without an emoji font)", async () => {
    const { user } = await t.signUp();
    await makeComparison(t.ctx.db, { userId: user.id, score: 92 });
    await awardAchievements(t.ctx.db, user.id);
    const notes = await achievementNotes(user.id);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes).toContainEqual({
      title: "Achievement unlocked: First Steps",
      message: expect.stringMatching(/^[A-Z]/),
    });
    for (const n of notes) expect(`${n.title} ${n.message}`).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe("a comparison of the reference's own recording (itself, a copy, its mirror image)", () => {
  it("earns no achievement and is not on the leaderboard; a real performance still is", async () => {
    const { user, token } = await t.signUp({ username: "Mirror Copy" });
    // As the analysis job stores it: the engine's figures, and the server's same-performance flag.
    const copy = await makeComparison(t.ctx.db, {
      userId: user.id,
      score: 99,
      activityType: "latin",
      result: { overall_score: 99 },
      samePerformance: true,
    });
    expect(await awardAchievements(t.ctx.db, user.id)).toEqual([]);
    const board = async () =>
      (await t.call("GET", "/api/leaderboard?timeframe=all&activity_type=latin")).json() as Array<{ user_id: number }>;
    expect((await board()).find((e) => e.user_id === user.id)).toBeUndefined();
    // The result says so, so the result view can tell the dancer why.
    const detail = await t.call("GET", `/api/comparisons/${copy.id}`, { token });
    expect(detail.json().comparison.results.same_performance).toBe(true);

    await makeComparison(t.ctx.db, {
      userId: user.id,
      score: 72,
      activityType: "latin",
      result: { overall_score: 72 },
      samePerformance: false,
    });
    expect(await awardAchievements(t.ctx.db, user.id)).toEqual(["first_comparison"]);
    expect((await board()).find((e) => e.user_id === user.id)).toMatchObject({ best_score: 72, comparison_count: 1 });
    // History and recent activity mark the copy too (the card says why it is not counted).
    const listed = (await t.call("GET", "/api/comparisons", { token })).json().comparisons as Array<{
      id: number;
      same_performance?: boolean;
    }>;
    expect(listed.map((c) => [c.id === copy.id, c.same_performance])).toEqual([
      [false, false],
      [true, true],
    ]);
  });
});
