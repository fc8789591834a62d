import { and, count, countDistinct, gt, gte, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { sessions, trafficHourly, users } from "../db/schema.ts";

/** All SQL of the metrics area: the admin's traffic statistics (traffic.ts) and the Prometheus scrape (prometheus.ts). */

/** One clock hour's counts (hour: its UTC start). */
export type TrafficHour = typeof trafficHourly.$inferInsert;

/** Adds one clock hour's counts to what traffic_hourly holds for it (one upsert). */
export async function addTrafficHour(q: Queryable, counts: TrafficHour): Promise<void> {
  await q
    .insert(trafficHourly)
    .values(counts)
    .onConflictDoUpdate({
      target: trafficHourly.hour,
      set: {
        requests: sql`${trafficHourly.requests} + excluded.requests`,
        errors: sql`${trafficHourly.errors} + excluded.errors`,
        videoUploads: sql`${trafficHourly.videoUploads} + excluded.video_uploads`,
        userLogins: sql`${trafficHourly.userLogins} + excluded.user_logins`,
        durationMsTotal: sql`${trafficHourly.durationMsTotal} + excluded.duration_ms_total`,
      },
    });
}

/** Requests, errors and response time summed over every hour kept. */
export async function trafficTotals(q: Queryable): Promise<{ requests: number; errors: number; durationMs: number }> {
  const [row] = await q
    .select({
      requests: sql<number>`coalesce(sum(${trafficHourly.requests}), 0)::int`,
      errors: sql<number>`coalesce(sum(${trafficHourly.errors}), 0)::int`,
      durationMs: sql<number>`coalesce(sum(${trafficHourly.durationMsTotal}), 0)::float8`,
    })
    .from(trafficHourly);
  return {
    requests: Number(row?.requests ?? 0),
    errors: Number(row?.errors ?? 0),
    durationMs: Number(row?.durationMs ?? 0),
  };
}

/** The hours from `since` on, oldest first. */
export function trafficHoursSince(q: Queryable, since: Date) {
  return q.select().from(trafficHourly).where(gte(trafficHourly.hour, since)).orderBy(trafficHourly.hour);
}

/** Distinct users with a live session used since `since`. */
export async function activeUsersSince(q: Queryable, since: Date, now: Date): Promise<number> {
  const [row] = await q
    .select({ n: countDistinct(sessions.userId) })
    .from(sessions)
    .where(and(gt(sessions.lastSeenAt, since), gt(sessions.expiresAt, now)));
  return Number(row?.n ?? 0);
}

/** Registered accounts. */
export async function userCount(q: Queryable): Promise<number> {
  const [row] = await q.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** pg_database_size of the current database, bytes (throws where the engine cannot tell). */
export async function databaseSizeBytes(q: Queryable): Promise<number> {
  const result = await q.execute(sql`select pg_database_size(current_database())::float8 as size`);
  const rows = (result as unknown as { rows: { size: number | string }[] }).rows;
  return Number(rows[0]?.size);
}
