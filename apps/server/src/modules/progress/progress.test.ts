import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison } from "../../test/factories.ts";
import { progressChart } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const at = (iso: string) => new Date(iso);

describe("progress chart points (grouped in the database)", () => {
  it("buckets by UTC day, Monday-week and month, whatever the session's time zone", async () => {
    const { user } = await t.signUp();
    await makeComparison(t.ctx.db, { userId: user.id, score: 50, createdAt: at("2025-03-13T22:30:00Z") }); // a Thursday
    await makeComparison(t.ctx.db, { userId: user.id, score: 70, createdAt: at("2025-03-16T10:00:00Z") }); // a Sunday
    const now = Date.parse("2025-03-17T12:00:00Z");
    // In Kolkata 22:30 UTC is already Friday: the buckets must still be UTC days.
    const chart = (timeframe: "week" | "month" | "year" | "all") =>
      t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
        return progressChart(tx, { userId: user.id, timeframe, now });
      });
    expect((await chart("week")).map((p) => p.date)).toEqual(["2025-03-13", "2025-03-16"]);
    expect(await chart("month")).toEqual([{ activity_type: "ballet", date: "2025-03-10", avg_score: 60, count: 2 }]);
    expect((await chart("year")).map((p) => p.date)).toEqual(["2025-03-01"]);
    expect((await chart("all")).map((p) => p.date)).toEqual(["2025-03-01"]);
  });

  it("averages per style and bucket in date order, counting only the user's completed comparisons", async () => {
    const { user } = await t.signUp();
    const other = await t.signUp();
    const rows = [
      { activityType: "jazz", score: 80, createdAt: at("2025-03-10T08:00:00Z") },
      { activityType: "jazz", score: 61, createdAt: at("2025-03-12T08:00:00Z") },
      { activityType: "ballet", score: 70, createdAt: at("2025-03-11T08:00:00Z") },
      { activityType: "jazz", score: 90, createdAt: at("2025-03-17T08:00:00Z") },
    ];
    for (const r of rows) await makeComparison(t.ctx.db, { userId: user.id, ...r });
    await makeComparison(t.ctx.db, { userId: user.id, activityType: "jazz", createdAt: at("2025-03-12T09:00:00Z") });
    await makeComparison(t.ctx.db, {
      userId: other.user.id,
      score: 10,
      activityType: "jazz",
      createdAt: rows[0]!.createdAt,
    });
    const now = Date.parse("2025-03-20T00:00:00Z");
    expect(await progressChart(t.ctx.db, { userId: user.id, timeframe: "month", now })).toEqual([
      { activity_type: "ballet", date: "2025-03-10", avg_score: 70, count: 1 },
      { activity_type: "jazz", date: "2025-03-10", avg_score: 70.5, count: 2 },
      { activity_type: "jazz", date: "2025-03-17", avg_score: 90, count: 1 },
    ]);
    expect(await progressChart(t.ctx.db, { userId: user.id, timeframe: "year", now })).toEqual([
      { activity_type: "ballet", date: "2025-03-01", avg_score: 70, count: 1 },
      { activity_type: "jazz", date: "2025-03-01", avg_score: 77, count: 3 },
    ]);
    expect(await progressChart(t.ctx.db, { userId: user.id, timeframe: "year", activityType: "ballet", now })).toEqual([
      { activity_type: "ballet", date: "2025-03-01", avg_score: 70, count: 1 },
    ]);
  });
});
