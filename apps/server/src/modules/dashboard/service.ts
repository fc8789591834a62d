import { round1, type DashboardStats, type StyleProgressPoint, type Timeframe } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { timeframeStart } from "../progress/service.ts";
import { listComparisonsOf } from "../comparisons/service.ts";
import { latestCompletedOfStyle, scoresByStyle } from "./repository.ts";

/** How many of the latest completed comparisons of a style the style chart shows. */
const STYLE_PROGRESS_POINTS = 30;

/** Per style: sessions, average score, and improvement (last score minus first) within the timeframe. */
export async function styleStats(
  db: Queryable,
  userId: number,
  timeframe: Timeframe,
): Promise<DashboardStats["activityStats"]> {
  const rows = await scoresByStyle(db, userId, timeframeStart(timeframe));
  const activityStats: DashboardStats["activityStats"] = {};
  for (const r of rows)
    activityStats[r.activity] = { total: r.total, average: round1(r.average), improvement: round1(r.improvement) };
  return activityStats;
}

/** The latest comparisons, whatever their status: the first page of the user's history. */
export async function recentComparisons(db: Queryable, userId: number, limit: number) {
  return (await listComparisonsOf(db, userId, undefined, { page: 1, limit })).rows;
}

/** The latest completed comparisons of one style, oldest first: { score, day } for the bar chart. */
export async function styleProgress(db: Queryable, userId: number, activity: string): Promise<StyleProgressPoint[]> {
  const rows = await latestCompletedOfStyle(db, userId, activity, STYLE_PROGRESS_POINTS);
  return rows.reverse().map((r) => ({
    id: r.id,
    score: round1(r.score ?? 0),
    day: r.createdAt.toISOString().slice(0, 10),
    created_at: r.createdAt.toISOString(),
  }));
}
