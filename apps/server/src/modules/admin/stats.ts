import type { FastifyInstance } from "fastify";
import type { AdminDashboardStats, RealtimeStats, SystemStats, TrafficStats } from "@stepsync/contracts";
import { guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import type { TrafficMetrics } from "../../metrics/traffic.ts";
import { realtimeStats, systemStats, trafficStats, userStats } from "./service.ts";

export function adminStatsRoutes(app: FastifyInstance, { db, config }: AppContext, metrics: TrafficMetrics): void {
  const admin = { preHandler: guard("admin") };

  app.get("/api/admin/traffic-stats", admin, (): Promise<TrafficStats> => trafficStats(db, metrics, config.dataDir));
  app.get("/api/admin/realtime-stats", admin, (): Promise<RealtimeStats> => realtimeStats(db, metrics));
  app.get("/api/admin/stats", admin, (): Promise<AdminDashboardStats> => userStats(db));
  app.get("/api/admin/system-stats", admin, (): Promise<SystemStats> => systemStats(db));
}
