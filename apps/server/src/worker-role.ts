import type { AppContext } from "./context.ts";
import type { Recovery } from "./jobs/recovery.ts";
import { type JobHandlers, startWorkers } from "./jobs/workers.ts";
import { emailJobHandler } from "./mail/job.ts";
import { comparisonJobHandler, recoverStaleComparisons } from "./modules/comparisons/job.ts";
import { recoverStaleReferencePoses, referencePosesJobHandler } from "./modules/library/job.ts";
import { recoverStaleRehearsals, rehearsalJobHandler } from "./modules/rehearsals/job.ts";

/** Every job's handler, each from the area that owns the job. */
export function jobHandlers(ctx: AppContext): JobHandlers {
  return {
    comparison: comparisonJobHandler(ctx),
    "reference-poses": referencePosesJobHandler(ctx),
    rehearsal: rehearsalJobHandler(ctx),
    email: emailJobHandler(ctx),
  };
}

/** The areas' sweeps that send again what dead workers left (mail needs none: the queue retries it). */
export function jobRecoveries(ctx: AppContext): Recovery[] {
  return [
    (sweep) => recoverStaleComparisons(ctx.db, ctx.queue, sweep),
    (sweep) => recoverStaleReferencePoses(ctx.db, ctx.queue, sweep),
    (sweep) => recoverStaleRehearsals(ctx.db, ctx.queue, sweep),
  ];
}

/** The worker role of this process (ROLES): every job taken, dead workers' jobs recovered. */
export function startWorkerRole(ctx: AppContext): Promise<() => void> {
  return startWorkers(ctx, jobHandlers(ctx), jobRecoveries(ctx));
}
