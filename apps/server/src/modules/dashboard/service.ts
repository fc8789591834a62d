import type { DashboardStats, StyleProgressPoint, Timeframe } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { timeframeStart } from "../progress/service.ts";
import { listComparisonsOf } from "../comparisons/service.ts";
import { completedScores, latestCompletedOfStyle } from "./repository.ts";

/** How many of the latest completed comparisons of a style the style chart shows. */
const STYLE_PROGRESS_POINTS = 30;

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Per style: sessions, average score, and improvement (last score minus first) within the timeframe. */
export async function styleStats(
  db: Queryable,
  userId: number,
  timeframe: Timeframe,
): Promise<DashboardStats["activityStats"]> {
  const rows = await completedScores(db, userId, timeframeStart(timeframe));
  const byStyle = new Map<string, number[]>();
  for (const r of rows) byStyle.set(r.activity, [...(byStyle.get(r.activity) ?? []), r.score ?? 0]);
  const activityStats: DashboardStats["activityStats"] = {};
  for (const [style, scores] of byStyle) {
    const average = scores.reduce((a, b) => a + b, 0) / scores.length;
    const improvement = scores.length > 1 ? (scores.at(-1) ?? 0) - (scores[0] ?? 0) : 0;
    activityStats[style] = { total: scores.length, average: round1(average), improvement: round1(improvement) };
  }
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
