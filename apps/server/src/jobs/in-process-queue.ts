import type { FastifyBaseLogger } from "fastify";
import { JOB_POLICY, type JobHandler, type JobName, type JobQueue } from "./queue.ts";

type Pending = { name: JobName; data: object; attempt: number; priority: number };

/**
 * Jobs in memory, run by this process `concurrency` at a time per job name (as pg-boss runs them:
 * a mail never waits behind an analysis), each as JOB_POLICY says (a failed
 * attempt is tried again later, an attempt that outlasts its timeout counts as failed). Nothing
 * survives a restart here; that is what the comparison recovery at start-up is for (see recovery.ts).
 */
export function inProcessQueue(options: {
  concurrency: number;
  log: FastifyBaseLogger;
}): JobQueue & { idle(): Promise<void> } {
  const pending: Pending[] = [];
  const handlers = new Map<string, JobHandler<object>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const runningOf = new Map<JobName, number>();
  let running = 0;
  let stopped = false;
  let idleWaiters: Array<() => void> = [];
  /** Jobs running, or waiting for a handler to take them (once stopped, waiting ones never run). */
  const busy = () => running > 0 || (!stopped && pending.some((job) => handlers.has(job.name)));

  function attempt(job: Pending, handler: JobHandler<object>): Promise<void> {
    const { timeoutSeconds } = JOB_POLICY[job.name];
    if (timeoutSeconds === undefined) return handler(job.data);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutSeconds} s`)), timeoutSeconds * 1000);
    });
    return Promise.race([handler(job.data), timeout]).finally(() => clearTimeout(timer));
  }

  /** Sends a failed job again after the policy's delay (doubling per attempt), while attempts remain. */
  function retryLater(job: Pending, err: unknown) {
    const { attempts, retryDelaySeconds } = JOB_POLICY[job.name];
    if (stopped || job.attempt >= attempts) {
      options.log.error({ err, job: job.name, attempt: job.attempt }, "job failed");
      return;
    }
    const delayMs = retryDelaySeconds * 1000 * 2 ** (job.attempt - 1);
    options.log.warn({ err, job: job.name, attempt: job.attempt, retryInMs: delayMs }, "job failed, trying again");
    later(delayMs, { ...job, attempt: job.attempt + 1 });
  }

  /** Queues `job` after `delayMs` (a retry, a job held back); dropped if the queue stops first. */
  function later(delayMs: number, job: Pending) {
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      pending.push(job);
      pump();
    }, delayMs);
    timer.unref();
    retryTimers.add(timer);
  }

  function pump() {
    const free = (name: JobName) => (runningOf.get(name) ?? 0) < options.concurrency;
    while (!stopped) {
      // The first of the highest priority among those a handler can take now.
      let index = -1;
      pending.forEach((job, k) => {
        if (!handlers.has(job.name) || !free(job.name)) return;
        if (index === -1 || job.priority > (pending[index] as Pending).priority) index = k;
      });
      if (index === -1) break;
      const [job] = pending.splice(index, 1);
      const handler = job && handlers.get(job.name);
      if (!job || !handler) break;
      running += 1;
      runningOf.set(job.name, (runningOf.get(job.name) ?? 0) + 1);
      attempt(job, handler)
        .catch((err) => retryLater(job, err))
        .finally(() => {
          running -= 1;
          runningOf.set(job.name, (runningOf.get(job.name) ?? 1) - 1);
          pump();
        });
    }
    if (!busy()) for (const resolve of idleWaiters.splice(0)) resolve();
  }

  return {
    kind: "in-process",
    async start() {},
    async send(name, data, sendOptions) {
      const job = { name, data: data as object, attempt: 1, priority: sendOptions?.priority ?? 0 };
      const delayMs = (sendOptions?.startAfterSeconds ?? 0) * 1000;
      if (delayMs <= 0) {
        pending.push(job);
        queueMicrotask(pump);
        return;
      }
      later(delayMs, job);
    },
    async work(name, handler) {
      handlers.set(name, handler as unknown as JobHandler<object>);
      pump();
    },
    async stop() {
      stopped = true;
      // Running jobs finish; waiting ones and those waiting to be tried again are dropped, as a
      // restart would lose them (recovery.ts sends analysis again at the next start).
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await this.idle();
    },
    idle() {
      if (!busy()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idleWaiters = [...idleWaiters, resolve];
      });
    },
  };
}
