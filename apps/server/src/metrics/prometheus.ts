import { timingSafeEqual, createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { userCount } from "./repository.ts";
import { activeUsers, onApiResponse, type RequestSample } from "./traffic.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** The route label of a request no route matched (never the raw URL: one series per path typed). */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * This app's Prometheus metrics, by prom-client, in a registry of its own (never prom-client's global
 * one, so several apps in one process, as in tests, keep theirs apart):
 *
 * - Node's default process metrics (process_cpu_seconds_total, process_resident_memory_bytes,
 *   nodejs_eventloop_lag_seconds, nodejs_heap_size_used_bytes…);
 * - stepsync_http_request_duration_seconds, a histogram by method, route (the route's pattern such as
 *   /api/videos/:id, not the URL) and status_code;
 * - stepsync_http_requests_total by status_class (2xx…5xx) and stepsync_http_request_errors_total
 *   (status 500 or above), counted since this process started;
 * - stepsync_active_users and stepsync_users, gauges read from the database at each scrape.
 *
 * As with the traffic statistics, only calls under /api/ are counted.
 */
export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<"method" | "route" | "status_code">;
  private readonly requests: Counter<"status_class">;
  private readonly errors: Counter;

  constructor(db: Db) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: "stepsync_http_request_duration_seconds",
      help: "API response time, seconds, by method, route pattern and status code.",
      labelNames: ["method", "route", "status_code"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.requests = new Counter({
      name: "stepsync_http_requests_total",
      help: "API requests answered by this process.",
      labelNames: ["status_class"],
      registers,
    });
    this.errors = new Counter({
      name: "stepsync_http_request_errors_total",
      help: "API answers with status 500 or above.",
      registers,
    });
    new Gauge({
      name: "stepsync_active_users",
      help: "Distinct users with a session used in the last 15 minutes.",
      registers,
      async collect() {
        this.set(await activeUsers(db));
      },
    });
    new Gauge({
      name: "stepsync_users",
      help: "Registered accounts.",
      registers,
      async collect() {
        this.set(await userCount(db));
      },
    });
  }

  record(sample: RequestSample): void {
    this.duration.observe(
      { method: sample.method, route: sample.route ?? UNMATCHED_ROUTE, status_code: String(sample.status) },
      sample.durationMs / 1000,
    );
    this.requests.inc({ status_class: `${Math.floor(sample.status / 100)}xx` });
    if (sample.status >= 500) this.errors.inc();
  }

  /** Counts API requests from the onResponse hook. */
  install(app: FastifyInstance): void {
    onApiResponse(app, (sample) => this.record(sample));
  }
}

/**
 * GET /metrics in the Prometheus text exposition format. Off unless METRICS_TOKEN is set (404), and
 * then only for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 */
export function prometheusRoute(app: FastifyInstance, ctx: AppContext, metrics: PrometheusMetrics | undefined): void {
  const token = ctx.config.metricsToken;
  app.get("/metrics", async (request, reply) => {
    if (!token || !metrics) return reply.status(404).send({ error: "Not found" });
    const header = request.headers.authorization ?? "";
    const given = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : "";
    if (!given || !timingSafeEqual(digest(given), digest(token))) {
      return reply.status(401).header("www-authenticate", "Bearer").send({ error: "Unauthorized" });
    }
    const body = await metrics.registry.metrics();
    return reply.header("content-type", metrics.registry.contentType).send(body);
  });
}
