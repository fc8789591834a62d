import { COMPARE_MESSAGES } from "@stepsync/contracts";
import type { Db } from "../db/client.ts";
import { failComparison, sendComparison, takeSilentComparisons } from "../modules/comparisons/service.ts";
import { failReferencePoses, takeSilentReferencePoses } from "../modules/library/service.ts";
import { MAX_ATTEMPTS } from "./heartbeat.ts";
import { JOB_NAMES, type JobQueue } from "./queue.ts";

/** Which jobs to take back: those whose heartbeat went silent, and (`queued`) those never started. */
export type Sweep = { staleMs: number; queued?: boolean };

/**
 * Finds comparisons whose job stopped showing signs of life (a crash, a kill, a lost worker, a job
 * past JOB_TIMEOUT_MINUTES) and sends them again, or after MAX_ATTEMPTS fails them with a refund.
 * Several processes may sweep at once: each row is taken by the one update that clears its
 * heartbeat (the others then no longer find it). `queued` also takes jobs never started: only
 * right after an in-process queue restarted, when its jobs are gone.
 */
export async function recoverStaleComparisons(db: Db, queue: JobQueue, sweep: Sweep): Promise<number> {
  const taken = await takeSilentComparisons(db, sweep);
  for (const row of taken) {
    if (row.attempts >= MAX_ATTEMPTS) await failComparison(db, row.id, COMPARE_MESSAGES.interrupted);
    else await sendComparison(db, queue, row.id);
  }
  return taken.length;
}

/** Why a library video's poses were given up after its jobs kept dying. */
export const POSES_INTERRUPTED = "The pose analysis was interrupted repeatedly. Please try uploading the video again.";

/** The same for library videos' pose jobs (pg-boss or in-process alike). */
export async function recoverStaleReferencePoses(db: Db, queue: JobQueue, sweep: Sweep): Promise<number> {
  const taken = await takeSilentReferencePoses(db, sweep);
  for (const row of taken) {
    if (row.attempts >= MAX_ATTEMPTS) await failReferencePoses(db, row.id, POSES_INTERRUPTED, true);
    else await queue.send(JOB_NAMES.referencePoses, { referenceVideoId: row.id });
  }
  return taken.length;
}
