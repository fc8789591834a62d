import type { FastifyInstance } from "fastify";
import { and, asc, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { TIMEFRAMES, type ProgressChartPoint, type Timeframe } from "@stepsync/contracts";
import { comparisons } from "../../db/schema.ts";
import { parse } from "../../http/errors.ts";
import { currentUser, guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { timeframeStart } from "../dashboard/routes.ts";

const chartQuery = z.object({
  timeframe: z.enum(TIMEFRAMES, { error: "Unknown timeframe" }).default("week"),
  activity_type: z.string().trim().max(40).optional(),
});

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The first UTC day of the bucket a moment falls in: the day (week), the Monday (month) or the month. */
export function bucketStart(date: Date, timeframe: Timeframe): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (timeframe === "week") return isoDay(d);
  if (timeframe === "month") {
    const sinceMonday = (d.getUTCDay() + 6) % 7;
    d.setUTCDate(d.getUTCDate() - sinceMonday);
    return isoDay(d);
  }
  return isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)));
}

/** Average score per style and bucket, in date order (only completed comparisons count). */
export function chartPoints(
  rows: { activityType: string; score: number; createdAt: Date }[],
  timeframe: Timeframe,
): ProgressChartPoint[] {
  const buckets = new Map<string, { activity_type: string; date: string; sum: number; count: number }>();
  for (const r of rows) {
    const date = bucketStart(r.createdAt, timeframe);
    const key = `${date}|${r.activityType}`;
    const b = buckets.get(key) ?? { activity_type: r.activityType, date, sum: 0, count: 0 };
    b.sum += r.score;
    b.count += 1;
    buckets.set(key, b);
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

export function progressRoutes(app: FastifyInstance, { db }: AppContext): void {
  /** A bare list of points (part 1 §7): daily for week, weekly for month, monthly for year and all. */
  app.get("/api/progress/chart", { preHandler: guard() }, async (request): Promise<ProgressChartPoint[]> => {
    const { user } = currentUser(request);
    const { timeframe, activity_type } = parse(chartQuery, request.query);
    const since = timeframeStart(timeframe);
    const rows = await db
      .select({
        activityType: comparisons.activityType,
        score: comparisons.overallScore,
        createdAt: comparisons.createdAt,
      })
      .from(comparisons)
      .where(
        and(
          eq(comparisons.userId, user.id),
          eq(comparisons.status, "completed"),
          activity_type ? eq(comparisons.activityType, activity_type) : undefined,
          since ? gte(comparisons.createdAt, since) : undefined,
        ),
      )
      .orderBy(asc(comparisons.createdAt));
    return chartPoints(
      rows.map((r) => ({ ...r, score: r.score ?? 0 })),
      timeframe,
    );
  });
}
