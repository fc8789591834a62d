import { eq, lt, sql } from "drizzle-orm";
import type { Queryable } from "./client.ts";
import { windowCounters } from "./schema.ts";

/**
 * Events counted per key within a fixed window that starts at the key's first event, in the
 * database so that every process counts alike (a limit kept in one process's memory is N times
 * the limit with N processes). Windows last at most MAX_WINDOW_MS: older rows are purged.
 */
export const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The events of `key` in its current window (0 when it has none, or its window is over). */
export async function countInWindow(q: Queryable, key: string, windowMs: number, now = new Date()): Promise<number> {
  const [row] = await q.select().from(windowCounters).where(eq(windowCounters.key, key));
  return row && row.windowStart.getTime() > now.getTime() - windowMs ? row.count : 0;
}

/** Counts one event of `key` (a window that is over starts again); answers the count with it. */
export async function addToWindow(q: Queryable, key: string, windowMs: number, now = new Date()): Promise<number> {
  const over = sql`${windowCounters.windowStart} <= ${new Date(now.getTime() - windowMs)}`;
  const [row] = await q
    .insert(windowCounters)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: windowCounters.key,
      set: {
        count: sql`case when ${over} then 1 else ${windowCounters.count} + 1 end`,
        windowStart: sql`case when ${over} then ${now} else ${windowCounters.windowStart} end`,
      },
    })
    .returning({ count: windowCounters.count });
  return row?.count ?? 1;
}

export async function clearWindow(q: Queryable, key: string): Promise<void> {
  await q.delete(windowCounters).where(eq(windowCounters.key, key));
}

/** Deletes windows over for any key; answers how many. */
export async function purgeWindows(q: Queryable, now = new Date()): Promise<number> {
  const gone = await q
    .delete(windowCounters)
    .where(lt(windowCounters.windowStart, new Date(now.getTime() - MAX_WINDOW_MS)))
    .returning({ key: windowCounters.key });
  return gone.length;
}
