import { round1, type ProgressChartPoint, type Timeframe } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { type BucketUnit, scoreBuckets } from "./repository.ts";

const DAY = 24 * 60 * 60 * 1000;
const TIMEFRAME_MS: Record<Timeframe, number | undefined> = {
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
  all: undefined,
};

/** Start of a timeframe, or undefined for all time: what every per-timeframe figure counts from. */
export function timeframeStart(timeframe: Timeframe, now = Date.now()): Date | undefined {
  const span = TIMEFRAME_MS[timeframe];
  return span === undefined ? undefined : new Date(now - span);
}

/** A point per day for a week, per (Monday) week for a month, per month for a year and all time. */
const BUCKET_OF: Record<Timeframe, BucketUnit> = { week: "day", month: "week", year: "month", all: "month" };

/**
 * The progress chart: the average score per style and bucket of the completed
 * comparisons in the timeframe, in date order. One user's, or with no `userId` everyone's (the
 * community chart); grouped in the database, however many comparisons there are.
 */
export async function progressChart(
  db: Queryable,
  query: { timeframe: Timeframe; activityType?: string; userId?: number; now?: number },
): Promise<ProgressChartPoint[]> {
  const rows = await scoreBuckets(db, {
    unit: BUCKET_OF[query.timeframe],
    userId: query.userId,
    activityType: query.activityType,
    since: timeframeStart(query.timeframe, query.now),
  });
  return rows
    .sort((a, b) => a.date.localeCompare(b.date) || a.activityType.localeCompare(b.activityType))
    .map((r) => ({
      activity_type: r.activityType,
      date: r.date,
      avg_score: round1(r.average),
      count: r.count,
    }));
}
