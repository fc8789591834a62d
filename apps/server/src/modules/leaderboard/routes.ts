import type { FastifyInstance } from "fastify";
import { and, asc, avg, count, desc, eq, gte, max } from "drizzle-orm";
import { leaderboardQuerySchema, type LeaderboardEntry, type ProgressChartPoint } from "@stepsync/contracts";
import { comparisons, users } from "../../db/schema.ts";
import { parse } from "../../http/errors.ts";
import type { AppContext } from "../../context.ts";
import { timeframeStart } from "../dashboard/routes.ts";
import { chartPoints } from "../progress/routes.ts";

const LEADERBOARD_SIZE = 50;

const round1 = (v: number) => Math.round(v * 10) / 10;

export function leaderboardRoutes(app: FastifyInstance, { db }: AppContext): void {
  /**
   * Completed comparisons in the timeframe (optionally one style), per user: average (1 decimal),
   * best and count; ordered by average, then count, then who got there first (user id).
   */
  app.get("/api/leaderboard", async (request): Promise<LeaderboardEntry[]> => {
    const { timeframe, activity_type } = parse(leaderboardQuerySchema, request.query);
    const since = timeframeStart(timeframe);
    const average = avg(comparisons.overallScore);
    const rows = await db
      .select({
        userId: users.id,
        username: users.username,
        profileImage: users.profileImage,
        average,
        best: max(comparisons.overallScore),
        n: count(),
      })
      .from(comparisons)
      .innerJoin(users, eq(users.id, comparisons.userId))
      .where(
        and(
          eq(comparisons.status, "completed"),
          activity_type ? eq(comparisons.activityType, activity_type) : undefined,
          since ? gte(comparisons.createdAt, since) : undefined,
        ),
      )
      .groupBy(users.id, users.username, users.profileImage)
      .orderBy(desc(average), desc(count()), asc(users.id))
      .limit(LEADERBOARD_SIZE);
    return rows.map((r) => ({
      user_id: r.userId,
      username: r.username,
      profile_image: r.profileImage,
      average_score: round1(Number(r.average ?? 0)),
      best_score: round1(Number(r.best ?? 0)),
      comparison_count: Number(r.n),
    }));
  });

  /** The progress chart of everyone together (same points as /api/progress/chart, over all users). */
  app.get("/api/community/progress", async (request): Promise<ProgressChartPoint[]> => {
    const { timeframe, activity_type } = parse(leaderboardQuerySchema, request.query);
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
