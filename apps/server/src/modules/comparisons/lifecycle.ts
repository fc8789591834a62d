import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { comparisons, referenceVideos } from "../../db/schema.ts";
import { changeCredits } from "../credits/service.ts";
import { awardAchievements } from "../../achievements/award.ts";

/**
 * A comparison only moves forward: processing → completed, or processing → failed. Each move is a
 * conditional update on status = 'processing', so however many jobs, retries or sweeps race, the
 * result is stored once and the credit is refunded at most once.
 */

const stillProcessing = (id: number) => and(eq(comparisons.id, id), eq(comparisons.status, "processing"));

/** Starts an attempt: counts it and marks the job alive. Undefined when the comparison is no longer processing. */
export async function claimAttempt(db: Db, id: number) {
  const [row] = await db
    .update(comparisons)
    .set({ attempts: sql`${comparisons.attempts} + 1`, heartbeatAt: new Date(), progress: 0 })
    .where(stillProcessing(id))
    .returning();
  return row;
}

/** The running job's sign of life (jobs/heartbeat.ts). */
export async function beatComparison(db: Db, id: number): Promise<void> {
  await db.update(comparisons).set({ heartbeatAt: new Date() }).where(stillProcessing(id));
}

export async function reportProgress(db: Db, id: number, percent: number): Promise<void> {
  await db
    .update(comparisons)
    .set({ progress: Math.max(0, Math.min(99, Math.round(percent))), heartbeatAt: new Date() })
    .where(stillProcessing(id));
}

export async function completeComparison(db: Db, id: number, result: { overall_score: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(comparisons)
      .set({ status: "completed", progress: 100, overallScore: result.overall_score, result, completedAt: new Date() })
      .where(stillProcessing(id))
      .returning({ referenceVideoId: comparisons.referenceVideoId, userId: comparisons.userId });
    if (!row) return false;
    if (row.referenceVideoId) {
      await tx
        .update(referenceVideos)
        .set({ usageCount: sql`${referenceVideos.usageCount} + 1` })
        .where(eq(referenceVideos.id, row.referenceVideoId));
    }
    // Achievements in the same transaction (they see exactly the committed history, and exist only
    // if the completion does), but behind a savepoint: a failure there must not throw away a
    // finished analysis. Thresholds are "at least", so the next completion catches up.
    try {
      await tx.transaction((sp) => awardAchievements(sp, row.userId));
    } catch (err) {
      process.emitWarning(`awarding achievements after comparison #${id} failed: ${String(err)}`);
    }
    return true;
  });
}

/** Fails the comparison with a message for the user and gives the credit back, in one transaction. */
export async function failComparison(db: Db, id: number, message: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(comparisons)
      .set({ status: "failed", error: message, completedAt: new Date() })
      .where(stillProcessing(id))
      .returning({ userId: comparisons.userId });
    if (!row) return false;
    await changeCredits(tx, row.userId, 1, "refund", `Refund: comparison #${id} could not be completed`);
    return true;
  });
}
