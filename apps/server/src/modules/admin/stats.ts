import type { FastifyInstance } from "fastify";
import { and, avg, count, eq, gte, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AdminDashboardStats, RealtimeStats, Role, SystemStats, TrafficStats } from "@stepsync/contracts";
import { guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { comparisons, notifications, purchases, referenceVideos, users, videoComments } from "../../db/schema.ts";
import { activeUsers, databaseSizeMb, rates, round2, systemUsage, type TrafficMetrics } from "../../metrics/traffic.ts";

async function countOf(db: Db, table: PgTable, where?: SQL) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

async function roleCounts(db: Db): Promise<Record<Role, number>> {
  const rows = await db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
  const out: Record<Role, number> = { user: 0, contributor: 0, admin: 0 };
  for (const r of rows) out[r.role] = Number(r.n);
  return out;
}

export function adminStatsRoutes(app: FastifyInstance, { db, config }: AppContext, metrics: TrafficMetrics): void {
  const admin = { preHandler: guard("admin") };

  app.get("/api/admin/traffic-stats", admin, async (): Promise<TrafficStats> => {
    const [totals, hourly, active, sizeMb, system] = await Promise.all([
      metrics.totals(),
      metrics.hourly(),
      activeUsers(db),
      databaseSizeMb(db),
      systemUsage(config.dataDir),
    ]);
    return {
      application_stats: { overview: { ...rates(totals), active_users: active }, hourly_traffic: hourly },
      database_stats: {
        total_users: await countOf(db, users),
        total_videos: await countOf(db, referenceVideos),
        total_comparisons: await countOf(db, comparisons),
        database_size_mb: sizeMb,
      },
      system_stats: system,
    };
  });

  app.get("/api/admin/realtime-stats", admin, async (): Promise<RealtimeStats> => {
    const t = rates(await metrics.totals());
    return {
      active_users: await activeUsers(db),
      total_requests: t.total_requests,
      avg_response_time_ms: t.avg_response_time_ms,
      error_rate_percent: t.error_rate_percent,
      timestamp: new Date().toISOString(),
    };
  });

  app.get("/api/admin/stats", admin, async (): Promise<AdminDashboardStats> => {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    return {
      total_users: await countOf(db, users),
      new_users_this_month: await countOf(db, users, gte(users.createdAt, monthStart)),
      role_stats: await roleCounts(db),
    };
  });

  /** Revenue: completed purchases, in rupees (the currency the shop charges in). */
  app.get("/api/admin/system-stats", admin, async (): Promise<SystemStats> => {
    const since30 = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    const [views] = await db
      .select({ n: sql<number>`coalesce(sum(${referenceVideos.views}), 0)::int` })
      .from(referenceVideos);
    const categories = await db
      .select({ category: referenceVideos.category, n: count() })
      .from(referenceVideos)
      .groupBy(referenceVideos.category);
    const [score] = await db
      .select({ avg: avg(comparisons.overallScore) })
      .from(comparisons)
      .where(eq(comparisons.status, "completed"));
    const [revenue] = await db
      .select({ n: count(), paise: sql<number>`coalesce(sum(${purchases.amountPaise}), 0)::int` })
      .from(purchases)
      .where(and(eq(purchases.paymentStatus, "completed"), eq(purchases.currency, "INR")));
    return {
      total_users: await countOf(db, users),
      new_users_30_days: await countOf(db, users, gte(users.createdAt, since30)),
      role_distribution: await roleCounts(db),
      total_videos: await countOf(db, referenceVideos),
      total_video_views: Number(views?.n ?? 0),
      video_categories: Object.fromEntries(categories.map((c) => [c.category, Number(c.n)])),
      total_comparisons: await countOf(db, comparisons),
      average_comparison_score: score?.avg == null ? 0 : round2(Number(score.avg)),
      total_comments: await countOf(db, videoComments),
      total_notifications: await countOf(db, notifications),
      total_purchases: Number(revenue?.n ?? 0),
      total_revenue: Number(revenue?.paise ?? 0) / 100,
      currency: "INR",
    };
  });
}
