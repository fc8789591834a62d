import type { FastifyInstance } from "fastify";
import {
  type AdminDashboardStats,
  adminDashboardStatsResponse,
  type DancerCalls,
  dancerCallsResponse,
  type RealtimeStats,
  realtimeStatsResponse,
  type SystemStats,
  systemStatsResponse,
  type TrafficStats,
  trafficStatsResponse,
} from "@stepsync/contracts";
import type { AppContext } from "../../context.ts";
import type { TrafficMetrics } from "../../metrics/traffic.ts";
import { adminAnswers } from "./route-options.ts";
import { dancerCalls, realtimeStats, systemStats, trafficStats, userStats } from "./service.ts";

export function adminStatsRoutes(app: FastifyInstance, { db, config }: AppContext, metrics: TrafficMetrics): void {
  app.get(
    "/api/admin/traffic-stats",
    adminAnswers(trafficStatsResponse),
    (): Promise<TrafficStats> => trafficStats(db, metrics, config.dataDir),
  );
  app.get(
    "/api/admin/realtime-stats",
    adminAnswers(realtimeStatsResponse),
    (): Promise<RealtimeStats> => realtimeStats(db, metrics),
  );
  app.get(
    "/api/admin/stats",
    adminAnswers(adminDashboardStatsResponse),
    (): Promise<AdminDashboardStats> => userStats(db),
  );
  app.get("/api/admin/system-stats", adminAnswers(systemStatsResponse), (): Promise<SystemStats> => systemStats(db));
  /** Refusals and dancers' calls ("analyse it anyway"), overall and per reference: where wrong refusals are. */
  app.get("/api/admin/dancer-calls", adminAnswers(dancerCallsResponse), (): Promise<DancerCalls> => dancerCalls(db));
}
