import type { AppContext } from "../context.ts";
import { startPeriodic } from "../periodic.ts";
import { comparisonJobHandler } from "./comparison-job.ts";
import { STALE_AFTER_MS, SWEEP_EVERY_MS } from "./heartbeat.ts";
import { ALL_JOBS, type JobHandler, type JobMap, type JobName } from "./queue.ts";
import { recoverStaleComparisons, recoverStaleReferencePoses } from "./recovery.ts";
import { referencePosesJobHandler } from "./reference-poses-job.ts";
import { emailJobHandler } from "../mail/job.ts";

export type JobHandlers = { [K in JobName]: JobHandler<JobMap[K]> };

/** The handler of every job. */
export function jobHandlers(ctx: AppContext): JobHandlers {
  return {
    comparison: comparisonJobHandler(ctx),
    "reference-poses": referencePosesJobHandler(ctx),
    email: emailJobHandler(ctx),
  };
}

/**
 * The worker role: takes every job (refusing to start when one has no handler: a job nobody takes
 * would wait forever), then sends again what dead workers left (jobs/recovery.ts). Answers the
 * function that stops the recovery sweep.
 */
export async function startWorkers(ctx: AppContext, handlers: JobHandlers): Promise<() => void> {
  const { db, queue, log } = ctx;
  const missing = ALL_JOBS.filter((name) => typeof handlers[name] !== "function");
  if (missing.length) throw new Error(`No handler for the job(s) ${missing.join(", ")}: a worker must take every job.`);
  for (const name of ALL_JOBS) await queue.work(name, handlers[name] as JobHandler<JobMap[typeof name]>);
  // pg-boss keeps its jobs across restarts; an in-process queue loses them, so in one process
  // everything still pending at start (queued or cut off mid-run by the last stop) is sent again.
  if (queue.kind === "in-process") {
    await recoverStaleComparisons(db, queue, { staleMs: 0, queued: true });
    await recoverStaleReferencePoses(db, queue, { staleMs: 0, queued: true });
  }
  // Jobs whose worker died (silent heartbeat) are sent again within about a minute.
  return startPeriodic(
    "recovered jobs of dead workers",
    SWEEP_EVERY_MS,
    async () =>
      (await recoverStaleComparisons(db, queue, { staleMs: STALE_AFTER_MS })) +
      (await recoverStaleReferencePoses(db, queue, { staleMs: STALE_AFTER_MS })),
    log,
  );
}
