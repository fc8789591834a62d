import type { FastifyBaseLogger } from "fastify";
import { startPeriodic } from "../periodic.ts";
import { STALE_AFTER_MS, SWEEP_EVERY_MS } from "./heartbeat.ts";
import { ALL_JOBS, type JobHandler, type JobMap, type JobName, type JobQueue } from "./queue.ts";
import type { Recovery } from "./recovery.ts";

/** A handler for every job (each area builds its own: its job.ts). */
export type JobHandlers = { [K in JobName]: JobHandler<JobMap[K]> };

/**
 * The worker role: takes every job (refusing to start when one has no handler: a job nobody takes
 * would wait forever), then has each area send again what dead workers left (its recovery sweep).
 * Answers the function that stops the sweeps.
 */
export async function startWorkers(
  deps: { queue: JobQueue; log: FastifyBaseLogger },
  handlers: JobHandlers,
  recoveries: readonly Recovery[],
): Promise<() => void> {
  const { queue, log } = deps;
  const missing = ALL_JOBS.filter((name) => typeof handlers[name] !== "function");
  if (missing.length) throw new Error(`No handler for the job(s) ${missing.join(", ")}: a worker must take every job.`);
  for (const name of ALL_JOBS) await queue.work(name, handlers[name] as JobHandler<JobMap[typeof name]>);
  const sweepAll = async (sweep: Parameters<Recovery>[0]) => {
    let taken = 0;
    for (const recover of recoveries) taken += await recover(sweep);
    return taken;
  };
  // pg-boss keeps its jobs across restarts; an in-process queue loses them, so in one process
  // everything still pending at start (queued or cut off mid-run by the last stop) is sent again.
  if (queue.kind === "in-process") await sweepAll({ staleMs: 0, queued: true });
  // Jobs whose worker died (silent heartbeat) are sent again within about a minute.
  return startPeriodic(
    "recovered jobs of dead workers",
    SWEEP_EVERY_MS,
    () => sweepAll({ staleMs: STALE_AFTER_MS }),
    log,
  );
}
