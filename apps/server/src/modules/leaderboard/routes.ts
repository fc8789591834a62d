import type { FastifyInstance } from "fastify";
import { leaderboardQuerySchema, leaderboardResponse, progressChartResponse } from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import { responds } from "../../http/responds.ts";
import type { AppContext } from "../../context.ts";
import { communityProgress, leaderboard } from "./service.ts";

export function leaderboardRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get("/api/leaderboard", responds(leaderboardResponse), async (request) => {
    const { timeframe, activity_type } = parse(leaderboardQuerySchema, request.query);
    return leaderboard(db, { timeframe, activityType: activity_type });
  });

  app.get("/api/community/progress", responds(progressChartResponse), async (request) => {
    const { timeframe, activity_type } = parse(leaderboardQuerySchema, request.query);
    return communityProgress(db, { timeframe, activityType: activity_type });
  });
}
