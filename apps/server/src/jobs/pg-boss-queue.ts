import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import { JOB_POLICY, type JobQueue } from "./queue.ts";

/**
 * pg-boss keeps the jobs in PostgreSQL: a job survives restarts and is taken by whichever worker
 * process asks first. Attempts, retry delays and timeouts are JOB_POLICY's: pg-boss expires an
 * attempt that outlasts its timeout (a worker that died) and retries a job while attempts remain.
 * Analysis jobs get one attempt each: our recovery sweep then retries or refunds them (recovery.ts).
 */
const FINISHED_JOB_KEPT_SECONDS = 15 * 60;

export function pgBossQueue(options: {
  connectionString: string;
  concurrency: number;
  jobTimeoutSeconds: number;
  log: FastifyBaseLogger;
}): JobQueue {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: "pgboss",
    // Finished jobs are kept only briefly: mail jobs carry live reset and confirmation links, and our
    // own tables already record what analyses did (pg-boss would keep them for days).
    archiveCompletedAfterSeconds: FINISHED_JOB_KEPT_SECONDS,
    archiveFailedAfterSeconds: FINISHED_JOB_KEPT_SECONDS,
    deleteAfterSeconds: FINISHED_JOB_KEPT_SECONDS,
  });
  boss.on("error", (err) => options.log.error({ err }, "pg-boss error"));
  const created = new Set<string>();
  async function ensureQueue(name: string) {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  }
  return {
    kind: "pg-boss",
    async start() {
      await boss.start();
    },
    async send(name, data) {
      await ensureQueue(name);
      const policy = JOB_POLICY[name];
      await boss.send(name, data, {
        retryLimit: policy.attempts - 1,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryDelaySeconds > 0,
        expireInSeconds: policy.timeoutSeconds ?? options.jobTimeoutSeconds,
      });
    },
    async work(name, handler) {
      await ensureQueue(name);
      for (let i = 0; i < options.concurrency; i++) {
        await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await handler(job.data as never);
        });
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
