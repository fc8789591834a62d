import os from "node:os";
import { statfs } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { HourlyTraffic } from "@stepsync/contracts";
import type { Db } from "../db/client.ts";
import { activeUsersSince, addTrafficHour, databaseSizeBytes, trafficHoursSince, trafficTotals } from "./repository.ts";

/**
 * Traffic metrics, counted for real.
 *
 * - A request is any call under /api/ (static files and /metrics are not counted).
 * - An error is an answer with status 500 or above: a fault of ours. 4xx answers (a visitor without
 *   a session, a bad form) are the client's doing and would drown real faults.
 * - A video upload is a successful POST /api/videos/compare or POST /api/reference-videos; a login
 *   a successful password or Google sign-in.
 *
 * Counts are added up in memory per clock hour (UTC) and written to traffic_hourly every few seconds
 * and at shutdown (one upsert per hour touched, never a row per request), so they survive restarts.
 */
export const ACTIVE_WINDOW_MS = 15 * 60 * 1000;
export const FLUSH_EVERY_MS = 5_000;
const HOUR_MS = 60 * 60 * 1000;

const UPLOAD_ROUTES = new Set(["POST /api/videos/compare", "POST /api/reference-videos"]);
const LOGIN_ROUTES = new Set(["POST /api/auth/login", "POST /api/auth/google-login", "POST /api/auth/google-register"]);

type Bucket = { requests: number; errors: number; videoUploads: number; userLogins: number; durationMs: number };
const emptyBucket = (): Bucket => ({ requests: 0, errors: 0, videoUploads: 0, userLogins: 0, durationMs: 0 });

export type Totals = { requests: number; errors: number; durationMs: number };

/** One answered API request, as both metrics see it (route: the route pattern, undefined when none matched). */
export type RequestSample = { method: string; route: string | undefined; status: number; durationMs: number };

/** Calls `record` for every answered /api/ request. */
export function onApiResponse(app: FastifyInstance, record: (sample: RequestSample) => void): void {
  app.addHook("onResponse", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    record({
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
    });
  });
}

export class TrafficMetrics {
  private pending = new Map<number, Bucket>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log?: { error: (obj: object, msg: string) => void },
  ) {}

  record(sample: RequestSample & { at?: number }) {
    const hour = Math.floor((sample.at ?? Date.now()) / HOUR_MS) * HOUR_MS;
    let bucket = this.pending.get(hour);
    if (!bucket) {
      bucket = emptyBucket();
      this.pending.set(hour, bucket);
    }
    const isError = sample.status >= 500;
    const ok = sample.status >= 200 && sample.status < 300;
    const key = `${sample.method} ${sample.route ?? ""}`;
    bucket.requests += 1;
    bucket.durationMs += sample.durationMs;
    if (isError) bucket.errors += 1;
    if (ok && UPLOAD_ROUTES.has(key)) bucket.videoUploads += 1;
    if (ok && LOGIN_ROUTES.has(key)) bucket.userLogins += 1;
  }

  /** Writes what was counted since the last flush; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      for (const [hour, b] of batch) {
        await addTrafficHour(this.db, {
          hour: new Date(hour),
          requests: b.requests,
          errors: b.errors,
          videoUploads: b.videoUploads,
          userLogins: b.userLogins,
          durationMsTotal: b.durationMs,
        });
        batch.delete(hour);
      }
    } catch (err) {
      // Keep what was not written for the next attempt.
      for (const [hour, b] of batch) {
        const cur = this.pending.get(hour) ?? emptyBucket();
        this.pending.set(hour, {
          requests: cur.requests + b.requests,
          errors: cur.errors + b.errors,
          videoUploads: cur.videoUploads + b.videoUploads,
          userLogins: cur.userLogins + b.userLogins,
          durationMs: cur.durationMs + b.durationMs,
        });
      }
      this.log?.error({ err }, "traffic metrics flush failed");
    }
  }

  start(everyMs = FLUSH_EVERY_MS): void {
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Counts API requests from the onResponse hook. */
  install(app: FastifyInstance): void {
    onApiResponse(app, (sample) => this.record(sample));
  }

  /** All-time totals (flushed first so the answer includes the latest requests). */
  async totals(): Promise<Totals> {
    await this.flush();
    return trafficTotals(this.db);
  }

  /** The last 24 clock hours (the current one included), keyed by the hour's ISO start; quiet hours are left out. */
  async hourly(now = Date.now()): Promise<Record<string, HourlyTraffic>> {
    await this.flush();
    const since = new Date(Math.floor(now / HOUR_MS) * HOUR_MS - 23 * HOUR_MS);
    const rows = await trafficHoursSince(this.db, since);
    const out: Record<string, HourlyTraffic> = {};
    for (const r of rows) {
      out[r.hour.toISOString()] = {
        requests: r.requests,
        errors: r.errors,
        video_uploads: r.videoUploads,
        user_logins: r.userLogins,
      };
    }
    return out;
  }
}

export function rates(t: Totals) {
  return {
    total_requests: t.requests,
    total_errors: t.errors,
    error_rate_percent: t.requests > 0 ? round2((t.errors / t.requests) * 100) : 0,
    avg_response_time_ms: t.requests > 0 ? round2(t.durationMs / t.requests) : 0,
  };
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Distinct users with a live session used in the last 15 minutes (sessions.last_seen_at). */
export function activeUsers(db: Db, now = new Date()): Promise<number> {
  return activeUsersSince(db, new Date(now.getTime() - ACTIVE_WINDOW_MS), now);
}

/** pg_database_size of the current database, MB (null when the engine cannot tell). */
export async function databaseSizeMb(db: Db): Promise<number | null> {
  try {
    const size = await databaseSizeBytes(db);
    return Number.isFinite(size) ? round2(size / (1024 * 1024)) : null;
  } catch {
    return null;
  }
}

/** CPU (1-minute load over the cores), memory and disk (of the data folder) in percent. */
export async function systemUsage(dataDir: string) {
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const cpu = Math.min(100, ((os.loadavg()[0] ?? 0) / Math.max(1, cores)) * 100);
  const memory = ((os.totalmem() - os.freemem()) / os.totalmem()) * 100;
  let disk: number | null = null;
  // The data folder, or its nearest existing parent (same file system) before the first upload.
  for (let dir = path.resolve(dataDir); ; dir = path.dirname(dir)) {
    try {
      const s = await statfs(dir);
      disk = s.blocks > 0 ? ((s.blocks - s.bavail) / s.blocks) * 100 : null;
      break;
    } catch {
      if (path.dirname(dir) === dir) break;
    }
  }
  return {
    cpu_percent: round2(cpu),
    memory_percent: round2(memory),
    disk_percent: disk === null ? null : round2(disk),
  };
}
