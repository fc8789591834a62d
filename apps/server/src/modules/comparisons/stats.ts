import { and, desc, eq, sql } from "drizzle-orm";
import type { ComparisonStats } from "@stepsync/contracts";
import type { Db } from "../../db/client.ts";
import { comparisons } from "../../db/schema.ts";

const completedOf = (userId: number) => and(eq(comparisons.userId, userId), eq(comparisons.status, "completed"));
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** Totals over a user's completed comparisons (profile header). */
export async function overallStats(db: Db, userId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      best: sql<number | null>`max(${comparisons.overallScore})`,
      average: sql<number | null>`avg(${comparisons.overallScore})::float8`,
    })
    .from(comparisons)
    .where(completedOf(userId));
  return {
    total_comparisons: row?.total ?? 0,
    best_score: round1(row?.best ?? null),
    overall_average: round1(row?.average ?? null),
  };
}

/**
 * History tiles. Recent trend compares the mean of the last five scores with the five before them:
 * more than 2 points up is Improving, more than 2 down Declining, otherwise (or too few) Stable.
 */
export async function historyStats(db: Db, userId: number): Promise<ComparisonStats> {
  const overall = await overallStats(db, userId);
  const recent = await db
    .select({ score: comparisons.overallScore })
    .from(comparisons)
    .where(completedOf(userId))
    .orderBy(desc(comparisons.createdAt))
    .limit(10);
  const scores = recent.map((r) => r.score ?? 0);
  let recent_trend: ComparisonStats["recent_trend"] = "Stable";
  if (scores.length >= 4) {
    const half = Math.floor(scores.length / 2);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const delta = mean(scores.slice(0, half)) - mean(scores.slice(half));
    if (delta > 2) recent_trend = "Improving";
    else if (delta < -2) recent_trend = "Declining";
  }
  return {
    total_comparisons: overall.total_comparisons,
    best_score: overall.best_score,
    average_score: overall.overall_average,
    recent_trend,
  };
}
