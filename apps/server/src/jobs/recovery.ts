import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { COMPARE_MESSAGES } from "@stepsync/contracts";
import type { Db } from "../db/client.ts";
import { comparisons, referenceVideos } from "../db/schema.ts";
import { failComparison } from "../modules/comparisons/lifecycle.ts";
import { MAX_ATTEMPTS } from "./heartbeat.ts";
import { JOB_NAMES, type JobQueue } from "./queue.ts";

/** Which jobs to take back: those whose heartbeat went silent, and (`queued`) those never started. */
export type Sweep = { staleMs: number; queued?: boolean };

/** Sends a comparison's job again, as queued (no heartbeat until a worker takes it). */
export async function requeueComparison(db: Db, queue: JobQueue, id: number): Promise<void> {
  await db.update(comparisons).set({ heartbeatAt: null }).where(eq(comparisons.id, id));
  await queue.send(JOB_NAMES.comparison, { comparisonId: id });
}

/** Heartbeats silent for `staleMs` (and, with `queued`, none at all). */
function silent(heartbeat: typeof comparisons.heartbeatAt | typeof referenceVideos.poseHeartbeatAt, sweep: Sweep) {
  const cutoff = new Date(Date.now() - sweep.staleMs);
  return sweep.queued ? or(isNull(heartbeat), lt(heartbeat, cutoff)) : lt(heartbeat, cutoff);
}

/**
 * Finds comparisons whose job stopped showing signs of life (a crash, a kill, a lost worker, a job
 * past JOB_TIMEOUT_MINUTES) and sends them again, or after MAX_ATTEMPTS fails them with a refund.
 * Several processes may sweep at once: each row is taken by the one update that clears its
 * heartbeat (the others then no longer find it). `queued` also takes jobs never started: only
 * right after an in-process queue restarted, when its jobs are gone.
 */
export async function recoverStaleComparisons(db: Db, queue: JobQueue, sweep: Sweep): Promise<number> {
  const taken = await db
    .update(comparisons)
    .set({ heartbeatAt: null })
    .where(and(eq(comparisons.status, "processing"), silent(comparisons.heartbeatAt, sweep)))
    .returning({ id: comparisons.id, attempts: comparisons.attempts });
  for (const row of taken) {
    if (row.attempts >= MAX_ATTEMPTS) await failComparison(db, row.id, COMPARE_MESSAGES.interrupted);
    else await queue.send(JOB_NAMES.comparison, { comparisonId: row.id });
  }
  return taken.length;
}

/** Why a library video's poses were given up after its jobs kept dying. */
export const POSES_INTERRUPTED = "The pose analysis was interrupted repeatedly. Please try uploading the video again.";

/** The same for library videos' pose jobs (pg-boss or in-process alike). */
export async function recoverStaleReferencePoses(db: Db, queue: JobQueue, sweep: Sweep): Promise<number> {
  const taken = await db
    .update(referenceVideos)
    .set({ poseHeartbeatAt: null })
    .where(and(eq(referenceVideos.poseStatus, "pending"), silent(referenceVideos.poseHeartbeatAt, sweep)))
    .returning({ id: referenceVideos.id, attempts: referenceVideos.poseAttempts });
  for (const row of taken) {
    if (row.attempts >= MAX_ATTEMPTS)
      await db
        .update(referenceVideos)
        .set({ poseStatus: "failed", poseError: POSES_INTERRUPTED })
        .where(and(eq(referenceVideos.id, row.id), eq(referenceVideos.poseStatus, "pending")));
    else await queue.send(JOB_NAMES.referencePoses, { referenceVideoId: row.id });
  }
  return taken.length;
}

/** A pose job taking its video: counts the attempt and starts its heartbeat; undefined when not pending. */
export async function claimReferencePoses(db: Db, id: number) {
  const [row] = await db
    .update(referenceVideos)
    .set({ poseAttempts: sql`${referenceVideos.poseAttempts} + 1`, poseHeartbeatAt: new Date() })
    .where(and(eq(referenceVideos.id, id), eq(referenceVideos.poseStatus, "pending")))
    .returning();
  return row;
}
