import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgressChartPoint, Timeframe } from "@stepsync/contracts";
import { comparisons } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  // A database of its own: the community chart covers every comparison in it.
  t = await startTestApp();
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;
const SPAN: Record<Timeframe, number | undefined> = { week: 7 * DAY, month: 30 * DAY, year: 365 * DAY, all: undefined };

/** The chart as the server computed it before it was grouped in SQL: the reference to agree with. */
function expectedChart(
  rows: Array<{ activityType: string; score: number | null; status: string; createdAt: Date }>,
  timeframe: Timeframe,
  activityType?: string,
): ProgressChartPoint[] {
  const span = SPAN[timeframe];
  const since = span === undefined ? -Infinity : Date.now() - span;
  const bucketOf = (date: Date) => {
    const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
    if (timeframe === "month") d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    if (timeframe === "year" || timeframe === "all") d.setUTCDate(1);
    return d.toISOString().slice(0, 10);
  };
  const buckets = new Map<string, { activity_type: string; date: string; sum: number; count: number }>();
  for (const r of rows) {
    if (r.status !== "completed" || r.createdAt.getTime() < since) continue;
    if (activityType && r.activityType !== activityType) continue;
    const date = bucketOf(r.createdAt);
    const b = buckets.get(`${date}|${r.activityType}`) ?? { activity_type: r.activityType, date, sum: 0, count: 0 };
    b.sum += r.score ?? 0;
    b.count += 1;
    buckets.set(`${date}|${r.activityType}`, b);
  }
  return [...buckets.values()]
    .sort((a, b) => a.date.localeCompare(b.date) || a.activity_type.localeCompare(b.activity_type))
    .map((b) => ({
      activity_type: b.activity_type,
      date: b.date,
      avg_score: Math.round((b.sum / b.count) * 10) / 10,
      count: b.count,
    }));
}

describe("GET /api/community/progress", () => {
  it("groups every user's completed comparisons by style and day, week or month, as the per-row sums did", async () => {
    const styles = ["ballet", "jazz", "hip_hop", "latin"];
    const statuses = ["completed", "completed", "completed", "completed", "failed", "processing"] as const;
    const now = Date.now();
    const rows: Array<typeof comparisons.$inferInsert & { activityType: string; createdAt: Date }> = [];
    // Six users, 420 comparisons over 400 days, aged whole days plus 6 or 12 hours: none sits on a timeframe's edge.
    let seed = 7;
    const random = (n: number) => {
      // mulberry32: a fixed, well-spread sequence, so a failure can be replayed.
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return Math.floor((((x ^ (x >>> 14)) >>> 0) / 2 ** 32) * n);
    };
    for (let u = 0; u < 6; u++) {
      const { user } = await t.signUp();
      for (let i = 0; i < 70; i++) {
        const status = statuses[random(statuses.length)]!;
        // A third in the last ten days, so the week and month charts have many points too.
        const daysAgo = random(i % 3 === 0 ? 10 : 400) + 0.5 - (random(2) === 0 ? 0.25 : 0);
        rows.push({
          userId: user.id,
          activityType: styles[random(styles.length)]!,
          status,
          // Whole scores (and a missing one now and then, which counts as 0): no float ties to round.
          overallScore: status === "completed" && random(25) === 0 ? null : 20 + random(81),
          createdAt: new Date(now - daysAgo * DAY),
        });
      }
    }
    await t.ctx.db.insert(comparisons).values(rows);
    const plain = rows.map((r) => ({
      activityType: r.activityType,
      score: r.overallScore ?? null,
      status: r.status ?? "processing",
      createdAt: r.createdAt,
    }));

    for (const timeframe of ["week", "month", "year", "all"] as const) {
      const res = await t.call("GET", `/api/community/progress?timeframe=${timeframe}`);
      expect(res.statusCode).toBe(200);
      const expected = expectedChart(plain, timeframe);
      expect(expected.length).toBeGreaterThan(timeframe === "week" ? 2 : 8);
      expect(res.json()).toEqual(expected);
    }
    const jazz = await t.call("GET", "/api/community/progress?timeframe=year&activity_type=jazz");
    expect(jazz.json()).toEqual(expectedChart(plain, "year", "jazz"));
    // Every completed comparison is in exactly one point.
    const total = (await t.call("GET", "/api/community/progress?timeframe=all")).json() as ProgressChartPoint[];
    expect(total.reduce((n, p) => n + p.count, 0)).toBe(plain.filter((r) => r.status === "completed").length);
  });
});
