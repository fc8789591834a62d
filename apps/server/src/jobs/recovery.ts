import { and, eq, lt } from "drizzle-orm";
import { COMPARE_MESSAGES } from "@stepsync/contracts";
import type { Db } from "../db/client.ts";
import { comparisons } from "../db/schema.ts";
import { failComparison } from "../routes/comparisons/lifecycle.ts";
import { MAX_ATTEMPTS } from "./comparison-job.ts";
import { JOB_NAMES, type JobQueue } from "./queue.ts";

/**
 * Finds comparisons whose job stopped showing signs of life (a crash, a restart, a lost worker) and
 * either sends the job again or, after MAX_ATTEMPTS, fails it with a refund. Several processes may
 * sweep at once: each comparison is taken by whoever moves its heartbeat first (the others then
 * no longer find it stale).
 */
export async function recoverStaleComparisons(db: Db, queue: JobQueue, staleMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - staleMs);
  const stale = await db
    .select({ id: comparisons.id, attempts: comparisons.attempts })
    .from(comparisons)
    .where(and(eq(comparisons.status, "processing"), lt(comparisons.heartbeatAt, cutoff)));
  let recovered = 0;
  for (const row of stale) {
    const [won] = await db
      .update(comparisons)
      .set({ heartbeatAt: new Date() })
      .where(and(eq(comparisons.id, row.id), eq(comparisons.status, "processing"), lt(comparisons.heartbeatAt, cutoff)))
      .returning({ id: comparisons.id });
    if (!won) continue;
    if (row.attempts >= MAX_ATTEMPTS) await failComparison(db, row.id, COMPARE_MESSAGES.interrupted);
    else await queue.send(JOB_NAMES.comparison, { comparisonId: row.id });
    recovered += 1;
  }
  return recovered;
}
