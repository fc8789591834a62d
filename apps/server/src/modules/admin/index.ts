import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import type { TrafficMetrics } from "../../metrics/traffic.ts";
import { adminBundleRoutes } from "./bundles.ts";
import { adminContentRoutes } from "./content.ts";
import { adminStatsRoutes } from "./stats.ts";
import { adminSubscriptionRoutes } from "./subscriptions.ts";
import { adminUserRoutes } from "./users.ts";

/** Every /api/admin/* call of the admin panel; each one is guarded with guard("admin"). */
export function adminRoutes(app: FastifyInstance, ctx: AppContext, metrics: TrafficMetrics): void {
  adminStatsRoutes(app, ctx, metrics);
  adminUserRoutes(app, ctx);
  adminContentRoutes(app, ctx);
  adminBundleRoutes(app, ctx);
  adminSubscriptionRoutes(app, ctx);
}
