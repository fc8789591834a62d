import { timingSafeEqual, createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { count } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { users } from "../db/schema.ts";
import { activeUsers, type TrafficMetrics } from "./traffic.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * GET /metrics in the Prometheus text exposition format. Off unless METRICS_TOKEN is set (404), and
 * then only for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Counters are this
 * process's since it started; gauges are read from the database.
 */
export function prometheusRoute(app: FastifyInstance, ctx: AppContext, metrics: TrafficMetrics): void {
  const token = ctx.config.metricsToken;
  app.get("/metrics", async (request, reply) => {
    if (!token) return reply.status(404).send({ error: "Not found" });
    const header = request.headers.authorization ?? "";
    const given = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : "";
    if (!given || !timingSafeEqual(digest(given), digest(token))) {
      return reply.status(401).header("www-authenticate", "Bearer").send({ error: "Unauthorized" });
    }
    const p = metrics.process;
    const [userCount] = await ctx.db.select({ n: count() }).from(users);
    const lines = [
      "# HELP stepsync_http_requests_total API requests answered by this process.",
      "# TYPE stepsync_http_requests_total counter",
      ...[...p.byClass.entries()].map(([cls, n]) => `stepsync_http_requests_total{status_class="${cls}"} ${n}`),
      "# HELP stepsync_http_request_errors_total API answers with status 500 or above.",
      "# TYPE stepsync_http_request_errors_total counter",
      `stepsync_http_request_errors_total ${p.errors}`,
      "# HELP stepsync_http_request_duration_ms_sum Total API response time, milliseconds.",
      "# TYPE stepsync_http_request_duration_ms_sum counter",
      `stepsync_http_request_duration_ms_sum ${p.durationMs.toFixed(3)}`,
      "# HELP stepsync_active_users Distinct users with a session used in the last 15 minutes.",
      "# TYPE stepsync_active_users gauge",
      `stepsync_active_users ${await activeUsers(ctx.db)}`,
      "# HELP stepsync_users Registered accounts.",
      "# TYPE stepsync_users gauge",
      `stepsync_users ${Number(userCount?.n ?? 0)}`,
      "# HELP stepsync_process_resident_memory_bytes Resident memory of this process.",
      "# TYPE stepsync_process_resident_memory_bytes gauge",
      `stepsync_process_resident_memory_bytes ${process.memoryUsage().rss}`,
      "",
    ];
    return reply.header("content-type", "text/plain; version=0.0.4; charset=utf-8").send(lines.join("\n"));
  });
}
