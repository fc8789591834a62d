import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  type DrilledMove,
  type DrillsResponse,
  drillQuery,
  drillRequest,
  drillSavedResponse,
  drillsResponse,
  progressChartResponse,
  TIMEFRAMES,
  type ProgressChartPoint,
} from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import { currentUser, guard } from "../../http/guard.ts";
import { responds } from "../../http/responds.ts";
import type { AppContext } from "../../context.ts";
import { progressChart, routineDrills, saveDrill } from "./service.ts";

const chartQuery = z.object({
  timeframe: z.enum(TIMEFRAMES, { error: "Unknown timeframe" }).default("week"),
  activity_type: z.string().trim().max(40).optional(),
});

export function progressRoutes(app: FastifyInstance, { db }: AppContext): void {
  /** A bare list of points, bucketed by BUCKET_OF in service.ts: daily for week, weekly for month, else monthly. */
  app.get(
    "/api/progress/chart",
    { preHandler: guard(), ...responds(progressChartResponse) },
    async (request): Promise<ProgressChartPoint[]> => {
      const { user } = currentUser(request);
      const { timeframe, activity_type } = parse(chartQuery, request.query);
      return progressChart(db, { timeframe, activityType: activity_type, userId: user.id });
    },
  );

  /** Keeps one drill of a move ("Drill this move", contracts drills.ts); answers the move's drills summed. */
  app.post(
    "/api/progress/drills",
    { preHandler: guard(), ...responds(drillSavedResponse, 201) },
    async (request, reply): Promise<DrilledMove> => {
      const { user } = currentUser(request);
      const drill = parse(drillRequest, request.body);
      reply.status(201);
      return saveDrill(db, user, drill);
    },
  );

  /** The user's drilled moves of one library routine, in its order. */
  app.get(
    "/api/progress/drills",
    { preHandler: guard(), ...responds(drillsResponse) },
    async (request): Promise<DrillsResponse> => {
      const { user } = currentUser(request);
      const { reference_video_id } = parse(drillQuery, request.query);
      return routineDrills(db, user, reference_video_id);
    },
  );
}
