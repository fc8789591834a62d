import type { FastifyInstance } from "fastify";
import {
  dashboardStatsResponse,
  recentComparisonsResponse,
  activityProgressResponse,
  achievementsResponse,
} from "@stepsync/contracts";
import { responds } from "../../http/responds.ts";
import { z } from "zod";
import { TIMEFRAMES, type DashboardStats } from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import { currentUser, guard } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import { achievementsOf } from "../achievements/service.ts";
import { toComparisonSummary } from "../comparisons/serialize.ts";
import { recentComparisons, styleProgress, styleStats } from "./service.ts";

const statsQuery = z.object({ timeframe: z.enum(TIMEFRAMES, { error: "Unknown timeframe" }).default("week") });
const recentQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(3) });
const progressQuery = z.object({ activity: z.string().trim().min(1).max(40).default("fitness") });

export function dashboardRoutes(app: FastifyInstance, { db, reads }: AppContext): void {
  app.get(
    "/api/dashboard/stats",
    { preHandler: guard(), ...responds(dashboardStatsResponse) },
    async (request): Promise<DashboardStats> => {
      const { user } = currentUser(request);
      const { timeframe } = parse(statsQuery, request.query);
      // The whole answer is kept (its credits go with the stats when the user changes), frozen so
      // that it is checked and serialised once, not on every request (http/responds.ts).
      return reads.read(
        `stats:${user.id}:${timeframe}`,
        async (): Promise<DashboardStats> =>
          Object.freeze({ activityStats: await styleStats(db, user.id, timeframe), credits: user.credits }),
        () => user.id,
      );
    },
  );

  app.get(
    "/api/dashboard/recent-comparisons",
    { preHandler: guard(), ...responds(recentComparisonsResponse) },
    async (request) => {
      const { limit } = parse(recentQuery, request.query);
      const rows = await recentComparisons(db, currentUser(request).user.id, limit);
      return { comparisons: rows.map(toComparisonSummary) };
    },
  );

  app.get(
    "/api/dashboard/activity-progress",
    { preHandler: guard(), ...responds(activityProgressResponse) },
    async (request) => {
      const { activity } = parse(progressQuery, request.query);
      return { activity, progress: await styleProgress(db, currentUser(request).user.id, activity) };
    },
  );

  app.get(
    "/api/dashboard/achievements",
    { preHandler: guard(), ...responds(achievementsResponse) },
    async (request) => {
      return { achievements: await achievementsOf(db, currentUser(request).user.id) };
    },
  );
}
