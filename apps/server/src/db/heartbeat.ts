import { isNull, lt, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Rows whose job heartbeat has been silent for `staleMs` (a crashed, killed or timed-out job) and,
 * with `queued`, rows whose job never started (no heartbeat at all).
 */
export function heartbeatSilent(heartbeat: PgColumn, sweep: { staleMs: number; queued?: boolean }): SQL | undefined {
  const cutoff = new Date(Date.now() - sweep.staleMs);
  return sweep.queued ? or(isNull(heartbeat), lt(heartbeat, cutoff)) : lt(heartbeat, cutoff);
}
