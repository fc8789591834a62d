import type { FastifyInstance } from "fastify";
import { and, asc, desc, eq, gte } from "drizzle-orm";
import { z } from "zod";
import {
  ACHIEVEMENTS,
  TIMEFRAMES,
  type Achievement,
  type DashboardStats,
  type StyleProgressPoint,
  type Timeframe,
} from "@stepsync/contracts";
import { comparisons, userAchievements } from "../../db/schema.ts";
import { parse } from "../../http/errors.ts";
import { currentUser, guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { toComparisonSummary } from "../comparisons/serialize.ts";

const DAY = 24 * 60 * 60 * 1000;
const TIMEFRAME_MS: Record<Timeframe, number | undefined> = {
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
  all: undefined,
};

/** Start of a timeframe, or undefined for all time. */
export function timeframeStart(timeframe: Timeframe, now = Date.now()): Date | undefined {
  const span = TIMEFRAME_MS[timeframe];
  return span === undefined ? undefined : new Date(now - span);
}

const statsQuery = z.object({ timeframe: z.enum(TIMEFRAMES, { error: "Unknown timeframe" }).default("week") });
const recentQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(3) });
const progressQuery = z.object({ activity: z.string().trim().min(1).max(40).default("fitness") });
/** How many of the latest completed comparisons of a style the style chart shows. */
const STYLE_PROGRESS_POINTS = 30;

export function dashboardRoutes(app: FastifyInstance, { db }: AppContext): void {
  /** Per style: sessions, average score, and improvement (last score minus first) within the timeframe. */
  app.get("/api/dashboard/stats", { preHandler: guard() }, async (request): Promise<DashboardStats> => {
    const { user } = currentUser(request);
    const { timeframe } = parse(statsQuery, request.query);
    const since = timeframeStart(timeframe);
    const rows = await db
      .select({ activity: comparisons.activityType, score: comparisons.overallScore })
      .from(comparisons)
      .where(
        and(
          eq(comparisons.userId, user.id),
          eq(comparisons.status, "completed"),
          since ? gte(comparisons.createdAt, since) : undefined,
        ),
      )
      .orderBy(asc(comparisons.createdAt), asc(comparisons.id));
    const byStyle = new Map<string, number[]>();
    for (const r of rows) byStyle.set(r.activity, [...(byStyle.get(r.activity) ?? []), r.score ?? 0]);
    const activityStats: DashboardStats["activityStats"] = {};
    for (const [style, scores] of byStyle) {
      const average = scores.reduce((a, b) => a + b, 0) / scores.length;
      const improvement = scores.length > 1 ? (scores.at(-1) ?? 0) - (scores[0] ?? 0) : 0;
      activityStats[style] = {
        total: scores.length,
        average: Math.round(average * 10) / 10,
        improvement: Math.round(improvement * 10) / 10,
      };
    }
    return { activityStats, credits: user.credits };
  });

  app.get("/api/dashboard/recent-comparisons", { preHandler: guard() }, async (request) => {
    const { limit } = parse(recentQuery, request.query);
    const rows = await db
      .select()
      .from(comparisons)
      .where(eq(comparisons.userId, currentUser(request).user.id))
      .orderBy(desc(comparisons.createdAt), desc(comparisons.id))
      .limit(limit);
    return { comparisons: rows.map(toComparisonSummary) };
  });

  /** The latest completed comparisons of one style, oldest first: { score, day } for the bar chart. */
  app.get("/api/dashboard/activity-progress", { preHandler: guard() }, async (request) => {
    const { activity } = parse(progressQuery, request.query);
    const rows = await db
      .select({ id: comparisons.id, score: comparisons.overallScore, createdAt: comparisons.createdAt })
      .from(comparisons)
      .where(
        and(
          eq(comparisons.userId, currentUser(request).user.id),
          eq(comparisons.status, "completed"),
          eq(comparisons.activityType, activity),
        ),
      )
      .orderBy(desc(comparisons.createdAt), desc(comparisons.id))
      .limit(STYLE_PROGRESS_POINTS);
    const progress: StyleProgressPoint[] = rows.reverse().map((r) => ({
      id: r.id,
      score: Math.round((r.score ?? 0) * 10) / 10,
      day: r.createdAt.toISOString().slice(0, 10),
      created_at: r.createdAt.toISOString(),
    }));
    return { activity, progress };
  });

  app.get("/api/dashboard/achievements", { preHandler: guard() }, async (request) => {
    const rows = await db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, currentUser(request).user.id))
      .orderBy(asc(userAchievements.unlockedAt));
    const achievements: Achievement[] = [];
    for (const row of rows) {
      const def = ACHIEVEMENTS.find((a) => a.id === row.achievementId);
      if (def) achievements.push({ ...def, unlocked_at: row.unlockedAt.toISOString() });
    }
    return { achievements };
  });
}
