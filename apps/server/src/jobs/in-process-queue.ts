import type { FastifyBaseLogger } from "fastify";
import type { JobHandler, JobQueue } from "./queue.ts";

/**
 * Jobs in memory, run by this process `concurrency` at a time. Nothing survives a restart here;
 * that is what the comparison recovery at start-up is for (see recovery.ts).
 */
export function inProcessQueue(options: {
  concurrency: number;
  log: FastifyBaseLogger;
}): JobQueue & { idle(): Promise<void> } {
  const pending: Array<{ name: string; data: object }> = [];
  const handlers = new Map<string, JobHandler<object>>();
  let running = 0;
  let stopped = false;
  let idleWaiters: Array<() => void> = [];

  function pump() {
    while (!stopped && running < options.concurrency) {
      const index = pending.findIndex((job) => handlers.has(job.name));
      if (index === -1) break;
      const [job] = pending.splice(index, 1);
      if (!job) break;
      const handler = handlers.get(job.name);
      if (!handler) break;
      running += 1;
      handler(job.data)
        .catch((err) => options.log.error({ err, job: job.name }, "job failed"))
        .finally(() => {
          running -= 1;
          pump();
        });
    }
    if (running === 0 && !pending.some((job) => handlers.has(job.name))) {
      for (const resolve of idleWaiters.splice(0)) resolve();
    }
  }

  return {
    kind: "in-process",
    async start() {},
    async send(name, data) {
      pending.push({ name, data });
      queueMicrotask(pump);
    },
    async work(name, handler) {
      handlers.set(name, handler as unknown as JobHandler<object>);
      pump();
    },
    async stop() {
      stopped = true;
      await this.idle();
    },
    idle() {
      if (running === 0 && !pending.some((job) => handlers.has(job.name))) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idleWaiters = [...idleWaiters, resolve];
      });
    },
  };
}
