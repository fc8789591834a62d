import type { FastifyInstance } from "fastify";
import { leaderboardQuerySchema, type LeaderboardEntry, type ProgressChartPoint } from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import type { AppContext } from "../../context.ts";
import { communityProgress, leaderboard } from "./service.ts";

export function leaderboardRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get("/api/leaderboard", async (request): Promise<LeaderboardEntry[]> => {
    const { timeframe, activity_type } = parse(leaderboardQuerySchema, request.query);
    return leaderboard(db, { timeframe, activityType: activity_type });
  });

  app.get("/api/community/progress", async (request): Promise<ProgressChartPoint[]> => {
    const { timeframe, activity_type } = parse(leaderboardQuerySchema, request.query);
    return communityProgress(db, { timeframe, activityType: activity_type });
  });
}
