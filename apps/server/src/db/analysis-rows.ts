import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Queryable } from "./client.ts";
import type { comparisons, rehearsals } from "./schema.ts";

/** A table whose rows are analysed by jobs/analysis-job.ts. */
type AnalysedTable = typeof comparisons | typeof rehearsals;

/**
 * What every analysed row does alike while its job runs. A row only moves forward: every change of
 * state is conditional on still processing, so a job that lost its row (deleted, given up, finished
 * by another attempt) changes nothing.
 */
export function analysisRows<T extends AnalysedTable>(table: T) {
  // Both tables have these columns alike; one of them stands for both in drizzle's types.
  const t = table as unknown as typeof comparisons;
  const stillProcessing = (id: number) => and(eq(t.id, id), eq(t.status, "processing"));
  /** Rows of the same user as row `id`. */
  const sameOwnerAs = (id: number) => eq(t.userId, sql`(select ${t.userId} from ${t} where ${t.id} = ${id})`);
  return {
    stillProcessing,
    sameOwnerAs,
    /** Whether the user of row `id` has another row being analysed now (heartbeat within `aliveMs`). */
    async ownerBusyElsewhere(q: Queryable, id: number, aliveMs: number): Promise<boolean> {
      const [row] = await q
        .select({ id: t.id })
        .from(t)
        .where(
          and(
            eq(t.status, "processing"),
            ne(t.id, id),
            gt(t.heartbeatAt, new Date(Date.now() - aliveMs)),
            sameOwnerAs(id),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    /** Counts an attempt and marks the job alive; undefined when no longer processing. */
    async claimAttempt(q: Queryable, id: number): Promise<T["$inferSelect"] | undefined> {
      const [row] = await q
        .update(t)
        .set({ attempts: sql`${t.attempts} + 1`, heartbeatAt: new Date(), progress: 0, analysisStartedAt: new Date() })
        .where(stillProcessing(id))
        .returning();
      return row as T["$inferSelect"] | undefined;
    },
    async beat(q: Queryable, id: number): Promise<void> {
      await q.update(t).set({ heartbeatAt: new Date() }).where(stillProcessing(id));
    },
    async setProgress(q: Queryable, id: number, progress: number): Promise<void> {
      await q.update(t).set({ progress, heartbeatAt: new Date() }).where(stillProcessing(id));
    },
  };
}
